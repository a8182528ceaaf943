package claims

import (
	"regexp/syntax"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/lexicon"
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

var cueLists = []struct {
	name string
	cues cueWords
}{{"negation", negationCues}, {"strong", strongCues}}

// TestCueWordsMatchRegexp checks that each word list is exactly the words
// its regexp's \b(...)\b group spells, so that a word added to the regexp
// and not to the list fails here rather than being missed by the fast path.
func TestCueWordsMatchRegexp(t *testing.T) {
	for _, c := range cueLists {
		re, err := syntax.Parse(c.cues.re.String(), syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		var group *syntax.Regexp
		var find func(*syntax.Regexp)
		find = func(r *syntax.Regexp) {
			if r.Op == syntax.OpCapture && group == nil {
				group = r.Sub[0]
			}
			for _, s := range r.Sub {
				find(s)
			}
		}
		find(re)
		if group == nil {
			t.Fatalf("%s: no \\b(...)\\b group in %s", c.name, c.cues.re)
		}
		got := spell(t, group)
		var want []string
		for w := range c.cues.words {
			want = append(want, w)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: the regexp spells %q, the word list holds %q", c.name, got, want)
		}
	}
}

// spell lists the lowercased strings a regexp of literals, concatenations,
// alternations and optional parts matches.
func spell(t *testing.T, r *syntax.Regexp) []string {
	t.Helper()
	switch r.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(r.Rune))}
	case syntax.OpCharClass:
		// A case-folded letter: [Kk] and the like.
		if len(r.Rune) >= 2 && strings.EqualFold(string(r.Rune[0]), string(r.Rune[1])) {
			return []string{strings.ToLower(string(r.Rune[0]))}
		}
	case syntax.OpEmptyMatch:
		return []string{""}
	case syntax.OpQuest:
		return append([]string{""}, spell(t, r.Sub[0])...)
	case syntax.OpAlternate:
		var out []string
		for _, s := range r.Sub {
			out = append(out, spell(t, s)...)
		}
		return out
	case syntax.OpConcat:
		out := []string{""}
		for _, s := range r.Sub {
			var next []string
			for _, head := range out {
				for _, tail := range spell(t, s) {
					next = append(next, head+tail)
				}
			}
			out = next
		}
		return out
	case syntax.OpCapture:
		return spell(t, r.Sub[0])
	}
	t.Fatalf("cannot spell %s (op %v)", r, r.Op)
	return nil
}

func TestCueWordsAgreeWithRegexp(t *testing.T) {
	for _, c := range cueLists {
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
	if got, want := c.findAll(s), c.re.FindAllString(s, -1); !slices.Equal(got, want) {
		t.Errorf("%s.findAll(%q) = %q, regexp says %q", name, s, got, want)
	}
}

func FuzzCueWords(f *testing.F) {
	for _, s := range cueSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range cueLists {
			checkCueWords(t, c.name, c.cues, s)
		}
	})
}

func TestDistribute(t *testing.T) {
	tests := []struct {
		claim string
		want  []string
	}{
		{"Permethrin is used to treat both scabies and head lice.", []string{"Permethrin is used to treat scabies.", "Permethrin is used to treat head lice."}},
		{"Trichophyton rubrum is a cause of both tinea pedis and onychomycosis", []string{"Trichophyton rubrum is a cause of tinea pedis.", "Trichophyton rubrum is a cause of onychomycosis."}},
		// A qualifier after the names would be lost from one part: not split.
		{"Permethrin treats both scabies and head lice in young children under two.", []string{"Permethrin treats both scabies and head lice in young children under two."}},
		{"Both men and women get psoriasis.", []string{"Both men and women get psoriasis."}},
		{"Psoriasis is itchy.", []string{"Psoriasis is itchy."}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, distribute(tt.claim)); diff != "" {
			t.Errorf("distribute(%q) (-want +got):\n%s", tt.claim, diff)
		}
	}
}

