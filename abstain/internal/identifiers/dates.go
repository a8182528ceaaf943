package identifiers

import (
	"iter"
	"strconv"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/abstain/internal/lex"
)

const (
	monthNames = `january|february|march|april|may|june|july|august|september|october|november|december|` +
		`jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec|` +
		`enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|` +
		`ene|abr|ago|dic`
	monthRE = `(?:` + monthNames + `)\b\.?`
	ordRE   = `(?:st|nd|rd|th|o|a)?`
)

// reDate finds dates in folded text: numeric (3/14/1962, 14.03.1962,
// 1962-03-14, 3/14) and written in English or Spanish (March 14, 1962; the
// 14th of March 1962; 14 de marzo de 1962; March 1962).
var reDate = fastre.NewAt(
	`\b(?:the )?\d{1,2}`+ordRE+` (?:of |de )?`+monthRE+`(?:,? (?:of |de |del )?\d{4}\b)?`+
		`|\b`+monthRE+` (?:the )?\d{1,2}`+ordRE+`\b(?:,? (?:de |del )?\d{4}\b)?`+
		`|\b`+monthRE+`,? (?:of |de |del )?\d{4}\b`+
		`|\b\d{4}[/.-]\d{1,2}[/.-]\d{1,2}\b`+
		`|\b\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})\b`+
		`|\b\d{1,2}[/-]\d{1,2}\b`, dateStarts).Within(64)

// dateStarts returns where a date can start: a word that is a number, a
// month name, or "the" before a number.
func dateStarts(s string) []int {
	var pos []int
	for p := 0; p < len(s); p++ {
		if !lex.IsWordByte(s[p]) || p > 0 && lex.IsWordByte(s[p-1]) {
			continue
		}
		if lex.IsDigit(s[p]) {
			if numericDateStart(s, p) {
				pos = append(pos, p)
			}
			continue
		}
		e := p
		for e < len(s) && lex.IsWordByte(s[e]) {
			e++
		}
		w := s[p:e]
		if monthSet.Has(w) || w == "the" && e+1 < len(s) && s[e] == ' ' && lex.IsDigit(s[e+1]) {
			pos = append(pos, p)
		}
	}
	return pos
}

// numericDateStart reports whether a date can start at the number at p, as
// reDate's alternatives that start with a number need: one or two digits
// then a separator, an ordinal suffix, or a space and a month name or "of"
// or "de" (their first letters); or four digits then a separator. A longer
// run of digits leaves a digit that nothing after \d{1,2} or \d{4} matches.
func numericDateStart(s string, p int) bool {
	k := p
	for k < len(s) && lex.IsDigit(s[k]) {
		k++
	}
	if k == len(s) {
		return false
	}
	switch c := s[k]; {
	case k-p == 4:
		return c == '/' || c == '.' || c == '-'
	case k-p > 2:
		return false
	case c == '/' || c == '.' || c == '-':
		return true
	case c == ' ':
		return k+1 < len(s) && strings.IndexByte("jfmasonde", s[k+1]) >= 0
	default: // st, nd, rd, th, o, a
		return strings.IndexByte("snrtoa", c) >= 0
	}
}

// monthSet holds the month names as whole words.
var monthSet = lex.NewWordMap(lex.SetOf(monthNames))

