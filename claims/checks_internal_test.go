package claims

import (
	"regexp/syntax"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
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
	"one of", "Seven classes", "tenfold", "twenty-one", "ONE", "hundreds", "often", "sixty",
}

var cueLists = []struct {
	name string
	cues cueWords
}{{"negation", negationCues}, {"strong", strongCues}, {"number", numberWordCues}, {"clause verb", clauseVerbCues}, {"converse", converseAnyCues}}

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
		if group == nil && re.Op == syntax.OpConcat && len(re.Sub) == 3 && re.Sub[0].Op == syntax.OpWordBoundary && re.Sub[2].Op == syntax.OpWordBoundary {
			group = re.Sub[1] // \b(?:w1|w2|...)\b
		}
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
	an := testAnalyzer(t)
	th, err := (*lexicon.Thesaurus)(nil).Extend(strings.NewReader(paraphrases), an)
	if err != nil {
		t.Fatal(err)
	}
	if th.Len() < 40 {
		t.Errorf("%d sets; the list has more", th.Len())
	}
	// A thesaurus phrase of several words that its stop words bring down
	// to one term ("grown-up" to "grown") must not be a paraphrase: the
	// sets would merge through it ("grow" would mean "adult").
	def, err := lexicon.DefaultThesaurus(an)
	if err != nil {
		t.Fatal(err)
	}
	reduced := map[string]string{}
	for g := range def.Len() {
		for _, p := range def.Group(g) {
			if len(p.Terms) == 1 && len(strings.FieldsFunc(p.Text, func(r rune) bool { return r == ' ' || r == '-' })) > 1 {
				reduced[p.Terms[0]] = p.Text
			}
		}
	}
	cs := newContrasts(an)
	for i, line := range strings.Split(paraphrases, "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		classOf := map[int]int{} // contrast set -> the class the line uses
		for _, phrase := range strings.Split(line, ",") {
			phrase = strings.TrimSpace(phrase)
			if ts := an.Terms(phrase); len(ts) == 1 && len(words(phrase)) == 1 && reduced[ts[0]] != "" {
				t.Errorf("line %d: %q is the thesaurus phrase %q without its stop words", i+1, phrase, reduced[ts[0]])
			}
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
		{"a mole, especially one that appears in adulthood", "a mole, especially one that appears in adulthood"},
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

func TestDerivedForms(t *testing.T) {
	tests := []struct {
		term     string
		has, not []string
	}{
		{"treat", []string{"treatment"}, nil},
		{"treatment", []string{"treat"}, nil},
		{"diagnos", []string{"diagnosi"}, nil},
		{"diagnosi", []string{"diagnos"}, nil},
		{"appli", []string{"applic"}, nil},
		{"regrowth", []string{"regrow"}, nil},
		{"exposur", []string{"expos"}, nil},
		{"recur", []string{"recurr"}, nil},
		{"inflammatori", []string{"inflamm"}, nil},
		{"itch", []string{"itchi"}, nil},
		{"oil", nil, []string{"oili"}}, // too short to derive from
		{"oili", []string{"oil"}, nil}, // "oily" for "oil-rich": a three-letter noun under its "-y"
		{"wors", []string{"worsen"}, nil},
		{"worsen", []string{"wors"}, nil},
		{"weak", []string{"weaken"}, nil},
		{"block", []string{"blockag"}, nil},
		{"drainag", []string{"drain"}, nil},
	}
	for _, tt := range tests {
		got := derivedForms(tt.term)
		for _, w := range tt.has {
			if !slices.Contains(got, w) {
				t.Errorf("derivedForms(%q) = %q, lacks %q", tt.term, got, w)
			}
		}
		for _, w := range tt.not {
			if slices.Contains(got, w) {
				t.Errorf("derivedForms(%q) = %q, holds %q", tt.term, got, w)
			}
		}
		if slices.Contains(got, tt.term) {
			t.Errorf("derivedForms(%q) = %q, holds the term itself", tt.term, got)
		}
	}
}

func TestStrongAgreeForms(t *testing.T) {
	tests := []struct {
		name   string
		strong []string
		text   string
		want   bool
	}{
		{"same word", []string{"only"}, "Only one episode.", true},
		{"only held by alone", []string{"only"}, "Nits alone do not confirm it.", true},
		{"just held by only", []string{"just"}, "Most people have only one episode.", true},
		{"most held by mainly", []string{"most"}, "Impetigo is caused mainly by Staphylococcus aureus.", true},
		{"main not held by a superlative", []string{"main"}, "Ultraviolet light is the most important trigger.", false},
		{"cures held by cure", []string{"cures"}, "Treatment can cure it.", true},
		{"hedged passage", []string{"always"}, "It often recurs.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strongAgree(tt.strong, tt.text); got != tt.want {
				t.Errorf("strongAgree(%q, %q) = %v, want %v", tt.strong, tt.text, got, tt.want)
			}
		})
	}
}