func TestAlign(t *testing.T) {
	concept := func(alts ...string) lexicon.Concept {
		c := lexicon.Concept{Group: -1}
		for _, a := range alts {
			c.Alternatives = append(c.Alternatives, strings.Fields(a))
		}
		c.Terms = c.Alternatives[0]
		return c
	}
	tests := []struct {
		name     string
		concepts []lexicon.Concept
		terms    string
		want     [][]int
	}{{
		name:     "in order",
		concepts: []lexicon.Concept{concept("a"), concept("b"), concept("c")},
		terms:    "a x b c",
		want:     [][]int{{0, 1}, {2, 3}, {3, 4}},
	}, {
		// The first concept stands last in the span: aligning it first would
		// leave the other two unaligned.
		name:     "topic moved to the end",
		concepts: []lexicon.Concept{concept("topic"), concept("b"), concept("c")},
		terms:    "b c x topic",
		want:     [][]int{nil, {0, 1}, {1, 2}},
	}, {
		name:     "multi-word alternative",
		concepts: []lexicon.Concept{concept("atop dermat", "eczema"), concept("flare")},
		terms:    "eczema may flare",
		want:     [][]int{{0, 1}, {2, 3}},
	}, {
		name:     "earliest of equal alignments",
		concepts: []lexicon.Concept{concept("a"), concept("b")},
		terms:    "a b a b",
		want:     [][]int{{0, 1}, {1, 2}},
	}, {
		name:     "unmatched concept",
		concepts: []lexicon.Concept{concept("a"), concept("zz"), concept("b")},
		terms:    "a b",
		want:     [][]int{{0, 1}, nil, {1, 2}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			terms := strings.Fields(tt.terms)
			got := align(tt.concepts, lexicon.NewTermSet(terms), terms)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("align (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParaphrases checks the verifier's everyday paraphrase list against its
// own rules: it parses; no phrase holds a word the verifier judges on its own
// (a negation cue, a strong quantifier, a number); and no set joins words of
// different classes of a contrast set ("worsen" and "get worse" may share a
// set; "lower" and "higher" may not).
func TestParaphrases(t *testing.T) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	th, err := (*lexicon.Thesaurus)(nil).Extend(strings.NewReader(paraphrases), an)
	if err != nil {
		t.Fatal(err)
	}
	if th.Len() < 40 {
		t.Errorf("%d sets; the list has more", th.Len())
	}
	cs := newContrasts(an)
	for i, line := range strings.Split(paraphrases, "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		classOf := map[int]int{} // contrast set -> the class the line uses
		for _, phrase := range strings.Split(line, ",") {
			phrase = strings.TrimSpace(phrase)
			for _, w := range words(phrase) {
				if negationCues.words[w] || strongCues.words[w] || hasNumber(w) {
					t.Errorf("line %d: %q holds %q, which the verifier judges on its own", i+1, phrase, w)
				}
				if k, ok := cs[w]; ok {
					if c, seen := classOf[k[0]]; seen && c != k[1] {
						t.Errorf("line %d: %q joins two classes of a contrast set", i+1, line)
					}
					classOf[k[0]] = k[1]
				}
			}
		}
	}
}

func TestNumberWords(t *testing.T) {
	tests := []struct{ in, want string }{
		{"seven potency classes", "7 potency classes"},
		{"one of the ABCDE signs", "one of the ABCDE signs"},
		{"moles resemble one another", "moles resemble one another"},
		{"no one knows", "no one knows"},
		{"on one side of the body", "on 1 side of the body"},
		{"one of two people", "1 of 2 people"},
		{"One week, then two", "1 week, then 2"},
		{"no number here", "no number here"},
	}
	for _, tt := range tests {
		if got := numberWords(tt.in); got != tt.want {
			t.Errorf("numberWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestShareSubject(t *testing.T) {
	tests := []struct {
		claim string
		want  []string
	}{
		{"Spironolactone is an option for acne in women and may also be considered for hair loss.",
			[]string{"Spironolactone is an option for acne in women.", "Spironolactone may be considered for hair loss."}},
		{"Scabies causes intense itching, and is spread by close contact.",
			[]string{"Scabies causes intense itching.", "Scabies is spread by close contact."}},
		{"Wool and soap irritate eczema.", []string{"Wool and soap irritate eczema."}},
		{"In adults, eczema is common and can last for years.", []string{"In adults, eczema is common and can last for years."}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, shareSubject(tt.claim)); diff != "" {
			t.Errorf("shareSubject(%q) (-want +got):\n%s", tt.claim, diff)
		}
	}
}
