// Package claims splits text into one-sentence claims, builds extractive
// drafts from retrieved passages, and verifies each claim against passages,
// finding the span that supports it or judging it unsupported or
// contradicted.
//
// Functions here are pure; a *Lexical verifier is immutable and safe for
// concurrent use.
package claims

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sentence is one sentence of a text, with its byte offsets in that text.
type Sentence struct {
	Text  string // the sentence as it stands in the text, trimmed
	Start int
	End   int
}

// abbreviations end with a period that does not end a sentence: each
// introduces what follows it ("Dr. Smith", "e.g. Vaseline", "vs. placebo").
// Abbreviations that follow what they shorten ("etc.", "min.", "Ltd.") are
// not listed: like any word they end a sentence before a capital and not
// before a lowercase word.
var abbreviations = map[string]bool{
	"e.g": true, "i.e": true, "vs": true, "dr": true, "mr": true, "mrs": true,
	"ms": true, "st": true, "fig": true, "approx": true, "cf": true, "al": true,
	"prof": true, "viz": true, "var": true, "ca": true, "incl": true, "esp": true,
	"dept": true, "univ": true, "vol": true, "p": true, "pp": true, "op": true,
	"cit": true, "u.s": true, "u.k": true,
}

// numberAbbreviations shorten a word only before a number: "No. 5" but "Is
// it contagious? No. It is not."
var numberAbbreviations = map[string]bool{"no": true, "nos": true}

// Split cuts text into sentences. It keeps abbreviations (e.g., Dr., i.e.),
// initials and decimals (0.05%) inside their sentence, treats each list item
// and each paragraph as a boundary, and keeps a trailing citation marker such
// as [2] with the sentence before it.
func Split(text string) []Sentence {
	var out []Sentence
	start := 0
	emit := func(end int) {
		s, e := trimSpan(text, start, end)
		if s < e {
			out = append(out, Sentence{Text: text[s:e], Start: s, End: e})
		}
		start = end
	}
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n':
			// A blank line or a list item on the next line is a boundary.
			j := i + w
			for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r') {
				j++
			}
			if j < len(text) && (text[j] == '\n' || listMarkerLen(text[j:]) > 0) {
				emit(i)
			}
		case r == '.' || r == '!' || r == '?':
			end := i + w
			// Closing quotes, brackets and emphasis belong to the sentence.
			for end < len(text) {
				c, cw := utf8.DecodeRuneInString(text[end:])
				if !strings.ContainsRune(closers, c) {
					break
				}
				end += cw
			}
			// A citation marker right after the stop belongs to it.
			end = skipMarkers(text, end)
			if isBoundary(text, i, end) {
				emit(end)
				i = end
				continue
			}
		}
		i += w
	}
	emit(len(text))
	return out
}

// closers may follow a sentence's final stop and belong to the sentence.
const closers = `"')]”’»*_`

