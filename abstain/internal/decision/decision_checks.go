package decision

import (
	"iter"
	"regexp"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// The checks rules run on a match, and the questions they tell apart.

// verbNotNoun vets a Spanish verb that is also a noun: "uso" in "el uso de
// corticoides" names a use, not the asker using something.
func verbNotNoun(q string, m []int) bool {
	if w := lex.PrevWords(q, m[0], 1); len(w) > 0 && modalBeforeQue[strings.TrimPrefix(w[0], "¿")] {
		return false // "¿tengo que evitar el sol si tomo doxiciclina?"
	}
	before := q[:m[2*2]]
	for _, a := range []string{"el ", "un ", "del ", "al ", "su ", "mi ", "buen ", "mal "} {
		if strings.HasSuffix(before, " "+a) || before == a {
			return false
		}
	}
	return true
}

// esModalPerson vets a Spanish modal ("debo ir", "tiene que tomar"): a
// first-person one stands on its own; "debe", "tiene que" and "necesita"
// need a person in the question, and "se debe aplicar" states a rule for
// anyone.
func esModalPerson(q string, m []int) bool {
	if strings.HasSuffix(q[:m[0]], "se ") {
		return false
	}
	switch q[m[2]:m[3]] {
	case "debo", "deberia", "tengo que", "necesito", "deberiamos", "debemos", "tenemos que", "necesitamos":
		return true
	}
	return reEsPerson.MatchString(q)
}

var reEsPerson = rx(`\b(mi|mis|me|tengo|le|su|sus|ella|yo|estoy)\b`)

// notProperty vets "is it X": X is a diagnosis, not a property of a
// disease ("is it contagious?") or a general question ("is it true that"),
// and the question asks whether, not what ("what is that exactly?").
func notProperty(q string, m []int) bool {
	if w := lex.PrevWords(q, m[0], 1); len(w) > 0 && questionWords[w[0]] {
		return false // "what is that exactly?", "how is it done?" ask what or how, not whether
	}
	rest := q[m[2*6]:]
	if w := lex.NextWord(rest, 0); w == "me" || w == "us" {
		return false // "or is that just me?" asks whether others share it
	}
	if generalAdverbs[lex.NextWord(rest, 0)] {
		return false // "are they ever cancerous?" asks about a kind of lesion
	}
	if comparatives[lex.NextWord(rest, 0)] && strings.Contains(firstWords(rest, 6), " than ") {
		return false // "are they actually worse than sunbathing?" compares
	}
	return !propertyWords.MatchString(firstWords(rest, 2)) && !notDiagnosisWords.MatchString(firstWords(rest, 2)) && !strings.HasPrefix(rest, "to ") && !strings.HasPrefix(rest, "the same") &&
		m[2*6+1]-m[2*6] > 1
}

// questionWords before "is it" ask what, how or why, not whether.
var questionWords = lex.SetOf("what|how|why|when|where|which|who")

// comparatives before "than" compare kinds of thing.
var comparatives = lex.SetOf("worse|better|safer|riskier|more|less|stronger|weaker")

// generalAdverbs after "is it" make the question one about a kind of thing.
var generalAdverbs = lex.SetOf("ever|always|usually|often|sometimes|generally|typically|normally|all|mostly")

// termWords in "what is that called" ask about a term, not a lesion.
var termWords = indexWords(words("called|used|made|mean|caused|named|spelled|pronounced"))

// notGeneralWhatIs vets "what is it": the question points at a lesion of
// the asker, not at a term ("what is it called", "what is it used for").
func notGeneralWhatIs(q string, m []int) bool {
	if termWords.MatchString(q[m[0]:m[1]]) {
		return false
	}
	// "My GP said the bumps are keratosis pilaris: what is that exactly?"
	// asks what a term a clinician used means.
	if clinicianSaid.MatchString(q[:m[0]]) && termQuestionEnd(q[m[1]:]) {
		return false
	}
	rest := q[m[1]:]
	for _, p := range []string{" called", " used", " for", " made", " like", " caused", " mean", " about", " in ", " good", " when"} {
		if strings.HasPrefix(rest, p) {
			return false
		}
	}
	return firstPerson.MatchString(q) || strings.Contains(q, "attached") || strings.Contains(q, "photo") || strings.Contains(q, "picture")
}

// clinicianSaid finds a clinician naming something to the asker.
var clinicianSaid = rx(`\b(doctor|doc|gp|dermatologist|derm|nurse|pharmacist|clinician|physician|consultant|specialist|surgeon|medico|dermatologo|dermatologa|enfermera|farmaceutico)('s)? (said|says|mentioned|called|told me|wrote|used the (term|word|phrase)|dijo|menciono|llamo)\b`)

// termQuestionEnd reports whether what follows "what is it" ends the
// question: "what is that?", "what is it exactly?".
func termQuestionEnd(rest string) bool {
	rest = strings.TrimSpace(rest)
	rest = strings.TrimPrefix(rest, "exactly")
	rest = strings.TrimSpace(rest)
	return rest == "" || rest[0] == '?' || rest[0] == '.'
}

// lesionThenOwner vets "is the ...": a lesion word within the next five
// words, and then its owner: "is the painful rash on one side of my chest".
func lesionThenOwner(q string, m []int) bool {
	rest := q[m[1]:]
	if e := strings.IndexAny(rest, "?.!;"); e >= 0 {
		rest = rest[:e]
	}
	ws := strings.Fields(rest)
	for i := 0; i < len(ws) && i < 6; i++ {
		w := strings.Trim(ws[i], ",:'\"")
		if lesionSet.Has(w) || i+1 < len(ws) && lesionSet.Has(w+" "+strings.Trim(ws[i+1], ",:'\"")) {
			return ownerWords.MatchString(strings.Join(ws[i+1:], " "))
		}
	}
	return false
}

// agedPerson vets an age unit: a number before it ("70-year-old", "65
// y/o"), and for Spanish a person before the number ("hombre de 45 anos").
func agedPerson(q string, m []int) bool {
	i := m[0]
	if i > 0 && (q[i-1] == ' ' || q[i-1] == '-') {
		i--
	}
	j := i
	for j > 0 && lex.IsDigit(q[j-1]) {
		j--
	}
	if i-j < 1 || i-j > 3 || j > 0 && lex.IsWordByte(q[j-1]) {
		return false
	}
	if m[2*3] < 0 { // English
		return true
	}
	prev := lex.PrevWords(q, j, 2)
	return len(prev) == 2 && prev[1] == "de" && lex.SpanishPersons[prev[0]]
}

// tengoWhat vets "¿tengo X?" at a clause start: X is a diagnosis, not a
// property of one ("¿tiene cura?").
func tengoWhat(q string, m []int) bool {
	switch w, _, _ := strings.Cut(strings.TrimSpace(q[m[2*1+1]:m[1]]), " "); strings.TrimSuffix(w, "?") {
	case "cura", "tratamiento", "solucion", "remedio", "vacuna", "arreglo":
		return false
	}
	// "¿tiene más riesgo de asma?" asks what the disease brings.
	if strings.Contains(firstWords(q[m[2*1+1]:], 3), "riesgo") {
		return false
	}
	return atClauseStart(q, m)
}

// modalBeforeQue makes "que" part of "tengo que", "hay que": no question
// word.
var modalBeforeQue = lex.SetOf("tengo|tiene|tienes|tenemos|tienen|hay|por")

// reTermAsked marks a question about a term someone used: quoted, or
// mentioned by a clinician or a report ("me habló de la 'purga'", "en mi
// informe pone 'bordes libres'").
var reTermAsked = rx(`'[a-z][a-z -]{2,40}'|"[a-z][a-z -]{2,40}"|\b(me|le|nos) (hablo|hablaron|menciono|mencionaron) de\b|\b(pone|dice|decia|menciona) '`)

// queAsks vets a "qué" that asks, inside a question: not the "que" of "por
// que" (why), which asks about a drug or a disease ("mi madre toma
// metotrexato, ¿por qué tiene que tomar ácido fólico?").
func queAsks(q string, m []int) bool {
	if w := lex.PrevWords(q, m[0], 1); len(w) > 0 && strings.TrimPrefix(w[0], "¿") == "por" {
		return false
	}
	return inQuestion(q, m)
}

// inQuestion vets a match inside a question: the next stop after it is a
// '?', or the text has none. "Me explicó que tengo rosácea." states a
// diagnosis; "¿Qué tengo?" asks for one.
func inQuestion(q string, m []int) bool {
	k := strings.IndexAny(q[m[1]:], ".!?")
	return k < 0 || q[m[1]+k] == '?'
}

// afterClitics vets a Spanish verb that opens a question or clause, perhaps
// after clitic pronouns: "¿Cambio de crema?", "¿Le subo la dosis?", "¿me la
// tomo en ayunas?".
func afterClitics(q string, m []int) bool {
	i := m[0]
	for range 2 {
		prev := lex.PrevWords(q, i, 1)
		if len(prev) == 0 || !esClitics[strings.TrimPrefix(prev[0], "¿")] {
			break
		}
		i = strings.LastIndex(q[:i], prev[0])
	}
	return atClauseStart(q, []int{i, m[1]})
}

// esFirstVerbSet holds esFirstVerbs' verbs and clitic-verb pairs.
var esFirstVerbSet = lex.NewWordMap(lex.SetOf(esFirstVerbs))

// esFirstVerb reports whether q holds one of esFirstVerbs opening a
// question or clause, perhaps after clitics (afterCliticsInQuestion): as
// \b(verbs)\b would find them, by one pass over q's words rather than an
// expression of some hundred alternatives.
func esFirstVerb(q string) bool {
	prev, prevEnd := -1, -1 // the previous word
	for i, j := range wordSpans(q) {
		// A clitic-verb pair is two words one space apart.
		if prev >= 0 && prevEnd == i-1 && q[prevEnd] == ' ' && esFirstVerbSet.Has(q[prev:j]) && afterCliticsInQuestion(q, []int{prev, j}) ||
			esFirstVerbSet.Has(q[i:j]) && afterCliticsInQuestion(q, []int{i, j}) {
			return true
		}
		prev, prevEnd = i, j
	}
	return false
}

// wordSpans yields the start and end of each run of word bytes in q.
func wordSpans(q string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i := 0; i < len(q); {
			if !lex.IsWordByte(q[i]) {
				i++
				continue
			}
			j := i
			for j < len(q) && lex.IsWordByte(q[j]) {
				j++
			}
			if !yield(i, j) {
				return
			}
			i = j
		}
	}
}

