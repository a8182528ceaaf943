package abstain

import (
	"iter"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// The clinical-decision screen runs rules over folded text (lower case, no
// accents, straight apostrophes, single spaces) after the neutralising
// rewrites below. A rule matches a question that asks for a decision about
// a particular person: their diagnosis, their treatment choice or dose, or
// their triage, in the first or third person, as a case vignette, or about
// an attached image. English and Spanish share the rules' structure.

// Lesion and body words, English and Spanish.
const (
	lesionWords = `hair loss|hair|dandruff|itching|itchiness|dryness|flaking|sweating|mole|rash|spot|lesion|bump|lump|growth|patch|mark|freckle|blister|sore|wound|nail|skin|itch|pimple|cyst|wart|ulcer|scab|boil|welt|scar|swelling|nodule|plaque|papule|pustule|bruise|bite|birthmark|sunburn|tattoo|piercing|hive|blotch|streak|crust|pit|pits|flake|bald patch|discoloration|redness|peeling|bleeding|eczema|acne|psoriasis|cold sore|lip|stye|ingrown|callus|corn|burn|cut|graze|scrape|sting|reaction|toenail|fingernail|ring|circle`
	lesionRE    = `(?:` + lesionWords + `)(?:s|es)?`
	lesionES    = `lunar|lunares|mancha|manchas|grano|granos|granito|granitos|bulto|bultos|bolita|erupcion|sarpullido|roncha|ronchas|herida|heridas|llaga|llagas|ampolla|ampollas|verruga|verrugas|una|unas|piel|picor|picazon|costra|costras|lesion|lesiones|quiste|peca|pecas|habon|habones|eccema|eczema|acne|placa|placas|cicatriz|quemadura|picadura|rojez|enrojecimiento|hinchazon|ulcera|absceso|forunculo|orzuelo|calva|irritacion|sarpullidos|herpes|pupa|postilla|uñas|descamacion|queloide|queloides`
	bodyRE      = `(?:face|nose|cheek|cheeks|forehead|temple|chin|lip|lips|mouth|eye|eyes|eyelid|eyelids|ear|ears|neck|scalp|head|chest|breast|back|belly|stomach|tummy|arm|arms|armpit|hand|hands|palm|palms|finger|fingers|wrist|elbow|elbows|leg|legs|thigh|knee|knees|shin|shins|foot|feet|toe|toes|heel|ankle|groin|genitals|penis|vulva|bottom|buttock|buttocks|skin|body|shoulder|shoulders|hip|side|nail|nails|sole|soles|trunk|torso|abdomen)`
	personRE    = `(?:man|woman|boy|girl|child|kid|baby|infant|toddler|teen|teenager|adolescent|patient|male|female|lady|gentleman|resident|newborn|neonate|student|athlete|worker|nurse|mother|father|grandmother|grandfather|pregnant woman)`
)

// vignetteAsk is what a case vignette asks for after describing a person: a
// next step, a treatment, a test, a choice between options.
const vignetteAsk = `\b(biopsy or|or watch|should|what to do|next step|next move|treat|manage|management|start|stop|hold|pause|withhold|continue|diagnosis|most likely|refer|excise|what now|what next|or not|biopsia|vigilar|tratamiento|tratar|diagnostico|derivar|que hago|que hacer|siguiente paso|o no|recommend|recomienda|recomiendas|recomendaria|que aposito|que crema|que antibiotico|que tratamiento|manejo|que le|cual` +
	`|what (would|do|should|shall|will|could) (you|we|i) (do|add|start|give|use|try|prescribe|recommend|suggest|order|test|check|send|choose|pick|offer)|how would you|which [a-z]+ would you|(would|do|should) you (start|add|stop|biopsy|excise|refer|admit|prescribe|order|switch|use|give|operate)` +
	`|admission|admit|que (harias|haria|pruebas|pedirias|pediria|le darias|le daria|le pondrias|le pondria)|(pedimos|biopsiamos|tratamos|empezamos|le damos|le ponemos|derivamos|operamos|quitamos|ingresamos|hacemos)\b)`

// A vignette's subject is a person described the way case vignettes do:
// "Man, 41,", "45F", "8 yo girl", "man in his sixties", "a teen boy with",
// "hombre 25 anos". Three finders look for one: an age in digits, from the
// digit (vignetteAgeDigits); a person word and an age after it
// (personAgeEnd); a person opening the text (openerEnd).
var vignetteAgeDigits = newFastREAt(`\b\d{1,3} ?(f|m|yo|y/o|yof|yom)\b( `+personRE+`\b)?|\b\d{1,3}[ -]?(year|yr|month|week|day)s?[ -]old\b`, ageDigitStarts).within(40)

// ageDigitStarts returns where vignetteAgeDigits can match: a number of up to
// three digits at a word start (a longer run leaves a digit that nothing
// after \d{1,3} matches), then perhaps a space or '-', then the first letter
// of f, m, yo, y/o, year, yr, month, week or day.
func ageDigitStarts(s string) []int {
	var pos []int
	for _, p := range numberStarts(s) {
		k := p
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k-p > 3 || k == len(s) {
			continue
		}
		c := s[k]
		if (c == ' ' || c == '-') && k+1 < len(s) {
			c = s[k+1]
		}
		if c == 'f' || c == 'm' || c == 'y' || c == 'w' || c == 'd' {
			pos = append(pos, p)
		}
	}
	return pos
}

// reAfterPerson is an age after a person word: "man, 41", "woman aged 34",
// "man in his sixties", "hombre de 45", "mujer 40".
var reAfterPerson = regexp.MustCompile(`^(?:,? (aged |of |de )?\d{1,3}\b| in (his|her|their) (early |late |mid-?|mid )?(teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|\d0s)\b)`)

// personAgeEnd returns the start and end of the first person word followed
// by an age, or -1, -1.
func personAgeEnd(q string) (int, int) {
	for _, p := range personStarts(q) {
		e := p
		for e < len(q) && isWordByte(q[e]) {
			e++
		}
		if strings.HasPrefix(q[e:], " woman") && q[p:e] == "pregnant" {
			e += len(" woman")
		}
		if m := reAfterPerson.FindStringIndex(q[e:min(len(q), e+40)]); m != nil {
			return p, e + m[1]
		}
	}
	return -1, -1
}

// openerWords may precede the person word that opens a vignette: a framing,
// an article, an adjective.
var openerWords = setOf("case|case:|scenario|scenario:|vignette|vignette:|caso|caso:|escenario|escenario:|a|an|un|una|young|elderly|older|old|teen|teenage|pregnant|middle-aged|healthy|obese|diabetic|immunosuppressed|frail")

// afterOpener may follow the person word that opens a vignette.
var afterOpener = setOf("with|on|who|presents|presenting|at|aged|de|con|mayor|joven|embarazada|anciana|anciano|sana|sano")

// openerEnd returns the end of a person word that opens q as a vignette
// does ("Toddler with fever", "A teen boy, ...", "Caso: mujer de 30"), or
// -1.
func openerEnd(q string) int {
	p := 0
	for range 5 {
		e := p
		for e < len(q) && q[e] != ' ' && q[e] != ',' {
			e++
		}
		w := q[p:e]
		if personWords[w] {
			if e < len(q) && q[e] == ',' {
				return e + 1
			}
			next := nextWord(q, e)
			if afterOpener[next] {
				return e
			}
			if openerWords[w] && e < len(q) { // "teen boy", "pregnant woman"
				p = e + 1
				continue
			}
			return -1
		}
		if !openerWords[w] || e >= len(q) {
			return -1
		}
		p = e + 1
	}
	return -1
}

// spanishPersonRE is personRE's Spanish counterpart.
const spanishPersonRE = `(hombre|mujer|varon|nino|nina|bebe|paciente|chico|chica|senor|senora|adolescente|lactante|anciano|anciana|joven|embarazada)`

// personWords are the first words of personRE and spanishPersonRE.
var personWords = func() map[string]bool {
	m := map[string]bool{}
	for _, alt := range words(strings.Trim(personRE, "(?:)") + "|" + strings.Trim(spanishPersonRE, "()")) {
		w, _, _ := strings.Cut(alt, " ")
		m[w] = true
	}
	return m
}()

// personStarts returns the starts of person words, where a vignette's
// subject can start.
func personStarts(s string) []int {
	var pos []int
	for p := 0; p < len(s); p++ {
		if !isLower(s[p]) || p > 0 && isWordByte(s[p-1]) {
			continue
		}
		e := p
		for e < len(s) && isWordByte(s[e]) {
			e++
		}
		if personWords[s[p:e]] {
			pos = append(pos, p)
		}
		p = e
	}
	return pos
}

// vignetteSubjectEnd returns the end of the earliest vignette subject in q,
// or -1. An age in digits and a person with an age need a digit (or "in his
// sixties"), so those finders run only when q holds one.
func vignetteSubjectEnd(q string) int {
	first, end := -1, -1
	take := func(m []int) {
		if m != nil && (first < 0 || m[0] < first) {
			first, end = m[0], m[1]
		}
	}
	digit := strings.ContainsAny(q, "0123456789")
	if digit {
		take(vignetteAgeDigits.FindStringIndex(q))
	}
	if digit || strings.Contains(q, " in his ") || strings.Contains(q, " in her ") || strings.Contains(q, " in their ") {
		if p, e := personAgeEnd(q); p >= 0 {
			take([]int{p, e})
		}
	}
	if first != 0 {
		if e := openerEnd(q); e >= 0 {
			take([]int{0, e})
		}
	}
	return end
}

// vignetteSubject matches a vignette's subject anywhere in a question.
var vignetteSubject = matchFunc(func(q string) bool { return vignetteSubjectEnd(q) >= 0 })

// vignetteAsks is vignetteAsk, or a short question offering options ("Steroid
// or emollient only?", "¿corticoide oral o tópico?") or asking about now
// ("Antifungal now?").
var vignetteAsks = anyOf{rx(vignetteAsk), matchFunc(optionAsk)}

// optionAsk reports whether s holds a short question, of up to eight words
// from the last stop or comma, that offers options joined by "or" or "o", or
// that ends in "now".
func optionAsk(s string) bool {
	return anyQuestion(s, ".:;!?,", func(q string) bool {
		c := " " + strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(q), "¿"))
		n := strings.Count(c, " ")
		return n >= 2 && n <= 8 && (strings.Contains(c, " or ") || strings.Contains(c, " o ")) || n >= 2 && n <= 3 && strings.HasSuffix(c, " now")
	})
}

// anyQuestion reports whether f holds for some question of s: the text
// before each "?", back to the last of the bytes in stops.
func anyQuestion(s, stops string, f func(question string) bool) bool {
	return anyQuestionAt(s, stops, func(question string, _ int) bool { return f(question) })
}

// anyQuestionAt is anyQuestion, telling f where its question ends in s.
func anyQuestionAt(s, stops string, f func(question string, end int) bool) bool {
	for off := 0; ; {
		k := strings.IndexByte(s[off:], '?')
		if k < 0 {
			return false
		}
		end := off + k
		start := end
		for start > 0 && strings.IndexByte(stops, s[start-1]) < 0 {
			start--
		}
		if f(s[start:end], end) {
			return true
		}
		off = end + 1
	}
}

// vignetteSubjectAsk reports whether q describes a person as a vignette
// does and then asks for a decision about them, and does not use an age as
// an example of a group (vignetteGeneric, tested first: it is the cheaper).
func vignetteSubjectAsk(q string) bool {
	e := vignetteSubjectEnd(q)
	return e >= 0 && !vignetteGeneric.MatchString(q) && vignetteAsks.MatchString(q[e:])
}

// vignetteGeneric marks a question that uses an age as an example of a
// group: "can a 60-year-old start isotretinoin?", "how is acne usually
// managed in a 16-year-old?".
var vignetteGeneric = anyOf{newWordMap(setOf("usually|typically|generally|normally|in general|commonly|common|rare|frequent|prevalent|most|often|standard|for example|por ejemplo|suelen|normalmente|en general|frecuente|raro")), rx(`\b(can|could|do|does|is|are|why|how|what|when|at what age)\b [^?]{0,20}\b(a|an|un|una) \d{1,3}[ -]?(year|yr|month)s?[ -]old (get|have|develop|use|be|start|take|receive|undergo|try|need|wear|apply|catch|outgrow)\b`).containing("old ").within(maxGenericAge)}

// maxGenericAge bounds a match of vignetteGeneric's expression: "at what
// age", a space, twenty characters of up to four bytes, then at most "una
// 999-months-old outgrow".
const maxGenericAge = len("at what age") + 1 + 20*utf8.UTFMax + len("una 999-months-old outgrow")

// A rule matches questions that ask for a decision. re must match; then,
// when set, must match after re's first match, or before, when set, before
// re's last match; ctx, when set, must match anywhere in the question, and
// unless must not.
type rule struct {
	name string
	// any lists literals of which every match of re holds at least one; a
	// rule runs only on questions that hold one.
	any          []string
	re           *fastRE
	then, before matcher
	ctx, unless  matcher
	// check, when set, vets a match of re (its submatch indexes); the rule
	// matches when one match passes.
	check func(q string, m []int) bool
	// fn, when set, stands for re: the rule is Go code.
	fn func(q string) bool
}

// matcher is a *regexp.Regexp or a wordSet.
type matcher interface{ MatchString(s string) bool }

// wordSet matches any of its phrases as whole words: as \b(a|b|c)\b does for
// phrases that start and end with an ASCII letter, but without a regexp scan.
type wordSet []string

func (ws wordSet) MatchString(s string) bool {
	for _, w := range ws {
		for off := 0; ; {
			i := strings.Index(s[off:], w)
			if i < 0 {
				break
			}
			start, end := off+i, off+i+len(w)
			if (start == 0 || !isWordByte(s[start-1])) && (end == len(s) || !isWordByte(s[end])) {
				return true
			}
			off = start + 1
		}
	}
	return false
}

// wordIndex matches as its wordSet does, by one pass over the text's word
// starts with the phrases indexed by their first byte, rather than one
// strings.Index pass per phrase.
type wordIndex struct {
	set     wordSet
	byFirst [256][]string
}

func indexWords(ws wordSet) *wordIndex {
	wi := &wordIndex{set: ws}
	for _, w := range ws {
		if w == "" {
			panic("abstain: empty phrase in a word set")
		}
		wi.byFirst[w[0]] = append(wi.byFirst[w[0]], w)
	}
	return wi
}

func (wi *wordIndex) MatchString(s string) bool {
	for i := 0; i < len(s); i++ {
		if i > 0 && isWordByte(s[i-1]) {
			continue
		}
		for _, w := range wi.byFirst[s[i]] {
			if end := i + len(w); strings.HasPrefix(s[i:], w) && (end == len(s) || !isWordByte(s[end])) {
				return true
			}
		}
	}
	return false
}

func (rl *rule) match(q string) bool {
	// Every condition is a pure test, so their order changes only the
	// cost: a word set in ctx is cheaper than any expression.
	ctxFirst := false
	switch rl.ctx.(type) {
	case *wordIndex, wordSet:
		if !rl.ctx.MatchString(q) {
			return false
		}
		ctxFirst = true
	}
	var m []int
	switch {
	case rl.fn != nil:
		if !rl.fn(q) {
			return false
		}
	case rl.check == nil && rl.then == nil && rl.before == nil:
		if !rl.re.MatchString(q) {
			return false
		}
	case rl.check == nil:
		if m = rl.re.FindStringIndex(q); m == nil {
			return false
		}
	default:
		for _, c := range rl.re.FindAllStringSubmatchIndex(q) {
			if rl.check(q, c) {
				m = c
				break
			}
		}
		if m == nil {
			return false
		}
	}
	if !ctxFirst && rl.ctx != nil && !rl.ctx.MatchString(q) {
		return false
	}
	// Unless, when set, is cheaper than the expressions of then.
	if rl.unless != nil && rl.unless.MatchString(q) {
		return false
	}
	if rl.then != nil || rl.before != nil {
		ok := rl.then != nil && rl.then.MatchString(q[m[1]:])
		if !ok && rl.before != nil {
			last := -1
			for _, m := range rl.re.FindAllStringIndex(q) {
				last = m[0]
			}
			ok = last >= 0 && rl.before.MatchString(q[:last])
		}
		if !ok {
			return false
		}
	}
	return true
}

