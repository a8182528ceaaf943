package claims_test

import (
	"context"
	"testing"

	"github.com/dermliving/dermliving/claims"
)

// benchDraft is a five-sentence draft for benchQuestion: supported,
// paraphrased, overstated, contradicted and unrelated claims, so that every
// check of the verifier runs.
var (
	benchQuestion = "What makes atopic dermatitis flare?"
	benchDraft    = []string{
		"Impaired skin barrier function contributes to disease activity.",
		"Wool, harsh soaps and sweat are commonly reported to worsen symptoms of eczema.",
		"Food allergy is the main trigger of flares in adults.",
		"Food is a common trigger of atopic dermatitis in adults.",
		"Sunscreen should be reapplied every two hours.",
	}
)

// benchPassages retrieves the ten passages the draft is checked against.
func benchPassages(b *testing.B) []claims.Passage {
	hits, err := sandboxIndex(b).Search(context.Background(), benchQuestion, 10)
	if err != nil {
		b.Fatal(err)
	}
	if len(hits) != 10 {
		b.Fatalf("%d passages for %q, want 10", len(hits), benchQuestion)
	}
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	return passages(b, ids...)
}

// BenchmarkVerifyDraft verifies the draft against ten retrieved passages with
// one verifier, as the pipeline does with the verifier it keeps per knowledge
// version: passages already seen are not analysed again.
func BenchmarkVerifyDraft(b *testing.B) {
	ps := benchPassages(b)
	v := verifier(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range benchDraft {
			if _, err := v.Verify(ctx, c, ps); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkVerifyDraftCold is BenchmarkVerifyDraft with a new verifier per
// draft: the cost when none of the passages has been analysed yet.
func BenchmarkVerifyDraftCold(b *testing.B) {
	ps := benchPassages(b)
	ix := sandboxIndex(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		v := claims.NewLexical(ix.Analyzer(), ix.Thesaurus(), ix.IDF)
		for _, c := range benchDraft {
			if _, err := v.Verify(ctx, c, ps); err != nil {
				b.Fatal(err)
			}
		}
	}
}