// afterCliticsInQuestion is afterClitics for a verb in a question: a '?'
// follows it before any '.' or ';', and before any '¿' that opens another
// question ("Tomo metotrexato, ¿por qué me mandan ácido fólico?" states
// what the asker takes, then asks why).
func afterCliticsInQuestion(q string, m []int) bool {
	k := strings.IndexAny(q[m[1]:], ".;?¿")
	return k >= 0 && q[m[1]+k] == '?' && afterClitics(q, m)
}

var esClitics = lex.SetOf("me|te|le|les|nos|se|lo|la|los|las")

// atClauseStart vets a match that must open a question or clause: at the
// start of the text, or after '¿' or a stop.
func atClauseStart(q string, m []int) bool {
	i := m[0]
	for i > 0 && (q[i-1] == ' ' || strings.HasSuffix(q[:i], "¿")) {
		if q[i-1] == ' ' {
			i--
		} else {
			i -= len("¿")
		}
	}
	return i == 0 || strings.IndexByte(".:;!?,", q[i-1]) >= 0 || dashBefore(q[:i])
}

// dashes set off a clause when spaced: "I found eggs - do we treat the whole
// family?". Folding keeps the em dash, which normalisation makes of every
// sentence dash (the en dash too).
var dashes = []string{" -", " —"}