// hasDateShape is a cheap necessary condition for reDate: a digit, a
// separator and a digit, or a month name.
func hasDateShape(s string) bool {
	for i := 1; i+1 < len(s); i++ {
		if (s[i] == '/' || s[i] == '.' || s[i] == '-') && lex.IsDigit(s[i-1]) && lex.IsDigit(s[i+1]) {
			return true
		}
	}
	// Month names as reDate sees them: runs of letters, whatever follows
	// ("1 may'" holds "may", which a word scan keeping apostrophes misses).
	for i := 0; i < len(s); {
		if !lex.IsLower(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && lex.IsLower(s[j]) {
			j++
		}
		if monthSet.Has(s[i:j]) {
			return true
		}
		i = j
	}
	return false
}

// dateParts says which parts a date holds.
type dateParts struct{ day, month, year bool }

// parseDate checks a date match and reports its parts; ok is false for a
// match that is no date, such as 45/17/2020 or a range "30-50".
func parseDate(v string) (p dateParts, ok bool) {
	var nums []string
	hasMonthName := false
	for _, w := range strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == ',' || r == '/' || r == '-' || r == '.' }) {
		w = strings.TrimRight(w, ".")
		switch {
		case w == "":
		case lex.IsDigit(w[0]):
			n := 0
			for n < len(w) && lex.IsDigit(w[n]) {
				n++
			}
			nums = append(nums, w[:n])
		case monthWord(w):
			hasMonthName = true
		}
	}
	if hasMonthName {
		p.month = true
		for _, n := range nums {
			x, _ := strconv.Atoi(n)
			switch {
			case len(n) == 4:
				p.year = true
			case x >= 1 && x <= 31:
				p.day = true
			default:
				return p, false
			}
		}
		return p, true
	}
	vals := make([]int, len(nums))
	for i, n := range nums {
		vals[i], _ = strconv.Atoi(n)
	}
	switch len(nums) {
	case 3:
		if len(nums[0]) == 4 {
			return dateParts{true, true, true}, vals[1] >= 1 && vals[1] <= 12 && vals[2] >= 1 && vals[2] <= 31
		}
		a, b := vals[0], vals[1]
		ok = a >= 1 && b >= 1 && (a <= 12 && b <= 31 || b <= 12 && a <= 31)
		return dateParts{true, true, true}, ok
	case 2:
		a, b := vals[0], vals[1]
		ok = a >= 1 && b >= 1 && (a <= 12 && b <= 31 || b <= 12 && a <= 31) && !(a < b && b-a < 12 && strings.Contains(v, "-"))
		return dateParts{true, true, false}, ok
	}
	return p, false
}

func monthWord(w string) bool {
	for _, m := range strings.Split(monthNames, "|") {
		if w == m {
			return true
		}
	}
	return false
}

// institutional words mark a date that belongs to a drug, a study or an
// awareness day rather than a person.
var institutionalWords = []string{
	"approved", "approval", "published", "publication", "study", "trial", "guideline", "guidelines",
	"fda", "ema", "launched", "released", "release", "day", "week", "month", "awareness", "conference",
	"congress", "meeting", "aprobado", "aprobada", "aprobo", "publicado", "publicada", "estudio",
	"ensayo", "guia", "dia", "semana", "congreso", "lanzado", "founded", "fundado", "discovered",
	"described", "descrito", "descrita", "campaign", "campana", "deadline", "holiday", "festivo",
}

// personalWords tie a date in the same sentence to a person.
var personalWords = []string{
	"i", "my", "me", "i'm", "i've", "i'd", "mine", "we", "our", "he", "she", "his", "her", "him",
	"mi", "mis", "yo", "me", "nos", "nuestro", "nuestra", "su", "sus", "el", "ella", "le",
	"patient", "paciente", "pt", "son", "daughter", "hijo", "hija", "mother", "father", "madre",
	"padre", "husband", "wife", "esposo", "esposa", "mom", "dad", "mama", "papa", "baby", "bebe",
}

// dateMatch is a date found in a text: s[start:end], and its parts.
type dateMatch struct {
	start, end int
	parts      dateParts
}

// dateMatches yields the dates of s that stand apart from other digits and
// letters and parse, with their offsets ("the " before a day left out) and
// parts.
func dateMatches(s string) iter.Seq[dateMatch] {
	return func(yield func(dateMatch) bool) {
		for _, m := range reDate.FindAllStringIndex(s) {
			st, e := m[0], m[1]
			if strings.HasPrefix(s[st:e], "the ") {
				st += 4
			}
			if !isolated(s, st, e) {
				continue
			}
			if parts, ok := parseDate(s[st:e]); ok && !yield(dateMatch{st, e, parts}) {
				return
			}
		}
	}
}

