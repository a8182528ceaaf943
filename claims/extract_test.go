package claims_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

// nearDuplicate is the term overlap (Jaccard) above which Extract treats two
// sentences as saying the same thing.
const nearDuplicate = 0.7

// extractInputs retrieves passages for question as the pipeline does: the
// top hits, each with its source's title and its section.
func extractInputs(t testing.TB, question string, k int) []claims.ExtractInput {
	t.Helper()
	kv := sandboxKV(t)
	hits, err := sandboxIndex(t).Search(context.Background(), question, k)
	if err != nil {
		t.Fatal(err)
	}
	in := make([]claims.ExtractInput, len(hits))
	for i, h := range hits {
		p, err := kv.Evidence(h.ID)
		if err != nil {
			t.Fatal(err)
		}
		src, ok := kv.Source(p.SourceID, p.SourceVersion)
		if !ok {
			t.Fatalf("%s: no source %s@%s", p.ID, p.SourceID, p.SourceVersion)
		}
		in[i] = claims.ExtractInput{Passage: claims.Passage{ID: p.ID, Text: p.Text}, Title: src.Title, Section: p.Locator.Section}
	}
	return in
}

func TestExtract(t *testing.T) {
	tests := []struct {
		question string
		// wantFrom, when set, lists the passages the sentences may come from.
		wantFrom []string
		// wantNone says the question gets no sentence at all.
		wantNone bool
		reason   string
	}{{
		question: "What causes hives?",
		wantFrom: []string{"ev_urticaria_causes_1", "ev_urticaria_causes_2"},
		reason:   "hives is urticaria; the causes passages answer, and no other condition's passage does",
	}, {
		question: "What makes atopic dermatitis flare?",
		reason:   "the seed question: sentences on flares come from atopic dermatitis passages",
	}, {
		question: "How is psoriasis treated?",
		wantFrom: []string{"ev_psoriasis_treatment_1", "ev_psoriasis_treatment_2"},
		reason:   "the treatment passages of psoriasis answer",
	}, {
		question: "What is eczema?",
		reason:   "a definition question with the lay name",
	}, {
		question: "How do I fix a carburettor?",
		wantNone: true,
		reason:   "off topic: nothing is retrieved, so nothing is extracted",
	}}
	ix := sandboxIndex(t)
	an := ix.Analyzer()
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			in := extractInputs(t, tt.question, 10)
			got := claims.Extract(an, ix.Analyze(tt.question), in)
			if tt.wantNone {
				if len(got) != 0 {
					t.Errorf("Extract(%q) = %d sentences, want none\nreason: %s", tt.question, len(got), tt.reason)
				}
				return
			}
			if len(got) == 0 {
				t.Fatalf("Extract(%q) = nothing, want sentences\nreason: %s", tt.question, tt.reason)
			}
			checkExtracted(t, an, in, got)
			for _, e := range got {
				if tt.wantFrom != nil && !slices.Contains(tt.wantFrom, e.PassageID) {
					t.Errorf("Extract(%q): %q from %s, want one of %v\nreason: %s", tt.question, e.Text, e.PassageID, tt.wantFrom, tt.reason)
				}
			}
			// The verifier's Extract reuses its sentence analysis; it must pick
			// the same sentences.
			if diff := cmp.Diff(got, verifier(t).Extract(ix.Analyze(tt.question), in)); diff != "" {
				t.Errorf("Lexical.Extract(%q) differs from Extract (-Extract +Lexical.Extract):\n%s", tt.question, diff)
			}
		})
	}
}

