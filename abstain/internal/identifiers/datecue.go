package identifiers

import (
	"strconv"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// Dates after a birth or care cue, read by a small grammar rather than an
// expression, so that the forms clinical notes use are read whatever their
// separators: "14MAR1962", "14-Mar-1962", "Mar-14-1962", "14031962",
// "19620314", "14.III.1962" (a Roman month), "the fourteenth of March,
// nineteen sixty-two", "catorce de marzo de mil novecientos sesenta y
// dos". reDate reads the common forms anywhere; this reads these only
// after a cue, where a number is a date if it can be one.

// dateTok is a run of ASCII letters or of digits in folded text; a date's
// fields are tokens, and what stands between two tokens is a gap.
type dateTok struct {
	start, end int
	num        bool
	w          string
}

// dateTokens returns up to max tokens of s from i, stopping at a gap that
// holds anything but separators ("-", "/", ".", ",", a space) or is longer
// than three bytes. A digit run and a letter run touching each other are
// two tokens ("14mar1962").
func dateTokens(s string, i, max int) []dateTok {
	var toks []dateTok
	for i < len(s) && len(toks) < max {
		j := i
		switch {
		case lex.IsDigit(s[i]):
			for j < len(s) && lex.IsDigit(s[j]) {
				j++
			}
		case lex.IsLower(s[i]):
			for j < len(s) && lex.IsLower(s[j]) {
				j++
			}
		default:
			return toks
		}
		toks = append(toks, dateTok{start: i, end: j, num: lex.IsDigit(s[i]), w: s[i:j]})
		k := j
		for k < len(s) && k-j <= 3 && strings.IndexByte(" -/.,", s[k]) >= 0 {
			k++
		}
		if k-j > 3 || k < len(s) && !isAlnum(s[k]) || k == len(s) {
			return toks
		}
		if k > j && s[k-1] == '.' && k-j >= 2 && s[k-2] == '.' {
			return toks // ".." is no separator
		}
		i = k
	}
	return toks
}

// gapAt returns what stands between token k-1 and token k.
func gapAt(s string, toks []dateTok, k int) string {
	return s[toks[k-1].end:toks[k].start]
}

// monthIndex numbers the month names and their abbreviations, English and
// Spanish.
var monthIndex = func() map[string]int {
	m := map[string]int{}
	for i, names := range []string{
		"january|jan|enero|ene", "february|feb|febrero", "march|mar|marzo", "april|apr|abril|abr",
		"may|mayo", "june|jun|junio", "july|jul|julio", "august|aug|agosto|ago",
		"september|sep|sept|septiembre|setiembre|set", "october|oct|octubre", "november|nov|noviembre", "december|dec|diciembre|dic",
	} {
		for _, n := range strings.Split(names, "|") {
			m[n] = i + 1
		}
	}
	return m
}()

// romanMonths are the months in Roman numerals, as in "14.III.1962".
var romanMonths = map[string]int{"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10, "xi": 11, "xii": 12}

// Number words, English and Spanish (folded: no accents).
var (
	enUnits = map[string]int{"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
	enTeens = map[string]int{"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
	enTens  = map[string]int{"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
	enOrd   = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
		"eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
		"nineteenth": 19, "twentieth": 20, "thirtieth": 30}
	esUnits = map[string]int{"cero": 0, "un": 1, "uno": 1, "una": 1, "primero": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9}
	esTeens = map[string]int{"diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "dieciseis": 16, "diecisiete": 17, "dieciocho": 18, "diecinueve": 19,
		"veinte": 20, "veintiuno": 21, "veintiun": 21, "veintiuna": 21, "veintidos": 22, "veintitres": 23, "veinticuatro": 24, "veinticinco": 25,
		"veintiseis": 26, "veintisiete": 27, "veintiocho": 28, "veintinueve": 29}
	esTens     = map[string]int{"treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90}
	esHundreds = map[string]int{"cien": 100, "ciento": 100, "doscientos": 200, "trescientos": 300, "cuatrocientos": 400, "quinientos": 500,
		"seiscientos": 600, "setecientos": 700, "ochocientos": 800, "novecientos": 900}
	// ordinalSuffixes follow a day's digits: "14th", "1st", "1o" ("1º"),
	// "1ro", "1er".
	ordinalSuffixes = lex.SetOf("st|nd|rd|th|o|a|ro|er|ero")
)

// dateRead is a date read from tokens: its span (without a "the" or "el"
// before it), its parts, whether its day
// is in words, whether "of" or "de" joins the day to the month, whether
// every part is in digits, and whether its month is a Roman numeral.
type dateRead struct {
	start, end int
	parts      dateParts
	wordDay    bool
	joined     bool
	allNumeric bool
	roman      bool
	compact    bool // digits without separators
}

// readCuedDate reads the longest date that starts with the first of toks,
// tokens of s (dateTokens); ok is false when none does.
func readCuedDate(s string, toks []dateTok) (dateRead, bool) {
	best, found := dateRead{}, false
	try := func(d dateRead, ok bool) {
		if ok && (!found || d.end > best.end) {
			best, found = d, true
		}
	}
	try(readDayFirst(s, toks))
	try(readMonthFirst(s, toks))
	try(readYearFirst(s, toks))
	try(readCompact(toks))
	return best, found
}

// skipWords skips the filler tokens of words at k.
func skipWords(toks []dateTok, k int, words ...string) (int, bool) {
	skipped := false
	for k < len(toks) {
		hit := false
		for _, w := range words {
			if toks[k].w == w {
				hit = true
			}
		}
		if !hit {
			break
		}
		k++
		skipped = true
	}
	return k, skipped
}

// readDay reads a day at k: 1 to 31 in digits, with an ordinal suffix
// touching it or not, or in words ("fourteenth", "twenty-first", "catorce",
// "treinta y uno").
func readDay(s string, toks []dateTok, k int) (next int, word, ok bool) {
	if k >= len(toks) {
		return k, false, false
	}
	t := toks[k]
	if t.num {
		if len(t.w) > 2 {
			return k, false, false
		}
		d, _ := strconv.Atoi(t.w)
		if d < 1 || d > 31 {
			return k, false, false
		}
		k++
		if k < len(toks) && ordinalSuffixes[toks[k].w] && gapAt(s, toks, k) == "" {
			k++
		}
		return k, false, true
	}
	v, n := dayWords(toks, k)
	if n == 0 || v < 1 || v > 31 {
		return k, false, false
	}
	return k + n, true, true
}

// dayWords reads a day number in words at k and returns it and how many
// tokens it takes (0 for none).
func dayWords(toks []dateTok, k int) (int, int) {
	w := toks[k].w
	if tens, ok := enTens[w]; ok && tens <= 30 {
		if k+1 < len(toks) {
			n := toks[k+1].w
			if u, ok := enUnits[n]; ok && u > 0 {
				return tens + u, 2
			}
			if u, ok := enOrd[n]; ok && u < 10 {
				return tens + u, 2
			}
		}
		return tens, 1
	}
	if tens, ok := esTens[w]; ok && tens == 30 {
		if k+2 < len(toks) && toks[k+1].w == "y" {
			if u, ok := esUnits[toks[k+2].w]; ok && u > 0 {
				return tens + u, 3
			}
		}
		return tens, 1
	}
	for _, m := range []map[string]int{enUnits, enTeens, enOrd, esUnits, esTeens} {
		if v, ok := m[w]; ok {
			return v, 1
		}
	}
	return 0, 0
}

// How a month is written.
const (
	monthNone = iota
	monthNamed
	monthDigits
	monthRoman
)

// readMonth reads a month at k: a name, or 1 to 12 in digits when numeric
// is set, or a Roman numeral when roman is set; it returns how the month
// is written, or monthNone.
func readMonth(toks []dateTok, k int, numeric, roman bool) (next, how int) {
	if k >= len(toks) {
		return k, monthNone
	}
	t := toks[k]
	if t.num {
		if m, _ := strconv.Atoi(t.w); numeric && len(t.w) <= 2 && m >= 1 && m <= 12 {
			return k + 1, monthDigits
		}
		return k, monthNone
	}
	if monthIndex[t.w] > 0 {
		return k + 1, monthNamed
	}
	if roman && romanMonths[t.w] > 0 {
		return k + 1, monthRoman
	}
	return k, monthNone
}

// readYear reads a year at k: four digits from 1880 to 2099, two digits
// when short is set, or a year in words ("nineteen sixty-two", "two
// thousand and five", "mil novecientos sesenta y dos").
func readYear(toks []dateTok, k int, short bool) (int, bool) {
	if k >= len(toks) {
		return k, false
	}
	t := toks[k]
	if t.num {
		y, _ := strconv.Atoi(t.w)
		return k + 1, len(t.w) == 4 && y >= 1880 && y <= 2099 || short && len(t.w) == 2
	}
	if y, n := yearWords(toks, k); n > 0 && y >= 1880 && y <= 2099 {
		return k + n, true
	}
	return k, false
}

// enUnder100 reads an English number under 100 at k.
func enUnder100(toks []dateTok, k int) (int, int) {
	if k >= len(toks) {
		return 0, 0
	}
	w := toks[k].w
	if v, ok := enUnits[w]; ok {
		return v, 1
	}
	if v, ok := enTeens[w]; ok {
		return v, 1
	}
	if v, ok := enTens[w]; ok {
		if k+1 < len(toks) {
			if u, ok := enUnits[toks[k+1].w]; ok && u > 0 {
				return v + u, 2
			}
		}
		return v, 1
	}
	return 0, 0
}

// yearWords reads a year in words at k and returns it and how many tokens
// it takes (0 for none).
func yearWords(toks []dateTok, k int) (int, int) {
	if y, n := esYearWords(toks, k); n > 0 {
		return y, n
	}
	a, n := enUnder100(toks, k)
	if n == 0 {
		return 0, 0
	}
	j := k + n
	at := func(w string) bool { return j < len(toks) && toks[j].w == w }
	switch {
	case at("hundred") && a >= 10:
		j++
		if at("and") {
			j++
		}
		if b, m := enUnder100(toks, j); m > 0 {
			return a*100 + b, j + m - k
		}
		return a * 100, j - k
	case at("thousand") && a < 10:
		j++
		if at("and") {
			j++
		}
		if b, m := enUnder100(toks, j); m > 0 {
			return a*1000 + b, j + m - k
		}
		return a * 1000, j - k
	case a >= 10 && (at("oh") || at("o")):
		if u, ok := enUnits[tokAt(toks, j+1)]; ok && u > 0 {
			return a*100 + u, j + 2 - k
		}
	case a >= 10:
		if b, m := enUnder100(toks, j); m > 0 && b >= 10 {
			return a*100 + b, j + m - k
		}
	}
	return 0, 0
}

func tokAt(toks []dateTok, k int) string {
	if k < len(toks) {
		return toks[k].w
	}
	return ""
}

// esYearWords reads a Spanish cardinal from 1000 to 2999 at k: "mil
// novecientos sesenta y dos", "dos mil cinco".
func esYearWords(toks []dateTok, k int) (int, int) {
	j := k
	total := 0
	switch {
	case tokAt(toks, j) == "mil":
		total, j = 1000, j+1
	case tokAt(toks, j) == "dos" && tokAt(toks, j+1) == "mil":
		total, j = 2000, j+2
	default:
		return 0, 0
	}
	if v, ok := esHundreds[tokAt(toks, j)]; ok {
		total += v
		j++
	}
	if v, ok := esTens[tokAt(toks, j)]; ok {
		total += v
		j++
		if tokAt(toks, j) == "y" {
			if u, ok := esUnits[tokAt(toks, j+1)]; ok && u > 0 {
				total += u
				j += 2
			}
		}
	} else if v, ok := esTeens[tokAt(toks, j)]; ok {
		total += v
		j++
	} else if v, ok := esUnits[tokAt(toks, j)]; ok && v > 0 {
		total += v
		j++
	}
	return total, j - k
}

// readDayFirst reads [the|el] DAY [of|de] MONTH [[,] [of|de|del] YEAR].
func readDayFirst(s string, toks []dateTok) (dateRead, bool) {
	k, _ := skipWords(toks, 0, "the", "el")
	dayTok := k
	k, word, ok := readDay(s, toks, k)
	if !ok {
		return dateRead{}, false
	}
	numericDay := toks[dayTok].num
	m, joined := skipWords(toks, k, "of", "de")
	m, how := readMonth(toks, m, numericDay && !joined, numericDay && !joined)
	if how == monthNone {
		return dateRead{}, false
	}
	d := dateRead{start: toks[dayTok].start, end: toks[m-1].end, parts: dateParts{day: true, month: true}, wordDay: word, joined: joined,
		allNumeric: numericDay && how == monthDigits, roman: how == monthRoman}
	y, _ := skipWords(toks, m, "of", "de", "del")
	if y, ok := readYear(toks, y, numericDay); ok {
		d.end, d.parts.year = toks[y-1].end, true
	}
	return d, d.valid()
}

// readMonthFirst reads MONTH [the] DAY [[,] [of|de|del] YEAR], or MONTH
// [,] [of|de|del] YEAR.
func readMonthFirst(s string, toks []dateTok) (dateRead, bool) {
	k, how := readMonth(toks, 0, true, false)
	if how == monthNone {
		return dateRead{}, false
	}
	numericMonth := how == monthDigits
	dk, _ := skipWords(toks, k, "the")
	if dk, word, ok := readDay(s, toks, dk); ok && !(numericMonth && word) {
		d := dateRead{start: toks[0].start, end: toks[dk-1].end, parts: dateParts{day: true, month: true}, wordDay: word}
		y, _ := skipWords(toks, dk, "of", "de", "del")
		if y, ok := readYear(toks, y, !word); ok {
			d.end, d.parts.year = toks[y-1].end, true
		}
		d.allNumeric = numericMonth && !word
		if d.valid() {
			return d, true
		}
	}
	if numericMonth {
		return dateRead{}, false
	}
	y, _ := skipWords(toks, k, "of", "de", "del")
	if y, ok := readYear(toks, y, false); ok {
		return dateRead{start: toks[0].start, end: toks[y-1].end, parts: dateParts{month: true, year: true}}, true
	}
	return dateRead{}, false
}

// readYearFirst reads YEAR MONTH DAY with a four-digit year: "1962-03-14",
// "1962-mar-14".
func readYearFirst(s string, toks []dateTok) (dateRead, bool) {
	if len(toks) < 3 || !toks[0].num || len(toks[0].w) != 4 {
		return dateRead{}, false
	}
	if _, ok := readYear(toks, 0, false); !ok {
		return dateRead{}, false
	}
	k, how := readMonth(toks, 1, true, false)
	if how == monthNone {
		return dateRead{}, false
	}
	k, word, ok := readDay(s, toks, k)
	if !ok || word {
		return dateRead{}, false
	}
	return dateRead{start: toks[0].start, end: toks[k-1].end, parts: dateParts{true, true, true}, allNumeric: how == monthDigits}, true
}

// readCompact reads eight digits as a date, DDMMYYYY, MMDDYYYY or
// YYYYMMDD ("14031962", "19620314"), or six as DDMMYY, MMDDYY or YYMMDD,
// when no group of digits follows them.
func readCompact(toks []dateTok) (dateRead, bool) {
	if len(toks) == 0 || !toks[0].num || !compactDate(toks[0].w) || len(toks) > 1 && toks[1].num {
		return dateRead{}, false
	}
	return dateRead{start: toks[0].start, end: toks[0].end, parts: dateParts{true, true, true}, allNumeric: true, compact: true}, true
}

// compactDate reports whether a run of digits can be a whole date.
func compactDate(v string) bool {
	n := func(a, b int) int { x, _ := strconv.Atoi(v[a:b]); return x }
	dm := func(d, m int) bool { return d >= 1 && d <= 31 && m >= 1 && m <= 12 }
	year := func(y int) bool { return y >= 1880 && y <= 2099 }
	switch len(v) {
	case 8:
		return year(n(4, 8)) && (dm(n(0, 2), n(2, 4)) || dm(n(2, 4), n(0, 2))) || year(n(0, 4)) && dm(n(6, 8), n(4, 6))
	case 6:
		return dm(n(0, 2), n(2, 4)) || dm(n(2, 4), n(0, 2)) || dm(n(4, 6), n(2, 4))
	}
	return false
}

// valid reports whether a date read after a cue is a date: a month and a
// day or a year; all in digits, a year too; a day in words without a
// year, joined to its month by "of" or "de" ("the first of May"; "May
// first" may be the verb).
func (d dateRead) valid() bool {
	switch {
	case !d.parts.month || !d.parts.day && !d.parts.year:
		return false
	case (d.allNumeric || d.roman) && !d.parts.year:
		return false
	case d.wordDay && !d.parts.year && !d.joined:
		return false
	}
	return true
}

// dateReach is how far after a birth or care cue cuedDates looks for a
// date's start, in bytes.
const dateReach = 48

// cuedDates reads a date after every birth and care cue, in the cue's
// sentence, within dateReach bytes: the first word there a date starts at.
func (sc *scan) cuedDates() {
	s := sc.s
	for _, h := range sc.hits {
		if h.role != roleDOB && h.role != roleDate {
			continue
		}
		if h.phrase == "b." {
			continue // "b." is a birth cue only right before a date, as dates() reads it
		}
		limit := min(sentenceEnd(s, h.end), h.end+dateReach)
		adjacent := valueStart(s, h.end)
		for p := h.end; p < limit; p++ {
			if !isAlnum(s[p]) || p > h.end && isAlnum(s[p-1]) {
				continue
			}
			if p > 1 && lex.IsDigit(s[p]) && strings.IndexByte(" -/.", s[p-1]) >= 0 && lex.IsDigit(s[p-2]) {
				continue // inside a longer number: "07700 900123"
			}
			d, ok := readCuedDate(s, dateTokens(s, p, 12))
			if !ok {
				continue
			}
			if sc.refNear(p) || d.compact && (p != adjacent || h.role == roleDate && len(s[d.start:d.end]) != 8) {
				// Digits alone are a date right after the cue; after a care
				// cue, eight of them.
				break
			}
			kind := KindDateOfBirth
			if h.role == roleDate {
				kind = KindDate
				if !d.parts.day && !sc.personal(d.start, d.end) {
					break
				}
			}
			sc.add(kind, d.start, d.end, prioCue)
			break
		}
	}
}

// personal reports whether the sentence around folded [st, e) speaks of a
// person: "diagnosed in May 2019" counts when it is "my son was".
func (sc *scan) personal(st, e int) bool {
	s := sc.s
	a, b := sentenceStart(s, st), sentenceEnd(s, e)
	return hasWord(s[a:st]+" "+s[e:b], personalWords...)
}