// dates finds dates tied to a person: after a birth cue (date_of_birth),
// after a cue of care such as "admitted" or "seen on" (date), or a full date
// in a sentence about a person.
func (sc *scan) dates() {
	s := sc.s
	if !sc.may(sc.digits >= 1 && hasDateShape(s)) {
		return
	}
	for d := range dateMatches(s) {
		st, e, parts := d.start, d.end, d.parts
		if !parts.month {
			continue
		}
		numericPair := !parts.year && !strings.ContainsAny(s[st:e], "abcdefghijklmnopqrstuvwxyz")
		if sc.refNear(st) {
			continue
		}
		switch role := sc.dateCue(st, e); {
		case role == roleDOB:
			if numericPair && !sc.cueAdjacent(st, roleDOB) {
				continue
			}
			sc.add(KindDateOfBirth, st, e, prioCue)
		case role == roleDate:
			if numericPair && !sc.cueAdjacent(st, roleDate) {
				continue
			}
			if !parts.day {
				// "diagnosed in May 2019": a month and year count when the
				// sentence is about a person.
				a, b := sentenceStart(s, st), sentenceEnd(s, e)
				if !hasWord(s[a:st]+" "+s[e:b], personalWords...) {
					continue
				}
			}
			sc.add(KindDate, st, e, prioCue)
		case parts.day && parts.year:
			a, b := sentenceStart(s, st), sentenceEnd(s, e)
			ctx := s[a:st] + " " + s[e:b]
			if hasWord(ctx, personalWords...) && !hasWord(ctx, institutionalWords...) {
				sc.add(KindDate, st, e, prioCheck)
			}
		}
	}
}

// dateCue returns roleDOB or roleDate when a birth or care cue stands before
// the date at folded [st, e) in its sentence, within 48 bytes, or right
// after it ("03/14/1962 (DOB)"); a birth cue wins.
func (sc *scan) dateCue(st, e int) cueRole {
	var found cueRole
	sent := sentenceStart(sc.s, st)
	for _, h := range sc.hits {
		if h.role != roleDOB && h.role != roleDate {
			continue
		}
		before := h.end <= st && st-h.end <= 48 && h.start >= sent
		after := h.start >= e && h.start-e <= 3
		if !before && !after {
			continue
		}
		if h.phrase == "b." && !(before && st-h.end <= 2) {
			continue
		}
		if h.role == roleDOB {
			return roleDOB
		}
		found = roleDate
	}
	return found
}

// cueAdjacent reports whether a cue of role ends within a few bytes (and
// filler words) before folded offset st.
func (sc *scan) cueAdjacent(st int, role cueRole) bool {
	for _, h := range sc.hits {
		if h.role == role && h.end <= st && valueStart(sc.s, h.end) == st {
			return true
		}
	}
	return false
}

// reAge finds ages in folded text: "94 years old", "94-year-old", "94 yo",
// "aged 94", "turned 94", "is 94", "94 anos".
var reAge = fastre.NewAt(
	`\b(\d{2,3}) ?-? ?(?:years?|yrs?|y) ?-? ?(?:old|o)\b`+
		`|\b(\d{2,3}) ?y/o\b`+
		`|\b(?:aged?|age:|edad:?|edad de) ?(\d{2,3})\b`+
		`|\b(\d{2,3}) (?:anos|ano|anitos)\b`+
		`|\b(?:turned|turns|turning|cumplio|cumple|cumplira|cumplir|cumplido) (\d{2,3})\b`+
		`|\b(?:is|was|am|i'm|im|he's|she's|es|tiene|tengo|tenia|tenía|[a-z-]+'s) (?:now |ya )?(\d{2,3})\b`+
		`|(?:^|[,:;(] ?)(\d{2,3}) ?(?:f|m|yo|y|male|female|man|woman|hombre|mujer|varon)\b`+
		// "At 96, my aunt ...", "a los 93, mi abuela ...".
		`|\b(?:at|a los) (\d{2,3}),? (?:my|his|her|our|their|mi|su|nuestra|nuestro)\b`, ageStarts).Within(40)

