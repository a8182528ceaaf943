package retrieve_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

var docs = []retrieve.Doc{
	{ID: "ad_causes", Title: "Atopic dermatitis", Section: "Causes and triggers", Text: "Wool, harsh soaps and sweat are commonly reported to make atopic dermatitis worse."},
	{ID: "ad_symptoms", Title: "Atopic dermatitis", Section: "Signs and symptoms", Text: "Atopic dermatitis causes dry, itchy, inflamed patches of skin."},
	{ID: "hsv_overview", Title: "Herpes simplex", Section: "Overview", Text: "Herpes labialis causes small painful blisters on the lips."},
	{ID: "hsv_treatment", Title: "Herpes simplex", Section: "Treatment options", Text: "Antiviral medicines can shorten an outbreak of herpes labialis."},
	{ID: "psoriasis_overview", Title: "Psoriasis", Section: "Overview", Text: "Psoriasis causes thick, scaly plaques on the elbows and knees."},
	{ID: "sunscreen", Title: "General skin care", Section: "Sunscreen", Text: "Reapplication of sunscreen about every two hours is widely advised."},
}

const thesaurus = `atopic dermatitis, eczema, atopic eczema
herpes labialis, cold sores, cold sore, fever blisters
treatment, treat, treated
`

func newIndex(t *testing.T, opts *retrieve.Options) *retrieve.Index {
	t.Helper()
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	th, err := lexicon.ParseThesaurus(strings.NewReader(thesaurus), an)
	if err != nil {
		t.Fatal(err)
	}
	o := retrieve.Options{Analyzer: an, Thesaurus: th}
	if opts != nil {
		o.MinCoverage = opts.MinCoverage
	}
	ix, err := retrieve.New(context.Background(), docs, &o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

func ids(hs []retrieve.Hit) []string {
	out := []string{}
	for _, h := range hs {
		out = append(out, h.ID)
	}
	return out
}

func TestSearch(t *testing.T) {
	ix := newIndex(t, nil)
	cases := []struct {
		question string
		first    string
		none     bool
		reason   string
	}{
		{question: "What makes atopic dermatitis worse?", first: "ad_causes", reason: "the causes passage holds both concepts and the section fits"},
		{question: "what are cold sores", first: "hsv_overview", reason: "a multi-word thesaurus term expands to herpes labialis; 'what are' prefers the overview"},
		{question: "How are FEVER BLISTERS treated?", first: "hsv_treatment", reason: "case folding, a second synonym and the treatment intent"},
		{question: "Symptoms of ECZÉMA", first: "ad_symptoms", reason: "diacritics fold and eczema expands to atopic dermatitis"},
		{question: "How often should sunscreen be reapplied?", first: "sunscreen", reason: "'reapplied' reaches 'reapplication' through the variant fallback"},
		{question: "What is the capital of France?", none: true, reason: "off-topic: no passage clears the floor"},
		{question: "Where does rosacea usually appear?", none: true, reason: "rosacea is not in the corpus and weighs fully"},
		{question: "what is it", none: true, reason: "no topic words at all"},
	}
	for _, c := range cases {
		hs, err := ix.Search(context.Background(), c.question, 5)
		if err != nil {
			t.Fatalf("%q: %v", c.question, err)
		}
		switch {
		case c.none && len(hs) > 0:
			t.Errorf("%q: got %v, want nothing (%s)", c.question, ids(hs), c.reason)
		case !c.none && (len(hs) == 0 || hs[0].ID != c.first):
			t.Errorf("%q: got %v, want %s first (%s)", c.question, ids(hs), c.first, c.reason)
		}
		for i := 1; i < len(hs); i++ {
			a, b := hs[i-1], hs[i]
			if a.Score < b.Score || (a.Score == b.Score && a.ID > b.ID) {
				t.Errorf("%q: hits not ordered by -score, id: %v", c.question, hs)
			}
		}
		for _, h := range hs {
			if h.Coverage <= 0 || h.Coverage > 1 {
				t.Errorf("%q: coverage %v", c.question, h.Coverage)
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	ix := newIndex(t, nil)
	first, _ := ix.Search(context.Background(), "atopic dermatitis skin", 10)
	for i := 0; i < 20; i++ {
		again, _ := ix.Search(context.Background(), "atopic dermatitis skin", 10)
		if diff := cmp.Diff(first, again); diff != "" {
			t.Fatalf("search %d differs:\n%s", i, diff)
		}
	}
	// An index built again gives the same order.
	other := newIndex(t, nil)
	again, _ := other.Search(context.Background(), "atopic dermatitis skin", 10)
	if diff := cmp.Diff(ids(first), ids(again)); diff != "" {
		t.Errorf("rebuilt index differs:\n%s", diff)
	}
}

func TestFloorDisabled(t *testing.T) {
	ix := newIndex(t, &retrieve.Options{MinCoverage: -1})
	hs, _ := ix.Search(context.Background(), "psoriasis capital France", 5)
	if len(hs) == 0 || hs[0].ID != "psoriasis_overview" {
		t.Errorf("without a floor, the partial match is returned: %v", ids(hs))
	}
	floored := newIndex(t, nil)
	if hs, _ := floored.Search(context.Background(), "psoriasis capital France", 5); len(hs) != 0 {
		t.Errorf("with the floor, a question two-thirds off-topic retrieves nothing: %v", ids(hs))
	}
}

// TestSearchConceptsAt checks that a floor given to the search replaces
// the index's: lower, the partial match the index's floor refuses is
// found; the index's own searches keep the index's floor.
func TestSearchConceptsAt(t *testing.T) {
	ix := newIndex(t, nil)
	q := "psoriasis capital France"
	hs, err := ix.SearchConceptsAt(context.Background(), q, ix.Analyze(q), 5, 0.2)
	if err != nil || len(hs) == 0 || hs[0].ID != "psoriasis_overview" {
		t.Errorf("floor 0.2: %v, %v; want psoriasis_overview first", ids(hs), err)
	}
	if hs, _ := ix.SearchConceptsAt(context.Background(), q, ix.Analyze(q), 5, retrieve.DefaultMinCoverage); len(hs) != 0 {
		t.Errorf("the default floor: %v, want nothing", ids(hs))
	}
	if hs, _ := ix.Search(context.Background(), q, 5); len(hs) != 0 {
		t.Errorf("Search after SearchConceptsAt: %v, want nothing", ids(hs))
	}
}

func TestKAndErrors(t *testing.T) {
	ix := newIndex(t, nil)
	if hs, _ := ix.Search(context.Background(), "atopic dermatitis", 0); len(hs) != 0 {
		t.Errorf("k=0: %v", hs)
	}
	if hs, _ := ix.Search(context.Background(), "atopic dermatitis", 1); len(hs) != 1 {
		t.Errorf("k=1: %v", hs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ix.Search(ctx, "atopic dermatitis", 3); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	ix.Close()
	if _, err := ix.Search(context.Background(), "atopic dermatitis", 3); !errors.Is(err, retrieve.ErrClosed) {
		t.Errorf("closed: %v", err)
	}
	if err := ix.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestBuildAndOpen(t *testing.T) {
	dir := t.TempDir() + "/idx"
	if err := retrieve.Build(context.Background(), dir, docs, nil); err != nil {
		t.Fatal(err)
	}
	ix, err := retrieve.Open(dir, docs, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	mem := newIndex(t, nil)
	q := "atopic dermatitis causes"
	a, _ := ix.Search(context.Background(), q, 5)
	b, _ := mem.Search(context.Background(), q, 5)
	if len(a) == 0 || a[0].ID != b[0].ID {
		t.Errorf("persisted %v, in memory %v", ids(a), ids(b))
	}
	if _, err := retrieve.Open(dir, docs[:2], nil); err == nil {
		t.Error("opening with other documents must fail")
	}
}

// TestTopicBeforeKind checks that, in a knowledge the thesaurus describes,
// a passage holding the question's topic ranks above passages that only
// match the kind of answer asked for, and that part of a multi-word name,
// its head word among them, earns partial credit.
func TestTopicBeforeKind(t *testing.T) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	// "sensitive skin" names the topic of most passages, so that the
	// thesaurus describes the knowledge.
	th, err := lexicon.ParseThesaurus(strings.NewReader("chronic spontaneous urticaria, chronic idiopathic urticaria\nsensitive skin, delicate skin\n"), an)
	if err != nil {
		t.Fatal(err)
	}
	var corpus []retrieve.Doc
	for _, c := range []string{"acne", "psoriasis", "scabies", "vitiligo", "melasma", "impetigo", "lichen planus", "cellulitis"} {
		corpus = append(corpus, retrieve.Doc{ID: strings.ReplaceAll(c, " ", "_") + "_diagnosis", Title: c, Section: "Diagnosis", Text: "The diagnosis of " + c + " rests on its appearance."})
	}
	// Other sections make "diagnosis" as rare as in a real bundle.
	for i, w := range []string{"sunlight", "heat", "soap", "wool", "stress", "sweat", "friction", "shaving", "humidity", "cold wind"} {
		for j, sec := range []string{"Causes", "Treatment", "Self-care", "Overview"} {
			corpus = append(corpus, retrieve.Doc{ID: fmt.Sprintf("other_%d_%d", i, j), Title: "Skin care", Section: sec, Text: "Exposure to " + w + " can irritate sensitive skin."})
		}
	}
	corpus = append(corpus,
		retrieve.Doc{ID: "urticaria_diagnosis", Title: "Urticaria", Section: "Diagnosis", Text: "Urticaria is diagnosed from the wheals and the history."},
		retrieve.Doc{ID: "urticaria_causes", Title: "Urticaria", Section: "Causes", Text: "Chronic spontaneous urticaria often has an autoimmune basis."},
	)
	ix, err := retrieve.New(context.Background(), corpus, &retrieve.Options{Analyzer: an, Thesaurus: th, MinCoverage: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	hits, err := ix.Search(context.Background(), "What does a diagnosis of chronic spontaneous urticaria mean?", 3)
	if err != nil {
		t.Fatal(err)
	}
	// urticaria_causes holds the whole name; urticaria_diagnosis holds its
	// head word and the kind of answer asked for; the other diagnosis
	// sections hold only the kind of answer and rank after both.
	got := ids(hits)
	if len(got) < 2 || !(got[0] == "urticaria_causes" || got[0] == "urticaria_diagnosis") || !(got[1] == "urticaria_causes" || got[1] == "urticaria_diagnosis") {
		t.Errorf("top hits = %v, want the two urticaria passages first", got)
	}
}

// TestFloorOnlyGates checks that in a knowledge the thesaurus does not
// describe the relevance floor decides whether anything is returned, not
// the order: the corpus of TestTopicBeforeKind, whose thesaurus names only
// chronic spontaneous urticaria, ranks by BM25, and the passage holding the
// whole name ranks below others that hold less of the topic; a question naming nothing any passage
// holds enough of still retrieves nothing.
func TestFloorOnlyGates(t *testing.T) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	th, err := lexicon.ParseThesaurus(strings.NewReader("chronic spontaneous urticaria, chronic idiopathic urticaria\n"), an)
	if err != nil {
		t.Fatal(err)
	}
	var corpus []retrieve.Doc
	for _, c := range []string{"acne", "psoriasis", "scabies", "vitiligo"} {
		corpus = append(corpus, retrieve.Doc{ID: c + "_diagnosis", Title: c, Section: "Diagnosis", Text: "The diagnosis of " + c + " rests on its appearance."})
	}
	for i, w := range []string{"sunlight", "heat", "soap", "wool", "stress", "sweat"} {
		corpus = append(corpus, retrieve.Doc{ID: fmt.Sprintf("other_%d", i), Title: "Skin care", Section: "Causes", Text: "Exposure to " + w + " can irritate sensitive skin."})
	}
	corpus = append(corpus,
		retrieve.Doc{ID: "urticaria_diagnosis", Title: "Urticaria", Section: "Diagnosis", Text: "Urticaria is diagnosed from the wheals and the history."},
		retrieve.Doc{ID: "urticaria_causes", Title: "Urticaria", Section: "Causes", Text: "Chronic spontaneous urticaria often has an autoimmune basis."},
	)
	ix, err := retrieve.New(context.Background(), corpus, &retrieve.Options{Analyzer: an, Thesaurus: th, MinCoverage: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	hits, err := ix.Search(context.Background(), "What does a diagnosis of chronic spontaneous urticaria mean?", 20)
	if err != nil {
		t.Fatal(err)
	}
	// urticaria_causes holds the floor's share of the topic and
	// acne_diagnosis does not, but BM25 ranks the latter higher.
	got := ids(hits)
	causes, acne := slices.Index(got, "urticaria_causes"), slices.Index(got, "acne_diagnosis")
	if len(got) == 0 || got[0] != "urticaria_diagnosis" || causes < 0 || acne < 0 || acne > causes {
		t.Errorf("hits = %v, want urticaria_diagnosis first and acne_diagnosis, by BM25, above urticaria_causes", got)
	}
	if hits, _ := ix.Search(context.Background(), "Is pemphigus foliaceus contagious?", 5); len(hits) != 0 {
		t.Errorf("a question no passage holds the floor's share of retrieved %v", ids(hits))
	}
}
