package decision

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// Case vignettes: a person described by age and sex, then asked about.

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
var vignetteAgeDigits = fastre.NewAt(`\b\d{1,3} ?(f|m|yo|y/o|yof|yom)\b( `+personRE+`\b)?|\b\d{1,3}[ -]?(year|yr|month|week|day)s?[ -]old\b`, ageDigitStarts).Within(40)

// ageDigitStarts returns where vignetteAgeDigits can match: a number of up to
// three digits at a word start (a longer run leaves a digit that nothing
// after \d{1,3} matches), then perhaps a space or '-', then the first letter
// of f, m, yo, y/o, year, yr, month, week or day.
func ageDigitStarts(s string) []int {
	var pos []int
	for _, p := range lex.NumberStarts(s) {
		k := p
		for k < len(s) && lex.IsDigit(s[k]) {
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
		for e < len(q) && lex.IsWordByte(q[e]) {
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
var openerWords = lex.SetOf("case|case:|scenario|scenario:|vignette|vignette:|caso|caso:|escenario|escenario:|a|an|un|una|young|elderly|older|old|teen|teenage|pregnant|middle-aged|healthy|obese|diabetic|immunosuppressed|frail")

// afterOpener may follow the person word that opens a vignette.
var afterOpener = lex.SetOf("with|on|who|presents|presenting|at|aged|de|con|mayor|joven|embarazada|anciana|anciano|sana|sano")

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
			next := lex.NextWord(q, e)
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
		if !lex.IsLower(s[p]) || p > 0 && lex.IsWordByte(s[p-1]) {
			continue
		}
		e := p
		for e < len(s) && lex.IsWordByte(s[e]) {
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
var vignetteGeneric = anyOf{lex.NewWordMap(lex.SetOf("usually|typically|generally|normally|in general|commonly|common|rare|frequent|prevalent|most|often|standard|for example|por ejemplo|suelen|normalmente|en general|frecuente|raro")), rx(`\b(can|could|do|does|is|are|why|how|what|when|at what age)\b [^?]{0,20}\b(a|an|un|una) \d{1,3}[ -]?(year|yr|month)s?[ -]old (get|have|develop|use|be|start|take|receive|undergo|try|need|wear|apply|catch|outgrow)\b`).Containing("old ").Within(maxGenericAge)}

// maxGenericAge bounds a match of vignetteGeneric's expression: "at what
// age", a space, twenty characters of up to four bytes, then at most "una
// 999-months-old outgrow".
const maxGenericAge = len("at what age") + 1 + 20*utf8.UTFMax + len("una 999-months-old outgrow")