// ageCueWords start an age expression: "aged 94", "turned 94", "is 94".
var ageCueWords = lex.SetOf("aged|age|edad|turned|turns|turning|cumplio|cumple|cumplira|cumplir|cumplido|is|was|am|i'm|im|he's|she's|es|tiene|tengo|tenia|at|a")

// possessiveSubject reports whether w is "<person>'s", as in "my gran's 94"
// ("gran is 94").
func possessiveSubject(w string) bool {
	p, ok := strings.CutSuffix(w, "'s")
	return ok && ageSubjects[p]
}

// ageStarts returns where reAge can match: a number or an age cue word
// starting a word, the text's start, or a ',', ':', ';' or '('.
func ageStarts(s string) []int {
	var pos []int
	for p := 0; p < len(s); p++ {
		c := s[p]
		if p == 0 || c == ',' || c == ':' || c == ';' || c == '(' {
			pos = append(pos, p)
			continue
		}
		if !lex.IsWordByte(c) || lex.IsWordByte(s[p-1]) {
			continue
		}
		if lex.IsDigit(c) {
			pos = append(pos, p)
			continue
		}
		e := p
		for e < len(s) && (lex.IsWordByte(s[e]) || s[e] == '\'') {
			e++
		}
		if ageCueWords[s[p:e]] || s[p:e] == "edad:" || possessiveSubject(s[p:e]) {
			pos = append(pos, p)
		}
	}
	return pos
}

// ageWordRE is an age over 89 in words: "ninety-three", "noventa y dos".
const ageWordRE = `(?:ninety(?:[ -](?:one|two|three|four|five|six|seven|eight|nine))?|(?:one[ -]|a )?hundred(?:[ -]and[ -](?:one|two|three|four|five|six|seven|eight|nine|ten))?|noventa(?: y (?:un|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve))?|cien|ciento (?:uno|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez))`

// reAgeWords finds ages over 89 in words, decades ("in her 90s") and
// nonagenarians.
var reAgeWords = fastre.NewAt(`\b(?:is|was|am|i'm|im|he's|she's|be|turned|turns|turning|aged|age|tiene|tengo|tenia|cumplio|cumple|cumplira|de|at|[a-z-]+'s|[a-z-]+ ?[,(]) ?(`+ageWordRE+`)\b(?: years?(?: old)?| anos)?`+
	`|\b(`+ageWordRE+`)[ -]years?[ -]old\b|\b(`+ageWordRE+`) anos\b`+
	`|\b(?:in|en) (?:his|her|my|sus|los) (?:early |late |mid[- ])?((?:90|100)'?s|nineties|noventa)\b`+
	`|\b(nonagenarian|centenarian|nonagenaria|nonagenario|centenaria|centenario|supercentenarian)\b`, ageWordStarts).Within(64)

// ageWordLiterals are literals of which every match of reAgeWords holds
// one: ageWordRE's words ("ciento" holds "cien"), the decades and the
// nonagenarians.
var ageWordLiterals = []string{"ninety", "hundred", "noventa", "cien", "90s", "90's", "100s", "100's", "nineties", "nonagenari", "centenari"}

// ageWordStarts returns where reAgeWords can match: a word that is an age
// cue, "in" or "en", or starts like an age in words.
func ageWordStarts(s string) []int {
	var pos []int
	for p := 0; p < len(s); p++ {
		if !lex.IsWordByte(s[p]) || p > 0 && lex.IsWordByte(s[p-1]) {
			continue
		}
		e := p
		for e < len(s) && (lex.IsWordByte(s[e]) || s[e] == '\'') {
			e++
		}
		w := s[p:e]
		if ageCueWords[w] || w == "de" || w == "in" || w == "en" || w == "a" || w == "one" || w == "at" || w == "be" || possessiveSubject(w) || ageSubjects[w] || strings.HasPrefix(w, "ninet") ||
			strings.HasPrefix(w, "hundred") || strings.HasPrefix(w, "noventa") || strings.HasPrefix(w, "cien") ||
			strings.HasSuffix(w, "genarian") || strings.HasSuffix(w, "genaria") || strings.HasSuffix(w, "genario") ||
			strings.Contains(w, "centenari") {
			pos = append(pos, p)
		}
	}
	return pos
}