// dashBefore reports whether s ends in a spaced dash (the space after it
// already trimmed).
func dashBefore(s string) bool {
	n := len(s)
	switch {
	case n >= 2 && s[n-1] == '-':
		return s[n-2] == ' '
	case n >= 4 && s[n-3] == 0xe2:
		for _, d := range dashes {
			if strings.HasSuffix(s, d) {
				return true
			}
		}
	}
	return false
}

// afterDash returns the part of s after its last spaced dash, or s.
func afterDash(s string) string {
	for i := len(s) - 1; i >= 2; i-- {
		if s[i] == ' ' && dashBefore(s[:i]) {
			return s[i+1:]
		}
		// An em dash needs no spaces: "warm and swollen—cellulitis?".
		if i >= 3 && s[i-3] == 0xe2 && s[i-3:i] == "—" {
			return s[i:]
		}
	}
	return s
}

// reGeneralSigns asks which signs call for care, in general: "which skin
// signs mean a child should go to the ER?".
var reGeneralSigns = rx(`\b(which|what) ([a-z]+ )?(signs|symptoms|rashes|features|red flags|warning signs)\b|\bwhen (should|does|do|is|are|must) (a|an|someone|somebody|people|you|one|children|kids|adults|patients|parents)\b`)

// triageWords in a question ask where or how soon a person must be seen.
var triageWords = indexWords(words("er|a&e|911|999|112|ambulance|ambulancia|urgencias|urgent care|emergency room|emergency department|walk-in|an emergency|una urgencia|hospital tonight|wait till|wait until|wait for|puede esperar|hoy mismo|esta noche|tonight|same day|same-day|guardia|la guardia"))

// reGeneralTriage opens a question that asks about warning signs in general:
// "when does a burn need the ER?", "which rashes are an emergency?".
var reGeneralTriage = rx(`^(when|which|what (signs|symptoms|rashes)|how do (you|i|we) know|how can (you|i|we) tell|cuando|que (signos|sintomas)|como saber|como se sabe|se puede|do all|does every|is every|is a|is an|are|does a|do|does|is|can a|can an|could a|should a|should an|would a|will a) `)

// triageQuestion reports whether a question in q asks for the triage of
// something in front of the asker: "ER now?", "Is this an A&E job?", "¿Llamo
// al 112?", "Can a blistering sunburn on my back wait till tomorrow?".
// General questions about warning signs start otherwise.
func triageQuestion(q string) bool {
	return anyQuestion(q, ".:;!?", func(c string) bool {
		clause := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c), "¿"))
		return triageWords.MatchString(clause) && (!reGeneralTriage.MatchString(clause) || ownerInClause(clause))
	})
}