// TestExtractFor checks that the question's wording, beyond its topic, picks
// the passage an extractive answer comes from.
func TestExtractFor(t *testing.T) {
	tests := []struct {
		question string
		wantFrom []string // the passages the sentences may come from
		reason   string
	}{{
		question: "What is the punctum on an epidermoid cyst?",
		wantFrom: []string{"ev_epidermoid_cysts_symptoms_1"},
		reason: "it asks what a punctum is: the sentence that names the pore 'called a punctum' answers, " +
			"not the diagnosis sentence that mentions a punctum among the signs",
	}, {
		question: "Should sunburn blisters be popped?",
		wantFrom: []string{"ev_sunburn_and_sun_protection_treatment_2"},
		reason: "it asks for advice: the sentence that says what is best for the blisters answers, " +
			"not the overview sentence that says sunburn can blister",
	}, {
		question: "What does a ringworm patch on the body look like?",
		wantFrom: []string{"ev_tinea_corporis_symptoms_1", "ev_tinea_corporis_symptoms_2", "ev_tinea_corporis_overview_1"},
		reason: "tinea corporis, the best passage's source, and tinea capitis both have tinea in their title; " +
			"a title that names no more of the question does not take the answer from the best source",
	}, {
		question: "Why do head lice treatments need repeating after about a week?",
		wantFrom: []string{"ev_head_lice_treatment_1"},
		reason: "both treatment passages hold every word of the question; the one that holds them together " +
			"('need repeating after about a week') answers, not the wet-combing sentence that scatters them",
	}}
	ix := sandboxIndex(t)
	an := ix.Analyzer()
	v := verifier(t)
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			in := extractInputs(t, tt.question, 10)
			got := v.ExtractFor(tt.question, ix.Analyze(tt.question), in)
			if len(got) == 0 {
				t.Fatalf("ExtractFor(%q) = nothing, want sentences\nreason: %s", tt.question, tt.reason)
			}
			checkExtracted(t, an, in, got)
			for _, e := range got {
				if !slices.Contains(tt.wantFrom, e.PassageID) {
					t.Errorf("ExtractFor(%q): %q from %s, want one of %v\nreason: %s", tt.question, e.Text, e.PassageID, tt.wantFrom, tt.reason)
				}
			}
		})
	}
}

// TestExtractWhole checks that a section that answers as a whole gives its
// sentences from each of its paragraphs, and that otherwise the answer
// comes from one passage.
func TestExtractWhole(t *testing.T) {
	const question = "How is bullous pemphigoid treated?"
	kv := sandboxKV(t)
	ix := sandboxIndex(t)
	v := verifier(t)
	var in []claims.ExtractInput
	for _, id := range []string{"ev_bullous_pemphigoid_treatment_1", "ev_bullous_pemphigoid_treatment_2"} {
		p, err := kv.Evidence(id)
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, claims.ExtractInput{Passage: claims.Passage{ID: p.ID, Text: p.Text}, Title: "Bullous pemphigoid", Section: p.Locator.Section})
	}
	from := func(got []claims.Extracted) []string {
		var ids []string
		for _, e := range got {
			if !slices.Contains(ids, e.PassageID) {
				ids = append(ids, e.PassageID)
			}
		}
		slices.Sort(ids)
		return ids
	}
	if got := from(v.ExtractFor(question, ix.Analyze(question), in)); len(got) != 1 {
		t.Errorf("ExtractFor(%q) over two passages not Whole: sentences from %v, want one passage", question, got)
	}
	for i := range in {
		in[i].Whole = true
	}
	want := []string{"ev_bullous_pemphigoid_treatment_1", "ev_bullous_pemphigoid_treatment_2"}
	if diff := cmp.Diff(want, from(v.ExtractFor(question, ix.Analyze(question), in))); diff != "" {
		t.Errorf("ExtractFor(%q) over a Whole section: passages (-want +got):\n%s", question, diff)
	}

	// What the question asks besides its topic and kind narrows the other
	// paragraphs: a question about superficial BCC takes no sentence on
	// nodular BCC from the section's other paragraph.
	const narrow = "What does a superficial BCC look like?"
	concepts := ix.Analyze(narrow)
	var aspects []retrieve.Weighted
	for _, c := range concepts {
		if slices.Contains(c.Terms, ix.Analyzer().Term("superficial")) {
			aspects = append(aspects, c)
		}
	}
	in = nil
	for _, id := range []string{"ev_basal_cell_carcinoma_symptoms_1", "ev_basal_cell_carcinoma_symptoms_2"} {
		p, err := kv.Evidence(id)
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, claims.ExtractInput{Passage: claims.Passage{ID: p.ID, Text: p.Text}, Title: "Basal cell carcinoma", Section: p.Locator.Section, Whole: true, Aspects: aspects})
	}
	other := func(got []claims.Extracted) []string {
		var out []string
		for _, e := range got {
			if e.PassageID != got[0].PassageID && !strings.Contains(strings.ToLower(e.Text), "superficial") {
				out = append(out, e.Text)
			}
		}
		return out
	}
	got := v.ExtractFor(narrow, concepts, in)
	if len(got) == 0 || got[0].PassageID != "ev_basal_cell_carcinoma_symptoms_2" {
		t.Fatalf("ExtractFor(%q) = %v, want the superficial BCC sentence of symptoms_2 first", narrow, got)
	}
	if o := other(got); len(o) > 0 {
		t.Errorf("ExtractFor(%q) with aspects: sentences of the other paragraph that do not hold what is asked: %q", narrow, o)
	}
	in[0].Aspects, in[1].Aspects = nil, nil
	if o := other(v.ExtractFor(narrow, concepts, in)); len(o) == 0 {
		t.Errorf("ExtractFor(%q) without aspects took nothing from the other paragraph; the test no longer shows what aspects do", narrow)
	}
}

