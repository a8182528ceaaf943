package retrieve

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/lexicon"
)

// TestCandidatesMatchIDOrder checks that the pool fetched by score alone is
// the pool a -_score, _id sort gives, on a corpus full of ties, for every
// pool size.
func TestCandidatesMatchIDOrder(t *testing.T) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	var docs []Doc
	// Many passages of identical wording tie exactly; others differ by
	// length or by how often a word occurs.
	for i := range 40 {
		text := "Psoriasis causes scaly plaques."
		switch i % 4 {
		case 1:
			text = "Psoriasis causes scaly plaques on the elbows and knees of adults."
		case 2:
			text = "Psoriasis, psoriasis: scaly plaques."
		case 3:
			text = "Eczema causes itchy patches."
		}
		docs = append(docs, Doc{ID: fmt.Sprintf("d%02d", (i*17)%40), Title: "Skin", Section: "Overview", Text: text})
	}
	ix, err := New(context.Background(), docs, &Options{Analyzer: an})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	for _, question := range []string{"psoriasis", "scaly plaques on the knees", "itchy eczema patches", "psoriasis or eczema"} {
		concepts := ix.Analyze(question)
		q := ix.query(concepts, ix.lightest(concepts))
		for pool := 1; pool <= 45; pool++ {
			got, err := ix.candidates(context.Background(), q, pool)
			if err != nil {
				t.Fatal(err)
			}
			req := bleve.NewSearchRequestOptions(q, pool, 0, false)
			req.SortBy([]string{"-_score", "_id"})
			res, err := ix.idx.Search(req)
			if err != nil {
				t.Fatal(err)
			}
			var gotIDs, wantIDs []string
			for _, h := range got {
				gotIDs = append(gotIDs, h.ID)
			}
			for _, h := range res.Hits {
				wantIDs = append(wantIDs, h.ID)
			}
			slices.Sort(gotIDs)
			slices.Sort(wantIDs)
			if diff := cmp.Diff(wantIDs, gotIDs); diff != "" {
				t.Fatalf("%q, pool %d: candidates differ from the _id-sorted pool (-want +got):\n%s", question, pool, diff)
			}
		}
	}
}