// populationWords before an age mean it describes a group: "people over
// 90", "pacientes de 95 anos".
var populationWords = map[string]bool{
	"over": true, "above": true, "under": true, "below": true, "than": true, "beyond": true,
	"past": true, "people": true, "adults": true, "patients": true, "those": true,
	"individuals": true, "persons": true, "centenarians": true, "elderly": true, "seniors": true,
	"women": true, "men": true, "ages": true, "between": true, "from": true, "to": true,
	"and": true, "until": true, "till": true, "mas": true, "mayores": true, "menores": true,
	"personas": true, "pacientes": true, "adultos": true, "ancianos": true, "hasta": true,
	"entre": true, "hace": true, "durante": true, "desde": true, "por": true, "encima": true,
	"los": true, "las": true, "gente": true, "around": true, "about": true, "approximately": true,
	"cerca": true, "unos": true, "like": true, "every": true, "cada": true, "reach": true,
	"alcanzar": true, "live": true, "vivir": true, "or": true,
	"ninety": true, "all": true, "todos": true,
}

// reAgeAside is an age set off after a person: "my grandfather, 93, has",
// "la paciente (95)".
var reAgeAside = fastre.NewAt(`\b([a-z'-]+) ?[,(] ?(\d{2,3}) ?[,)]`, wordStarts).Within(48)

// ageSubjects stand before "is 94": the person whose age it is.
var ageSubjects = map[string]bool{
	"i": true, "he": true, "she": true, "who": true, "patient": true, "paciente": true,
	"grandmother": true, "grandfather": true, "grandma": true, "grandpa": true, "granny": true,
	"gran": true, "grandad": true, "granddad": true, "nan": true, "nana": true, "nanna": true,
	"great-grandma": true, "great-grandpa": true, "great-aunt": true, "great-uncle": true,
	"mother": true, "father": true, "mom": true, "mum": true, "dad": true, "aunt": true,
	"uncle": true, "husband": true, "wife": true, "partner": true, "neighbour": true,
	"neighbor": true, "friend": true, "great-grandmother": true, "great-grandfather": true,
	"abuela": true, "abuelo": true, "bisabuela": true, "bisabuelo": true, "madre": true,
	"padre": true, "mama": true, "papa": true, "tia": true, "tio": true, "vecina": true,
	"vecino": true, "esposo": true, "esposa": true, "marido": true, "suegra": true,
	"suegro": true, "amiga": true, "amigo": true, "ella": true, "el": true, "yo": true,
	"she's": true, "he's": true, "i'm": true, "im": true, "tengo": true, "tiene": true, "tenia": true,
	"man": true, "woman": true, "lady": true, "gentleman": true, "resident": true, "senora": true,
	"senor": true, "hombre": true, "mujer": true, "client": true, "mr": true, "mrs": true, "ms": true,
}

