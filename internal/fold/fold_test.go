package fold

import (
	"strings"
	"testing"
)

// foldTextReference is String without its fast paths.
func foldTextReference(s string) string {
	return strings.Join(strings.Fields(apostrophes.Replace(foldRunes(Normalize(s)))), " ")
}

// checkFold fails if String, with its fast paths, disagrees with
// foldTextReference on s.
func checkFold(t *testing.T, s string) {
	t.Helper()
	if got, want := String(s), foldTextReference(s); got != want {
		t.Errorf("String(%q) = %q, without fast paths %q", s, got, want)
	}
}

// TestFoldText checks String's fast paths against the plain pipeline on
// every character of foldedRunes' ranges alone, in words, after combining
// marks, and on every pair of them.
func TestFoldText(t *testing.T) {
	var rs []rune
	for _, rng := range [][2]rune{{foldLatinFirst, foldLatinLast}, {foldPunctFirst, foldPunctLast}} {
		for r := rng[0]; r <= rng[1]; r++ {
			rs = append(rs, r)
		}
	}
	for _, s := range []string{"", " ", "ABC", " a  b\t", "`x`", "\xff", "e\u0301", "E\u0301\u0327", "\u0327\u0301a", "I\u0307", "ǅ"} {
		checkFold(t, s)
	}
	for _, r := range rs {
		c := string(r)
		for _, s := range []string{c, "A" + c + "b", c + "\u0301", c + "\u0327\u0301", "\u0301" + c, c + " Z\t" + c} {
			checkFold(t, s)
		}
	}
	for _, r1 := range rs {
		for _, r2 := range rs {
			if got, want := String(string(r1)+string(r2)), foldTextReference(string(r1)+string(r2)); got != want {
				t.Fatalf("String(%q) = %q, without fast paths %q", string(r1)+string(r2), got, want)
			}
		}
	}
	for _, q := range devTexts(t, screensDir) {
		checkFold(t, q)
	}
}

// FuzzString checks String's fast paths against the plain pipeline
// (foldTextReference) on any text.
func FuzzString(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	for _, s := range []string{"", " a  b\t", "`x`", "e\u0301", "\u0327\u0301a", "I\u0307", "ǅ", "¿Es contagioso?", "Qu’est-ce que l’eczéma atopique ?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkFold(t, s)
	})
}