func TestNegatedElsewhereHeads(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"reordered negated list", "Vitiligo is not caused by diet or poor hygiene and is not contagious.",
			"Vitiligo is not contagious and is not caused by poor hygiene or diet.", false},
		{"passive and active", "Because the hair follicles are not destroyed, hair can regrow.",
			"Because alopecia areata does not destroy the hair follicles, hair can grow back.", false},
		{"rather than, nothing after it", "The rash appears days after exposure rather than at once.",
			"The rash appears days after exposure rather than immediately.", false},
		{"unlike is no negation", "Unlike acne, rosacea does not cause blackheads.",
			"Rosacea is a different condition from acne, like it in nothing, and does not cause blackheads.", false},
		{"polarity flipped", "Vitiligo is contagious.", "Vitiligo is not contagious.", true},
		{"denied cause asserted", "Acne is caused by poor hygiene.", "Acne is not caused by poor hygiene.", true},
		{"uncommon against common", "Itching is common.", "Itching is uncommon.", true},
		// Against a side that denies nothing, every word in a cue's scope
		// counts, not only the one next to the cue.
		{"denied need of what is advised", "Sunscreen does not need to be reapplied after swimming.",
			"Sunscreen should be reapplied about every two hours, and after swimming, sweating or towelling.", true},
		{"advice against reversed", "Massaging reddened skin helps pressure injuries heal.",
			"Massaging reddened skin over bony areas is best avoided, as it can cause further damage.", true},
		// A span sentence that denies a term and asserts it too (here
		// through a thesaurus equivalent) denies nothing the claim
		// asserts; one whose assertion stands in a sentence without a cue,
		// said of another thing, still does.
		{"denied and asserted in one sentence", "Fluid from the blisters can pass the virus to someone who has never had chickenpox, giving them chickenpox.",
			"Shingles itself is not caught from another person, but fluid from shingles blisters can pass the varicella-zoster virus to someone who has never had chickenpox, causing chickenpox in that person.", false},
		{"asserted of another thing in another sentence", "Bradykinin-mediated angioedema usually occurs with hives.",
			"Histamine-mediated angioedema usually occurs with hives. Bradykinin-mediated angioedema does not involve histamine and usually occurs without hives.", true},
		{"hyphenated non- denies", "Superficial basal cell carcinoma may be treated without surgery.",
			"Superficial basal cell carcinoma may be treated with non-surgical options.", false},
		// A hyphenated "non-" is a cue of its own: a span whose only
		// "bullous" is in "non-bullous" denies it, even with no other cue.
		{"hyphenated non- alone denies", "Bullous impetigo most often appears around the nose and mouth.",
			"Non-bullous impetigo typically begins as small red spots. The sores of impetigo most often appear around the nose and mouth.", true},
		{"hyphenated non- beside the word asserted", "Bullous impetigo forms larger blisters.",
			"Non-bullous impetigo forms crusts, while bullous impetigo forms larger blisters.", false},
		// Round 24: a subject with "no" denies its verb: what no test
		// confirms, patch testing does not confirm.
		{"no subject denies its verb", "Patch testing confirms condition K.",
			"No specific test confirms condition K, but patch testing is often used to look for condition J.", true},
		{"no subject, the verb asserted elsewhere", "Patch testing confirms condition J.",
			"No specific test confirms condition K, but patch testing confirms condition J.", false},
		// Round 24: "-free" denies its word as "without" does.
		{"-free against without", "Some nappy-free time can help the skin heal.",
			"Time without a nappy can help the skin heal.", false},
		{"-free against with", "Fragrance-free creams suit eczema.",
			"Creams with fragrance suit eczema.", true},
		{"no subject, a thing of its own denied", "Gentle hair care may reduce breakage.",
			"No known measure prevents condition K, but gentle hair care may reduce breakage.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := v.negatedElsewhere(tt.claim, tt.span); got != tt.want {
				t.Errorf("negatedElsewhere(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
			}
		})
	}
}