// ages finds ages over 89 of a particular person.
func (sc *scan) ages() {
	s := sc.s
	sc.ageWords()
	if !sc.may(sc.oldAge) {
		return
	}
	for _, m := range reAge.FindAllStringSubmatchIndex(s) {
		g := firstGroup(m)
		if g == 0 {
			continue
		}
		ns, ne := m[g], m[g+1]
		n, _ := strconv.Atoi(s[ns:ne])
		if n < 90 || n > 125 {
			continue
		}
		if ne < len(s) && (s[ne] == '%' || s[ne] == '+' || s[ne] == '.' && ne+1 < len(s) && lex.IsDigit(s[ne+1])) {
			continue
		}
		prev := lex.PrevWords(s, m[0], 3)
		if len(prev) > 0 && populationWords[prev[len(prev)-1]] {
			continue
		}
		if len(prev) > 1 && (prev[len(prev)-1] == "de" || prev[len(prev)-1] == "of" || prev[len(prev)-1] == "aged") && populationWords[prev[len(prev)-2]] {
			continue
		}
		after := s[m[1]:min(len(s), m[1]+24)]
		if strings.HasPrefix(after, " and over") || strings.HasPrefix(after, " and older") || strings.HasPrefix(after, " or older") ||
			strings.HasPrefix(after, " or over") || strings.HasPrefix(after, " plus") || strings.HasPrefix(after, " y mas") ||
			strings.HasPrefix(after, " o mas") || strings.HasPrefix(after, " ago") || strings.HasPrefix(after, " atras") ||
			strings.HasPrefix(after, "+") || strings.HasPrefix(after, " years ago") || strings.HasPrefix(after, "s ") ||
			strings.HasPrefix(after, " to ") || strings.HasPrefix(after, "-") || strings.HasPrefix(after, " a ") {
			continue
		}
		m0 := s[m[0]:m[1]]
		if m[1] == ne && measureWord(lex.NextWord(s, ne)) {
			// "I'm 90 kg", "tiene 95 kilos": a measure, not an age.
			continue
		}
		if w := firstWordOf(m0); strings.HasSuffix(w, "'s") && !possessiveSubject(w) {
			continue
		}
		switch {
		case strings.HasPrefix(m0, "is ") || strings.HasPrefix(m0, "was ") || strings.HasPrefix(m0, "es "):
			// "is 94" needs a person before it.
			if !subjectBefore(prev) {
				continue
			}
			if w := lex.NextWord(s, ne); unitWords[w] && w != "years" && w != "anos" || w == "percent" || w == "dollars" {
				continue
			}
		case strings.HasSuffix(m0, " anos") || strings.HasSuffix(m0, " ano") || strings.HasSuffix(m0, " anitos"):
			if len(prev) > 0 && (prev[len(prev)-1] == "hace" || prev[len(prev)-1] == "durante" || prev[len(prev)-1] == "los" || prev[len(prev)-1] == "las") {
				continue
			}
		}
		end := m[1]
		if strings.HasPrefix(m0, "at ") || strings.HasPrefix(m0, "a los ") {
			end = ne // "at 97, my grandfather": the age is the number
		}
		sc.add(KindAgeOver89, ns, end, prioCue)
	}
}

// agesAside finds "my grandfather, 93, ...".
func (sc *scan) agesAside() {
	s := sc.s
	for _, m := range reAgeAside.FindAllStringSubmatchIndex(s) {
		if !ageSubjects[s[m[2]:m[3]]] && !sc.nameEndsAt(sc.f.End(m[3])) {
			continue
		}
		if n, _ := strconv.Atoi(s[m[4]:m[5]]); n >= 90 && n <= 125 {
			sc.add(KindAgeOver89, m[4], m[5], prioCue)
		}
	}
}

// nameEndsAt reports whether a name found so far ends at normalised offset
// end: "Mr. Walter Placeholder, 91," puts an age aside after a name.
func (sc *scan) nameEndsAt(end int) bool {
	for _, d := range sc.out {
		if d.kind == KindName && d.end == end {
			return true
		}
	}
	return false
}