// ownerInClause reports whether a clause names its person: "is my son's
// swelling an emergency", "can the sunburn on my back wait".
func ownerInClause(c string) bool { return clauseOwners.MatchString(c) }

var clauseOwners = indexWords(words("my|his|her|our|mi|mis|su|sus|this|these|esto|este|esta"))

// terseAskerWords name the asker, a patient, or someone described in the
// third person ("He started ramipril ... Stop it?") in the context of a terse
// question.
var terseAskerWords = indexWords(words("i|i'm|i've|my|me|mine|we|our|yo|mi|mis|me|tengo|estoy|his|her|su|patient|pt|paciente|doc|he|she|him|he's|she's"))

// terseQuestion reports whether q holds a terse question of up to four
// words (five offering options) naming an option, an action or a diagnosis:
// "Melanoma?", "Mohs?", "Stop the drug?", "Stop it?", "¿Biopsia o
// vigilar?". A spaced dash sets it off as a stop does:
// "My nails have pits and my knees ache - psoriatic arthritis?".
//
// A guess that follows a question about causes or spread in general ("nappy
// rash - what actually causes it? the wipes?", "why does acne get worse?
// stress?") offers an answer to that question, not a choice for a person.
func terseQuestion(q string) bool {
	return anyQuestionAt(q, ".:;!?", func(c string, end int) bool {
		if start := end - len(c); start > 0 && q[start-1] == '?' && generalWhQuestion(q[:start-1]) {
			return false
		}
		clause := questionSentence(c)
		if i := strings.LastIndexByte(clause, ','); i >= 0 {
			// A tail set off by a comma is terse unless its sentence opens
			// with a question word: "how long do children stay off school,
			// one day or two?" asks in general.
			if first, _, _ := strings.Cut(clause, " "); choiceNotOpeners[first] {
				return false
			}
			clause = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(clause[i+1:]), "¿"))
		}
		if !lettersAndSpaces(clause) {
			return false
		}
		n := spacedWords(clause)
		return n >= 1 && n <= 5 && terseOption(clause)
	})
}

// generalWhQuestion reports whether the last question of s, which ends
// before its question mark, asks why or how a condition comes about or
// spreads, in general: "nappy rash - what actually causes it".
func generalWhQuestion(s string) bool {
	start := len(s)
	for start > 0 && !strings.ContainsRune(".:;!?", rune(s[start-1])) {
		start--
	}
	return reGeneralWh.MatchString(questionSentence(s[start:]))
}

// reGeneralWh opens a question about causes or spread: what it is of a
// condition, not of a person.
var reGeneralWh = rx(`^(what|why|how|which|que|por que|como)\b.*\b(causes?|caused|triggers?|triggered|brings? on|sets? off|makes? it (worse|flare)|spreads?|spread|get it|catch it|happen|happens|causa|causan|provoca|provocan|sale|salen|contagia|contagian)\b`)

// finalChoice reports whether q asks a short question offering a choice,
// "A or B?", of up to ten words, with something on both sides of the "or":
// the question that ends a description of one person ("... - take an
// antihistamine or get it checked?"). A question that opens with a question
// word, or asks a property ("is it contagious or not?"), is no choice.
func finalChoice(q string) bool {
	q = withQuestionMark(q)
	return anyQuestionAt(q, ".:;!?", func(c string, end int) bool {
		sentence := questionSentence(c)
		if first, _, _ := strings.Cut(sentence, " "); choiceNotOpeners[first] {
			return false // "how long do children stay off, one day or two?"
		}
		for _, tail := range []string{", which one", ", which", ", cual", ", cual es"} {
			sentence = strings.TrimSuffix(sentence, tail) // "psoriasis or seb derm, which one"
		}
		clause := sentence
		if i := strings.LastIndex(sentence, ","); i >= 0 {
			clause = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(sentence[i+1:]), "¿"))
			if strings.HasPrefix(clause, "or ") || strings.HasPrefix(clause, "o ") {
				// "bin it and wait, or get seen?": the option before the comma.
				if j := strings.LastIndex(sentence[:i], ","); j >= 0 {
					clause = strings.TrimSpace(sentence[j+1:])
				} else {
					clause = sentence
				}
			}
		}
		n := spacedWords(clause)
		if n < 3 || n > 10 {
			return false
		}
		i := strings.Index(clause, " or ")
		if i < 0 {
			i = strings.Index(clause, " o ")
		}
		if i <= 0 || strings.TrimSpace(clause[i+3:]) == "" {
			return false
		}
		first, _, _ := strings.Cut(clause, " ")
		if choiceNotOpeners[first] || strings.HasSuffix(clause, " or not") || strings.HasSuffix(clause, " o no") || strings.HasSuffix(clause, " o nada") || strings.HasSuffix(clause, " or nothing") {
			return false // "... saltan de una cabeza a otra o no?" asks yes or no
		}
		// "worth it or pointless?" weighs a choice; "contagious or not"
		// asks a property.
		if propertyWords.MatchString(strings.ReplaceAll(clause, "worth", "")) {
			return false
		}
		// The person is named before the choice or in it, not after: "is
		// methotrexate taken weekly or daily? I keep seeing both" asks in
		// general.
		return choicePerson.MatchString(q[:end])
	})
}