// matchFunc is a matcher written in Go.
type matchFunc func(s string) bool

func (f matchFunc) MatchString(s string) bool { return f(s) }

// reGenericAdvice is a first-person question about using a product in
// general: "should I wear sunscreen indoors?", "can I use retinol and
// vitamin C together?".
var reGenericAdvice = rx(`\b(should|can|could|may|do) (i|we) (still |really |also )?(wear|use|apply|reapply|mix|combine|layer|put on|exfoliate|moisturi[sz]e|wash|shower|bathe|swim|tan|go in the sun|go outside|shave|wax|change|replace|share|clean|need to wear|need to use|need to apply)\b|\b(debo|deberia|puedo|podemos|tengo que) (usar|ponerme|aplicarme|aplicar|mezclar|combinar|lavarme|ducharme|banarme|nadar|exfoliarme|hidratarme|depilarme|cambiar|compartir|limpiar|lavar)\b`)

// ownedWords in a question tie it to someone's own body or care.
var ownedWords = indexWords(words("my|mine|his|her|our|i'm|im|i've|i'd|me|he|she|him|we're|mi|mis|me|le|su|sus|tengo|estoy|tiene"))

// otherOwners tie a question to someone other than the asker, or state the
// asker's condition, whatever follows them.
var otherOwners = indexWords(words("his|her|he|she|him|we're|i've|i'd|le|su|sus|tengo|estoy|tiene"))

// genericAdvice reports whether q asks how to use a product or go about
// everyday care in general: reGenericAdvice, with no drug named, and nothing
// that ties it to the asker's condition beyond the "I" of the question and
// a part of the body ("should I use a separate towel for my face?", "should
// I wear a hat even when I'm wearing SPF 50?"). A finding, a relative or a
// drug of the asker's ("my rash", "my son", "my cream") does.
var genericAdvice = matchFunc(func(q string) bool {
	if !reGenericAdvice.MatchString(q) {
		return false
	}
	if otherOwners.MatchString(q) || ownsFinding(q) || drugNamed(q) {
		return false
	}
	// "I have", "I had", "I am" state the asker's condition.
	return !reStatesCondition.MatchString(q) && !reImState.MatchString(q)
})

// reImState states the asker's condition with "I'm": pregnant, allergic,
// on a drug.
var reImState = rx(`\b(i'm|im|i am) (pregnant|breastfeeding|nursing|allergic|on|taking|being treated|having|recovering|immunosuppressed|diabetic)\b`)

// ownsFinding reports whether one of the asker's words (my, our, mi, mis,
// I'm) owns something other than a part of the body or an everyday thing:
// "my rash", "my melasma", "my 18 month old", "my EpiPen", "I'm looking
// after", rather than "my face", "my own scalp", "my pillowcase". Or
// whether the asker cares for someone else.
func ownsFinding(q string) bool {
	if reCaring.MatchString(q) {
		return true
	}
	ws := strings.FieldsFunc(q, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '\'' || r == '-') })
	for i, w := range ws {
		if !askerOwners[w] {
			continue
		}
		k := i + 1
		for k < len(ws) && ownedModifiers[ws[k]] {
			k++
		}
		if w == "i'm" || w == "im" {
			if k < len(ws) && !routineAfterIm[ws[k]] {
				return true
			}
			continue
		}
		if k < len(ws) && !routineOwned[ws[k]] && !bodySet.has(ws[k]) {
			return true
		}
	}
	return false
}

// reCaring names someone in the asker's care.
var reCaring = rx(`\b(looking after|caring for|care for|taking care of|my (patient|client|resident)s?|the (patient|client|resident))\b`)

// askerOwners are the asker's words that may own a finding.
var askerOwners = setOf("my|mine|our|i'm|im|mi|mis|nuestro|nuestra")

// ownedModifiers may stand between an owner and what it owns.
var ownedModifiers = setOf("own|usual|daily|regular|new|old|fresh|clean|favourite|favorite|whole|entire|current|propia|propio|nueva|nuevo")

// routineOwned are everyday things and parts of the body, beyond bodyRE's,
// that the asker may own in a general question: "my pillowcase", "my
// razor blade", "my foundation".
var routineOwned = setOf("hair|nails|nail|lips|skin|scalp|towel|towels|washcloth|flannel|pillowcase|pillowcases|pillow|sheets|bedding|razor|razors|blade|blades|clothes|clothing|shoes|socks|hat|hats|foundation|makeup|make-up|moisturiser|moisturizer|sunscreen|cleanser|serum|routine|skincare|shampoo|conditioner|soap|brush|brushes|sponge|sponges|gym|pool|glasses|sunglasses|polish|toothbrush|tattoo|piercing|cortaunas|toalla|toallas|funda|almohada|cara|pelo|piel|manos|pies|labios|rostro|cuerpo|maquillaje|protector|crema|champu|rutina|cuchilla|maquinilla")

// routineAfterIm may follow "I'm" in a general question: "even when I'm
// wearing SPF 50", "I'm prone to breakouts", "I'm going to the beach".
var routineAfterIm = setOf("wearing|using|going|prone|outside|outdoors|out|at|in|a|an|the|careful|curious|wondering|planning|trying|doing|swimming|travelling|traveling|working|running|training|new|not|just|always|often|sure|told|asking")

// drugWords name treatments.
var drugWords = setOf("cream|creams|ointment|ointments|medication|medications|medicine|medicines|meds|pills|pill|tablets|tablet|prescription|antibiotic|antibiotics|steroid|steroids|retinoid|retinoids|biologic|biologics|antifungal|antihistamine|antihistamines|injection|injections|isotretinoin|accutane|tretinoin|methotrexate|hydrocortisone|clobetasol|tacrolimus|pimecrolimus|dupilumab|spironolactone|finasteride|minoxidil|ivermectin|permethrin|crema|pomada|pastillas|medicamento|medicacion|antibiotico|antibioticos|corticoide|corticoides|isotretinoina|metotrexato")