// TestWithoutLight checks that the words a question uses to say what kind
// of answer it wants are left out of extraction, unless nothing else is
// left.
func TestWithoutLight(t *testing.T) {
	w := func(term string, light bool) retrieve.Weighted {
		return retrieve.Weighted{Concept: lexicon.Concept{Terms: []string{term}, Group: -1}, Weight: 1, Light: light}
	}
	terms := func(ws []retrieve.Weighted) []string {
		var out []string
		for _, x := range ws {
			out = append(out, x.Terms[0])
		}
		return out
	}
	tests := []struct {
		in   []retrieve.Weighted
		want []string
	}{
		{[]retrieve.Weighted{w("rosea", false), w("look", true)}, []string{"rosea"}},
		{[]retrieve.Weighted{w("rosea", false), w("last", false)}, []string{"rosea", "last"}},
		{[]retrieve.Weighted{w("look", true)}, []string{"look"}}, // nothing else to read
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, terms(withoutLight(tt.in))); diff != "" {
			t.Errorf("withoutLight(%v) (-want +got):\n%s", terms(tt.in), diff)
		}
	}
}

func TestNotAsserting(t *testing.T) {
	tests := []struct {
		claim, word string
		want        bool
		reason      string
	}{
		{"It can last weeks before any blisters appear.", "any", true, "an any after before asserts nothing of all"},
		{"It heals without any scarring.", "any", true, "an any after without asserts nothing of all"},
		{"Any mole can turn into melanoma.", "any", false, "an any that opens the claim means every"},
		{"A weakened immune system, wet hands and damaged skin all make warts more likely.", "all", true, "the all gathers the list just given"},
		{"Obesity, diabetes or a previous episode all raise the risk.", "all", true, "a list joined by or is gathered too"},
		{"Obesity, diabetes and a previous episode of cellulitis can all raise the risk.", "all", true, "the all floats after a modal, gathering a longer last item (round 21)"},
		{"Moles can all turn into melanoma.", "all", false, "no list: a floating all still asserts every mole"},
		{"Moles all turn into melanoma.", "all", false, "no list: the all asserts every mole"},
		{"All moles turn into melanoma.", "all", false, "a leading all asserts every mole"},
		{"Creams, which are useful, and tablets that patients take every day all help.", "all", false, "the last item is longer than a list item"},
		{"It is the main treatment.", "main", false, "only any, all and only may assert nothing more"},
		{"Small patches may regrow with no treatment at all.", "all", true, "at all stresses a negation"},
		{"When there are only one or a few spots, freezing is an option.", "only", true, "only before a count says the count is small"},
		{"It affects only 5% of people.", "only", true, "a count in digits"},
		{"It affects only the face.", "only", false, "only before a thing asserts that nothing else holds"},
	}
	for _, tt := range tests {
		at := strings.Index(strings.ToLower(tt.claim), " "+tt.word) + 1
		if strings.HasPrefix(strings.ToLower(tt.claim), tt.word) {
			at = 0
		}
		if got := notAsserting(tt.claim, at, tt.word); got != tt.want {
			t.Errorf("notAsserting(%q, %q) = %v, want %v: %s", tt.claim, tt.word, got, tt.want, tt.reason)
		}
	}
}

