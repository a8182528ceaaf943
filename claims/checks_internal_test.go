package claims

import (
	"strings"
	"testing"
)

// cueSamples exercise the word lists and the regexps' edges: case, word
// boundaries, contractions, digits and underscores, and non-ASCII text that
// the fast path leaves to the regexp.
var cueSamples = []string{
	"", "Atopic dermatitis is not contagious.", "NOT", "Not.", "knot", "nothing", "no_t",
	"doesn't help", "DOESN'T", "isn't", "don’t", "Is it? No.", "cannot", "can not",
	"without leaving a mark", "absent", "absently", "rarely seen", "seldom", "lacks",
	"Hives are always caused", "the main trigger", "mainly UVB", "cures eczema",
	"cure-all", "all", "ALL", "allergy", "most", "almost", "utmost", "must", "mustard",
	"eliminates", "guaranteed", "proven", "improvement", "only", "lonely",
	"non-steroid", "no.5", "2no", "no2", "é not", "naïve no", "ſeldom", "\u212a",
	"not\u00a0here", "never", "nevertheless", "none", "nonetheless", "nor", "normal",
}

func TestCueWordsAgreeWithRegexp(t *testing.T) {
	for _, c := range []struct {
		name string
		cues cueWords
	}{{"negation", negationCues}, {"strong", strongCues}} {
		// Every word of the list is a sample too, in three cases.
		samples := append([]string(nil), cueSamples...)
		for w := range c.cues.words {
			samples = append(samples, w, strings.ToUpper(w), "x "+strings.ToUpper(w[:1])+w[1:]+".")
		}
		for _, s := range samples {
			checkCueWords(t, c.name, c.cues, s)
		}
	}
}

func checkCueWords(t *testing.T, name string, c cueWords, s string) {
	t.Helper()
	if got, want := c.in(s), c.re.MatchString(s); got != want {
		t.Errorf("%s.in(%q) = %v, regexp says %v", name, s, got, want)
	}
	got, want := c.findAll(s), c.re.FindAllString(s, -1)
	if strings.Join(got, "\x00") != strings.Join(want, "\x00") || len(got) != len(want) {
		t.Errorf("%s.findAll(%q) = %q, regexp says %q", name, s, got, want)
	}
}

func FuzzCueWords(f *testing.F) {
	for _, s := range cueSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkCueWords(t, "negation", negationCues, s)
		checkCueWords(t, "strong", strongCues, s)
	})
}