// ageWords finds ages over 89 written in words, "in her 90s" and
// "nonagenarian".
func (sc *scan) ageWords() {
	s := sc.s
	if !sc.may(strings.Contains(s, "ninety") || strings.Contains(s, "hundred") || strings.Contains(s, "noventa") || strings.Contains(s, "cien") ||
		strings.Contains(s, "90") || strings.Contains(s, "100") || strings.Contains(s, "genari") || strings.Contains(s, "centenari")) ||
		!sc.may(lex.ContainsAny(s, ageWordLiterals)) {
		return
	}
	for _, m := range reAgeWords.FindAllStringSubmatchIndex(s) {
		g := firstGroup(m)
		if g == 0 {
			continue
		}
		prev := lex.PrevWords(s, m[0], 3)
		if len(prev) > 0 && populationWords[prev[len(prev)-1]] {
			continue
		}
		m0 := s[m[0]:m[1]]
		if (strings.HasPrefix(m0, "is ") || strings.HasPrefix(m0, "was ") || strings.HasPrefix(m0, "be ")) && !subjectBefore(prev) {
			continue
		}
		if w := firstWordOf(m0); strings.HasSuffix(w, "'s") && !possessiveSubject(w) ||
			(strings.Contains(m0, ",") || strings.Contains(m0, "(")) && !ageSubjects[w] {
			// "gran's ninety-four" and "woman, ninety-one," need a person.
			continue
		}
		if g == 2 && m[1] == m[3] && measureWord(lex.NextWord(s, m[1])) {
			// "I'm ninety percent sure", "de cien gramos": a measure.
			continue
		}
		if strings.HasPrefix(m0, "de ") && !strings.HasSuffix(m0, " anos") && !(len(prev) > 0 && (lex.SpanishPersons[prev[len(prev)-1]] || ageSubjects[prev[len(prev)-1]])) {
			// "de noventa" is an age after a person or before "anos".
			continue
		}
		if strings.HasPrefix(m0, "at ") {
			// "at ninety-two my father": a person in the sentence.
			a, b := sentenceStart(s, m[0]), sentenceEnd(s, m[1])
			if !hasWord(s[a:b], "my", "his", "her", "mi", "su", "patient", "paciente", "i", "i'm", "she", "he") {
				continue
			}
		}
		if g >= 8 { // a decade or a nonagenarian: a particular person's
			a, b := sentenceStart(s, m[0]), sentenceEnd(s, m[1])
			if !hasWord(s[a:b], "my", "his", "her", "mi", "su", "patient", "paciente", "i'm", "i", "she", "he", "who", "grandmother", "grandfather", "abuela", "abuelo") {
				continue
			}
		}
		sc.add(KindAgeOver89, m[g], m[1], prioCue)
	}
}

// firstWordOf returns s up to its first space, comma or parenthesis.
func firstWordOf(s string) string {
	if i := strings.IndexAny(s, " ,("); i >= 0 {
		return s[:i]
	}
	return s
}

// hasOldAge is a cheap necessary condition for ages: a run of two or three
// digits from 90 to 125.
func hasOldAge(s string) bool {
	for i := 0; i < len(s); {
		if !lex.IsDigit(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && lex.IsDigit(s[j]) {
			j++
		}
		if n, _ := strconv.Atoi(s[i:j]); j-i <= 3 && n >= 90 && n <= 125 {
			return true
		}
		i = j
	}
	return false
}

// measureWord reports whether w, after a number, makes it a measure rather
// than an age.
func measureWord(w string) bool {
	switch w {
	case "years", "year", "anos", "ano", "yo", "y":
		return false
	case "kilos", "kilo", "kgs", "stone", "st", "pound", "libras", "percent", "per", "por", "cm", "metres", "meters", "mph", "beats", "bpm",
		"gramos", "gramo", "grams", "gram", "mililitros", "millilitres", "milliliters", "euros", "pesos", "dolares", "dollars", "pounds", "seconds",
		"segundos", "miles", "millas", "pacientes", "patients", "people", "personas", "casos", "cases", "veces", "times", "mil", "thousand":
		return true
	}
	return unitWords[w]
}

func subjectBefore(prev []string) bool {
	for _, w := range prev {
		if ageSubjects[w] {
			return true
		}
	}
	return false
}

// firstGroup returns the index in a submatch index slice of the first
// capturing group that matched, or 0 when none did.
func firstGroup(m []int) int {
	for k := 2; k < len(m); k += 2 {
		if m[k] >= 0 {
			return k
		}
	}
	return 0
}