// choicePerson names the person a choice is for.
var choicePerson = anyOf{personal, kinWords, patientWords, reCaseShorthand, reImpliedFirstPerson, reTelegraphicFinding, vignetteSubject}

// choiceNotOpeners open questions that ask something other than a choice.
var choiceNotOpeners = lex.SetOf("why|how|what|which|when|where|who|whose|por|porque|como|cual|cuales|cuando|donde|quien|que|cuanto|cuanta|cuantos|cuantas|or|o")

// reCaseShorthand marks a case described in clinical shorthand or by a
// carer: "79m care home", "c/o itchy rash", "district nurse here".
var reCaseShorthand = rx(`\b\d{1,3} ?(f|m|yo|y/o|yof|yom)\b|\b\d{1,3}a\b|\b(c/o|hx|h/o|o/e|pmh|home visit|care home|nursing home|nurse here|in bed \d+)\b|^son, `)

// reImpliedFirstPerson opens a message that drops its "I": "started spiro
// 50 three months back, not much better. go up to 100?", "had a mole shaved
// off and it's come back. re-excise?", or that counts the days or weeks of
// a course: "second week on tacrolimus and still itchy. keep going?", "day
// 3 of terbinafine and itchy all over".
var reImpliedFirstPerson = rx(`^(started|had|been|got|went|tried|used|took|noticed|finished|stopped|did|done|finally|just|still) |^((first|second|third|fourth|fifth|sixth|\d+(st|nd|rd|th)) (day|night|week|month)|(day|night|week|month) \d+) (of|on) `)

// reTelegraphicFinding opens a message that describes a finding without
// its owner, as people type about their own: "lump in armpit after tattoo
// on arm, worry?", "burned hand on oven, blister size of a coin, pop it?",
// "scalp psoriasis, clobetasol for two months", "melasma came back after
// stopping hydroquinone". The expression has some hundred alternatives, so
// a pass over the first words tells first whether it can match at all.
var reTelegraphicFinding = matchFunc(func(q string) bool {
	return telegraphicOpening(q) && reTelegraphicFull.MatchString(q)
})

var reTelegraphicFull = rx(telegraphicFinding)

const telegraphicFinding = `^((new|small|little|tiny|big|red|itchy|painful|sore|hard|soft|dark|black|white|weird|spreading|growing|swollen|thick|yellow|brown|raised|flaky|scaly) ){0,4}(` + lesionWords + `|` + conditionWords + `)(s|es)?( [a-z]{1,20}){0,4} (in|on|under|behind|near|around|between|inside|up|down|along|across|over) (the |a |left |right )?` + bodyRE + `\b|^(burned|burnt|cut|scraped|bumped|banged|scratched|grazed|nicked|stung|bit) (the |a )?(left |right )?` + bodyRE + `\b|^(left |right )?` + bodyRE + ` (` + lesionWords + `|` + conditionWords + `)(s|es)?\b|^([a-z]{1,20} ){0,3}(` + lesionWords + `|` + conditionWords + `)(s|es)?(,| -| (came|comes|is|keeps|got|getting|spreading|returned|won't|wont|flared|flaring|from|after) )`

// telegraphicWords hold every word of the findings, conditions and parts
// of the body telegraphicFinding names, in the singular and plural, and
// the verbs it may open with: every match of it has one among q's first
// five words.
var telegraphicWords = func() map[string]bool {
	m := map[string]bool{}
	all := lesionWords + "|" + conditionWords + "|" + strings.Trim(bodyRE, "(?:)") + "|burned|burnt|cut|scraped|bumped|banged|scratched|grazed|nicked|stung|bit"
	for _, phrase := range strings.Split(all, "|") {
		for _, w := range strings.Fields(phrase) {
			m[w], m[w+"s"], m[w+"es"] = true, true, true
		}
	}
	return m
}()

// telegraphicOpening reports whether one of q's first five words, split
// at spaces, commas and hyphens, is among telegraphicWords.
func telegraphicOpening(q string) bool {
	for n := 0; n < 5 && q != ""; n++ {
		i := strings.IndexAny(q, " ,-")
		if i < 0 {
			i = len(q)
		}
		if telegraphicWords[q[:i]] {
			return true
		}
		q = strings.TrimLeft(q[i:], " ,-")
	}
	return false
}

