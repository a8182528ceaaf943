package dermliving_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/sandbox"
)

// TestAskKeywordSpanish checks that a question made of condition names and
// Spanish words, with no English word, is read as Spanish, and that one
// English word keeps a question English.
func TestAskKeywordSpanish(t *testing.T) {
	kv, err := sandbox.Open()
	if err != nil {
		t.Fatal(err)
	}
	type reading struct {
		Language, English string
	}
	cases := []struct {
		q      string
		want   reading
		reason string
	}{
		{"impetigo que bacteria lo causa", reading{"es", "What causes impetigo bacteria?"}, "shared words and a condition name, no accents or signs"},
		{"psoriasis tratamiento", reading{"es", "How is psoriasis treated?"}, "a condition and one Spanish word"},
		{"vitiligo causas", reading{"es", "What causes vitiligo?"}, "a condition and one Spanish word the lexicon holds"},
		{"psoriasis treatment", reading{"", ""}, "English"},
		{"psoriasis", reading{"", ""}, "a name alone is the knowledge's own word"},
		{"pemphigus vulgaris", reading{"", ""}, "a Latin name is no Spanish"},
		{"what is mal de meleda", reading{"", ""}, "one English word keeps it English"},
	}
	for _, c := range cases {
		res, err := dermliving.Ask(context.Background(), c.q, kv, dermliving.WithRequestID("req"))
		if err != nil {
			t.Fatal(err)
		}
		var md dermliving.Metadata
		switch r := res.(type) {
		case *dermliving.Grounded:
			md = r.Metadata
		case *dermliving.Abstained:
			md = r.Metadata
		}
		got := reading{md.QuestionLanguage, md.EnglishQuestion}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("Ask(%q) language (-want +got):\n%s(%s)", c.q, diff, c.reason)
		}
	}
}
