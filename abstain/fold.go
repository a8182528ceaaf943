package abstain

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// foldedText is a text prepared for matching cues and values: lower case,
// accents removed, compatibility forms decomposed ("ﬁ" to "fi", full-width
// digits to ASCII digits), curly quotes, dashes and odd spaces straightened.
// It keeps the byte offset in the original of every folded byte, so that a
// finding made on the folded text can name the original's offsets.
type foldedText struct {
	orig string
	s    string
	// from[i] is the start, in orig, of the character that produced s[i]; it
	// is nil when s is orig with ASCII letters lowercased, byte for byte.
	from []int32
}

func foldForScreen(text string) *foldedText {
	f := &foldedText{orig: text}
	if isASCII(text) {
		// strings.ToLower maps A-Z alone in ASCII text, and returns text
		// itself when it has none.
		f.s = strings.ToLower(text)
		return f
	}
	var b strings.Builder
	b.Grow(len(text))
	from := make([]int32, 0, len(text))
	emit := func(s string, at int) {
		b.WriteString(s)
		for range len(s) {
			from = append(from, int32(at))
		}
	}
	for i, r := range text {
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
	f.s = b.String()
	f.from = from
	return f
}

// screenFoldRune returns what foldForScreen writes for the non-ASCII
// character r: each character depends on r alone.
func screenFoldRune(r rune) string {
	if s, ok := foldSpecial(r); ok {
		return s
	}
	var out strings.Builder
	for _, d := range norm.NFKD.String(string(r)) {
		if unicode.Is(unicode.Mn, d) {
			continue
		}
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

// start returns the original offset of folded offset i.
func (f *foldedText) start(i int) int {
	if f.from == nil || i >= len(f.s) {
		if i >= len(f.s) {
			return len(f.orig)
		}
		return i
	}
	return int(f.from[i])
}

// end returns the original offset just past the character that produced
// folded byte j-1: the original end of a folded span ending at j.
func (f *foldedText) end(j int) int {
	if j <= 0 {
		return f.start(0)
	}
	if f.from == nil {
		return j
	}
	at := int(f.from[j-1])
	_, size := utf8.DecodeRuneInString(f.orig[at:])
	return at + size
}