// drugWord reports whether w names a treatment: one of drugWords, or a
// drug known by its ending (drugSuffixes).
func drugWord(w string) bool {
	if drugWords[w] {
		return true
	}
	for _, suf := range drugSuffixes {
		if len(w) > len(suf)+3 && strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// drugSuffixes end the names of common drug classes: doxycycline,
// erythromycin, fluconazole, adalimumab, prednisolone, cortisone.
var drugSuffixes = []string{"cycline", "mycin", "cillin", "azole", "mab", "olone", "sone", "inib", "ciclina", "micina", "azol"}

// drugNamed reports whether q names a drug.
func drugNamed(q string) bool {
	for _, w := range strings.FieldsFunc(q, func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
		if drugWord(w) {
			return true
		}
	}
	return false
}

// Taking a drug ("while on isotretinoin", "tomando isotretinoína") or being
// pregnant states the asker's condition too; using a product ("while using
// retinol") does not.
var reStatesCondition = rx(`\bi (have|had|am|was|got|get|developed|noticed|found)\b|\bwhile (on|taking|breastfeeding|nursing|pregnant) |\b(tomando|mientras tomo|en tratamiento con|estando embarazada|estoy embarazada)\b`)

// reGenericNormal asks whether something is usual for a kind of thing or
// person: "is it normal for creams to separate?", "is it safe for kids to
// swim with warts?".
var reGenericNormal = rx(`\b(is|are) (it|that|this) (normal|common|usual|typical|ok|okay|safe|fine) for (a |an )?[a-z]{2,}s to\b`)

// anyOf matches when one of its matchers does.
type anyOf []matcher

func (a anyOf) MatchString(s string) bool {
	for _, m := range a {
		if m.MatchString(s) {
			return true
		}
	}
	return false
}

// wordMap matches any of its words, or two-word phrases, as whole words:
// as wordSet does, by one pass over the text's words.
type wordMap struct {
	set map[string]bool
	// lens has bit n of lens[c] set when set holds a word of n bytes that
	// starts with c, bit 63 standing for every length from 63 up: most
	// words of a text fail this test without a map lookup.
	lens [256]uint64
}

func newWordMap(set map[string]bool) *wordMap {
	wm := &wordMap{set: set}
	for w := range set {
		if w != "" {
			wm.lens[w[0]] |= 1 << min(len(w), 63)
		}
	}
	return wm
}

// has reports whether w is one of wm's words or phrases.
func (wm *wordMap) has(w string) bool {
	if w == "" {
		return wm.set[w]
	}
	return wm.lens[w[0]]&(1<<min(len(w), 63)) != 0 && wm.set[w]
}

func (wm *wordMap) MatchString(s string) bool {
	prev := -1 // start of the previous word
	for i := 0; i < len(s); {
		if !isWordByte(s[i]) && s[i] != '\'' && s[i] != '-' {
			i++
			continue
		}
		j := i
		for j < len(s) && (isWordByte(s[j]) || s[j] == '\'' || s[j] == '-') {
			j++
		}
		if wm.has(s[i:j]) || prev >= 0 && s[prev:i-1] != "" && i-1 > prev && wm.has(s[prev:j]) {
			return true
		}
		if j < len(s) && s[j] == ' ' {
			prev = i
		} else {
			prev = -1
		}
		i = j
	}
	return false
}

// lesionSet holds the lesion words and their plurals.
var lesionSet = func() *wordMap {
	m := map[string]bool{}
	for _, w := range words(lesionWords) {
		m[w], m[w+"s"], m[w+"es"] = true, true, true
	}
	return newWordMap(m)
}()

var ownerWords = indexWords(words("my|his|her|our|i|i've|i'm|little one"))

func rx(expr string) *fastRE { return newFastRE(expr) }

func words(s string) []string { return strings.Split(s, "|") }

// cross returns every a+b.
func cross(as, bs string) []string {
	var out []string
	for _, a := range words(as) {
		for _, b := range words(bs) {
			out = append(out, a+b)
		}
	}
	return out
}

// r is a rule of one expression.
func r(name string, any []string, expr string) rule {
	return rule{name: name, any: any, re: rx(expr)}
}

// personal marks the asker, their body or someone close to them.
var personal = indexWords(words("i|i'm|im|i've|i'd|my|me|mine|myself|we|our|us|yo|mi|mis|tengo|estoy|nos|nuestro|nuestra|mio|mia|me|le|su|his|her|he|she|him"))

// firstPerson marks the asker.
var firstPerson = indexWords(words("i|i'm|im|i've|i'd|my|me|mine|myself|we|our|us|yo|mi|mis|tengo|estoy|nos|nuestro|nuestra"))

// propertyWords after "is it" ask about a disease, not a diagnosis: "I
// was diagnosed with rosacea; is it contagious?".
var propertyWords = indexWords(words("positive|negative|unhygienic|hygienic|antihigienico|higienico|outdated|obsolete|out of date|considered|classed|classified|regarded|counted|oversimplified|exaggerated|overblown|overstated|description|relacion|cuento|mito|right|proven|proved|established|contagious|infectious|catching|recognised|recognized|real|genuine|official|transmissible|hereditary|genetic|inherited|curable|treatable|common|rare|chronic|autoimmune|permanent|true|possible|related|linked|caused|known|preventable|reversible|lifelong|spreadable|spread|contagiosa|contagioso|hereditaria|hereditario|genetica|genetico|curable|comun|frecuente|cronica|cronico|autoinmune|permanente|cierto|verdad|the same|lo mismo|la misma|worth|true that|possible to|likely to|supposed|normal to|ok to|okay to|safe to|usual|typical|standard|reasonable|recommended|myth|fact|rule|legit|accurate|correct|wrong|right that|habitual|tipico|recomendable|mito|verdad que|normal que|para siempre|de por vida"))

// notDiagnosisWords after "is it" name a kind of thing or ask about a name,
// not a diagnosis: "my GP prescribed fucidin; is it an antibiotic?", "what
// is that called?".
var notDiagnosisWords = indexWords(words("antibiotic|antibiotics|steroid|steroids|antifungal|antiviral|antihistamine|drug|medicine|medication|brand|generic|prescription|vaccine|biologic|retinoid|immunosuppressant|painkiller|over the counter|otc|called|named|spelled|pronounced|used"))

// decisionRules are tried in order; the first that matches names the
// decision.
var decisionRules = []rule{
	// Diagnosis, first person.
	r("do_i_have", cross("do |did |could |might |may ", "i have|i've got"), `\b(do|did|could|might|may) (i|i've) (have|got)\b`).unlessCtx(rx(`^(why|how come) `)),
	r("am_i", words("am i "), `\bam i (having|allergic|infected|contagious|immune|getting|developing|reacting|sensitive|at risk)\b`),
	r("what_do_i_have", cross("what", " do | does | did | is | could |'s | might "), `\bwhat (do|does|did) (i|he|she|we|they|my \w+|his \w+|her \w+|the patient|this patient|this child|this baby|it) (have|has|got)\b|\bwhat('s| is| could be| could| might be)? (wrong with|going on with|up with|happening (to|with)|causing) (me|my|him|her|it|this|these|our)\b`),
	r("mean_i_have", words("mean"), `\bmeans? (that )?(i|he|she|we|my \w+|his \w+|her \w+) (have|has|had|am|is|need|needs|should)\b`),
	r("is_this_lesion", cross("is |are |could |might |does |do |can |would ", "this |that |these |those |my |his |her |our "), `\b(is|are|could|might|does|do|can|would) (this|that|these|those|my|his|her|our) (\w+ |[\w'-]+ ){0,3}`+lesionRE+`\b`).unlessCtx(anyOf{rx(`^(why|how come) |\b(is|are) (this|that|it|they) (\w+ )?(different|differ|the same|similar|like|related)\b`), matchFunc(productEffect)}),
	{name: "is_the_lesion_on_my", any: cross("is |are |could |might |would ", "the |this |that |these |those "), re: rx(`\b(is|are|could|might|would) (the|this|that|these|those) `), check: lesionThenOwner},
	{name: "what_is_this_lesion", any: words("what"), re: rx(`\bwhat('s| is| are| could| might| would| can)? (this|that|these|those|it|they)( \w+)?( \w+)?( be| is| are)?\b`), ctx: anyOf{lesionSet, rx(`\b(on|in) (my|his|her) ` + bodyRE)}, check: notGeneralWhatIs},
	r("could_my_x_be", cross("could |might |can |would |is |are ", "my |his |her |our "), `\b(could|might|can|would|is|are) (my|his|her|our) ([\w'-]+ ){1,3}(be )?(from|due to|caused by|because of|a sign of|a symptom of|related to|linked to|an allergy|a reaction|allergic|infected|the start of|the beginning of|from the)\b`),
	r("look_like", words("look|seem|sound|appear"), `\b(do|does|did) (this|that|these|my \w+|his \w+|her \w+|my [\w']+ \w+) (look|looks|seem|seems|sound|sounds|appear|appears) (like|infected|cancerous|malignant|normal|serious|dangerous|ok|okay|bad|suspicious|benign|worrying|healthy|healed)\b`),
	{name: "does_it_look", any: words("look|seem|sound|appear"), re: rx(`\b(do|does|did) (it|they) (look|looks|seem|seems|sound|sounds|appear|appears) (like|infected|cancerous|malignant|normal|serious|dangerous|ok|okay|bad|suspicious|benign|worrying)\b`), ctx: firstPerson},
	r("opinion_tail", words("you think?|you say?|you reckon?"), `\b(do you think|you think|would you say|you reckon|do you reckon)\?`),
	r("opinion", words("u think|ya think|u reckon|ya reckon|you think|you say|you guess|you call|you consider|your opinion|your guess|your thoughts|thoughts?|your take|your view|you reckon"), `\b(you|u|ya) (think|reckon) (it|this|that|these|my|his|her|i|he|she|we|our)\b|\b(do|would|did|can) you (think|say|guess|call|consider|reckon|believe|suppose) (it|this|that|these|my|his|her|i|he|she|we|our|the \w+ (i|on my|in my|my|on his|on her|in his|in her))\b|\bwhat do you think (it|this|that|these|i|he|she|of (this|my|his|her)) (is|are|have|has)?|\b(your|any) (opinion|guess|thoughts|take|view)s?\b|\bthoughts\?`),
	{name: "is_it_disease", any: cross("is |could |might |would |are ", "it |this |that |they "), re: rx(`\b(is|could|might|would|are) (it|this|that|they) (just |really |maybe |possibly |likely |perhaps |actually |definitely |even )?(be )?(a |an )?([a-z'-]+)`), ctx: firstPerson, check: notProperty, unless: reGenericNormal},
	r("is_it_safe", cross("is |would |will ", "it |that "), `\b(is|would|will) (it|that) (be )?(safe|ok|okay|alright|all right|normal|fine|dangerous|bad|wise|a good idea|too late|too early|necessary|time|worth|serious|urgent|an emergency|something)\b`).withCtx(firstPerson).unlessCtx(anyOf{rx(`\b(is|would|will) (it|that) (be )?(safe|ok|okay|alright|all right|normal|fine|bad|wise|a good idea|necessary|worth it) (to|for) (use|apply|take|wear|go|get|have|be)\b( \w+)* (in|during|while|for|when|if|on) (pregnancy|general|children|kids|babies|people|adults|the sun|summer|winter)\b`), reGenericNormal}),
	// "Dad's heels are cracked and one has a black spot. He's diabetic. Is
	// this urgent?": the urgency of what is in front of the asker.
	r("is_this_urgent", words("urgent|emergency|serious|worrying"), `\b(is|was) (this|that|it) (urgent|an emergency|serious|worrying|an er thing|an a&e thing)\?`).withCtx(anyOf{personal, kinWords}),
	// "... getting bigger fast. Is this the kind that needs propranolol?"
	r("this_kind_needs", words("kind |type |sort |one |ones "), `\b(is|are) (this|that|these|those|it|they|mine|his|hers|ours) the (kind|type|sort|one|ones)( of [a-z]+)? (that|which) (needs?|requires?|gets?|should|must|has to|have to|calls? for|warrants?)\b`),
	// "is this shingles? band on left side of chest, burning": whether
	// what is in front of the asker, with a finding described, is a
	// condition.
	{name: "this_be_condition", any: cross("is |could |might |can |would ", "this |that "), fn: thisBeCondition, ctx: anyOf{lesionSet, bodySet}},
	// "stop minocycline b/c blue spots on shins?": a bare order put as a
	// question, with the finding that prompts it.
	{name: "bare_action_because", any: words("b/c|bc |because|due to|since|cause |cos |coz "), fn: bareActionBecause, ctx: anyOf{lesionSet, bodySet}},
	// "Got bitten in Thailand, now a painful sore with fever. Worth going to
	// a travel clinic today?": whether to seek care now.
	r("worth_going_now", words("today|tonight|now|right away|this week"), `\b(worth|need to|should i|should we|do i need to|do we need to|better to) (go|going|get|getting|head|heading) (in |down )?(to )?(a |an |the |my )?([a-z]+ ){0,2}(clinic|er|a&e|urgent care|doctor|gp|hospital|dermatologist|derm|emergency|walk-in)( [a-z]+)? (today|tonight|now|right away|this week)\b`).withCtx(anyOf{personal, kinWords, reImpliedFirstPerson, reTelegraphicFinding}),
	// "Canker sores every month for a year. Something I should get tested
	// for?", "¿me tengo que hacer algún estudio?": tests for the asker.
	r("tested_for_me", words("tested|checked|estudio|analisis|prueba|parche|falta"), `\b(something|anything) (i|we) (should|need to|ought to|must) (get|be) (tested|checked|screened|seen|looked at|biopsied)\b|\bme (tengo|tendria) que hacer (algun|alguna|algunos|un|una|unos|unas) (estudio|estudios|analisis|prueba|pruebas|biopsia)\b|\bme (haria|hace|hara) falta (un|una|algun|alguna|hacerme)\b`),
	// "I have rosacea - would a dermatologist okay me using retinol?": a
	// clinician's choice asked for the asker.
	r("would_a_derm", words("would a |would my |would the |would your "), `\bwould (a|my|the|your) (dermatologist|derm|doctor|gp|clinician|physician|specialist) (okay|ok|approve|allow|let|clear|sign off on) (me|him|her|us|my [\w'-]+|his [\w'-]+|her [\w'-]+)\b`),
	// "Strawberry mark on my newborn's eyelid growing fast. Does it need
	// propranolol?": whether what the asker describes needs treatment.
	r("does_it_need", words("need"), `\b(does|do|will|would) (it|this|that|they|these) (really |still |even |definitely )?need (to be )?(an? |some |the )?(treated|treatment|treating|removed|removing|cut out|cutting out|excised|biopsied|biopsy|antibiotics?|steroids?|propranolol|surgery|laser|cream|drugs|medication|medicine|stitches|draining|drained|freezing|frozen|checking|checked|seeing to|looking at)\b`).withCtx(anyOf{personal, kinWords, reTelegraphicFinding}),
	// "¿vale la pena que me haga un peeling ...?", "¿es mala idea en mi
	// caso?": a choice for the asker.
	r("es_vale_la_pena", words("vale la pena|mi caso|su caso"), `\bvale la pena que (me|le|nos) (haga|hagan|ponga|pongan|quite|quiten|trate|traten|opere|operen|tome|aplique)\b|\b(en|para) (mi|su) caso\b[^.]*\?|\?[^.]*\ben (mi|su) caso\b`),
	r("in_my_case", words("in my case|in his case|in her case|for my case"), `\b(in|for) (my|his|her) case\b`).withCheck(inQuestion),
	// "¿Y esta? es la que está al lado del lunar que te enseñé": a lesion
	// shown before.
	{name: "shown_lesion", any: words("showed|sent|ensene|mostre|mande|envie"), fn: shownLesion},
	r("es_para_mi", words("para mi|para ella|para su|para nos"), `\b(seguro|segura|recomendable|adecuado|adecuada|conveniente|peligroso|peligrosa|malo|mala|bueno|buena|mejor|necesario|necesaria|apropiado|apropiada|indicado|indicada|suficiente|demasiado fuerte|lo mejor|lo indicado) para (mi|mis|ella|nosotros|su [a-z]+|sus [a-z]+)\b`),
	// "Does my brother have lupus?": the diagnosis of someone close.
	r("does_person_have", cross("does |did |could |might |may ", "my |his |her |our "), `\b(does|did|could|might|may) (my|his|her|our) ([\w'-]+ )?(`+kinRE+`) (have|has|got)\b`),
	// "Could my swollen eyelids every morning be angioedema?": a lesion or a
	// part of the body, then what it could be.
	{name: "could_my_lesion_be", any: cross("could |might |would |may ", "my |his |her |our "), re: rx(`\b(could|might|would|may) (my|his|her|our) (([\w'-]+ ){1,5}?)be (a |an )?[a-z]`), check: lesionOrBodyIn(3), unless: rx(`\bbe (cured|treated|prevented|passed on|passed|inherited|spread|caught|contagious|hereditary|genetic)\b`)},
	// "Do the white patches on my son's face look like vitiligo to you?"
	{name: "do_the_lesion_look", any: cross("do |does |did ", "the |those |these "), re: rx(`\b(do|does|did) (the|those|these) `), check: lesionThenOwner, then: rx(`\b(look|looks|seem|seems|appear|appears) (like|infected|cancerous|malignant|normal|serious|suspicious|benign|worrying)\b`)},
	// "Wondering whether the lump behind my ear is a cyst or a lymph node."
	{name: "whether_lesion", any: cross("whether ", "the |this |that |these |those |my |his |her "), re: rx(`\bwhether (the|this|that|these|those|my|his|her) `), check: lesionThenOwnerOrMine},
	// "What's the right cream for the rash on the little one's cheeks?"
	{name: "best_for_the_lesion", any: words("best |right |correct |safest |strongest |ideal |proper "), re: rx(`\b(best|right|correct|safest|strongest|ideal|proper) ([a-z-]+ ){0,2}(to (use|put on|apply|give|try) )?(for|on) (the|this|that|these|those) `), check: lesionThenOwner},
	// "How much ivermectin would a 70 kg man like my father need?": a dose
	// for a person of a given weight.
	{name: "weight_dose", any: words("kg|kilo|lb|pound"), re: newFastREAt(`\b\d{1,3}(\.\d)? ?(kg|kgs|kilos?|lbs?|pounds)\b`, numberStarts), ctx: rx(`\b(dose|dosis|dosage|how much|how many|cuanto|cuanta|cuantos|cuantas|need|needs|give|necesita|le doy)\b`), unless: anyOf{rx(`\b(usual|usually|typical|typically|standard|habitual|normalmente|per kg|por kg|per kilo|por kilo|mg/kg)\b`), matchFunc(func(q string) bool {
		return !personal.MatchString(q) && !patientWords.MatchString(q) && !kinWords.MatchString(q)
	})}},
	// "Is my athlete's foot bad enough for tablets?"
	r("bad_enough", words("enough|bastante|suficientemente"), `\b(bad|severe|serious|big|deep|widespread|infected|advanced|extensive|large) enough (for|to)\b|\b(lo )?(bastante|suficientemente) (grave|malo|mala|extens[oa]|grande|profund[oa]) (para|como para)\b`).withCtx(rx(`\b(my|his|her|our|mi|mis|su|sus)\b`)),
	// "Would radiotherapy or surgery be better given his heart condition?",
	// "Finasteride or minoxidil for me?", "would dupilumab suit me better?":
	// options weighed for a person named in the same sentence.
	{name: "options_for_person", any: words(" or |suit"), fn: optionsForPerson},
	// "Would a person with my kind of beard loss benefit from steroid
	// injections?"
	r("benefit_from", words("benefit from"), `\b(would|could|might|will|do|does|did|can) ([\w'-]+ ){0,10}?benefit from\b`).withCheck(ownerInMatch),
	// "The warts on my fingers, would cantharidin be worth trying?", "...
	// crusty for months. Worth getting checked?"
	{name: "worth_trying", any: words("worth "), re: rx(`\bworth (trying|a try|a shot|doing|getting|having|seeing|checking|starting|using|taking|booking|going)\b`), check: worthForPerson},
	// "Would my cat's ringworm explain the circles on my son's arms?"
	r("explain_my", words("explain"), `\b(would|could|might|does|can|may) ([\w'-]+ ){1,4}explain (the|my|his|her|our|this|these|why) ([\w'-]+ ){0,4}?(my|his|her|our)\b`),
	// "I'm leaning toward just watching it. Is that reasonable?": a plan for
	// a person, then whether it is sound.
	{name: "plan_reasonable", any: words("considering|leaning|planning|thinking|going to|plan to|want to|intend|pensando|planteando|quiero"), re: rx(`\b(considering|leaning (toward|towards)|planning (to|on)|thinking (of|about)|going to|plan to|want to|intend to|pensando en|planteando|quiero)\b`), check: clinicalPlan, ctx: anyOf{personal, patientWords}, unless: reInstitution, then: rx(`\b(reasonable|sensible|a good idea|a good plan|wise|ok|okay|appropriate|razonable|sensato|buena idea)\?`)},
	// "Fine to put my 1% hydrocortisone on my eyelid eczema for a month?"
	r("ok_to_my", cross("ok |okay |safe |fine |alright |all right ", "to "), `\b(ok|okay|safe|fine|alright|all right) to (use|put|apply|take|give|keep|stop|start|skip|double|mix|combine|continue|pop|squeeze|inject|rub|leave|cover|layer|stack) ([\w%'.-]+ ){0,3}(my|his|her|our)\b`),
	r("ok_to_continue", cross("ok |okay |safe |fine |alright |all right ", "to "), `\b(ok|okay|safe|fine|alright|all right) to (carry on|continue|keep (going|using|taking|applying|on)|stop|restart|go on|go ahead|resume|trial|try|give)\b`).withCtx(anyOf{firstPerson, patientWords, kinWords}),
	r("safe_for_me", cross("for ", "me|my|him|her|us|our"), `\b(safe|ok|okay|right|suitable|appropriate|a good idea|too strong|too much|too little|enough|strong enough|good|best|better|dangerous|bad|necessary|needed|indicated|worth it|sensible|wise|reasonable|ideal|advisable|recommended|effective|worthwhile|the (right|best|better|safest|wisest|correct) (choice|option|call|one|thing|move|plan|treatment|dose|strength|idea|approach)|an? (good|sensible|wise|reasonable|safe|better|right|bad) (choice|option|call|one|thing|move|plan|treatment|dose|idea|approach))( of [a-z-]+( [a-z-]+)?)? for (me|my|him|her|us|our)\b`),
	r("candidate", words("candidate"), `\b(am i|is (he|she|my [\w'-]+|his [\w'-]+|her [\w'-]+)|would (i|he|she|my [\w'-]+) be|are (we|they)|could (i|he|she|my [\w'-]+) be) (a )?(good |suitable |possible |likely )?candidates? for\b`),
	r("why_my_lesion", words("why "), `\bwhy (has|have|is|are|does|do|did|won't|isn't|hasn't|will not|is not) (my|his|her|our) ([\w'-]+ ){1,3}(started|begun|begin|become|became|gone|turned|changed|grown|keep|keeps|kept|stopped|not|suddenly|still|heal|healing|clear|clearing|go away|spreading|bleeding|itching|getting)\b`).unlessCtx(rx(`\bwhy (does|do|did|is|has|would) (my|his|her|our) (doctor|gp|dermatologist|derm|nurse|pharmacist|consultant|specialist|surgeon|midwife|dentist) `)),
	r("anything_i_can", words("anything|something"), `\b(anything|something)( [a-z]+){0,2} (i|we|he|she|my [\w'-]+) (can|could|should|might) (use|take|try|put|apply|give|do)\b`).withCtx(rx(`\b(my|his|her|our|this|these)\b`)),
	r("something_to_worry", words("worry|worried|concern|alarm"), `\b(something|anything) to (worry|be worried|be concerned) about\b|\bshould (i|we) (be )?(worry|worried|concerned)\b|\b(do|should) i worry\b|\bam i (worried|right to worry)\b`).unlessCtx(reProductWorry),
	r("diagnose_me", words("diagnose|treat|assess|examine|evaluate|check|look at|identify|tell me what|rate|score|grade|stage|classify"), `\b(diagnose|treat|assess|examine|evaluate|check|look at|identify|rate|score|grade|stage|classify) (me|my|him|her|us)\b|\b(diagnose|assess|examine|evaluate|check|look at|identify) (this|that|these|those) (\w+ )?`+lesionRE+`\b|\btell me what (this|that|it|these|my [\w'-]+) (is|are)\b`),
	r("what_do_you_think", words("what do you think|what's your|que opinas|que piensas|que te parece|que le parece"), `\b(what do you think|what's your (take|opinion|view)|que opinas|que piensas|que te parece|que le parece)\b`).withCtx(rx(`\b(my|his|her|our|photo|picture|pic|image|mi|mis|su|foto|imagen)\b`)),
	{name: "diagnose_the", any: words("diagnose|identify|check|look at|examine|assess|evaluate"), re: rx(`\b(diagnose|identify|check|look at|examine|assess|evaluate) (the|this|that|these|those) `), check: lesionThenOwner},
	r("how_do_i_treat", cross("how ", "do i|should i|can i|could i|do we|should we|can we"), `\bhow (do|should|can|could) (i|we) (treat|get rid of|cure|heal|fix|stop|clear|manage|handle|soothe|calm) (the |this |these |that |my |his |her |our )`).withCtx(rx(`\b(my|his|her|our|this|these)\b`)).unlessCtx(newWordMap(setOf("in general|generally|usually|typically|en general"))),
	// Treatment and dose, first or third person.
	{name: "should_i", any: words("should |shouldn't "), re: rx(`\bshould(n't| not)? (i|we|he|she|they|my [\w'-]+|our [\w'-]+|his [\w'-]+|her [\w'-]+|the patient|this patient|this [\w'-]+|that [\w'-]+|the [\w'-]+ old|grandma|grandpa|mum|mom|dad)\b`), unless: anyOf{genericAdvice, reRoutineOrder, reProductWorry, rx(`\bshould (we|they) (all |always |generally |usually )?(wear|use|apply|reapply|avoid|know|learn|worry about|be worried about) (sunscreen|sun|spf|products|the sun)\b|\bhow should (i|we) (take|photograph|document|record|store|send|label|pack|carry) \b|\bif (someone|somebody|anyone|a family member|a housemate|a roommate|people|others|other people|alguien|a child|a baby|a person|a patient|an adult|a teenager|children|kids|patients|adults|you|your)\b`)}},
	r("should_it", words("should it |should they "), `\bshould (it|they) (come off|come out|be (removed|cut out|biopsied|excised|frozen|checked|treated|drained|popped|covered|lanced|looked at|seen|left|burst|taken off|tested))\b`).withCtx(wordSet(words("my|his|her|our|this|these"))),
	r("whether_should", words("should "), `\b(whether|if) ([\w'.-]+ ){1,6}should\b|\bshould (continue|stop|start|restart|switch|increase|decrease|taper|use|take|apply|keep|get|be (sent|seen|referred|admitted|biopsied|treated|started|stopped|excised|removed|given|tested)) (her|his|my|their|our|it|this|the)\b`),
	r("can_i_use", cross("can |could |may ", "i |my |he |she |we |his |her "), `\b(can|could|may) (i|we|he|she|(my|his|her) ([\w'-]+ )?[\w'-]+) (still |keep |continue |safely |just )?(use|using|take|taking|inject|injecting|stop|start|apply|put|give|double|combine|mix|skip|increase|decrease|drink|breastfeed|reuse|share|borrow|pop|squeeze|go back|return|swim|shave|wax|tan|go tanning|get a tattoo|get vaccinated|exercise|shower|bathe|wear|do|attend|play|go to|go swimming|go on|go away|travel|fly|have|pick|scratch|burst|lance|cut|freeze|treat|cover|leave|remove|wash|go (from|up|down|off)|move (up|to|from)|switch|drop|lower|raise|come off|taper|wait)\b`).unlessCtx(anyOf{genericAdvice, rx(`\bcan (i|we|you) (catch|get|spread|pass|give) (it|this|that|them|[\w-]+) (from|to|by)\b|\bcan i (get|catch|have) [\w-]+ (from|more than|again|twice|if)\b`)}),
	r("what_should_i", cross("should |can |do |could |would |must ", "i |we |he |she |they |my |his |her "), `\bwhat([\w' -]{0,25})? (should|can|do|could|would|must) (i|we|he|she|they|my [\w'-]+|his [\w'-]+|her [\w'-]+) (do|use|take|put|apply|try|give|start|get|ask|buy|switch|avoid|eat)\b`),
	{name: "what_should_vignette", any: words("what should "), re: rx(`\bwhat should (a|an|the|this|my|our|his|her) `), then: rx(`\b(do|take|use|try|receive|get|be (given|prescribed|started|treated))\b`), unless: rx(`\b(when|if|whenever) (a|an|someone|somebody|their|your|one|children|kids)\b`)},
	{name: "how_much_should", any: cross("how ", "much |many |often |long |far |soon |fast |quickly |slowly "), re: rx(`\bhow (much|many|often|long|far|soon|fast|quickly|slowly) `), then: rx(`\b(should|can|do|must|could) (i|we|he|she|my [\w'-]+)\b|\b(on|for|to|in) (my|his|her|our) [\w'-]+`), unless: reRoutineAmount},
	{name: "which_for_me", any: words("which "), re: rx(`\bwhich (\w+ )?(biologic|drug|medication|medicine|cream|ointment|treatment|antibiotic|antifungal|steroid|dose|pill|tablet|dressing|sunscreen|moisturizer|moisturiser|shampoo|option|one|test|tests|procedure|laser|product|antihistamine|cleanser|retinoid|regimen)s?\b`), then: wordSet(words("should|to start|to use|to choose|to give|to prescribe|for me|for my|for him|for her|for us|is best for me|would you|do i|can i|i should|suits me|suit me|suits him|suits her|suit him|suit her|suits my|suit my|works for me|work for me|works best for me|work best for me"))},
	{name: "recommend_for_me", any: words("recommend|prescribe|suggest|advise|give"), re: rx(`\b(recommend|prescribe|suggest|advise|give)\b`), then: wordSet(cross("for |to |on ", "me|my|him|her|us|our|this"))},
	r("would_you", words("would you|if it were|if this were|if you were|in my shoes|in my place"), `\bwould you (start|use|give|prescribe|treat|biopsy|excise|do|choose|recommend|go with|pick|try|operate|refer|switch|stop|continue|say|guess|call|consider|remove|freeze|send|admit|worry|be worried|be concerned)\b|\bif (it|this) were (you|your)\b|\bif you were (me|him|her|in)\b|\bin my (shoes|place)\b`),
	r("dose_weight", words("weigh|kg|kilo|lb|pounds|stone"), `\b(i|he|she|my [\w'-]+) (weigh|weighs)\b|\bweighs? (about |around )?\d+ ?(kg|kilos?|lbs?|pounds)\b|\b(i'm|im|i am|he's|she's|he is|she is) (about |around )?\d+ ?(kg|kgs|kilos?|lbs?|pounds|stone)\b`),
	r("or_choice", words("or "), `\b(or not|or wait|or watch|or leave|or keep|or see|or go|or stop|or continue|or switch|or just|or should|or is it|or something|or leave it|or cover|or let it)\b`).withCtx(personal).unlessCtx(reKindAsked),
	r("do_i_act", cross("do |shall ", "i |we "), `\b(do|shall) (i|we) (just |still |now |then )?(take|use|apply|skip|stop|continue|restart|double|keep|give|put|try|wait|drain|pop|leave|cover|cut|remove|squeeze|scratch|go (back|up|down|to)|see|call|increase|decrease|lower|raise|switch|change|treat|ice|bandage)\b[^.?]*\?`).withCheck(atClauseStart).unlessCtx(genericAdvice),
	r("restart_stop", words("restart|stop|start|continue|switch|increase|decrease|taper|double|keep using|keep taking"), `\b(restart|stop|start|continue|switch|increase|decrease|taper|double|keep using|keep taking) (it|my|his|her|the [\w'-]+ i)\b[^.]*\?`).withCtx(firstPerson),
	// Triage.
	r("need_drug", words("need|take|use|get|start"), `\b(do|does|will|would|should) (i|we|he|she|they|my [\w'-]+|his [\w'-]+|her [\w'-]+) (really |still |now |also |all |both |actually |definitely |even )?(need|take|use|get|start) (an? |some |the |oral |topical |iv |intravenous )?(stronger |weaker |different |new |another |better |prescription |more )?([a-z]*(cycline|mycin|cillin|azole|vir|virs|sone|olone|mab|inib|oxacin|ectin|ethrin|afine|oxin)|antivirals?|antifungals?|antihistamines?|antibiotics?|medication|medicine|pills|tablets|a cream|an ointment|creams?|ointments?|lotions?|shampoos?|drops|steroids?|prednisone|methotrexate|isotretinoin|accutane|epipens?|epi-pens?|adrenaline|auto-?injectors?)\b`),
	r("need_care", words("need"), `\b(do|does|will|would) (i|we|he|she|they|(both |all )?(my|his|her|our) [\w'-]+( [\w'-]+){0,3}|it|this|these|that) (really |still |now |also |all |both |actually |definitely |even )?need (an? |the |another )?(iv |intravenous |oral |stronger |more |different |eye |skin |hospital |district )?(anything|nurse|biopsy|re-excision|excision|wider excision|sentinel node biopsy|sentinel lymph node biopsy|mri|mri scan|ct|ct scan|ultrasound|imaging|blood tests?|bloods|patch tests?|patch testing|swab|culture|antibiotics?|stitches|surgery|treatment|treating|checking|looking at|removing|draining|lancing|freezing|cutting out|tests?|testing|steroids?|scan|x-ray|referral|appointment|doctor|dermatologist|specialist|tetanus shot|tetanus|shot|vaccine|injection|medical attention|urgent care|to (see|go|visit|call|worry|be seen|be checked|be treated|be biopsied|stop|start|take|switch|change|finish|complete|continue|keep|repeat|stay|treat|pause|hold|withhold|skip|come off|taper|reduce|get (it|this|that|them|checked|tested|seen|a|an|more)|have (it|this|that|them)))\b`),
	r("go_to_er", words("er|e.r.|hospital|emergency|a&e|urgent care|walk-in|doctor|dermatologist|gp|clinic|pediatrician"), `\b(go|goes|going|come|sent|taken|take (him|her|them|my \w+|our \w+)) to (the )?(er|e\.r\.|hospital|emergency( room| department)?|a&e|urgent care|walk-in|doctor|dermatologist|gp)\b[^.]*\?|\b(take|bring) (my|our|him|her|them) ([\w'-]+ )?to (a|an|the) (doctor|dermatologist|er|hospital|gp|urgent care|emergency|a&e|clinic|pediatrician)\b`).unlessCtx(reGeneralSigns),
	// Indirect ways of asking whether to act for a person: "is there any
	// point in me going back on doxy?", "would it be mad to keep the
	// hydrocortisone going?", "would cryo do instead?", "can it wait till
	// Monday?", "¿sería una locura dejar el metotrexato?".
	r("indirect_should", words("any point|would it be|reason to|instead|way to go|make sense|any need|can it wait|can this wait|can that wait|overreact|seria|vale la pena|merece la pena|esta bien que|me salto|le salto|le digo que|la mandamos|lo mandamos|mando a|seguir viniendo|seguir yendo"), `\b(is there (any|much) point (in )?(me |him |her |us |them |my [\w'-]+ )?(trying|going|starting|taking|using|getting|seeing|having|carrying on|continuing|keeping)|would it be (mad|crazy|silly|daft|stupid|overkill|too much|ok|okay|wrong|bad|wise|sensible|unreasonable) to|is (that|this|it) a (good )?reason to (stop|start|switch|see|go|change|come off|lower|reduce|increase|drop|cut)|would ([\w'-]+ ){1,3}(do|work|help) instead|would ([\w'-]+ ){1,3}be the way to go|would ([\w'-]+ ){1,4}make sense for (me|him|her|us|them|my|his|our)|any need (for (me|him|her|us|them) )?to (see|go|get|call|book|take)|can (it|this|that) wait|am i (overreacting|being paranoid)|seria (una locura|exagerado|exagerada|mala idea|buena idea|demasiado|peligroso) |(vale|merece) la pena (que )?(probar|ir|llevar|pedir|hacer|seguir|tomar|ponerme|ponerle|gastar)|esta bien que (siga|sigamos|deje|dejemos|use|tome|le ponga|le de|me ponga)|(me|le) salto (la|el|una) |le digo que (vaya|pida|se quite|deje)|(la|lo) mandamos (a casa|al colegio|al cole)|mando a (mi|su) [a-z]+ al?|puede seguir (viniendo|yendo))\b`).withCtx(anyOf{personal, kinWords, patientWords}),
	// "What would help my brother's cracked heels?": a treatment for one
	// person.
	r("what_helps_my", words("help |work for |clear |soothe |heal "), `\bwhat (would|will|could|can|might) (help|work for|clear|soothe|heal) (my|his|her|our) `),
	// "Too soon to dye my hair, 5 days into a flare?"
	r("too_soon_my", words("too soon|too early|too late"), `\btoo (soon|early|late) to [\w'-]+ (my|his|her|our)\b`),
	// "¿Cómo la bajo?": how to change a drug for oneself or a patient.
	r("es_como_la_bajo", words("como "), `\bcomo (la|lo|le|las|los|se la|se lo) (bajo|subo|quito|dejo|retiro|pongo|doy|aplico|tomo|reduzco|voy bajando)\b`),
	// "My toenails are going yellow and crumbly, what's wrong with them?"
	r("whats_wrong_with", words("wrong with|going on with"), `\bwhat'?s? ?(is )?(wrong|going on) with (it|them|this|these|my|his|her|our|him)\b`).withCtx(anyOf{personal, kinWords}),
	// "Am I ok to wrestle with a cold sore?", "is she ok to swim?"
	r("ok_to_act", cross("am i |is he |is she |are we |is my ", "ok to|okay to|alright to|safe to|fine to|allowed to"), `\b(am i|is (he|she)|are we|is (my|his|her|our) [\w'-]+) (ok|okay|alright|safe|fine|allowed) to\b`),
	// "...my nail: worth a biopsy?", "¿necesitaría biopsia?": whether one
	// lesion needs a procedure.
	r("worth_a_biopsy", words("biops|excision|removal|dermatoscop|dermoscop"), `\b(worth|warrant|warrants|merit|merits|need|needs|necesita|necesitaria|requiere|requeriria) (an? |una )?(biopsy|biopsia|excision|removal|dermoscopy|dermatoscopia)\b`).withCtx(anyOf{personal, kinWords}).withCheck(inQuestion),
	// "...has gone from flat to raised, does that mean melanoma?"
	r("does_that_mean", words("mean"), `\bdoes (that|this|it) mean (it'?s |it is |i have |he has |she has |i've got )?(an? )?[a-z]{4,}`).withCtx(anyOf{personal, kinWords}).unlessCtx(rx(`\bdoes (that|this|it) mean (i|you|we|he|she|they) (can|should|have to|need|must|will)\b|\bdoes (that|this|it) mean anything\b`)),
	// "Con el tratamiento me duelen las articulaciones. ¿Es motivo para
	// dejarlo?"
	r("es_motivo", words("motivo"), `\b(es|seria) (un )?motivo (para|de) (dejarlo|dejarla|dejar|parar|suspender|cambiar|ir|preocuparme|consultar)\b`).withCtx(personal),
	// "¿se puede reventar este grano?", "¿se le puede poner la crema al
	// bebé?": the impersonal form about one person or lesion.
	r("es_se_puede_mine", words("se puede|se le puede|se les puede"), `\bse (le |les )?puede (reventar|quitar|poner|dar|usar|cortar|operar|exprimir|pinchar|tapar|dejar|ir|seguir|echar|aplicar)\b`).withCtx(anyOf{personal, kinWords, reCaseShorthand, rx(`\b(este|esta|estos|estas) (grano|granito|lunar|bulto|quiste|mancha|verruga|ampolla|herida|costra|ronchas|granos|lunares)\b`)}),
	// "¿Me tienen que quitar más piel?", "¿mi nena puede ir al cole?"
	r("es_me_tienen", words("me tienen|le tienen|tendria que|tendrian que|tendre que|tendran que|habria que|puede ir|puede usar|puede tomar|puede seguir|puede volver|puede banarse|puede nadar"), `\b(me|le) tienen que (quitar|operar|reoperar|reintervenir|volver a operar|hacer|poner|dar|ampliar|cortar)\b|\b(me|le|nos) (lo |la |los |las )?(tendria|tendrian|tendre|tendran|habria) que (quitar|operar|hacer|poner|dar|ampliar|cortar|tratar|biopsiar|congelar|extirpar|drenar|recetar|cambiar)\b|\b(mi|su) [a-z]+ puede (ir|usar|tomar|seguir|volver|banarse|nadar)\b`),
	// "¿Usted cree que me deba hacer la biopsia?", "¿vos se los sacarías?":
	// the asker's or a child's procedure, asked of the reader.
	r("es_usted_cree", words("cree que|crees que|sacarias|sacaria|quitarias|quitaria|harias|haria|operarias"), `\b(usted|vos|tu)? ?(cree|crees|cres) que (me|le|lo|la|se) (deba|debo|deberia|convenga|haga|hagan|quite|quiten|saque|saquen|opere|operen)\b|\b(vos|usted|tu) (se los |se lo |se la |le |lo |la )?(sacarias|sacaria|quitarias|quitaria|harias|haria|operarias|operaria|pondrias|pondria|darias|daria)\b`).withCtx(anyOf{personal, kinWords}),
	// "...i'm stopping, right?": a decision announced for approval.
	r("announced_stop", words("stopping|starting|switching|going to stop|gonna stop"), `\b(i'm|im|i am) (stopping|starting|switching|going to stop|gonna stop|coming off|quitting)\b[^?]*\b(right|ok|okay|yes)\?`),
	// "Is 0.1% tretinoin too strong to start with for me?"
	r("too_strong_for_me", words("too strong|too weak|too much|too little"), `\btoo (strong|weak|much|little|harsh|mild) (to (start|use|begin)( with)? )?for (me|him|her|us|my)\b`),
	// "When do I drop to twice a week?": when to change one's own treatment.
	r("when_do_i_change", cross("when ", "do i|should i|can i|shall i|do we|should we|can we"), `\bwhen (do|should|can|shall) (i|we) (drop|stop|start|switch|reduce|taper|go back|restart|increase|come off|cut down|change)\b`),
	// "How long do I have to stay off work with shingles?": whether one
	// person may go to work, school or nursery.
	r("stay_off", words("off |away from |home from |out of "), `\b(do|does|should|must|can|will) (i|we|he|she|they|(my|our|his|her) [\w'-]+)( [\w'-]+)? (have to |need to |still )?(stay|keep|be kept|remain|go back|return) (off|away from|home from|out of|to) (work|school|nursery|daycare|day care|college|class|the gym|sport|swimming|football)\b`),
	// "... refusing bottles - when do we go in?": when to seek care for
	// someone.
	r("when_go_in", cross("when ", "do we|should we|do i|should i|must we|must i"), `\bwhen (do|should|must) (we|i) (go in|go to|take (him|her|them)|bring (him|her|them)|call (the|an|111|999|911)|ring)\b`),
	{name: "triage_question", fn: triageQuestion, ctx: anyOf{personal, wordSet(words("this|these")), kinWords}},
	{name: "clinician_plan", any: words("wants|suggest|recommend|advise|prescribe|propose|offer|put |start|quiere|propon|propus|recomend|recomiend|recet|mand"), re: rx(`\b(doctor|doc|gp|dermatologist|derm|consultant|nurse|paediatrician|pediatrician|pharmacist|surgeon|specialist|medico|medica|doctora|dermatologo|dermatologa|pediatra|enfermera|enfermero|farmaceutico|farmaceutica|especialista)('s)? (wants|suggested|suggests|recommended|recommends|advised|advises|prescribed|proposed|proposes|offered|offers|put|started|is putting|is starting|quiere|propone|propuso|recomendo|recomienda|receto|mando|le mando|me mando|ha mandado|le receto|me receto)\b`), then: rx(`\b(worth it|worth doing|worth trying|is (that|it|this) (really )?(right|ok|okay|safe|necessary|needed|wise|a good idea|sensible|the best|the right)|should (i|we|he|she)|do (i|we|they) (have to|need|really need)|does (he|she) (have to|need|really need)|should i agree|hace falta|merece la pena|vale la pena|le conviene|me conviene|es necesario|lo (dejo|acepto)|la (dejo|acepto)|deberia|debo|tiene que)\b`), unless: rx(`\b(why|how come|por que)\b`)},
	// Images.
	r("image", words("photo| pic|image| file|attach|upload|picture|foto|imagen|adjunt|enclos|snap|screenshot|screen shot"), `\b(attached|enclosed|uploaded|attach|upload) (photo|picture|image|pic|photograph|file|dermoscopy|scan|screenshot)s?\b|\b(photo|picture|image|pic|photograph|dermoscopy image|dermoscopic image|screenshot|screen shot)s? (is |are )?(attached|enclosed|uploaded|i (uploaded|sent|attached|shared|posted|took|included)|we (sent|uploaded|took))\b|\b(see|in|from|on|using|per|based on) (the|this|my|these) (photo|picture|image|pic|photograph|dermoscopy image|dermoscopic image|screenshot)s?\b|\b(this|my|these) (photo|picture|image|pic|photograph)s?\b|\b(i'?ve|i have|i) (attached|uploaded|enclosed)\b|\badjunto (una |la |el |dos |unas |mi |mis )?(foto|fotos|imagen|imagenes|fotografia|archivo)\b|\b(foto|fotos|imagen|imagenes|fotografia)s? (que )?(te |le |les )?(mando|envio|adjunto|subo|subi|mande|envie|adjunte|adjuntada|adjunta|paso)\b|\b(en|de) (la|esta|esa|mi) (foto|imagen|fotografia)\b|\b(te|le|les|os) (mando|envio|paso|adjunto|dejo|comparto) (una |la |unas |las )?(foto|fotos|imagen|imagenes)|\b(here'?s|here is|heres|sending|sent you|this is) (a |an |the |some )?(photo|picture|pic|image|snap)s?\b|\b(photo|picture|pic|image|close-up|closeup)s? of (my|his|her|our|the)\b|\bscreenshot (from|of) (my|his|her|our|the)\b`),
	// "Ve la foto: ¿este lunar de mi hombro tiene algo raro?": "ve" opens
	// its clause, unlike "se ve la foto".
	// "Look at the image, the edge is rolled and pearly. BCC?": an order to
	// look at an image, opening a clause.
	r("look_at_image", words("photo|pic|image|picture"), `\b(look at|check|view|open|see) (the|this|my|these|our) (photo|picture|image|pic|photograph)s?\b`).withCheck(atClauseStart),
	r("es_see_photo", words("foto|imagen"), `\b(ve|mira|mire|vea|fijate en|observa|observe) (la|esta|mi|las|estas|mis) (foto|fotos|imagen|imagenes|fotografia)\b`).withCheck(atClauseStart),
	// Case vignettes: an age or a framing, and a decision.
	{name: "vignette_age", any: words("old|y/o|yo|anos|meses|semanas|dias"), re: rx(`(year|yr|month|week|day|mo|wk)s?[ -]old\b|(y/o|yo)\b|(anos|meses|semanas|dias)\b`), check: agedPerson, then: vignetteAsks, unless: vignetteGeneric},
	{name: "vignette_framing", any: words("case|scenario|vignette|suppose|imagine|hypothetic|caso|escenario|supongamos|supon|imagina|pongamos"), re: rx(`\b(case|scenario|vignette|caso|escenario|clinical case|caso clinico)\s*:|\b(suppose|imagine|hypothetically|supongamos|supon|imagina|imaginemos|hipoteticamente|pongamos que) (a|an|una|un|that|que|my|mi|this|este|esta|el|la)\b`), then: rx(`\?`)},
	{name: "what_diagnosis", any: words("diagnosis|dx|next step|management|diagnostico|siguiente paso"), re: rx(`\b(what'?s|what is|whats|what would be|cual es|cual seria) (the|el) (most )?(likely |probable )?(diagnosis|dx|next step|best next step|next best step|management|diagnostico|siguiente paso)\b`), check: notOfFor},
	{name: "vignette_subject", fn: vignetteSubjectAsk},
	r("vignette_person", words("in his|in her|aged|of "), `\b`+personRE+` (in (his|her) (early |late |mid-)?\d0s|aged \d{1,3}|of \d{1,3})\b[^?]*\?`),
	r("pt_terse", words("pt|patient|paciente"), `\b(pt|patient|paciente)\.?:? \d{1,3} ?(y/?o|yo|years?|anos|f|m)\b[^?]*\?`),
	// Relatives and patients: the asker names the person, then a decision.
	{name: "my_person", any: words("my |our |mi |nuestro |nuestra "), re: rx(`\b(my|our|mi|nuestro|nuestra) (patient|child|son|daughter|baby|toddler|infant|husband|wife|partner|mother|father|mom|mum|dad|kid|kids|boyfriend|girlfriend|friend|brother|sister|grandmother|grandfather|grandma|grandpa|grandson|granddaughter|aunt|uncle|niece|nephew|teen|teenager|paciente|hijo|hija|bebe|nino|nina|esposo|esposa|marido|mujer|pareja|madre|padre|mama|papa|hermano|hermana|abuelo|abuela|nieto|nieta|amigo|amiga)\b`), then: rx(`\b(should|dose|dosage|how much|start|stop|switch|which (\w+ )?(biologic|drug|medication|medicine|cream|ointment|treatment|antibiotic|antifungal|steroid|dose|pill|tablet|dressing|sunscreen|moisturi[sz]er|shampoo|option|one|test|procedure|product|antihistamine|lotion|soap)|does (he|she|it) have|is (he|she)|will (he|she)|diagnosis|diagnose (it|him|her)|what to do|treat (it|him|her|this)|excis|biops|refer|monitor|watch|worried|worry|what (can|should|do) (i|we)|debo|deberia|le pongo|le doy|le aplico|la llevo|lo llevo|tiene que|necesita|puede (usar|tomar|ir)|que le|cuanto|cuanta|es grave|sera|next step|next line|next option)`), unless: anyOf{reProcessAsked, rx(`\bhow much (more|less|better|difference)\b|\b(cuanta|que) diferencia\b`), rx(`\b(was|were|has been|have been|got|fue|ha sido|esta) (just |recently |already )?(diagnosed|diagnosticad[oa])\b[^?]*\b(how|what|why|when|where|cuanto|como|que|por que)\b [^?]*(usually|typically|generally|normally|last|mean|suelen|normalmente|dura|duran)`), matchFunc(onlyWhyQuestions), newWordMap(setOf("in general|en general|por lo general"))}},
	// Terse questions after a personal description or a vignette:
	// "... under my thumbnail. Melanoma?", "70F, new ulcer on the shin.
	// Antibiotics?", "¿biopsia o vigilar?".
	// Its context is a vignette's subject or one of the alternatives of
	// \b(i|i'm|...|doc)\b|\b\d{1,3} ?(f|m|...)\b|...: for a yes or no, an
	// alternation is any of its parts, and the parts run cheapest first,
	// the words without an expression, the ages in digits from
	// ageDigitStarts.
	{name: "terse_question", fn: terseQuestion, ctx: anyOf{
		terseAskerWords,
		newFastREAt(`\b\d{1,3} ?(f|m|yo|y/o|yof|yom)\b|\b\d{1,3}[ -]?(year|yr|month|week|day)s?[ -]old\b`, ageDigitStarts).within(40),
		rx(`\b(hombre|mujer|varon|nino|nina|bebe|paciente) de \d{1,3}\b`),
		rx(`\b(teenager|teen|woman|man|boy|girl|child|infant|baby|toddler|resident|senora|senor|nino|nina|mujer|hombre|bebe|adolescente) (with|con|de)\b`),
		reCaseShorthand,
		kinWords,
		reImpliedFirstPerson,
		reTelegraphicFinding,
		vignetteSubject,
	}},
	// "nephew, 9, round bald patch with black dots. tinea capitis or
	// alopecia areata?", "79M care home, tense bullae... clobetasol or oral
	// pred?": a short choice after a particular person is described.
	{name: "final_choice", any: words(" or | o "), fn: finalChoice, unless: anyOf{reChoiceGeneral, reKindAsked, reRoutineOrder, reInteraction}},
	r("tell_me_if", words("tell me|let me know|dime|digame|decir si|decirme si"), `\b(tell me|let me know|dime|digame|decir|decirme) (if|whether|si) (my|this|that|these|his|her|it|i|mi|este|esta|esto|eso|es|tengo|lo|la|le)\b`),
	{name: "option_or_option", any: words(" or | o "), re: rx(`\b(biopsy|biopsia|excise|excision|extirpar|freeze|freezing|cryo|cryotherapy|crioterapia|surgery|cirugia|mohs|observe|observation|observar|watch|vigilar|monitor|wait|esperar|treat|tratar|antibiotics?|antibioticos?|steroids?|corticoides?|cream|crema|refer|derivar|referral|laser|remove|removal|quitar|leave it|dejarlo|topical|topico|oral|pills|pastillas|isotretinoin|isotretinoina|methotrexate|metotrexato|biologic|biologico|dupilumab|phototherapy|fototerapia|injections?|inyecciones|infiltraciones|infiltracion|radiotherapy|radioterapia|radiation)\b,? (or|o) (\w+ )?(biopsy|biopsia|excise|excision|extirpar|freeze|freezing|cryo|cryotherapy|crioterapia|surgery|cirugia|mohs|observe|observation|observar|watch|vigilar|monitor|wait|esperar|treat|tratar|antibiotics?|antibioticos?|steroids?|corticoides?|cream|crema|refer|derivar|referral|laser|remove|removal|quitar|leave it|dejarlo|topical|topico|oral|pills|pastillas|isotretinoin|isotretinoina|methotrexate|metotrexato|biologic|biologico|dupilumab|phototherapy|fototerapia|injections?|inyecciones|infiltraciones|infiltracion|radiotherapy|radioterapia|radiation|not|no|nothing|nada)\b[^.]*\?`), ctx: personal, unless: rx(`\b(when|how|why|what|difference|cuando|como|por que|diferencia)\b[^?]*\b(usually|generally|typically|chosen|preferred|decided|suele|suelen|se elige|se decide|en general)\b`)},
	// Spanish.
	r("es_is_short", words("es |sera |seria |son |puede ser|podria ser|soy |estoy "), `\b(es|sera|seria|seran|son|puede ser|podria ser) (solo |solamente |simplemente |nada mas que |quiza |acaso |tal vez )?(un |una |algo )?[a-z]+( [a-z]+)?\?|\b(soy|estoy) (alergic[oa]|contagios[oa]|infectad[oa]|inmune)\b`).withCtx(anyOf{personal, kinWords}).withCheck(atClauseStart).unlessCtx(rx(`\bes normal [a-z]+(ar|er|ir) |(es|son|sera|seria) (para siempre|de por vida|para toda la vida)|(es|son) (un |una )?(antibiotico|antibioticos|corticoide|corticoides|antifungico|antiviral|antihistaminico|medicamento|farmaco|generico|biologico|retinoide|vacuna|crema|pomada|marca)\b|(es|son|sera|seria) (un |una )?(contagios[oa]s?|hereditari[oa]s?|genetic[oa]s?|curable|comun|frecuente|cronic[oa]|autoinmune|permanente|cierto|verdad|lo mismo|normal que|bueno|malo para)\b`)),
	{name: "es_cuanto", any: words("cuant|hasta cuando"), re: rx(`\b(cuanto|cuanta|cuantos|cuantas|cada cuanto|cuanto tiempo|hasta cuando) `), then: rx(`\b(me|le|te|nos|les) |\b(mi|su|mis|sus) [a-z]+|\b(lo|la|los|las) (tomo|uso|aplico|sigo|dejo|pongo|llevo)\b`)},
	r("es_me_recomiendas", words("recomiend|recomendar|aconsej|sugier|recetari"), `\b(me|le|nos|les) (recomiendas|recomienda|recomiendan|recomendarias|recomendaria|aconsejas|aconseja|aconsejarias|sugieres|sugiere|recetarias|recetaria)\b`),
	r("es_que_tomo", words("tomo|uso|aplico|pongo|doy|necesito|echo|unto|compro|compramos|pido"), `\b(que|cuanta|cuanto|cuantas|cuantos|cual|cuales) [a-z ]{0,40}\b(tomo|uso|aplico|me pongo|me tomo|le doy|le pongo|me aplico|necesito|le echo|me echo|me unto|le unto|me compro|le compro|compro|compramos|le pido|me pido|pido)\b`).withCheck(verbNotNoun),
	r("es_que_puede_ser", words("puede ser|podria ser|sera esto|sera eso"), `\bque (puede|podria|pudiera) ser\b|\bque sera (esto|eso)\b`).withCtx(personal),
	r("es_weight", words("peso |pesa "), `\b(peso|pesa) (unos |alrededor de )?\d+ ?(kg|kilos?)\b`),
	{name: "es_tengo", any: words("tengo|tendre|tendria|tendra|tiene"), re: rx(`\b(tengo|tendre|tendria|tendra|tiene) ([a-z]+ ){0,3}[a-z]+\?`), check: tengoWhat},
	r("es_que_tengo", words("tengo|tiene|sera|es esto|es eso|me pasa|le pasa|me sale|le sale"), `\b(que|cual) (tengo|tiene mi \w+|tiene|sera|es esto|es eso|me pasa|le pasa|me sale|le sale|tengo en)\b|\b(tengo|tiene) algo (grave|malo|serio)\b`).withCheck(queAsks).withCtx(anyOf{personal, kinWords}).unlessCtx(reTermAsked),
	r("es_crees", words("crees|cree |creen|piensas|piensa |dirias|diria |opinas|opina "), `\b(crees|cree|creen|piensas|piensa|dirias|diria|opinas|opina) (usted |tu )?(que )?(es|sea|son|sean|tengo|tiene|puede|podria|deberia|debo|hay que|necesito|necesita|seria)\b`),
	r("es_this_lesion", words(" es| son| sera| parece| podria ser| puede ser| significa"), `\b(este|esta|estos|estas|ese|esa|mi|mis|el|la|los|las) (`+lesionES+`)\b( [a-z]+){0,8} (es|son|sera|seran|parece|parecen|podria ser|puede ser|significa)\b[^.]*\?`).withCtx(rx(`\b(este|esta|estos|estas|ese|esa|mi|mis|me|tengo|le|su)\b`)).unlessCtx(anyOf{matchFunc(onlyWhyQuestions), reKindAsked, rx(`\b(dijo|dice|ha dicho|dijeron|comento|explico|confirmo) que (mi|su|el|la|los|las) `)}),
	r("es_is_it", words("es |son |sera |seran |seria |puede ser|podria ser"), `\b(es|sera|seria|seran|son|puede ser|podria ser) (un |una )?(cancer|melanoma|benigno|benigna|maligno|maligna|grave|peligroso|peligrosa|normal|sarna|tina|psoriasis|eccema|eczema|herpes|infeccion|alergia|urticaria|vitiligo|hongos|un hongo|algo grave|algo malo|malo|preocupante)\b`).withCtx(personal).withCheck(atClauseStart).unlessCtx(rx(`\bes normal [a-z]+(ar|er|ir) `)),
	r("es_hace_falta", words("hace falta|es necesari|merece la pena|vale la pena|compensa"), `\b(hace falta|es necesario|es necesaria|merece la pena|vale la pena|compensa)( [a-z]+){0,3}\?`).withCtx(rx(`\b(mi|mis|me|le|su|sus|tengo)\b`)).withCheck(atClauseStart),
	// "mi pareja tiene molusco en la cara, ¿se lo tienen que quitar?",
	// "mi abuelo toma sintrom..., ¿se lo toma?": what to do for the person
	// named.
	r("es_se_lo", words("se lo |se la |se los |se las |se le |me lo |me la "), `\b(se (lo|la|los|las|le)|me (lo|la)) (tienen que|tiene que|toma|tomo|pongo|quito|quitan|quitamos|dejo|dejamos|doy|damos|aplico|ponemos|hacen|hago|cambio|cambiamos|reviento|revientan|pincho|corto)\b`).withCtx(anyOf{personal, kinWords}).withCheck(atClauseStart),
	// "¿me hago la depilación láser con la hidradenitis activa?": a
	// procedure for the asker.
	r("es_me_hago", words("me hago|me opero|me quito|me saco"), `\bme (hago|opero|quito|saco)\b`).withCheck(atClauseStart),
	r("es_puedo", words("puedo|podria|puede |podemos|pueden"), `\b(puedo|podria|podemos|puede (mi|su) \w+( de \d{1,3} (anos|meses))?|pueden (mis|sus) \w+) (seguir |dejar de |empezar a |volver a |usar y |tambien )?(seguir con|continuar con|juntar|meter|meterme|quitar|reventar|volar|viajar|subir|bajar|aumentar|reducir|doblar|duplicar|volver|usando|tomando|aplicando|aplicandome|poniendome|poniendole|dandole|esperar|aguantar|usar|tomar|aplicar|aplicarme|ponerme|poner|ponerle|darle|dar|mezclar|combinar|beber|tomarme|broncearme|depilarme|ir|banarme|nadar|hacerme|tatuarme|usarla|usarlo|tomarla|tomarlo|exponerme|tomar el sol|rascarme|reventar|quitarme|cortar|dejar|suspender|embarazarme|amamantar|dar el pecho|vacunarme|operarme)\b`).unlessCtx(anyOf{genericAdvice, rx(`\b(contagiarme|contagiar|pegar|transmitir)\b`)}),
	r("es_debo", words("debo|deberia|tengo que|necesito|hace falta|deberiamos|debemos|tenemos que|necesitamos|tiene que|necesita|debe "), `\b(debo|deberia|tengo que|necesito|hace falta que|deberiamos|debemos|tenemos que|necesitamos|tiene que|necesita|debe) (ya |urgentemente |de nuevo )?(tratarnos|tratarme|tratarlo|tratarla|tratarlos|usar|tomar|aplicar|ir|ver|pedir|dejar|suspender|parar|seguir|empezar|cambiar|consultar|acudir|preocuparme|preocuparse|hacerme|hacerse|operarme|operarse|llevar|llevarla|llevarlo|quitarme|quitarse|quitar(se|me)(lo|la|los|las)|faltar|quedarse en casa|quedarme en casa|llamar|avisar|biopsiar|tratar|tratarme|tratarlo|tratarla|vigilar|antibiotico|antibioticos|biopsia|una biopsia|cirugia|puntos|tratamiento|un dermatologo|un medico|al medico|al dermatologo|urgencias|a urgencias)\b`).withCheck(esModalPerson).unlessCtx(anyOf{genericAdvice, matchFunc(onlyWhyQuestions), rx(`\b(tengo que|debo|deberia|necesito) (usar|ponerme|aplicarme|llevar) (protector|crema solar|fotoprotector|sombrero|gafas)\b[^?]*\b(invierno|nublado|siempre|todos los dias|cada dia)\b|\b(tengo que|debo|deberia|necesito|hay que) (usar|ponerme|llevar) (chanclas|sandalias|zapatillas)\b`)}),
	r("es_que_le_pongo", words("pongo|doy|aplico|recomienda|recet|conviene|sirve|vendria|iria"), `\b(que|cual|cuanta|cuanto|cuantas|cuantos) ([a-z]+ ){0,3}(le|me|te|les) (pongo|doy|aplico|recomiendas|recomienda|recomiendan|receto|recetas|recetaria|conviene|convienen|sirve|sirven|vendria|irian|iria|pongo)\b`),
	r("es_conviene", words("conviene|basta|bastaria|alcanza|serviria|funcionaria|quitaria|curaria|ayudaria|quitara|curara|ira |iria|vendria"), `\b(me|le|les|nos) (conviene|convienen|convendria|basta|bastaria|alcanza|alcanzaria|serviria|funcionaria|quitaria|curaria|ayudaria|quitara|curara|ira bien|iria bien|iria mejor|irian mejor|vendria bien|vendria mejor|vendrian bien|vendrian mejor)\b`),
	r("es_le_sirve", words("sirve|servira|vale "), `\b(me|le|les|nos) (sirve|sirven|servira|vale) (a (mi|mis|su|sus) [a-z]+ )?(el|la|los|las|mi|mis|su|sus|esta|este|esa|ese)\b`).withCtx(rx(`\b(mi|mis|su|sus)\b`)),
	r("es_llevo", words("llev|voy|vamos|ir |acud|mand|acerc|traigo"), `\b(la|lo|le|los|las) (llevo|llevamos|mando|mandamos|acerco|acercamos) (ya |hoy |ahora |esta noche |manana )?(a|al) (urgencias|medico|hospital|dermatologo|pediatra|doctor|consulta|centro de salud)\b|\b(llevo|llevamos|mando|mandamos|acerco|acercamos|traigo) (ya |hoy |ahora )?(a )?(mi|mis|nuestro|nuestra|nuestros) [a-z]+ (ya |hoy |ahora )?(a|al) (urgencias|medico|hospital|dermatologo|pediatra|doctor|consulta|centro de salud)\b|\b(voy|vamos|acudo|acudimos|tiene que ir|debe ir|debo ir|tengo que ir|hay que llevarla|hay que llevarlo|necesito ir|necesita ir) (ya |hoy |urgentemente |corriendo )?(a|al) (urgencias|medico|hospital|dermatologo|pediatra|doctor|consulta|especialista|centro de salud)\b`),
	r("es_puede_esperar", words("esperar|aguantar"), `\b(puedo|podemos|puede|podria) (esperar|aguantar) (a|al|hasta)\b`).withCheck(esModalPerson),
	{name: "es_first_verb", any: words(esFirstVerbs), fn: esFirstVerb, unless: anyOf{rx(`\b(en general|normalmente|habitualmente|por lo general|de rutina|siempre|cualquier|cualquiera)\b`), reRoutineOrder}},
	r("es_que_hago", words("hago|hacemos|harias|haria|hacer|fuera|estuviera|en mi lugar|operaria|tratari|usari|empezari|recetari|biopsiari"), `\b(que|q) (hago|hacemos|harias|haria usted|haria|debo hacer|debemos hacer|le hago|me hago|puedo hacer|tengo que hacer)\b|\bsi (fuera|fueras|estuviera|estuvieras) (usted|tu|vos|en mi lugar)\b|\ben mi lugar\b|\b(operaria|tratarias|trataria|usarias|usaria|empezarias|empezaria|recetarias|recetaria|biopsiarias|biopsiaria)\b`),
	// "¿Mi hermano tiene lupus?"
	r("es_kin_tiene", words("tiene|tendra|tendria"), `\b(mi|su|nuestro|nuestra) (`+esKinRE+`) (tiene|tendra|tendria) ([a-z]+ ){0,2}[a-z]+\?`).withCheck(kinTieneWhat),
	// "¿Puede ser por el enalapril que se me hinche la lengua?"
	r("es_puede_ser_por", words("puede ser|podria ser|pudiera ser"), `\b(puede|podria|pudiera) ser (por|de|culpa de|a causa de|debido a|una reaccion a|alergia a|reaccion a) (el|la|los|las|mi|mis|un|una|esta|este|ese|esa) `).withCtx(rx(`\b(me|mi|mis|le|tengo)\b`)),
	// "Una amiga está embarazada y tiene sarna, ¿puede usar permetrina?":
	// the subject is a person named before.
	r("es_puede_usar", words("puede |podria |pueden |podrian "), `\b(puede|podria|pueden|podrian) (seguir |empezar a |volver a )?(usar|tomar|aplicar|aplicarse|ponerse|ir|banarse|nadar|amamantar|dar el pecho|vacunarse|operarse|seguir con|volver)\b`).withCheck(atClauseStart).withCtx(rx(`\b(mi|mis|su|sus|nuestro|nuestra|un amigo|una amiga|ella|el|mi paciente|la paciente|el paciente)\b`)).unlessCtx(rx(`\b(alguien|una persona|cualquier|cualquiera|la gente|las personas|los pacientes|las embarazadas|una embarazada|en general|normalmente|se puede)\b`)),
	// "¿Me drenan el quiste o me lo quitan entero?": what clinicians will do
	// to the asker.
	r("es_me_hacen", cross("me ", "lo |la |los |las |drenan|quitan|operan|congelan|queman|infiltran|pinchan|hacen|ponen|recetan|cortan|extirpan|biopsian|mandan|dan "), `\b(me) (lo |la |los |las )?(drenan|quitan|operan|congelan|queman|infiltran|pinchan|hacen|ponen|recetan|cortan|extirpan|biopsian|mandan|dan)\b[^.;]*\?`).withCheck(atClauseStart),
	// "Mi tía tiene una llaga que huele mal. ¿Hay que llamar al médico hoy?"
	r("es_hay_que", words("hay que"), `\bhay que (llamar|avisar|llevarla|llevarlo|llevarle|ir|acudir|consultar|quitarselo|quitarsela|quitarlo|quitarla|tratarlo|tratarla|tratarle|darle|ponerle|cambiarle|suspender|suspenderle|parar|dejar|operar|operarle|operarlo|operarla|biopsiar|pincharlo|drenarlo|drenar|vacunarlo|vacunarla|preocuparse|hacerle|hacer algo|ingresarla|ingresarlo)\b`).withCheck(atClauseStart).withCtx(rx(`\b(mi|mis|su|sus|le|me|tengo|nuestro|nuestra)\b`)),
	// "¿Cuánto tiempo sigo con el Efudix?": a duration in the first person.
	r("es_cuanto_sigo", words("cuant|hasta cuando"), `\b(cuanto tiempo|cuantos dias|cuantas semanas|cuantos meses|hasta cuando|cuanto|cuanta|cuantas|cuantos) (mas )?(sigo|tomo|uso|aplico|pongo|dejo|espero|continuo|debo|tengo que|necesito|puedo|seguimos|esperamos|dejamos|usamos|aplicamos|ponemos|damos|doy|le doy|le pongo|le aplico|me pongo|me aplico|me tomo|me dejo|le dejo|lo dejo|la dejo|mantengo|mantenemos)\b`),
	// "¿Es buena idea que mi hijo de 7 años empiece con dupilumab?"
	r("es_buena_idea_que", words(" que "), `\b(es|seria|sera) (buena idea|mala idea|recomendable|seguro|segura|peligroso|peligrosa|conveniente|necesario|prudente|sensato|mejor|normal|grave) que (mi|mis|su|sus|yo|me|le|nuestro|nuestra|nos)\b`),
	r("es_should_worry", words("preocup|grave|urgente"), `\b(deberia|debo|debemos|tengo que|hay que) preocupar(me|nos|se)\b|\bes (grave|urgente|preocupante)\b[^.]*\?|\b(me|nos) (preocupo|preocupamos)\b[^.]*\?`).withCtx(rx(`\b(mi|mis|me|tengo|le|su|sus)\b`)),
}

// kinRE names a person close to the asker, or a clinician's patient.
const kinRE = `son|daughter|baby|toddler|infant|newborn|husband|wife|partner|mother|father|mom|mum|dad|kid|boyfriend|girlfriend|friend|brother|sister|grandmother|grandfather|grandma|grandpa|grandson|granddaughter|aunt|uncle|niece|nephew|teen|teenager|patient|child|little one`

// esKinRE is kinRE's Spanish counterpart.
const esKinRE = `nene|nena|hijo|hija|bebe|nino|nina|esposo|esposa|marido|mujer|pareja|madre|padre|mama|papa|hermano|hermana|abuelo|abuela|nieto|nieta|amigo|amiga|tio|tia|sobrino|sobrina|novio|novia|paciente`

// kinWords name a person close to the asker: "husband got stung, now hives
// everywhere. 999?".
var kinWords = newWordMap(func() map[string]bool {
	set := setOf(kinRE + "|" + esKinRE + "|" + moreKin)
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
const moreKin = "crio|cria|chaval|chavala|peque|grandad|granddad|alumno|alumna|nan|nana|gran|granny|nanna|hubby|missus|stepson|stepdaughter|coworker|co-worker|colleague|pupil|resident|wee one|nene|nena|nino|nina"

// patientWords name a clinician's patient.
var patientWords = indexWords(words("patient|pt|paciente|la paciente|el paciente"))

// bodySet holds the parts of the body of bodyRE and their plurals.
var bodySet = func() *wordMap {
	m := map[string]bool{}
	for _, w := range words(strings.Trim(bodyRE, "(?:)")) {
		m[w], m[w+"s"] = true, true
	}
	return newWordMap(m)
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
		if start > 0 && isWordByte(q[start-1]) {
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
		for start > 0 && (isLower(q[start-1]) || q[start-1] == '-') {
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
	rePlanWords  = newWordMap(setOf("stop|stopping|start|starting|restart|switch|switching|watch|watching|wait|waiting|treat|treating|treatment|dose|daily|mg|cream|ointment|biopsy|excision|excise|remove|removing|taking|using|applying|tablets|tablet|pills|injection|injections|suppressive|therapy|drug|medication|antibiotics|steroids|dejar|empezar|tratamiento|dosis|crema|pastillas|esperar|vigilar|quitar|biopsia"))
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

// withCtx returns rl requiring ctx anywhere in the question.
func (rl rule) withCtx(ctx matcher) rule { rl.ctx = ctx; return rl }

// withCheck returns rl with check.
func (rl rule) withCheck(check func(q string, m []int) bool) rule { rl.check = check; return rl }

// unlessCtx returns rl refusing questions where m matches.
func (rl rule) unlessCtx(m matcher) rule { rl.unless = m; return rl }

// verbNotNoun vets a Spanish verb that is also a noun: "uso" in "el uso de
// corticoides" names a use, not the asker using something.
func verbNotNoun(q string, m []int) bool {
	if w := prevWords(q, m[0], 1); len(w) > 0 && modalBeforeQue[strings.TrimPrefix(w[0], "¿")] {
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
	if w := prevWords(q, m[0], 1); len(w) > 0 && questionWords[w[0]] {
		return false // "what is that exactly?", "how is it done?" ask what or how, not whether
	}
	rest := q[m[2*6]:]
	if w := nextWord(rest, 0); w == "me" || w == "us" {
		return false // "or is that just me?" asks whether others share it
	}
	if generalAdverbs[nextWord(rest, 0)] {
		return false // "are they ever cancerous?" asks about a kind of lesion
	}
	if comparatives[nextWord(rest, 0)] && strings.Contains(firstWords(rest, 6), " than ") {
		return false // "are they actually worse than sunbathing?" compares
	}
	return !propertyWords.MatchString(firstWords(rest, 2)) && !notDiagnosisWords.MatchString(firstWords(rest, 2)) && !strings.HasPrefix(rest, "to ") && !strings.HasPrefix(rest, "the same") &&
		m[2*6+1]-m[2*6] > 1
}

// questionWords before "is it" ask what, how or why, not whether.
var questionWords = setOf("what|how|why|when|where|which|who")

// comparatives before "than" compare kinds of thing.
var comparatives = setOf("worse|better|safer|riskier|more|less|stronger|weaker")

// generalAdverbs after "is it" make the question one about a kind of thing.
var generalAdverbs = setOf("ever|always|usually|often|sometimes|generally|typically|normally|all|mostly")

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
		if lesionSet.has(w) || i+1 < len(ws) && lesionSet.has(w+" "+strings.Trim(ws[i+1], ",:'\"")) {
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
	for j > 0 && isDigit(q[j-1]) {
		j--
	}
	if i-j < 1 || i-j > 3 || j > 0 && isWordByte(q[j-1]) {
		return false
	}
	if m[2*3] < 0 { // English
		return true
	}
	prev := prevWords(q, j, 2)
	return len(prev) == 2 && prev[1] == "de" && spanishPersons[prev[0]]
}

var spanishPersons = setOf("hombre|mujer|varon|nino|nina|bebe|paciente|chico|chica|senor|senora|adolescente|lactante|anciano|anciana|joven|persona")

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
var modalBeforeQue = setOf("tengo|tiene|tienes|tenemos|tienen|hay|por")

// reTermAsked marks a question about a term someone used: quoted, or
// mentioned by a clinician or a report ("me habló de la 'purga'", "en mi
// informe pone 'bordes libres'").
var reTermAsked = rx(`'[a-z][a-z -]{2,40}'|"[a-z][a-z -]{2,40}"|\b(me|le|nos) (hablo|hablaron|menciono|mencionaron) de\b|\b(pone|dice|decia|menciona) '`)

// queAsks vets a "qué" that asks, inside a question: not the "que" of "por
// que" (why), which asks about a drug or a disease ("mi madre toma
// metotrexato, ¿por qué tiene que tomar ácido fólico?").
func queAsks(q string, m []int) bool {
	if w := prevWords(q, m[0], 1); len(w) > 0 && strings.TrimPrefix(w[0], "¿") == "por" {
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
		prev := prevWords(q, i, 1)
		if len(prev) == 0 || !esClitics[strings.TrimPrefix(prev[0], "¿")] {
			break
		}
		i = strings.LastIndex(q[:i], prev[0])
	}
	return atClauseStart(q, []int{i, m[1]})
}

// esFirstVerbSet holds esFirstVerbs' verbs and clitic-verb pairs.
var esFirstVerbSet = newWordMap(setOf(esFirstVerbs))

// esFirstVerb reports whether q holds one of esFirstVerbs opening a
// question or clause, perhaps after clitics (afterCliticsInQuestion): as
// \b(verbs)\b would find them, by one pass over q's words rather than an
// expression of some hundred alternatives.
func esFirstVerb(q string) bool {
	prev, prevEnd := -1, -1 // the previous word
	for i, j := range wordSpans(q) {
		// A clitic-verb pair is two words one space apart.
		if prev >= 0 && prevEnd == i-1 && q[prevEnd] == ' ' && esFirstVerbSet.has(q[prev:j]) && afterCliticsInQuestion(q, []int{prev, j}) ||
			esFirstVerbSet.has(q[i:j]) && afterCliticsInQuestion(q, []int{i, j}) {
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
			if !isWordByte(q[i]) {
				i++
				continue
			}
			j := i
			for j < len(q) && isWordByte(q[j]) {
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

var esClitics = setOf("me|te|le|les|nos|se|lo|la|los|las")

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
// family?". Folding keeps the en and em dash.
var dashes = []string{" -", " –", " —"}

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
		// An em or en dash needs no spaces: "warm and swollen—cellulitis?".
		if i >= 3 && s[i-3] == 0xe2 && (s[i-3:i] == "—" || s[i-3:i] == "–") {
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
func terseQuestion(q string) bool {
	return anyQuestion(q, ".:;!?", func(c string) bool {
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
var choiceNotOpeners = setOf("why|how|what|which|when|where|who|whose|por|porque|como|cual|cuales|cuando|donde|quien|que|cuanto|cuanta|cuantos|cuantas|or|o")

// reCaseShorthand marks a case described in clinical shorthand or by a
// carer: "79m care home", "c/o itchy rash", "district nurse here".
var reCaseShorthand = rx(`\b\d{1,3} ?(f|m|yo|y/o|yof|yom)\b|\b\d{1,3}a\b|\b(c/o|hx|h/o|o/e|pmh|home visit|care home|nursing home|nurse here|in bed \d+)\b|^son, `)

// reImpliedFirstPerson opens a message that drops its "I": "started spiro
// 50 three months back, not much better. go up to 100?", "had a mole shaved
// off and it's come back. re-excise?".
var reImpliedFirstPerson = rx(`^(started|had|been|got|went|tried|used|took|noticed|finished|stopped|did|done|finally|just|still) `)

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
var shownVerbs = setOf("showed|sent|ensene|mostre|mande|envie")

// lesionESSet holds lesionES's words.
var lesionESSet = newWordMap(setOf(lesionES))

// shownLesion reports whether q names a lesion shown or sent before: "the
// mole I showed you", "el lunar que te enseñé": a lesion word, then any of
// que, that, which and I, then perhaps te, le or you, then the verb.
func shownLesion(q string) bool {
	for i, j := range wordSpans(q) {
		if shownVerbs[q[i:j]] {
			ws := prevWords(q, i, 6)
			k := len(ws) - 1
			if k >= 0 && (ws[k] == "te" || ws[k] == "le" || ws[k] == "you") {
				k--
			}
			for k >= 0 && (ws[k] == "que" || ws[k] == "that" || ws[k] == "which" || ws[k] == "i") {
				k--
			}
			if k >= 0 && (lesionSet.has(ws[k]) || lesionESSet.has(ws[k]) || lesionESSet.has(strings.TrimSuffix(ws[k], "s"))) {
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
var reChoiceGeneral = newWordMap(setOf("in general|generally|usually|typically|normally|most people|for most|more common|more effective|en general|normalmente|suele|suelen|por lo general"))

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
		if !(isLower(c) || c == ' ' || c == '\'' || c == '-') {
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
var nextStepAsked = setOf("what's next|whats next|what next|what now|now what|and now what|next step|next steps|y ahora que|y ahora|ahora que")

// terseGeneral in a short question asks what a term or a test means, or
// what is usually done.
var terseGeneral = newWordMap(setOf("quiere decir|significa|mean|means|busca|look for|looks for|suelen|suele|usually|normally|normalmente|duele|hurt|hurts|painful|doloroso|dolorosa|pasa despues|happens next|happens after|happens then"))

// fullQuestionOpeners open a question with its own subject and verb, which
// other rules judge: not a terse option.
var fullQuestionOpeners = setOf("puedo|puede|pueden|podemos|can|could|is|are|do|does|did|will|would|should|tengo|tiene|es|son")

// terseActionVerbs open a terse question that asks whether to act on
// something named before: "Stop it?", "Pop it?", "Restart it now?".
var terseActionVerbs = setOf("stop|start|restart|continue|switch|double|increase|reduce|lower|raise|taper|pause|hold|skip|pop|drain|lance|squeeze|remove|cut|freeze|biopsy|excise|cover|leave|keep|treat|ice|repeat|retreat|stopping|starting|take|try|use|apply|pull|re-excise|reexcise|extend|shorten")

// terseObjects may follow a terse action verb.
var terseObjects = setOf("it|them|this|that|these|now|again|today|tonight|then|too|off|on|out|up|going|him|her|back|in|how|fast|quickly|slowly")

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
// it spread?", "¿es contagioso?".
var notOptionWords = indexWords(words("it|they|them|this|that|these|is|are|does|do|did|can|was|were|mean|means|work|works|triggers|trigger|causes|cause|happen|happens|help|helps|how|why|when|where|who|what|es|son|eso|esto|funciona|sirve|causa|pasa|dura|significa|cuando|como|donde|quien|por|exactly|else|more|so|then|again|consiste|consisten|trata|sirven|hace|hacen|funcionan|causan|duran|cuesta|cuestan|cost|costs|last|lasts|take|takes|involve|involves|en|de|para|con|tiene|tienen|hay|se|existe|existen|cura|curable|cure|cures|spread|spreads|start|starts|come|comes|get|gets|make|makes|affect|affects|hurt|hurts|itch|itches|heal|heals|appear|appears|called|linked|related|ever|always|usually|forever|desencadena|desencadenan|provoca|provocan|empeora|empeoran|mejora|mejoran|produce|producen|ayuda|ayudan|contagia|contagian|contagiar|transmite|transmiten|puede|pueden|debe|deben|sale|salen|aparece|aparecen|pega|pegan|siempre"))

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

// neutral rewrites phrases that look like a decision rule but ask for
// reference information, before the rules run.
var neutral = []struct {
	any  []string // as in rule
	re   *fastRE
	with string
}{
	// Explicit disclaimers: "I am not asking for a diagnosis".
	{words("not asking|no le pido|no te pido|no pido|no busco|not looking for|not seeking|no estoy pidiendo"), rx(`\b((i am|i'm|im) )?not (asking|looking|seeking) (you )?(for|about|to) (a |my |an )?(diagnos(e|is)|treatment|advice|medical advice|personal advice)( me| anything)?\b|\bno (le |te |les )?(pido|busco|estoy pidiendo) (un |ningun )?(diagnostico|tratamiento|consejo medico)\b`), " "},
	// "Do I have to wear sunscreen?" is a rule, not a diagnosis.
	{words("have to"), rx(`\bdo (i|we|you) (really |still |always |actually )?have to (wear|use|apply|reapply|put on|avoid|stay (in|out of the sun|indoors|inside|covered)|keep|throw|wash|replace|store|buy|shower|change|(remove|take off) (my |the |all )?(nail polish|nail varnish|makeup|make-up|jewellery|jewelry|contact lenses|contacts))\b`), "must one wear"},
	// "Do I need to see a dermatologist to get tretinoin?" asks how a drug
	// is obtained.
	{words("need"), rx(`\b(do|would) (i|we|you) (need|have) (to see |to get |to have )?(a |an )?(doctor|dermatologist|derm|gp|prescription|script|referral) (to|in order to|before i can|before you can) (get|buy|obtain|order|use)\b`), "is a prescription required to get"},
	// "Do all teenagers get blackheads, or is it just me?" asks whether
	// others share something.
	{words("just me|only me|solo a mi|solo yo"), rx(`\bor (is it|is that|am i|is this) (just|only) me\b|\bo (es|soy) (solo|solamente) (a mi|yo)\b`), "or is it common"},
	// "What should I bring to my first dermatology appointment?", "How
	// should I prepare for photodynamic therapy?", "should I avoid washing
	// my hair beforehand?": preparing for a visit, a test or a procedure.
	{cross("should |do |must |can ", "i |we "), rx(`\bwhat (should|do|must|can) (i|we) (bring|take along|wear|note down|note|write down|jot down|record|pack|mention)\b|\bhow (should|do|can|must) (i|we) (best )?prepare\b|\bshould (i|we) (avoid |skip |not )?(wash|washing|shave|shaving|remove|removing|wear|wearing|shower|showering|eat|eating|bring) ([\w']+ ){0,4}?(beforehand|before (the|my|a|an|our) ([\w-]+ ){0,2}(appointment|exam|examination|visit|test|procedure|consult|consultation|biopsy|check|surgery|session))\b`), "what is usual before a visit"},
	// "How do I take a clear picture of my scalp for an online consult?",
	// "should I include a ruler in photos?": how to take photographs.
	{words("photo|picture|pic|image|ruler"), rx(`\b(how (should|do|can|would) (i|we)|should (i|we)|what is the best way to|best way to|tips (for|on)) (take|taking|include|including|photograph|get|getting) (a |an |the |good |clear |better |some |sharp )?([a-z]+ )?(photo|photos|picture|pictures|pic|pics|image|images|ruler)( of)?\b`), "how does one photograph"},
	// "Is it too late to start wearing sunscreen?" asks about sun protection
	// in general, as "do I have to wear sunscreen" does.
	{words("too late to"), rx(`\bis it (ever )?too late to (start |begin )?(wear|wearing|use|using|apply|applying) (sunscreen|sunblock|spf|sun protection|a sunscreen)\b`), "is sun protection worthwhile"},
	// "When should I see a doctor about a mole?" asks when review is advisable
	// in general, not about one lesion.
	{words("when |cuando "), rx(`\bwhen (should|do|must|would|can) (i|you|one|someone|people|a person|we|parents) (see|visit|consult|call|go to|take (a|their) child to) (a|an|the) (doctor|clinician|physician|dermatologist|gp|professional|specialist|pediatrician|er|hospital) (about|for|with) (a|an)\b|\bcuando (hay que|se debe|debo|deberia|conviene) (ir|acudir|consultar) (al|a un|a una) (medico|dermatologo|especialista|urgencias)( por| con)? (un|una)\b`), "when is review advisable for a"},
	// "What should I know about biologics?" asks for information.
	{cross("should i |should we ", "know|learn|understand|read|ask|expect|look|watch|keep|consider"), rx(`\bshould (i|we) (know|learn|understand|read|expect|look for|look out for|watch out for|watch for|keep in mind|consider|ask about)\b|\bquestions? should (i|we) ask\b`), "is worth knowing"},
	// "What can I do to prevent sunburn?" asks for prevention in general.
	{words("do to prevent|do to avoid|do to reduce|do to lower|hacer para|how should i|how do i|how can i|how should we|how do we|how can we|how long should"), rx(`\bwhat (can|should|could) (i|we|one) do to (prevent|avoid|reduce the risk of|lower the risk of)\b|\bque (puedo|podemos|debo|se puede) hacer para (prevenir|evitar)\b|\bhow (should|do|can) (i|we) (apply|put on|reapply|store|wash|clean|layer)\b|\bhow long should (i|we|you|one) wait (between|before|after)\b`), "how to prevent"},
	// "Sunscreens expire; should they be thrown away?" is about things.
	{words("should they be |should it be "), rx(`\bshould (they|it) be (thrown|discarded|stored|kept in|refrigerated|replaced|reapplied|applied|worn|mixed|layered|shaken)\b`), "are things"},
	// "Can I catch ringworm from my cat?" asks how a disease spreads.
	{words("can |could "), rx(`\b(can|could) (i|we|you|my [\w'-]+) (catch|get|spread|pass on|give) [\w' -]{1,30} (from|to) (my|me|a|an|the|other|another|someone|people|his|her|him|us)\b`), "does one catch"},
	// "Mi dermatologo me receto X; como funciona?" and "my doctor prescribed
	// X; how does it work?" ask how a drug works.
	{words("how does|how do|como funciona|como actua"), rx(`\b(how (does|do) (it|they|this|that|[\w-]+) work|como (funciona|funcionan|actua|actuan))\b`), "how does it work"},
	// "GP says my son has molluscum. Is it a virus?", "a mi hija le
	// diagnosticaron vitíligo, ¿es autoinmune?": a diagnosis a clinician
	// made, told before a question about the disease. The rewrite keeps the
	// disease and drops the person, so that only a question about that
	// person ("should we treat it?") still makes a decision.
	{words("diagnos|says|said|told|thinks|confirmed|dijo|dicho|dijeron|dice |confirmo|explico"), rx(`\b(my |our |the |his |her |a )?(gp|doctor|doc|dermatologist|derm|nurse|paediatrician|pediatrician|consultant|specialist|physician|dr)( has| just)? (says|said|told (me|us|him|her|them)|thinks|confirmed|diagnosed) (that )?(i|we|he|she|they|(my|our|his|her) ([\w'-]+ )?(` + kinRE + `))( [\w'-]+)? (has|have|had|has got|have got|is|are|was) |\b(i|we|he|she|they) (was|were|have been|'ve been|has been) told (that )?(i|we|he|she|they) (have|has|had) |\b(they|he|she|the (report|biopsy|results?|lab|test)) (said|say|says|told (me|us)|shows?|showed|came back( as)?) (that )?(i|we|he|she|(my|our|his|her) ([\w'-]+ )?(` + kinRE + `)) (has|have|had|is|was) |\b(i|we|he|she|they|(my|our|his|her) ([\w'-]+ )?(` + kinRE + `))( [\w'-]+)? (was|were|has been|have been|got|had been|'ve been) (just |recently |finally |officially |already )?diagnosed (with|as having) |\b(mi |el |la |su )?(medico|medica|doctor|doctora|dermatologo|dermatologa|pediatra|enfermera|enfermero|especialista)( me| le| nos| les)? (dijo|ha dicho|dice|confirmo|diagnostico|explico)( a (mi|su|nuestro|nuestra) [a-z]+)? que (tengo|tiene|tienen|tenemos|es|son) |\b(a (mi|su|nuestro|nuestra) [a-z]+ )?(me|le|les|nos) (diagnosticaron|han diagnosticado|dijeron que (tengo|tiene|es)|han dicho que (tengo|tiene|es)) `), "diagnosed with "},
}

// foldText lowercases text, strips accents, straightens apostrophes and
// collapses spaces. ASCII text, the common case, is only lowercased. It keeps
// no state between calls: x/text transformers and Casers carry state and must
// not be shared between goroutines, so the Caser is made per call.
func foldText(s string) string {
	if isASCII(s) {
		return foldASCII(s)
	}
	if t, ok := foldByRune(s); ok {
		s = t
	} else {
		s = foldRunes(s)
	}
	s = apostrophes.Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// foldRunes decomposes s (NFKD), drops its nonspacing marks and folds its
// case: the part of foldText that sees characters rather than spaces.
func foldRunes(s string) string {
	s = norm.NFKD.String(s)
	s = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, s)
	return cases.Fold().String(s)
}

// foldByRune is foldRunes(s) put together from each character's fold,
// when every non-ASCII character of s is in foldedRunes; ok is false
// otherwise. Piece by piece is the same as the whole because case folding
// looks at one character at a time, and decomposition reorders only runs of
// combining marks (non-starters), which never cross a character whose
// decomposition begins with a starter, as every ASCII character's and every
// character in foldedRunes' does.
func foldByRune(s string) (string, bool) {
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if isUpper(c) {
				c += 'a' - 'A'
			}
			b = append(b, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		f, ok := foldedRune(r)
		if !ok {
			return "", false
		}
		b = append(b, f...)
		i += n
	}
	return string(b), true
}

// Ranges of foldedRunes: Latin-1 Supplement and Latin Extended-A and -B,
// and General Punctuation (curly quotes, dashes, odd spaces).
const (
	foldLatinFirst, foldLatinLast = 0x80, 0x24f
	foldPunctFirst, foldPunctLast = 0x2000, 0x206f
)

// foldedRunes holds foldRunes(string(r)) for the characters of two ranges
// whose decomposition begins with a starter (canonical combining class 0),
// and whether it holds one.
var foldedRunes = func() (t struct {
	latin [foldLatinLast - foldLatinFirst + 1]foldedRuneEntry
	punct [foldPunctLast - foldPunctFirst + 1]foldedRuneEntry
}) {
	fill := func(dst []foldedRuneEntry, first rune) {
		for i := range dst {
			r := first + rune(i)
			p := norm.NFKD.PropertiesString(string(r))
			if p.CCC() == 0 && p.LeadCCC() == 0 {
				dst[i] = foldedRuneEntry{foldRunes(string(r)), true}
			}
		}
	}
	fill(t.latin[:], foldLatinFirst)
	fill(t.punct[:], foldPunctFirst)
	return t
}()

type foldedRuneEntry struct {
	fold string
	ok   bool
}

// foldedRune returns foldRunes(string(r)) when foldedRunes holds r.
func foldedRune(r rune) (string, bool) {
	var e foldedRuneEntry
	switch {
	case foldLatinFirst <= r && r <= foldLatinLast:
		e = foldedRunes.latin[r-foldLatinFirst]
	case foldPunctFirst <= r && r <= foldPunctLast:
		e = foldedRunes.punct[r-foldPunctFirst]
	}
	return e.fold, e.ok
}

// foldASCII is foldText for ASCII s, in one pass: lower case, backquotes as
// apostrophes, and runs of the spaces strings.Fields splits at as one space,
// none at either end. It returns s itself when s is already folded.
func foldASCII(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isUpper(c) || c == '`' || c != ' ' && asciiSpace(c) ||
			c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' ') {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	b := make([]byte, 0, len(s))
	space := false // a space is pending between words
	for i := 0; i < len(s); i++ {
		c := s[i]
		if asciiSpace(c) {
			space = len(b) > 0
			continue
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		switch {
		case isUpper(c):
			c += 'a' - 'A'
		case c == '`':
			c = '\''
		}
		b = append(b, c)
	}
	return string(b)
}

// asciiSpace reports whether c is an ASCII space as unicode.IsSpace sees it.
func asciiSpace(c byte) bool {
	return c == ' ' || '\t' <= c && c <= '\r'
}

var apostrophes = strings.NewReplacer("’", "'", "‘", "'", "`", "'", "¡", " ")

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// IsClinicalDecision reports whether question asks for a decision about a
// particular person: a diagnosis, a treatment choice or dose, or triage,
// including third-person and case-vignette framings and references to an
// image, in English or Spanish. Reference questions that only look similar
// ("should sunscreen be reapplied every two hours?", "do I have to wear
// sunscreen in winter?") are not decisions. Hand-written rules decide
// first, unless a small learned model (decision_features.go) is sure the
// question is a reference one; a question no rule matches is a decision
// when the model is confident it is one.
func IsClinicalDecision(question string) bool {
	return isDecision(question, true)
}

// isDecision is IsClinicalDecision; with precheck false it runs every rule's
// expression, which tests compare against.
func isDecision(question string, precheck bool) bool {
	return decisionRule(question, precheck) != ""
}

// reExplicitlyGeneral marks a question its writer says is general: "general
// q for my salon's FAQ", "for a training slide", "para un ejemplo de clase".
// No hand-written rule overrules that; the model still may.
var reExplicitlyGeneral = rx(`\b(general (q|question|query)|asking (in general|generally|for general knowledge)|for (a|an|my|our) (salon'?s? )?(faq|leaflet|article|essay|class|lecture|presentation|training|poster|exam|quiz)|(training|teaching) (slide|example|purposes)|(class|textbook|generic|worked) example|for a generic example|pregunta general|(un|como) ejemplo de clase|para (un|el) (folleto|articulo|trabajo|examen)|en terminos generales)\b`)

// decisionModelRule is the Rule of a decision that no hand-written rule
// matched but the learned model (decision_features.go) did.
const decisionModelRule = "decision_model"

// decisionRule returns the name of the first decision rule that matches
// question, unless the learned model scores the question below its veto;
// or decisionModelRule when no rule matches but the model scores the
// question at or above its threshold; or "".
func decisionRule(question string, precheck bool) string {
	q := foldText(question)
	n, held := neutralize(q, precheck)
	if rule := matchRules(n, held, precheck); rule != "" && !reExplicitlyGeneral.MatchString(q) {
		if scoreNeutralized(n) < decisionModelVeto {
			return "" // the model is sure the rule misread a reference question
		}
		return rule
	}
	// Everyday care asked about in general ("should I use a separate towel
	// for my face?") is a family the rules know well and the model, which
	// weighs "should I" and "my face" heavily, does not: it is not the
	// model's to overrule.
	if genericAdvice.MatchString(n) {
		return ""
	}
	if scoreNeutralized(n) >= decisionModelThreshold {
		return decisionModelRule
	}
	return ""
}

// neutralize applies the neutral rewrites to folded question q, and with
// precheck returns the rules whose literals the result holds.
func neutralize(q string, precheck bool) (string, ruleMask) {
	// One pass finds the literals of the rewrites and of the rules; a
	// rewrite that changes q calls for another.
	var held ruleMask
	if precheck {
		held = ruleLiterals.rulesIn(q)
	}
	for i, n := range neutral {
		if !precheck || held.has(neutralBit(i)) {
			if r := n.re.replaceAll(q, n.with); r != q {
				q = r
				if precheck {
					held = ruleLiterals.rulesIn(q)
				}
			}
		}
	}
	return q, held
}

// matchRules returns the name of the first rule that matches neutralized
// question q, running with precheck only the rules held names.
func matchRules(q string, held ruleMask, precheck bool) string {
	for i := range decisionRules {
		if (!precheck || held.has(i)) && decisionRules[i].match(q) {
			return decisionRules[i].name
		}
	}
	return ""
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// ruleMask has bit i set for rule i, and bit neutralBit(j) for rewrite j.
type ruleMask [3]uint64

func (m *ruleMask) set(i int)     { m[i/64] |= 1 << (i % 64) }
func (m ruleMask) has(i int) bool { return m[i/64]&(1<<(i%64)) != 0 }

// neutralBit returns the bit of rewrite i in a ruleMask: after the rules'.
func neutralBit(i int) int { return len(decisionRules) + i }

// literalIndex maps the first two bytes of every rule and rewrite literal to
// the literals and their bits, so that one pass over a question finds which
// rules' and rewrites' literals it holds.
type literalIndex struct {
	// byPair maps a literal's first two bytes to 1 + the index in groups
	// of the literals that begin with them, or to 0.
	byPair [1 << 16]uint16
	groups [][]ruleLiteral
	always ruleMask // rules without literals, which always run
}

type ruleLiteral struct {
	lit  lit8
	rule int // its bit in a ruleMask: held[word]&bit != 0
	word int
	bit  uint64
}

var ruleLiterals = indexLiterals(decisionRules)

func indexLiterals(rules []rule) *literalIndex {
	if len(rules)+len(neutral) > 64*len(ruleMask{}) {
		panic("abstain: more decision rules and rewrites than a ruleMask has bits; widen it")
	}
	ix := &literalIndex{}
	add := func(bit int, lits []string) {
		for _, lit := range lits {
			if len(lit) < 2 {
				panic("abstain: rule literal " + strconv.Quote(lit) + " is shorter than two bytes")
			}
			k := uint16(lit[0])<<8 | uint16(lit[1])
			if ix.byPair[k] == 0 {
				ix.groups = append(ix.groups, nil)
				ix.byPair[k] = uint16(len(ix.groups))
			}
			g := ix.byPair[k] - 1
			ix.groups[g] = append(ix.groups[g], ruleLiteral{newLit8(lit), bit, bit / 64, 1 << (bit % 64)})
		}
	}
	for i, rl := range rules {
		if len(rl.any) == 0 {
			ix.always.set(i)
		}
		add(i, rl.any)
	}
	for i, n := range neutral {
		add(len(rules)+i, n.any)
	}
	return ix
}

// rulesIn returns a mask with bit i set when q holds one of rule i's literals
// (the same as containsAny(q, decisionRules[i].any), for all rules at once),
// or rule i has none, and bit neutralBit(j) when q holds one of rewrite j's.
func (ix *literalIndex) rulesIn(q string) ruleMask {
	held := ix.always
	for i := 0; i+1 < len(q); i++ {
		g := ix.byPair[uint16(q[i])<<8|uint16(q[i+1])]
		if g == 0 {
			continue
		}
		w := load8(q, i)
		for _, l := range ix.groups[g-1] {
			if held[l.word]&l.bit == 0 && l.lit.prefixOf(q, i, w) {
				held[l.word] |= l.bit
			}
		}
	}
	return held
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
		return !propertyWords.MatchString(what) && !notDiagnosisWords.MatchString(what) && !notConditionWords[nextWord(what, 0)] &&
			!strings.HasPrefix(what, "the ") && !strings.HasPrefix(what, "to ") && !comparatives[nextWord(what, 0)]
	})
}

// notConditionWords judge rather than name a condition: "is this urgent?"
// and "is this normal?" are other rules' to weigh.
var notConditionWords = setOf("normal|ok|okay|fine|alright|bad|serious|urgent|emergency|worrying|dangerous|safe|true|real|possible|likely|enough|necessary|needed|important|it|all|what|why|how|where|when|who|which")

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
