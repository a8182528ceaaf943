package answer_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParts(t *testing.T) {
	c, ix := sandboxComposer(t)
	tests := []struct {
		q    string
		want []string
	}{
		// A later part's pronoun stands for the focus.
		{"What causes intertrigo and what are its symptoms?", []string{"What causes intertrigo?", "what are Intertrigo symptoms?"}},
		{"Is shingles contagious, and who should someone with it avoid?", []string{"Is shingles contagious?", "who should someone with Shingles avoid?"}},
		// A part that names nothing gets the focus's name.
		{"How long does bullous pemphigoid go on for, and do the blisters leave scars?", []string{"How long does bullous pemphigoid go on for?", "do the blisters leave scars (Bullous pemphigoid)?"}},
		// "that" stands for what the part before asked about.
		{"Can rosacea affect your eyes, and how is that handled?", []string{"Can rosacea affect your eyes?", "how is rosacea affect your eyes handled?"}},
		// Two questions in one.
		{"What is impetigo? How is it treated?", []string{"What is impetigo?", "How is Impetigo treated?"}},
		// Two verbs of one subject: a question for each.
		{"How is onychomycosis diagnosed and treated?", []string{"How is onychomycosis diagnosed?", "How is onychomycosis treated?"}},
		{"How is tinea capitis diagnosed, and treated?", []string{"How is tinea capitis diagnosed?", "How is tinea capitis treated?"}},
		// One part: no split, however many kinds it asks for.
		{"What are the symptoms of psoriasis?", nil},
		{"How is psoriasis treated?", nil},
		// No named focus: nothing to carry into the parts.
		{"What causes it and how is it treated?", nil},
		// A part too short to ask anything.
		{"What is acne and why?", nil},
	}
	for _, tt := range tests {
		hits, err := ix.Search(context.Background(), tt.q, 10)
		if err != nil {
			t.Fatal(err)
		}
		a := c.Compose(tt.q, ix.Analyze(tt.q), hits)
		if diff := cmp.Diff(tt.want, c.Parts(a, tt.q)); diff != "" {
			t.Errorf("Parts(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}