// conditionWords name conditions people describe in their own messages,
// beyond lesionWords: "Melasma came back after stopping hydroquinone".
const conditionWords = `melasma|rosacea|keloid|vitiligo|dermatitis|seborrheic dermatitis|hives|shingles|verruca|molluscum|impetigo|tinea|ringworm|fungus|alopecia|cellulitis|folliculitis|hidradenitis|lupus|scabies|lice|canker sores|aftas|herpes`

// reProductEffect asks what a product or a practice does: "does this
// actually help the skin barrier?" (this being a trend named before).
var reProductEffect = rx(`\b(does|do|can|would|could|might|will) (this|that|these|those) (actually |really |ever |also )?(help|work|cause|affect|improve|damage|clog|irritate|worsen|dry|age|protect|prevent|repair|strengthen|thin|thicken|bleach|lighten|darken)\b`)

// productEffect reports whether q asks what a product or practice does,
// with nothing of the asker's named: no lesion of theirs is "this".
func productEffect(q string) bool {
	return reProductEffect.MatchString(q) && !ownedWords.MatchString(q)
}

// reProcessAsked asks what a programme, a process or a visit involves:
// "what does the iPLEDGE enrolment process involve?".
var reProcessAsked = rx(`\bwhat (does|do|will) (the |this |that |a |an )?([\w-]+ ){0,3}(process|program|programme|enrol+ment|registration|monitoring|appointment|visit|procedure|test|tests|check-?ups?|follow-?up) (involve|entail|include|require|look like|consist of)\b`)

// reRoutineAmount asks how much or how often of an everyday product: "how
// much sunscreen should I use on my face?".
var reRoutineAmount = rx(`\bhow (much|many|often) (sunscreen|sunblock|spf|sun cream|moisturi[sz]er|cleanser|shampoo|soap|water|lotion|body lotion|conditioner)\b`)

// shownVerbs say that a lesion was shown or sent before.
var shownVerbs = lex.SetOf("showed|sent|ensene|mostre|mande|envie")

// lesionESSet holds lesionES's words.
var lesionESSet = lex.NewWordMap(lex.SetOf(lesionES))

// shownLesion reports whether q names a lesion shown or sent before: "the
// mole I showed you", "el lunar que te enseñé": a lesion word, then any of
// que, that, which and I, then perhaps te, le or you, then the verb.
func shownLesion(q string) bool {
	for i, j := range wordSpans(q) {
		if shownVerbs[q[i:j]] {
			ws := lex.PrevWords(q, i, 6)
			k := len(ws) - 1
			if k >= 0 && (ws[k] == "te" || ws[k] == "le" || ws[k] == "you") {
				k--
			}
			for k >= 0 && (ws[k] == "que" || ws[k] == "that" || ws[k] == "which" || ws[k] == "i") {
				k--
			}
			if k >= 0 && (lesionSet.Has(ws[k]) || lesionESSet.Has(ws[k]) || lesionESSet.Has(strings.TrimSuffix(ws[k], "s"))) {
				return true
			}
		}
	}
	return false
}

// reProductWorry asks about an ingredient in products: "should I be
// worried about benzene in sunscreens?".
var reProductWorry = rx(`\b(worry|worried|concerned) about [a-z-]+( [a-z-]+)? in (sunscreens?|products|cosmetics|creams|shampoos|deodorants|makeup|lotions|tattoo inks?)\b`)

// reInteraction asks how products act on each other: "can I use retinol
// and vitamin C in the same routine, or do they cancel out?".
var reInteraction = rx(`\b(cancel (each other )?out|cancel each other|interact|inactivate|deactivate|neutrali[sz]e each other|se anulan|se cancelan|interactuan)\b`)

// reRoutineOrder asks in which order everyday products go on: "should I
// apply moisturiser before or after sunscreen?".
var reRoutineOrder = rx(`\b(sunscreen|spf|sunblock|moisturi[sz]er|hidratante|protector|makeup|make-up|maquillaje|serum|cleanser|toner|primer)\b[^?]*\b(before or after|antes o despues)\b|\b(before or after|antes o despues)\b[^?]*\b(sunscreen|spf|sunblock|moisturi[sz]er|hidratante|protector|makeup|make-up|maquillaje|serum|cleanser|toner|primer)\b`)

// reKindAsked asks what kind of thing something is: "are freckles a sign
// of sun damage or just genetics?", "is that an antihistamine or something
// else?", "¿las pecas son por el sol o por genética?".
var reKindAsked = rx(`\b(a sign of|a type of|a kind of|a form of|caused by|(is|are) (it|that|this|they) (an antihistamine|an antibiotic|an antifungal|a steroid|a disease)|genetic|genetics|hereditary|genetica|hereditario|hereditaria|por el sol)\b`)

// reChoiceGeneral marks a choice asked in general: "is cryotherapy or
// salicylic acid usually better for warts?".
var reChoiceGeneral = lex.NewWordMap(lex.SetOf("in general|generally|usually|typically|normally|most people|for most|more common|more effective|en general|normalmente|suele|suelen|por lo general"))

