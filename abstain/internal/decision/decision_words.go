package decision

import (
	"regexp"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// The word lists the decision rules and their checks share, read from
// rules/lists.rules, and the checks rules name.

// personal marks the asker, their body or someone close to them.
var personal = indexWords(ruleList("personal"))

// firstPerson marks the asker.
var firstPerson = indexWords(ruleList("first_person"))

// propertyWords after "is it" ask about a disease, not a diagnosis: "I
// was diagnosed with rosacea; is it contagious?".
var propertyWords = indexWords(ruleList("property"))

// notDiagnosisWords after "is it" name a kind of thing or ask about a name,
// not a diagnosis: "my GP prescribed fucidin; is it an antibiotic?", "what
// is that called?".
var notDiagnosisWords = indexWords(ruleList("not_diagnosis"))

// kinRE names a person close to the asker, or a clinician's patient.
var kinRE = ruleFragment("kin")

// esKinRE is kinRE's Spanish counterpart.
var esKinRE = ruleFragment("esKin")

// kinWords name a person close to the asker: "husband got stung, now hives
// everywhere. 999?".
var kinWords = lex.NewWordMap(func() map[string]bool {
	set := lex.SetOf(kinRE + "|" + esKinRE + "|" + moreKin)
	for _, w := range strings.Split(kinRE+"|"+moreKin, "|") {
		set[w+"'s"] = true // "mum's shingles", "hubby's rash"
	}
	// Bare "son" is also Spanish for "they are" ("¿qué sarpullidos son
	// motivo para ir a urgencias?"); "my son" is personal anyway, and "son,
	// 15, ..." is a case in shorthand (reCaseShorthand).
	delete(set, "son")
	return set
}())

// moreKin are relations and people in one's care that kinRE leaves out, as
// their own nouns are rarely used after "my".
var moreKin = strings.Join(ruleList("more_kin"), "|")

// patientWords name a clinician's patient.
var patientWords = indexWords(ruleList("patient"))

// bodySet holds the parts of the body of bodyRE and their plurals.
var bodySet = func() *lex.WordMap {
	m := map[string]bool{}
	for _, w := range words(strings.Trim(bodyRE, "(?:)")) {
		m[w], m[w+"s"] = true, true
	}
	return lex.NewWordMap(m)
}()

// lesionOrBodyIn returns a check that group g of a match holds a lesion
// word or a part of the body: "could my swollen eyelids be ...".
func lesionOrBodyIn(g int) func(q string, m []int) bool {
	return func(q string, m []int) bool {
		if m[2*g] < 0 {
			return false
		}
		span := q[m[2*g]:m[2*g+1]]
		return lesionSet.MatchString(span) || bodySet.MatchString(span)
	}
}

// lesionThenOwnerOrMine vets "whether my ..." or "whether the ... on my
// ...": a lesion word owned by the asker or someone close.
func lesionThenOwnerOrMine(q string, m []int) bool {
	if lesionThenOwner(q, m) {
		return true
	}
	switch q[m[2]:m[3]] {
	case "my", "his", "her":
		rest := q[m[1]:]
		if e := strings.IndexAny(rest, "?.!;"); e >= 0 {
			rest = rest[:e]
		}
		return lesionSet.MatchString(firstWords(rest, 4)) || bodySet.MatchString(firstWords(rest, 4))
	}
	return false
}

// sentenceAround returns the sentence of q that holds q[i:j]: from the last
// stop before i to the first after j.
func sentenceAround(q string, i, j int) string {
	start := strings.LastIndexAny(q[:i], ".?!;") + 1
	end := len(q)
	if k := strings.IndexAny(q[j:], ".?!;"); k >= 0 {
		end = j + k
	}
	return q[start:end]
}

// particularPerson names one person by a definite article and an age or a
// word for a patient: "the 80-year-old in bed 4", "this patient".
var particularPerson = rx(`\b(the|this|that) (\d{1,3}[ -]?(year|yr|month|week)s?[ -]old|\d{1,3} ?(yo|y/o)|patient|man|woman|lady|gentleman|boy|girl|child|baby|infant|toddler|resident)\b`)

// personInSentence vets a match whose sentence names the person it is for.
func personInSentence(q string, m []int) bool {
	s := sentenceAround(q, m[0], m[1])
	return personal.MatchString(s) || particularPerson.MatchString(s)
}

// reOptionsFor, anchored at the word before " or " or at "suit", weighs
// options for someone: "radiotherapy or surgery be better", "finasteride or
// minoxidil for me?", "suit me better".
var reOptionsFor = regexp.MustCompile(`^(?:[a-z-]+ or (an? )?[a-z-]+( [a-z-]+)? (be |is |are )?(better|best|safer|preferable|more suitable|more appropriate)\b|suits? (me|him|her|us|my [\w'-]+) (better|best)\b|[a-z-]+ or [a-z-]+( [a-z-]+)? for (me|him|her|us|(my|his|her|our) [\w'-]+( [\w'-]+){0,2})\?)`)

// optionsForPerson reports whether q weighs options for a person named in
// the same sentence (personInSentence). The expression runs only from the
// word before each " or " and from each "suit".
func optionsForPerson(q string) bool {
	try := func(start int) bool {
		if start > 0 && lex.IsWordByte(q[start-1]) {
			return false
		}
		m := reOptionsFor.FindStringIndex(q[start:])
		return m != nil && personInSentence(q, []int{start, start + m[1]})
	}
	for off := 0; ; {
		k := strings.Index(q[off:], " or ")
		if k < 0 {
			break
		}
		k += off
		start := k
		for start > 0 && (lex.IsLower(q[start-1]) || q[start-1] == '-') {
			start--
		}
		if start < k && try(start) {
			return true
		}
		off = k + 1
	}
	for off := 0; ; {
		k := strings.Index(q[off:], "suit")
		if k < 0 {
			return false
		}
		if try(off + k) {
			return true
		}
		off += k + 1
	}
}

// reInstitution names an institution, whose plans are policy, not one
// person's care: "our clinic is considering offering laser".
var reInstitution = rx(`\b(our|my|the|this) (clinic|practice|hospital|department|service|surgery|school|company|team|ward|unit|pharmacy|trust)\b`)

// clinicalPlan vets a plan ("considering ...", "leaning toward ..."): up to
// the question, it names a treatment, a drug or watching and waiting.
func clinicalPlan(q string, m []int) bool {
	rest := q[m[1]:]
	if k := strings.IndexByte(rest, '?'); k >= 0 {
		rest = rest[:k]
	}
	return rePlanWords.MatchString(rest) || reDrugSuffix.MatchString(rest)
}

var (
	rePlanWords  = lex.NewWordMap(lex.SetOf("stop|stopping|start|starting|restart|switch|switching|watch|watching|wait|waiting|treat|treating|treatment|dose|daily|mg|cream|ointment|biopsy|excision|excise|remove|removing|taking|using|applying|tablets|tablet|pills|injection|injections|suppressive|therapy|drug|medication|antibiotics|steroids|dejar|empezar|tratamiento|dosis|crema|pastillas|esperar|vigilar|quitar|biopsia"))
	reDrugSuffix = rx(`[a-z]{3}(cycline|mycin|cillin|azole|ciclovir|clovir|sone|olone|mab|inib|oxacin|ectin|ethrin|afine|trexate|tinoin)\b`)
)

// ownerInMatch vets a match that names its person: "would someone with my
// kind of hair loss benefit from".
func ownerInMatch(q string, m []int) bool {
	return matchOwners.MatchString(q[m[0]:m[1]])
}

var matchOwners = indexWords(words("i|we|he|she|me|him|us|my|his|her|our|i'm|i've"))

// worthForPerson vets "worth trying": a person named in the same sentence,
// or a terse "Worth getting checked?" after a personal description.
func worthForPerson(q string, m []int) bool {
	if atClauseStart(q, m) {
		return personal.MatchString(q)
	}
	s := sentenceAround(q, m[0], m[1])
	return matchOwners.MatchString(afterDash(s))
}

// kinTieneWhat vets "¿mi hermano tiene X?": at a clause start, and X a
// diagnosis, not "que" (a duty, which other rules judge) or a cure.
func kinTieneWhat(q string, m []int) bool {
	if !atClauseStart(q, m) {
		return false
	}
	rest := q[m[2*3+1]:m[1]]
	w, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
	switch strings.TrimSuffix(w, "?") {
	case "cura", "tratamiento", "solucion", "remedio", "vacuna", "arreglo", "que":
		return false
	}
	return true
}

// onlyWhyQuestions reports whether every question of q asks why, and there
// is one: "My teenager's dermatologist started him on isotretinoin. Why does
// it cause dry lips?" tells of a decision made and asks how a drug acts.
func onlyWhyQuestions(q string) bool {
	seen, other := false, false
	anyQuestion(withQuestionMark(q), ".:;!?", func(c string) bool {
		c = strings.TrimSpace(afterComma(questionSentence(c)))
		seen = true
		if !reWhy.MatchString(c) || reWhyDecision.MatchString(c) {
			other = true
			return true
		}
		return false
	})
	return seen && !other
}

// withQuestionMark returns q, ended with a question mark when it holds none:
// the last sentence of a question typed without one is the question.
func withQuestionMark(q string) string {
	if strings.IndexByte(q, '?') >= 0 {
		return q
	}
	return strings.TrimRight(q, " .!") + "?"
}

// questionSentence returns a question as anyQuestion gives it, from its last
// dash on, without the opening "¿" and surrounding spaces.
func questionSentence(c string) string {
	return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(afterDash(c)), "¿"))
}