// TestPolarityClauses checks polarityClash on claims that merge, split or
// reword the span's clauses: a span of two sentences holds a clause in
// each; a claim clause joining two span clauses agrees with the one that
// denies what it denies; a modal ends a negation's reach; a term a clause
// both denies and asserts is read as the other side reads it.
func TestPolarityClauses(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"two sentences", "It is not contagious, and it can affect people of any age and sex.",
			"Alopecia areata is sometimes called spot baldness, and it is not contagious. Alopecia areata can affect people of any age and sex.", false},
		{"claim clause joins two span clauses", "It is not contagious and typically goes through flares and calmer periods.",
			"Psoriasis is not contagious, and the condition typically follows a course of flares and calmer periods.", false},
		{"modal ends the reach", "Keeping the rash clean and covered helps prevent the virus spreading.",
			"Keeping the rash clean and covered and avoiding contact with people who have not had chickenpox can help prevent spread of the virus.", false},
		{"denied and asserted in one clause", "Sunscreen is best seen as one part of sun protection, not a reason to stay out longer in strong sun.",
			"Sunscreen is best regarded as one part of sun protection rather than a reason to spend longer in strong sun.", false},
		{"repeated term denied on both sides", "Time without a diaper can help nappy rash heal by letting the skin air.",
			"Time without a diaper can help diaper dermatitis heal by letting the skin air.", false},
		{"flipped", "Psoriasis is contagious, and it typically goes through flares.",
			"Psoriasis is not contagious, and the condition typically follows a course of flares.", true},
		{"denial reaches the best clause", "X does not cause redness or itching.",
			"X causes redness, and does not cause itching.", true},
		{"flipped across sentences", "It is contagious, and it can affect people of any age.",
			"Alopecia areata is not contagious. Alopecia areata can affect people of any age.", true},
		// What "rather than" sets aside follows it, whatever word opens
		// it; it never reaches back over the clause.
		// A word's prefixed opposite says what the word denied says.
		{"unknown for not known", "The exact cause is unknown.",
			"The exact cause of alpha rash is not known.", false},
		{"unknown against known", "The exact cause is unknown.",
			"The exact cause of alpha rash is known.", true},
		{"rather than before a time adjunct", "Sweating usually affects both sides of the body.",
			"Sweating usually affects both sides of the body and typically happens during waking hours rather than during sleep.", false},
		// "fail to" and "unable to" deny as "not" does (round 20).
		{"fails to for does not", "Drugs D and E may be used for rash R that fails to respond to creams.",
			"Rash R that does not respond to creams may be treated with drug E or drug D.", false},
		{"fails to against responds", "Drugs D and E may be used for rash R that fails to respond to creams.",
			"Rash R that responds to creams may be treated with drug E or drug D.", true},
		// A clause that opens with its verb is matched with its
		// sentence's subject (round 19).
		{"with and without exchanged between two types", "Alpha-type swelling usually occurs without hives, whereas beta-type swelling usually comes with hives.",
			"Alpha-type swelling results from mast cells, as in reactions to foods, and usually occurs with hives. Beta-type swelling does not involve mast cells, usually occurs without hives, and includes cases caused by drug D.", true},
		{"with and without kept on their types", "Alpha-type swelling usually comes with hives, whereas beta-type swelling does not involve mast cells and usually occurs without hives.",
			"Alpha-type swelling results from mast cells, as in reactions to foods, and usually occurs with hives. Beta-type swelling does not involve mast cells, usually occurs without hives, and includes cases caused by drug D.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := v.polarityClash(&clauseMemo{claim: tt.claim}, tt.claim, tt.span); got != tt.want {
				t.Errorf("polarityClash(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
			}
		})
	}
}

// TestAskedOnly checks that a claim stating what the span only asks in an
// embedded question is refused, and one that asks it too is not.
func TestAskedOnly(t *testing.T) {
	v := bindingVerifier(t)
	span := "Diaper dermatitis is usually diagnosed from its appearance. Clinicians look at whether the skin folds are involved and for satellite spots."
	tests := []struct {
		claim string
		want  bool
	}{
		{"Irritant diaper rash usually involves the skin folds.", true},
		{"Clinicians check whether the skin folds are involved.", false},
		{"Diaper dermatitis is usually diagnosed from its appearance.", false},
		{"Clinicians look for satellite spots.", false},
	}
	for _, tt := range tests {
		ci := v.analyse(tt.claim)
		if got := v.askedOnly(ci, tt.claim, span); got != tt.want {
			t.Errorf("askedOnly(%q) = %v, want %v", tt.claim, got, tt.want)
		}
	}
}