// spacedWords returns the number of words in s, which holds no space but
// ' ': len(strings.Fields(s)), without allocating.
func spacedWords(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && (i == 0 || s[i-1] == ' ') {
			n++
		}
	}
	return n
}

func lettersAndSpaces(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(lex.IsLower(c) || c == ' ' || c == '\'' || c == '-') {
			return false
		}
	}
	return true
}

// terseOption vets a terse question: an option or a diagnosis
// ("Melanoma?", "Mohs?", "¿qué antibiótico?"), not a general word such as
// "why?" or "anyone?".
func terseOption(last string) bool {
	if n := spacedWords(last); n > 4 && !(n == 5 && strings.Contains(last, " or ")) {
		return false
	}
	if terseAction(last) || nextStepAsked[last] {
		return true
	}
	if first, _, _ := strings.Cut(last, " "); fullQuestionOpeners[first] {
		return false // "¿puedo tener herpes zóster?" is a question of its own
	}
	if terseGeneral.MatchString(last) {
		return false // "¿qué quiere decir?", "¿qué análisis suelen pedir?"
	}
	for _, wh := range []string{"what ", "which ", "que ", "cual "} {
		last = strings.TrimPrefix(last, wh)
	}
	if notOptionWords.MatchString(last) || propertyWords.MatchString(last) {
		return false
	}
	switch last {
	case "why", "how", "what", "really", "anyone", "thanks", "please", "right", "true", "ok", "okay", "yes", "no", "por que", "como", "que", "verdad", "cierto", "gracias", "help", "ayuda", "any tips", "any advice", "ideas", "tips", "advice", "consejos", "explain", "why not", "how so", "anything else", "is it", "are they", "do they", "does it":
		return false
	}
	return true
}

// nextStepAsked ask, after a description, for the next step: "ketoconazole
// stopped working. What's next?".
var nextStepAsked = lex.SetOf("what's next|whats next|what next|what now|now what|and now what|next step|next steps|y ahora que|y ahora|ahora que")

// terseGeneral in a short question asks what a term or a test means, or
// what is usually done.
var terseGeneral = lex.NewWordMap(lex.SetOf("quiere decir|significa|mean|means|busca|look for|looks for|suelen|suele|usually|normally|normalmente|duele|hurt|hurts|painful|doloroso|dolorosa|pasa despues|happens next|happens after|happens then"))

// fullQuestionOpeners open a question with its own subject and verb, which
// other rules judge: not a terse option.
var fullQuestionOpeners = lex.SetOf("puedo|puede|pueden|podemos|can|could|is|are|do|does|did|will|would|should|tengo|tiene|es|son")

// terseActionVerbs open a terse question that asks whether to act on
// something named before: "Stop it?", "Pop it?", "Restart it now?".
var terseActionVerbs = lex.SetOf("stop|start|restart|continue|switch|double|increase|reduce|lower|raise|taper|pause|hold|skip|pop|drain|lance|squeeze|remove|cut|freeze|biopsy|excise|cover|leave|keep|treat|ice|repeat|retreat|stopping|starting|take|try|use|apply|pull|re-excise|reexcise|extend|shorten")

// terseObjects may follow a terse action verb.
var terseObjects = lex.SetOf("it|them|this|that|these|now|again|today|tonight|then|too|off|on|out|up|going|him|her|back|in|how|fast|quickly|slowly")

// terseAction reports whether a terse question is an action verb on
// something named before: "Stop it?", "Cover it up now?".
func terseAction(last string) bool {
	verb, rest, _ := strings.Cut(last, " ")
	if !terseActionVerbs[verb] || rest == "" {
		return false
	}
	for rest != "" {
		var w string
		w, rest, _ = strings.Cut(rest, " ")
		if !terseObjects[w] {
			return false
		}
	}
	return true
}

// notOptionWords in a terse question make it a general one: "why?", "does
// it spread?", "¿es contagioso?"; so do the textbook's headings for what a
// disease is like in general, which are never an option for a person:
// "keloids - predilection sites?", "scabies - incubation period?".
var notOptionWords = indexWords(words("predilection|incubation|prevalence|incidence|epidemiology|pathophysiology|pathogenesis|aetiology|etiology|inheritance|it|they|them|this|that|these|is|are|does|do|did|can|was|were|mean|means|work|works|triggers|trigger|causes|cause|happen|happens|help|helps|how|why|when|where|who|what|es|son|eso|esto|funciona|sirve|causa|pasa|dura|significa|cuando|como|donde|quien|por|exactly|else|more|so|then|again|consiste|consisten|trata|sirven|hace|hacen|funcionan|causan|duran|cuesta|cuestan|cost|costs|last|lasts|take|takes|involve|involves|en|de|para|con|tiene|tienen|hay|se|existe|existen|cura|curable|cure|cures|spread|spreads|start|starts|come|comes|get|gets|make|makes|affect|affects|hurt|hurts|itch|itches|heal|heals|appear|appears|called|linked|related|ever|always|usually|forever|desencadena|desencadenan|provoca|provocan|empeora|empeoran|mejora|mejoran|produce|producen|ayuda|ayudan|contagia|contagian|contagiar|transmite|transmiten|puede|pueden|debe|deben|sale|salen|aparece|aparecen|pega|pegan|siempre"))

