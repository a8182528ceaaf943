package fold

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The normalisation every screen reads a text through, before it folds
// it: a character that looks like another, or that cannot be seen, must
// not hide an identifier or a question from a screen.

// Normalize returns text as the screens read it, before folding: in NFKC,
// without invisible characters (format characters, Unicode category Cf,
// such as U+200B, U+00AD, U+2060 and U+FEFF; the other default-ignorable
// characters and variation selectors; a nonspacing mark on no letter),
// every decimal digit (category Nd, such as Arabic-Indic "٤" or Devanagari
// "४") as its ASCII digit, and the dashes, slashes, dots and spaces people
// type in several forms each as one form (see separator). Case and accents
// are kept; bytes that are not UTF-8 become U+FFFD. ASCII text is returned
// as it is.
func Normalize(text string) string {
	n, _, _ := normalize(text)
	return n
}

// normalize is Normalize, with the span in text of the character or
// NFKC segment that produced each byte of the result: start[i] and end[i].
// Both are nil when the result is text itself.
func normalize(text string) (n string, start, end []int32) {
	if isASCII(text) {
		return text, nil, nil
	}
	var b strings.Builder
	b.Grow(len(text))
	start = make([]int32, 0, len(text))
	end = make([]int32, 0, len(text))
	letter := false // the last character written is a letter or a mark on one
	emit := func(r rune, a, z int) {
		r, keep := normalRune(r, letter)
		if !keep {
			return
		}
		letter = unicode.IsLetter(r) || letter && unicode.Is(unicode.M, r)
		k := b.Len()
		b.WriteRune(r)
		for ; k < b.Len(); k++ {
			start = append(start, int32(a))
			end = append(end, int32(z))
		}
	}
	var it norm.Iter
	it.InitString(norm.NFKC, text)
	var pending []byte // output of the segment that starts at seg
	seg := 0
	for !it.Done() {
		pending = append(pending, it.Next()...)
		pos := it.Pos()
		if pos == seg {
			continue // an expansion ("ﬁ", "½") comes in pieces
		}
		if string(pending) == text[seg:pos] {
			// Unchanged: each character maps to itself.
			for i := 0; i < len(pending); {
				r, size := utf8.DecodeRune(pending[i:])
				emit(r, seg+i, seg+i+size)
				i += size
			}
		} else {
			for i := 0; i < len(pending); {
				r, size := utf8.DecodeRune(pending[i:])
				emit(r, seg, pos)
				i += size
			}
		}
		pending, seg = pending[:0], pos
	}
	return b.String(), start, end
}

// normalRune returns what Normalize writes for r, a character of NFKC
// text, and false when it writes nothing; afterLetter says whether the
// character before r is a letter (or a mark on one).
func normalRune(r rune, afterLetter bool) (rune, bool) {
	switch {
	case r < utf8.RuneSelf:
		return r, true
	case Invisible(r):
		return 0, false
	case unicode.Is(unicode.Mn, r):
		return r, afterLetter
	case unicode.Is(unicode.Nd, r):
		if d, ok := digitValue(r); ok {
			return '0' + rune(d), true
		}
	}
	if s, ok := separator(r); ok {
		return s, true
	}
	return r, true
}

// Invisible reports whether r is a character that shows nothing: a format
// character (Cf: zero-width spaces and joiners, the soft hyphen, the word
// joiner, byte order marks, bidirectional controls, tags), another
// default-ignorable character (the combining grapheme joiner, Hangul
// fillers) or a variation selector.
func Invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) ||
		unicode.Is(unicode.Variation_Selector, r)
}

// digitValue returns the value of a decimal digit (Nd). Unicode encodes
// every decimal digit in a run of ten, from zero to nine, and unicode.Nd's
// ranges are made of whole runs (TestDigitValue checks both).
func digitValue(r rune) (byte, bool) {
	for _, rg := range unicode.Nd.R16 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return byte((r - rune(rg.Lo)) % 10), true
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return byte((r - rune(rg.Lo)) % 10), true
		}
	}
	return 0, false
}

// separator returns the one form of a dash, slash, dot or space that
// people type in several: a hyphen or minus sign as "-", a sentence dash
// (en dash, em dash, horizontal bar) as the em dash "—", a slash as "/", a
// full stop or middle dot as ".", and a space as " " (a line or
// paragraph separator as a newline).
func separator(r rune) (rune, bool) {
	switch r {
	case '\u2013', '\u2014', '\u2015', '\u2e3a', '\u2e3b', '\ufe58', '\ufe31', '\ufe32':
		return '—', true
	case '\u2212', '\u02d7', '\u2796', '\u2043':
		return '-', true
	case '\u2044', '\u2215', '\u29f8', '\u27cb', '\u2cfa':
		return '/', true
	case '\u00b7', '\u2027', '\u2219', '\u22c5', '\u30fb', '\u2e31', '\u16eb', '\u3002', '\u06d4', '\u066b', '\u2e33':
		return '.', true
	case '\u2028', '\u2029':
		return '\n', true
	}
	switch {
	case unicode.Is(unicode.Pd, r):
		return '-', true // hyphens: U+2010, U+2011, U+2012 (figure dash), U+058A, U+05BE, ...
	case unicode.Is(unicode.Zs, r):
		return ' ', true
	}
	return 0, false
}