// TestClauseNumbers checks that a claim clause's numbers are read against
// the span clause that best matches it, and against the best-matching of
// the span's clauses that state a number.
func TestClauseNumbers(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"the best clause states another number", "Stage 2 injuries extend into fat.",
			"Stage 2 injuries involve partial thickness, and stage 3 injuries extend into fat.", true},
		{"the number bound to another scheme", "The alpha scheme groups creams into seven potency classes.",
			"Creams are grouped by potency: the alpha scheme uses four classes, mild, moderate and potent, while the beta system uses seven classes.", true},
		{"the number bound to its scheme", "The beta system groups creams into seven classes.",
			"Creams are grouped by potency: the alpha scheme uses four classes, mild, moderate and potent, while the beta system uses seven classes.", false},
		{"numbers from two clauses", "Use SPF 30 sunscreen and reapply it every 2 hours.",
			"Use a sunscreen of SPF 30 or higher, and reapply it every 2 hours.", false},
	}
	for _, tt := range tests {
		nums := numberRE.FindAllString(numberWords(tt.claim), -1)
		if got := v.clauseNumbers(&clauseMemo{claim: tt.claim}, nums, tt.claim, tt.span); got != tt.want {
			t.Errorf("%s: clauseNumbers(%q, %q) = %v, want %v", tt.name, tt.claim, tt.span, got, tt.want)
		}
	}
}

// TestUnprefixed checks the words a negating prefix turns round, which a
// claim's word is held by when the span denies them.
func TestUnprefixed(t *testing.T) {
	an := testAnalyzer(t)
	tests := []struct {
		word, want string
		ok         bool
	}{
		{"unknown", "known", true},
		{"uncommon", "common", true},
		{"unlike", "", false},
		{"under", "", false},
		{"unit", "", false},
	}
	for _, tt := range tests {
		term := tt.word
		if ts := an.Terms(tt.word); len(ts) == 1 {
			term = ts[0]
		}
		var want string
		if tt.ok {
			want = an.Terms(tt.want)[0]
		}
		got, ok := unprefixed(term)
		if ok != tt.ok || got != want {
			t.Errorf("unprefixed(%q) = %q, %v; want %q, %v", term, got, ok, want, tt.ok)
		}
	}
	v := bindingVerifier(t)
	as := v.assess("The exact cause is unknown.", []Passage{{ID: "p", Text: "The exact cause of alpha rash is not known."}}, true)
	if as.cov < 0.99 {
		t.Errorf("coverage of unknown by not known = %.2f, want 1", as.cov)
	}
}

// TestCommonUnheld checks that a claim saying its subject is common needs a
// span that says something is common, and that "common" before a noun is
// not read so.
func TestCommonUnheld(t *testing.T) {
	tests := []struct {
		claim, span string
		want        bool
	}{
		{"Condition K is very common in infants.", "Barrier creams are commonly part of managing condition K in infants.", true},
		{"Condition K is very common in infants.", "Condition K is common in infants.", false},
		{"Condition K is common in infants.", "Condition K commonly affects infants.", false},
		{"Condition K is common in infants.", "Condition K is one of the most prevalent rashes of infants.", false},
		{"Creams and shampoos are common treatments.", "Treatments include creams and shampoos.", false},
		{"Condition K is uncommon in infants.", "Condition K rarely affects infants.", false},
	}
	for _, tt := range tests {
		if got := commonUnheld(tt.claim, tt.span); got != tt.want {
			t.Errorf("commonUnheld(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
		}
	}
}

// TestRoundTwentyThreeParaphrases checks the everyday paraphrases added
// in round 23: each claim word is matched by the passage's word.
func TestRoundTwentyThreeParaphrases(t *testing.T) {
	an := testAnalyzer(t)
	th, err := (*lexicon.Thesaurus)(nil).Extend(strings.NewReader(paraphrases), an)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ claim, passage string }{
		{"entry", "entering"},
		{"flaky", "scaly"},
		{"flake", "scale"},
		{"strep", "streptococcal"},
		{"staph", "Staphylococcus"},
	}
	for _, tt := range tests {
		cs := an.Concepts(tt.claim, th)
		if len(cs) != 1 || !cs[0].MatchedBy(lexicon.NewTermSet(an.Terms(tt.passage))) {
			t.Errorf("%q is not matched by %q", tt.claim, tt.passage)
		}
	}
}
