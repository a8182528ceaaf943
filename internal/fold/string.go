package fold

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Folding: lower case, no accents, straight apostrophes, single spaces.

// String folds a question for the clinical-decision screen: it normalises
// s (Normalize), lowercases it, strips accents, straightens apostrophes
// and collapses spaces. ASCII text, the common case, is only lowercased. It
// keeps no state between calls: x/text transformers and Casers carry state
// and must not be shared between goroutines, so the Caser is made per call.
func String(s string) string {
	if isASCII(s) {
		return foldASCII(s)
	}
	s = Normalize(s)
	if t, ok := foldByRune(s, false); ok {
		s = t
	} else {
		s = foldRunes(s)
	}
	s = apostrophes.Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// foldRunes decomposes s (NFKD), drops its nonspacing marks and folds its
// case: the part of String that sees characters rather than spaces.
func foldRunes(s string) string {
	return cases.Fold().String(strip(s))
}

// strip decomposes s (NFKD) and drops its nonspacing marks (accents): the
// part of the character fold that String and Lexicon share.
func strip(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, norm.NFKD.String(s))
}

// foldByRune is foldRunes(s) put together from each character's fold,
// when every non-ASCII character of s is in foldedRunes (for Lexicon, with
// its lexicon flag); ok is false otherwise. Piece by piece is the same as the whole because case folding
// looks at one character at a time, and decomposition reorders only runs of
// combining marks (non-starters), which never cross a character whose
// decomposition begins with a starter, as every ASCII character's and every
// character in foldedRunes' does.
func foldByRune(s string, lexicon bool) (string, bool) {
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
		f, ok, lex := foldedRune(r)
		if !ok || lexicon && !lex {
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
				f := foldRunes(string(r))
				dst[i] = foldedRuneEntry{f, true, lexiconRune(r, f)}
			}
		}
	}
	fill(t.latin[:], foldLatinFirst)
	fill(t.punct[:], foldPunctFirst)
	return t
}()

type foldedRuneEntry struct {
	fold    string
	ok      bool
	lexicon bool // Lexicon may use fold (lexiconRune)
}

// foldedRune returns foldRunes(string(r)) when foldedRunes holds r, and
// whether Lexicon may use it.
func foldedRune(r rune) (string, bool, bool) {
	var e foldedRuneEntry
	switch {
	case foldLatinFirst <= r && r <= foldLatinLast:
		e = foldedRunes.latin[r-foldLatinFirst]
	case foldPunctFirst <= r && r <= foldPunctLast:
		e = foldedRunes.punct[r-foldPunctFirst]
	}
	return e.fold, e.ok, e.lexicon
}

// foldASCII is String for ASCII s, in one pass: lower case, backquotes as
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