// TestExtractOffTopicConcepts offers on-topic passages to an off-topic
// question: retrieval is not what stops the sentences, the question's
// concepts are.
func TestExtractOffTopicConcepts(t *testing.T) {
	ix := sandboxIndex(t)
	in := extractInputs(t, "What causes hives?", 10)
	if got := claims.Extract(ix.Analyzer(), ix.Analyze("How do I fix a carburettor?"), in); len(got) != 0 {
		t.Errorf("Extract of hives passages for a carburettor question = %+v, want nothing", got)
	}
	if got := claims.Extract(ix.Analyzer(), ix.Analyze("What causes hives?"), nil); len(got) != 0 {
		t.Errorf("Extract with no passages = %+v, want nothing", got)
	}
}

// TestExtractLimits feeds Extract inputs built to hit its limits: one
// passage holding more answering sentences than one passage may give, and the
// same passage offered under three ids, so that every sentence has exact
// duplicates.
func TestExtractLimits(t *testing.T) {
	ix := sandboxIndex(t)
	an := ix.Analyzer()
	q := "What causes hives?"
	causes := passages(t, "ev_urticaria_causes_1", "ev_urticaria_causes_2")
	var each int
	for _, p := range causes {
		each += len(claims.Extract(an, ix.Analyze(q), []claims.ExtractInput{{Passage: p, Title: "Urticaria", Section: "Causes and triggers"}}))
	}
	if each <= maxPerPassage {
		t.Fatalf("the two causes passages give %d sentences apart, want more than %d for the test to mean anything", each, maxPerPassage)
	}
	joined := claims.ExtractInput{
		Passage: claims.Passage{ID: "joined", Text: causes[0].Text + " " + causes[1].Text},
		Title:   "Urticaria", Section: "Causes and triggers",
	}
	got := claims.Extract(an, ix.Analyze(q), []claims.ExtractInput{joined})
	checkExtracted(t, an, []claims.ExtractInput{joined}, got)
	if len(got) != maxPerPassage {
		t.Errorf("Extract from one passage with %d answering sentences = %d, want %d, the most one passage gives", each, len(got), maxPerPassage)
	}

	base := extractInputs(t, q, 1)
	if len(base) != 1 {
		t.Fatalf("no passage for %q", q)
	}
	var dup []claims.ExtractInput
	for _, id := range []string{"copy_a", "copy_b", "copy_c"} {
		p := base[0]
		p.ID = id
		dup = append(dup, p)
	}
	got = claims.Extract(an, ix.Analyze(q), dup)
	checkExtracted(t, an, dup, got)
	texts := map[string]bool{}
	for _, e := range got {
		if texts[e.Text] {
			t.Errorf("Extract of one passage under three ids repeats %q", e.Text)
		}
		texts[e.Text] = true
	}
	if len(got) == 0 {
		t.Errorf("Extract of %s under three ids = nothing, want its answering sentences once", base[0].ID)
	}
}

// maxPerPassage is the most sentences Extract takes from one passage.
const maxPerPassage = 3

