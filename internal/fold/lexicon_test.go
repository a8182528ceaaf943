package fold

import (
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// lexiconReference is Lexicon as one x/text chain, as it was written
// before it shared String's table and strip.
func lexiconReference(s string) string {
	t := transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), norm.NFKC, cases.Fold())
	out, _, err := transform.String(t, s)
	if err != nil {
		return strings.ToLower(s)
	}
	return out
}

func checkLexicon(t *testing.T, s string) {
	t.Helper()
	if got, want := Lexicon(s), lexiconReference(s); got != want {
		t.Fatalf("Lexicon(%q) = %q, reference %q", s, got, want)
	}
}

// TestLexicon checks Lexicon against the chain on every character alone
// and beside others, every pair of foldedRunes' characters, the fuzz seeds
// and the development questions.
func TestLexicon(t *testing.T) {
	for _, s := range []string{"", " ", "ABC", "Eczéma", " a  b\t", "`x`", "\xff", "e\u0301", "\u1100\u1161", "가\u11a8", "I\u0307", "ǅ", "ß"} {
		checkLexicon(t, s)
	}
	// Every character alone (every 61st under -short), and every 61st
	// beside others.
	step := rune(1)
	if testing.Short() {
		step = 61
	}
	for r := rune(0); r <= unicode.MaxRune; r += step {
		checkLexicon(t, string(r))
		if r%61 == 0 {
			c := string(r)
			for _, s := range []string{"A" + c + "b", c + "\u0301", "\u1100" + c, c + "\u1161", "é" + c + "ß"} {
				checkLexicon(t, s)
			}
		}
	}
	var rs []rune
	for _, rng := range [][2]rune{{foldLatinFirst, foldLatinLast}, {foldPunctFirst, foldPunctLast}} {
		for r := rng[0]; r <= rng[1]; r++ {
			rs = append(rs, r)
		}
	}
	for _, r1 := range rs {
		for _, r2 := range rs {
			checkLexicon(t, string(r1)+string(r2))
		}
	}
	for _, s := range fuzzSeeds {
		checkLexicon(t, s)
	}
	for _, s := range devTexts(t, screensDir) {
		checkLexicon(t, s)
	}
}

// FuzzLexicon checks Lexicon against the chain on any text.
func FuzzLexicon(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkLexicon(t, s)
	})
}