// notOfFor vets "what is the diagnosis": a vignette's, not "the treatment
// of choice for scabies" in general.
func notOfFor(q string, m []int) bool {
	rest := q[m[1]:]
	return !strings.HasPrefix(rest, " of ") && !strings.HasPrefix(rest, " for ") && !strings.HasPrefix(rest, " de ") && !strings.HasPrefix(rest, " para ") && !strings.HasPrefix(rest, " criteria")
}

// firstWords returns the first n words of s.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = f[:n]
	}
	return strings.Join(f, " ")
}

// reThisBe asks whether this or that is something: "is this shingles",
// "could this be scabies"; its last group is what it may be.
var reThisBe = regexp.MustCompile(`^(?:is|could|might|can|would) (?:this|that) (?:(?:be|really|just|possibly|maybe|perhaps|actually) )*(?:an? )?([a-z][a-z' -]*)$`)

// thisBeCondition reports whether a question of q asks, in up to four
// words, whether what is in front of the asker is a condition: "is this
// shingles?", "Could this be scabies?". A property ("is this contagious?",
// "is that true?") or a comparison ("is this the same as eczema?") is no
// diagnosis.
func thisBeCondition(q string) bool {
	return anyQuestion(q, ".:;!?", func(c string) bool {
		m := reThisBe.FindStringSubmatch(questionSentence(c))
		if m == nil || spacedWords(m[1]) > 4 {
			return false
		}
		what := m[1]
		return !propertyWords.MatchString(what) && !notDiagnosisWords.MatchString(what) && !notConditionWords[lex.NextWord(what, 0)] &&
			!strings.HasPrefix(what, "the ") && !strings.HasPrefix(what, "to ") && !comparatives[lex.NextWord(what, 0)]
	})
}

// notConditionWords judge rather than name a condition: "is this urgent?"
// and "is this normal?" are other rules' to weigh.
var notConditionWords = lex.SetOf("normal|ok|okay|fine|alright|bad|serious|urgent|emergency|worrying|dangerous|safe|true|real|possible|likely|enough|necessary|needed|important|it|all|what|why|how|where|when|who|which")

// reBareAction opens a question with a bare order about a treatment and
// the reason for it: "stop minocycline b/c blue spots on shins".
var reBareAction = regexp.MustCompile(`^(?:stop|quit|start|switch|continue|skip|pause|restart|drop|ditch|double|increase|reduce|lower|keep) (?:[\w'-]+ ){1,3}(?:b/c|bc|because(?: of)?|due to|since|cause|cos|coz) [a-z]`)

// bareActionBecause reports whether a question of q is a bare order with
// its reason (reBareAction), not one asked in general.
func bareActionBecause(q string) bool {
	return anyQuestion(q, ".:;!?", func(c string) bool {
		sentence := questionSentence(c)
		return reBareAction.MatchString(sentence) && !reExplicitlyGeneral.MatchString(sentence) && !propertyWords.MatchString(sentence)
	})
}

// terseContextMatcher is where a terse question follows a particular person:
// a vignette's subject or one of the alternatives of
// \b(i|i'm|...|doc)\b|\b\d{1,3} ?(f|m|...)\b|...: for a yes or no, an
// alternation is any of its parts, and the parts run cheapest first, the
// words without an expression, the ages in digits from ageDigitStarts.
var terseContextMatcher = anyOf{
	terseAskerWords,
	fastre.NewAt(`\b\d{1,3} ?(f|m|yo|y/o|yof|yom)\b|\b\d{1,3}[ -]?(year|yr|month|week|day)s?[ -]old\b`, ageDigitStarts).Within(40),
	rx(`\b(hombre|mujer|varon|nino|nina|bebe|paciente) de \d{1,3}\b`),
	rx(`\b(teenager|teen|woman|man|boy|girl|child|infant|baby|toddler|resident|senora|senor|nino|nina|mujer|hombre|bebe|adolescente) (with|con|de)\b`),
	reCaseShorthand,
	kinWords,
	reImpliedFirstPerson,
	reTelegraphicFinding,
	vignetteSubject,
}

// namesNoPerson matches a question that names no particular person: no
// "I" or "my", no patient, no relative.
var namesNoPerson = matchFunc(func(q string) bool {
	return !personal.MatchString(q) && !patientWords.MatchString(q) && !kinWords.MatchString(q)
})