// isBoundary reports whether the stop at i, with the sentence running to end,
// ends a sentence.
func isBoundary(text string, i, end int) bool {
	if end < len(text) {
		r, _ := utf8.DecodeRuneInString(text[end:])
		if !unicode.IsSpace(r) {
			return false // "0.05", "e.g.x", "file.txt"
		}
	}
	if text[i] != '.' {
		return true
	}
	// The word before the period.
	j := i
	for j > 0 {
		r, w := utf8.DecodeLastRuneInString(text[:j])
		if unicode.IsSpace(r) || r == '(' {
			break
		}
		j -= w
	}
	word := strings.ToLower(strings.TrimLeft(text[j:i], `"'(`))
	if abbreviations[word] {
		return false
	}
	// A number opening a line is a list marker ("1. Apply"), not a sentence.
	if isDigits(word) && lineStart(text, j) {
		return false
	}
	// A single capital letter: an initial ("J. Smith").
	if utf8.RuneCountInString(word) == 1 {
		r, _ := utf8.DecodeRuneInString(text[j:i])
		if unicode.IsUpper(r) {
			return false
		}
	}
	// The next word starting in lowercase continues the sentence ("approx. two").
	k := end
	for k < len(text) {
		r, w := utf8.DecodeRuneInString(text[k:])
		if !unicode.IsSpace(r) {
			if unicode.IsLower(r) || numberAbbreviations[word] && unicode.IsDigit(r) {
				return false
			}
			break
		}
		k += w
	}
	return true
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// lineStart reports whether only spaces stand between the start of text's
// line and i.
func lineStart(text string, i int) bool {
	for i > 0 {
		switch text[i-1] {
		case '\n':
			return true
		case ' ', '\t', '\r':
			i--
		default:
			return false
		}
	}
	return true
}

// skipMarkers moves past citation markers such as " [2]" or "[1, 3]".
func skipMarkers(text string, i int) int {
	for {
		j := i
		for j < len(text) && text[j] == ' ' {
			j++
		}
		if j >= len(text) || text[j] != '[' {
			return i
		}
		k := j + 1
		for k < len(text) && (text[k] >= '0' && text[k] <= '9' || text[k] == ',' || text[k] == ' ' || text[k] == '-') {
			k++
		}
		if k >= len(text) || text[k] != ']' || k == j+1 {
			return i
		}
		i = k + 1
	}
}

// listMarkerLen returns the length of a list marker at the start of s ("- ",
// "* ", "• ", "1. ", "2) "), or 0.
func listMarkerLen(s string) int {
	for _, m := range []string{"- ", "* ", "• ", "+ "} {
		if strings.HasPrefix(s, m) {
			return len(m)
		}
	}
	j := 0
	for j < len(s) && j < 3 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j > 0 && j+1 < len(s) && (s[j] == '.' || s[j] == ')') && s[j+1] == ' ' {
		return j + 2
	}
	return 0
}

// trimSpan trims spaces, a leading list marker and a leading heading from
// text[s:e].
func trimSpan(text string, s, e int) (int, int) {
	s = skipSpace(text, s, e)
	if n := listMarkerLen(text[s:e]); n > 0 {
		// The marker ends in a space; more may follow it ("-  item").
		s = skipSpace(text, s+n, e)
	}
	if n := headingLen(text[s:e]); n > 0 {
		s = skipSpace(text, s+n, e)
	}
	for e > s {
		r, w := utf8.DecodeLastRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		e -= w
	}
	return s, e
}

// skipSpace returns the offset of the first non-space rune of text[s:e], or e.
func skipSpace(text string, s, e int) int {
	for s < e {
		r, w := utf8.DecodeRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		s += w
	}
	return s
}

// Clean turns a sentence of a draft into claim text: citation markers and
// Markdown emphasis removed, spaces collapsed. Clean is idempotent:
// Clean(Clean(s)) == Clean(s).
func Clean(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	// Removing a marker or an emphasis mark can expose another ("[*2*]",
	// "a [1]_b_"): remove until nothing changes. Each pass that changes s
	// shortens it, so the loop ends.
	for {
		t := stripEmphasis(stripMarkers(s))
		if t == s {
			break
		}
		s = t
	}
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, " .", ".")
}

// stripMarkers removes citation markers such as "[2]" and "[1, 3]".
func stripMarkers(s string) string {
	if !strings.Contains(s, "[") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '[' {
			if j := skipMarkers(s, i); j > i {
				i = j
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// stripEmphasis removes the Markdown emphasis marks '*' and '`', and runs of
// '_' except inside a word ("snake_case").
func stripEmphasis(s string) string {
	if !strings.ContainsAny(s, "*_`") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		switch s[i] {
		case '*', '`':
			i++
			continue
		case '_':
			j := i
			for j < len(s) && s[j] == '_' {
				j++
			}
			before, _ := utf8.DecodeLastRuneInString(s[:i])
			after, _ := utf8.DecodeRuneInString(s[j:])
			if i > 0 && j < len(s) && isWordRune(before) && isWordRune(after) {
				b.WriteString(s[i:j])
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

func isWordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// headingLen returns the length of a heading run into the sentence that
// follows it, "Key Points - " or "Summary : ": up to four capitalised words
// (joined by "and" or "of"), a spaced dash or colon, then a capital. It is 0
// when s opens with no such heading.
func headingLen(s string) int {
	words := 0
	i := 0
	for i < len(s) && words <= maxHeadingWords {
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		w := s[i:j]
		switch {
		case w == "-" || w == ":" || w == "–":
			if words == 0 || j+1 >= len(s) {
				return 0
			}
			if r, _ := utf8.DecodeRuneInString(s[j+1:]); !unicode.IsUpper(r) {
				return 0
			}
			return j + 1
		case w == "and" || w == "of":
		case w == "":
			return 0
		default:
			r, _ := utf8.DecodeRuneInString(w)
			if !unicode.IsUpper(r) || strings.ContainsAny(w, ".,;:!?") {
				return 0
			}
			words++
		}
		i = j + 1
	}
	return 0
}

// maxHeadingWords is the most words a heading run into its sentence holds.
const maxHeadingWords = 4