func TestLightest(t *testing.T) {
	w := func(weights ...float64) []Weighted {
		var out []Weighted
		for _, x := range weights {
			out = append(out, Weighted{Weight: x})
		}
		return out
	}
	tests := []struct {
		name     string
		floor    float64
		concepts []Weighted
		want     []int
	}{
		{"light words below half the floor's share are left out", 0.6, w(5, 0.5, 0.4, 4), []int{1, 2}},
		{"stops before reaching half the floor's share", 0.6, w(1, 1, 1, 1), []int{0}},
		{"one concept is always kept", 0.6, w(2), nil},
		{"no floor, nothing left out", -1, w(5, 0.1, 0.1), nil},
		{"fillers are not counted", 0.6, append(w(3, 0.2), Weighted{Concept: lexicon.Concept{Filler: true}, Weight: 9}), []int{1}},
	}
	for _, tt := range tests {
		ix := &Index{floor: tt.floor}
		var got []int
		for i := range tt.concepts {
			if ix.lightest(tt.concepts)[i] {
				got = append(got, i)
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestAnalyzeContrast checks that a word the question sets its point against
// weighs half, and a word it also asks about keeps its weight.
func TestAnalyzeContrast(t *testing.T) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	docs := []Doc{
		{ID: "a", Title: "Impetigo", Section: "Treatment", Text: "Creams treat small patches; tablets treat extensive impetigo."},
		{ID: "b", Title: "Impetigo", Section: "Overview", Text: "Impetigo is a contagious infection."},
		{ID: "c", Title: "Warts", Section: "Overview", Text: "Warts are small growths."},
	}
	ix, err := New(context.Background(), docs, &Options{Analyzer: an})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	weight := func(question, word string) float64 {
		for _, w := range ix.Analyze(question) {
			if slices.Contains(w.Terms, word) {
				return w.Weight
			}
		}
		t.Fatalf("Analyze(%q) has no concept %q", question, word)
		return 0
	}
	plain := weight("When are creams used for impetigo?", "cream")
	tests := []struct {
		question string
		want     float64
	}{
		{"When are tablets rather than creams used for impetigo?", plain * contrastWeight},
		{"When are tablets used instead of the creams for impetigo?", plain * contrastWeight},
		{"Which creams work, rather than creams that sting?", plain},
	}
	for _, tt := range tests {
		if got := weight(tt.question, "cream"); got != tt.want {
			t.Errorf("Analyze(%q): cream weighs %v, want %v", tt.question, got, tt.want)
		}
	}
}

// TestAnalyzeIndicator checks that "sign" weighs little in a question that
// asks whether one thing is a sign of another, and fully when the same words
// ask for a condition's signs.
func TestAnalyzeIndicator(t *testing.T) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	docs := []Doc{
		{ID: "a", Title: "Head lice", Section: "Signs and symptoms", Text: "The first sign of head lice is itching of the scalp."},
		{ID: "b", Title: "Head lice", Section: "Overview", Text: "Infestation is not related to cleanliness."},
		{ID: "c", Title: "Scabies", Section: "Signs and symptoms", Text: "Scabies causes intense itching."},
	}
	ix, err := New(context.Background(), docs, &Options{Analyzer: an})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	weight := func(question string) float64 {
		for _, w := range ix.Analyze(question) {
			if slices.Contains(w.Terms, "sign") {
				return w.Weight
			}
		}
		t.Fatalf("Analyze(%q) has no concept sign", question)
		return 0
	}
	tests := []struct {
		question, control string // the same words, asking for signs
		share             float64
	}{
		{"Are head lice a sign of poor cleanliness?", "Which sign of head lice shows poor cleanliness?", indicatorWeight},
		{"Is itching a common sign of scabies?", "Which common sign of scabies is itching?", indicatorWeight},
		{"Can itching be an early sign that scabies is back?", "Which early sign shows itching from scabies is back?", indicatorWeight},
		{"What is the first sign of scabies?", "What is the first sign of scabies?", 1},
		{"Are there signs of head lice on the scalp?", "Are there signs of head lice on the scalp?", 1},
	}
	for _, tt := range tests {
		want := weight(tt.control) * tt.share
		if got := weight(tt.question); math.Abs(got-want) > 1e-12 {
			t.Errorf("Analyze(%q): sign weighs %v, want %v", tt.question, got, want)
		}
	}
}

// TestAnalyzeLight checks which lightened words are marked Light: those
// that say what kind of answer is wanted and seldom stand in the answer
// ("look like", "last", "appear"), not those of a relation the answer
// states ("a sign of", "linked to").
func TestAnalyzeLight(t *testing.T) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	docs := []Doc{
		{ID: "a", Title: "Pityriasis rosea", Section: "Signs and symptoms", Text: "Pityriasis rosea begins with a herald patch; on darker skin the patches may look gray."},
		{ID: "b", Title: "Pityriasis rosea", Section: "Overview", Text: "Pityriasis rosea usually lasts six to eight weeks and appears on the trunk."},
		{ID: "c", Title: "Dermatomyositis", Section: "Overview", Text: "Dermatomyositis is linked to a higher risk of cancer; itching is a sign of it."},
	}
	th, err := lexicon.ParseThesaurus(strings.NewReader("appearance, appear, appears, look like\n"), an)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := New(context.Background(), docs, &Options{Analyzer: an, Thesaurus: th})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	tests := []struct {
		question string
		want     []string // the first terms of the Light concepts
	}{
		{"What does pityriasis rosea look like?", []string{"look"}}, // the concept "look like"
		{"How long does pityriasis rosea last?", []string{"last"}},
		{"Where does pityriasis rosea usually appear?", []string{"appear"}},
		{"Is dermatomyositis linked to cancer?", nil},
		{"Is itching a sign of dermatomyositis?", nil},
		{"What is pityriasis rosea?", nil},
		{"What helps pityriasis rosea day to day?", []string{"day"}},                    // asks for self-care
		{"Where on the body does pityriasis rosea appear?", []string{"bodi", "appear"}}, // asks for places
		{"pityriasis rosea, where does it appear?", []string{"appear"}},                 // the topic before the question word
		{"How do doctors treat pityriasis rosea?", []string{"doctor"}},                  // who does it is not asked
		{"Do doctors treat pityriasis rosea?", nil},
		{"Why do some people get pityriasis rosea more than others?", []string{"other"}}, // compares people
		{"pityriasis rosea - classic morphology & typical sites?", []string{"classic", "morpholog", "site"}},
		{"How does pityriasis rosea pass from one person to another?", []string{"anoth"}}, // asks for routes
		{"pityriasis rosea how long does it hang about for", []string{"hang"}},
	}
	for _, tt := range tests {
		var got []string
		for _, w := range ix.Analyze(tt.question) {
			if w.Light {
				got = append(got, w.Terms[0])
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Analyze(%q) Light concepts (-want +got):\n%s", tt.question, diff)
		}
	}
}

// TestAnalyzeNowadays checks that the words that say "now" of what is
// usual ("these days", "nowadays") weigh nothing: "What treatments are used
// for impetigo these days?" is not about days.
func TestAnalyzeNowadays(t *testing.T) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	docs := []Doc{{ID: "a", Title: "Impetigo", Section: "Treatment options", Text: "Impetigo usually improves within several days of treatment."}}
	ix, err := New(context.Background(), docs, &Options{Analyzer: an})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	tests := []struct {
		question string
		want     []string // the first terms of the concepts that weigh
	}{
		{"What treatments are used for impetigo these days?", []string{"treatment", "impetigo"}},
		{"What is impetigo treated with nowadays?", []string{"impetigo", "treat"}},
		{"Does impetigo improve within a few days?", []string{"impetigo", "improv", "within", "day"}},
	}
	for _, tt := range tests {
		var got []string
		for _, w := range ix.Analyze(tt.question) {
			if !w.Filler && w.Weight > 0 {
				got = append(got, w.Terms[0])
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Analyze(%q) weighed concepts (-want +got):\n%s", tt.question, diff)
		}
	}
}

// TestQuestionAfterAccount checks which texts ask a question after an
// account of someone's case, and what they ask.
func TestQuestionAfterAccount(t *testing.T) {
	tests := []struct {
		text, want string
		ok         bool
	}{
		{"my grandad's doctor mentioned a rodent ulcer on his nose - what is that exactly?", "what is that exactly?", true},
		{"got a bumpy itchy rash after a hot tub - what causes hot tub rash?", "what causes hot tub rash?", true},
		{"I have had a red scaly patch for weeks, what causes psoriasis?", "what causes psoriasis?", true},
		// A verb of what happened, or when, tells an account too.
		{"Head lice went round the kids' swim squad last month. What are the treatment options?", "What are the treatment options?", true},
		{"Impetigo broke out at the nursery. How is it spread?", "How is it spread?", true},
		// A topic named before the question is no account.
		{"Dermatomyositis muscle weakness - how is it treated?", "", false},
		{"Ointment vs cream vs lotion - what's the difference?", "", false},
		// A text that opens with its question, or asks several.
		{"What is eczema, and is it contagious?", "", false},
		{"My son has eczema. Is it contagious? Can he swim?", "", false},
		{"my son has eczema on his hands", "", false},
	}
	for _, tt := range tests {
		got, ok := QuestionAfterAccount(tt.text)
		if got != tt.want || ok != tt.ok {
			t.Errorf("QuestionAfterAccount(%q) = %q, %v, want %q, %v", tt.text, got, ok, tt.want, tt.ok)
		}
	}
}