// checkExtracted checks what holds of every extractive draft: at most
// MaxExtracted sentences, each verbatim at its offsets in a passage that was
// offered and a whole sentence of it, at most maxPerPassage from one passage, no two
// near-duplicates, best score first.
func checkExtracted(t *testing.T, an *lexicon.Analyzer, in []claims.ExtractInput, got []claims.Extracted) {
	t.Helper()
	if len(got) > claims.MaxExtracted {
		t.Errorf("Extract returned %d sentences, more than MaxExtracted = %d", len(got), claims.MaxExtracted)
	}
	perPassage := map[string]int{}
	for _, e := range got {
		k := slices.IndexFunc(in, func(p claims.ExtractInput) bool { return p.ID == e.PassageID })
		if k < 0 {
			t.Errorf("Extract: %q from %s, a passage not offered", e.Text, e.PassageID)
			continue
		}
		text := in[k].Text
		if e.Start < 0 || e.Start >= e.End || e.End > len(text) || text[e.Start:e.End] != e.Text {
			t.Errorf("Extract: %+v is not the passage's text at its offsets", e)
			continue
		}
		if !slices.Contains(claims.Split(text), claims.Sentence{Text: e.Text, Start: e.Start, End: e.End}) {
			t.Errorf("Extract: %q is not a whole sentence of %s", e.Text, e.PassageID)
		}
		perPassage[e.PassageID]++
		if e.Score < 0 || e.Score > 1 {
			t.Errorf("Extract: score %v of %q not in [0,1]", e.Score, e.Text)
		}
	}
	for id, n := range perPassage {
		if n > maxPerPassage {
			t.Errorf("Extract: %d sentences from %s, want at most %d", n, id, maxPerPassage)
		}
	}
	for i := range got {
		for j := i + 1; j < len(got); j++ {
			a := lexicon.NewTermSet(an.Terms(got[i].Text))
			b := lexicon.NewTermSet(an.Terms(got[j].Text))
			if s := a.Jaccard(b); s > nearDuplicate {
				t.Errorf("Extract: %q and %q overlap %.2f, near-duplicates", got[i].Text, got[j].Text, s)
			}
		}
	}
	if !slices.IsSortedFunc(got, func(a, b claims.Extracted) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return 0
	}) {
		t.Errorf("Extract: not sorted by score, best first: %+v", got)
	}
}

// TestExtractQuotable checks that a sentence its passage's Quotable refuses
// is never extracted, and that another sentence answers in its place.
func TestExtractQuotable(t *testing.T) {
	const q = "How is psoriasis treated?"
	ix := sandboxIndex(t)
	an := ix.Analyzer()
	in := extractInputs(t, q, 10)
	first := claims.Extract(an, ix.Analyze(q), in)
	if len(first) == 0 {
		t.Fatalf("Extract(%q) found nothing", q)
	}
	refused := first[0]
	for i := range in {
		if in[i].ID == refused.PassageID {
			in[i].Quotable = func(start, end int) bool { return start != refused.Start }
		}
	}
	got := claims.Extract(an, ix.Analyze(q), in)
	if len(got) == 0 {
		t.Fatalf("Extract(%q) found nothing once one sentence was refused", q)
	}
	for _, e := range got {
		if e.PassageID == refused.PassageID && e.Start == refused.Start {
			t.Errorf("Extract(%q) kept the refused sentence %q", q, e.Text)
		}
	}
}

// TestExtractRequiredFar checks that a question that requires a kind of
// answer (where, how long) is answered from a passage ranked well below the
// best when none nearer holds that kind, and that otherwise such passages
// give nothing.
func TestExtractRequiredFar(t *testing.T) {
	tests := []struct {
		question string
		wantFrom []string
	}{
		{"Which areas of the body does vitiligo most often affect?", []string{"ev_vitiligo_symptoms_1"}},
	}
	ix := sandboxIndex(t)
	kv := sandboxKV(t)
	v := verifier(t)
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			hits, err := ix.Search(context.Background(), tt.question, 10)
			if err != nil {
				t.Fatal(err)
			}
			var in []claims.ExtractInput
			for _, h := range hits {
				p, err := kv.Evidence(h.ID)
				if err != nil {
					t.Fatal(err)
				}
				src, _ := kv.Source(p.SourceID, p.SourceVersion)
				in = append(in, claims.ExtractInput{Passage: claims.Passage{ID: p.ID, Text: p.Text}, Title: src.Title, Section: p.Locator.Section, Score: h.Score})
			}
			farFrom := ""
			for _, p := range in {
				if slices.Contains(tt.wantFrom, p.ID) && p.Score >= 0.8*in[0].Score {
					t.Skipf("%s now ranks near the best: the case no longer tests a far passage", p.ID)
				}
				if p.Score < 0.8*in[0].Score && !slices.Contains(tt.wantFrom, p.ID) {
					farFrom = p.ID
				}
			}
			got := v.ExtractFor(tt.question, ix.Analyze(tt.question), in)
			if len(got) == 0 {
				t.Fatalf("ExtractFor(%q) = nothing", tt.question)
			}
			for _, e := range got {
				if !slices.Contains(tt.wantFrom, e.PassageID) {
					t.Errorf("ExtractFor(%q): %q from %s, want one of %v", tt.question, e.Text, e.PassageID, tt.wantFrom)
				}
				if e.PassageID == farFrom {
					t.Errorf("ExtractFor(%q): a far passage that holds no answer of the kind asked gave %q", tt.question, e.Text)
				}
			}
		})
	}
}
