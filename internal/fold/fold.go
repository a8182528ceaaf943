// Package fold is the one home of text folding. The screens read a text
// through Normalize first (NFKC, no invisible characters, ASCII digits, one
// form of each separator). WithOffsets then folds it for the identifier
// screen, to lower case without accents and with the spacing inside numbers
// squeezed, keeping the original offset of every folded byte so that a
// finding names the original's offsets; String folds it for the
// clinical-decision screen, with full case folding and single spaces.
// Lexicon folds words and questions for the lexicon and the curated drafts
// with String's character fold (the same strip and table), without
// Normalize and with recomposition (see Lexicon). All read each character
// alone, and look the common ones up in tables built once. The package
// imports no search engine: package evidence folds with it without linking
// bleve.
package fold

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text is a text prepared for matching cues and values, at two levels. N is
// the original normalised (Normalize): it keeps case, for the detectors
// that need capitals (names, street addresses). S is N folded: lower case,
// accents removed, compatibility forms decomposed, curly quotes, dashes and
// odd spaces straightened, and the spacing inside numbers squeezed ("14 /
// 03 / 1962" as "14/03/1962", "5 2 3 4" as "5234", runs of spaces as one).
// Offsets in S map to N (Start, End, Folded), and offsets in N map to the
// original (OrigSpan), so that a finding made on either names the
// original's offsets, invisible characters inside it included.
type Text struct {
	Orig string // the original text
	N    string // Normalize(Orig)
	S    string // the folded text
	// from[i] is the start, in N, of the character that produced S[i]; it
	// is nil when S is N with ASCII letters lowercased, byte for byte.
	from []int32
	// nStart[i] and nEnd[i] are the span, in Orig, of the character (or
	// NFKC segment) that produced N[i]; nil when N is Orig.
	nStart, nEnd []int32
}

// WithOffsets folds text for the identifier screen: see Text.
func WithOffsets(text string) *Text {
	n, ns, ne := normalize(text)
	f := &Text{Orig: text, N: n, nStart: ns, nEnd: ne}
	if isASCII(n) {
		// strings.ToLower maps A-Z alone in ASCII text, and returns text
		// itself when it has none.
		f.S = strings.ToLower(n)
		f.S, f.from = squeeze(f.S, nil)
		return f
	}
	var b strings.Builder
	b.Grow(len(n))
	from := make([]int32, 0, len(n))
	emit := func(s string, at int) {
		b.WriteString(s)
		for range len(s) {
			from = append(from, int32(at))
		}
	}
	for i, r := range n {
		if r < utf8.RuneSelf {
			c := byte(r)
			if isUpper(c) {
				c += 'a' - 'A'
			}
			b.WriteByte(c)
			from = append(from, int32(i))
			continue
		}
		if s, ok := screenFoldedRune(r); ok {
			emit(s, i)
			continue
		}
		emit(screenFoldRune(r), i)
	}
	f.S, f.from = squeeze(b.String(), from)
	return f
}

// screenFoldRune returns what WithOffsets writes for the non-ASCII
// character r: each character depends on r alone. It is the character fold
// String and Lexicon share (strip), with simple lower case instead of full
// case folding and one ASCII form for quotes, dashes and spaces.
func screenFoldRune(r rune) string {
	if s, ok := foldSpecial(r); ok {
		return s
	}
	var out strings.Builder
	for _, d := range strip(string(r)) {
		d = unicode.ToLower(d)
		if d == 'ı' {
			d = 'i'
		}
		if s, ok := foldSpecial(d); ok {
			out.WriteString(s)
			continue
		}
		out.WriteRune(d)
	}
	return out.String()
}

// screenFoldedRunes holds screenFoldRune(r) for the characters of
// foldedRunes' ranges, the common ones, so that folding them neither
// normalises nor allocates.
var screenFoldedRunes = func() (t struct {
	latin [foldLatinLast - foldLatinFirst + 1]string
	punct [foldPunctLast - foldPunctFirst + 1]string
}) {
	for i := range t.latin {
		t.latin[i] = screenFoldRune(foldLatinFirst + rune(i))
	}
	for i := range t.punct {
		t.punct[i] = screenFoldRune(foldPunctFirst + rune(i))
	}
	return t
}()

// screenFoldedRune returns screenFoldRune(r) when screenFoldedRunes holds
// it.
func screenFoldedRune(r rune) (string, bool) {
	switch {
	case foldLatinFirst <= r && r <= foldLatinLast:
		return screenFoldedRunes.latin[r-foldLatinFirst], true
	case foldPunctFirst <= r && r <= foldPunctLast:
		return screenFoldedRunes.punct[r-foldPunctFirst], true
	}
	return "", false
}

// foldSpecial maps punctuation and spaces that people type in several
// forms to one ASCII form, and text that is not valid UTF-8 to a space.
func foldSpecial(r rune) (string, bool) {
	switch r {
	case utf8.RuneError:
		return " ", true
	case '’', '‘', 'ʼ', '′', '´':
		return "'", true
	case '“', '”', '«', '»':
		return "\"", true
	case '‐', '‑', '‒', '–', '—', '―', '−':
		return "-", true
	case 'º', '°':
		return "o", true
	case '¿', '¡':
		return " ", true
	}
	if unicode.IsSpace(r) {
		return " ", true
	}
	return "", false
}

// Start returns the offset in N of folded offset i.
func (f *Text) Start(i int) int {
	if i >= len(f.S) {
		return len(f.N)
	}
	if f.from == nil {
		return i
	}
	return int(f.from[i])
}

// End returns the offset in N just past the character that produced
// folded byte j-1: the end in N of a folded span ending at j.
func (f *Text) End(j int) int {
	if j <= 0 {
		return f.Start(0)
	}
	if f.from == nil {
		return j
	}
	at := int(f.from[j-1])
	_, size := utf8.DecodeRuneInString(f.N[at:])
	return at + size
}

// OrigSpan returns the span in Orig of the span [start, end) of N: from
// the start of the character that produced N[start] to the end of the one
// that produced N[end-1], so that it holds every invisible character
// between them.
func (f *Text) OrigSpan(start, end int) (int, int) {
	if f.nStart == nil {
		return start, end
	}
	if start >= end {
		if start >= len(f.N) {
			return len(f.Orig), len(f.Orig)
		}
		return int(f.nStart[start]), int(f.nStart[start])
	}
	return int(f.nStart[start]), int(f.nEnd[end-1])
}

// Word is WithOffsets(w).S: it lowercases a word and removes its accents,
// without the offsets.
func Word(w string) string {
	if isASCII(w) {
		return strings.ToLower(w)
	}
	return WithOffsets(w).S
}

// Folded returns the folded offset of offset i in N: that of the first
// folded byte whose character starts at or after i.
func (f *Text) Folded(i int) int {
	if f.from == nil {
		return min(i, len(f.S))
	}
	fi := 0
	for fi < len(f.from) && int(f.from[fi]) < i {
		fi++
	}
	return fi
}