// afterComma returns what follows the last comma of s that a question word
// follows: "mi madre toma metotrexato, por que tiene que tomar acido folico".
func afterComma(s string) string {
	if i := strings.LastIndex(s, ", "); i >= 0 {
		if tail := strings.TrimPrefix(s[i+2:], "¿"); reWhy.MatchString(tail) {
			return tail
		}
	}
	return s
}

var (
	// reWhy asks why, or what a drug's usual effects are: questions about a
	// drug or a disease, not about what to do.
	reWhy         = rx(`^(why|how come|por que|porque) |^how does it work\b|^what are (the )?(usual|common|typical|main|known|possible|likely) (side effects|risks|adverse effects)\b`)
	reWhyDecision = rx(`\b(should|debo|deberia|debe|stop|start|switch|dejo|paro|cambio)\b`)
)

// esFirstVerbs are Spanish verbs in the first person, singular or plural,
// that open a question about what the asker does: "¿Cambio de crema?",
// "¿se las congelamos o esperamos?", "¿me alejo de ella?".
const esFirstVerbs = "derivo|derivamos|paso|receto|pauto|cambio|sigo|dejo|empiezo|tomo|uso|aplico|pongo|paro|suspendo|continuo|pido|repito|subo|bajo|aumento|reduzco|quito|corto|revento|exprimo|rasco|espero|vuelvo|me pongo|me aplico|me tomo|le pongo|le doy|le aplico|lo dejo|la dejo|me opero|me quito|le paso|le unto|le echo|me echo|me unto|le corto|le quito|echo|unto|lavo|tapo|cubro|vendo|pincho|doy|cambiamos|seguimos|dejamos|empezamos|subimos|bajamos|llevamos|esperamos|congelo|quemo|dreno|alejo|aparto|evito|beso|cojo|aviso|llamo al|llamo a|falto|congelamos|quemamos|quitamos|ponemos|damos|aplicamos|tratamos|operamos|paramos|suspendemos|usamos|pedimos|llamamos al|llamamos a|cortamos|drenamos|tapamos|cubrimos|lavamos|aumentamos|reducimos|probamos|pruebo|vigilo|vigilamos|observo|reviento|termino|terminamos|llamo ya|llamo hoy|llamo ahora|la llevo|lo llevo|le llevo|los llevo|las llevo"
