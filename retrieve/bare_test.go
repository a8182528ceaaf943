package retrieve_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/dermliving/dermliving/retrieve"
)

var bareDocs = []retrieve.Doc{
	{ID: "hives", Title: "Hives", Section: "Overview", Text: "Urticaria, commonly called hives, is a skin reaction that causes raised, itchy welts."},
	{ID: "hives_causes", Title: "Hives", Section: "Causes", Text: "Acute urticaria is commonly triggered by viral infections, foods or medicines."},
	{ID: "scabies", Title: "Scabies", Section: "Diagnosis", Text: "Scabies is diagnosed by finding burrows under a microscope."},
}

// TestBareSearch runs the bare bleve query on an index in memory and on one
// persisted and opened read-only, whose analyzer comes from the stored
// mapping.
func TestBareSearch(t *testing.T) {
	ctx := context.Background()
	mem, err := retrieve.New(ctx, bareDocs, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "index")
	if err := retrieve.Build(ctx, dir, bareDocs, nil); err != nil {
		t.Fatal(err)
	}
	disk, err := retrieve.Open(dir, bareDocs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, ix := range map[string]*retrieve.Index{"memory": mem, "disk": disk} {
		cases := []struct {
			q      string
			k      int
			want   int
			reason string
		}{
			{"What triggers Hives?", 10, 2, "any term matches, analysed as the index is: \"Hives\" is folded, \"triggers\" stemmed to match \"triggered\""},
			{"What causes hives?", 10, 1, "only the text field is searched: the Causes section's passage holds neither word in its text"},
			{"What triggers Hives?", 1, 1, "k caps the hits"},
			{"urticaria scabies", 10, 3, "each passage holds one of the words"},
			{"the capital of France", 10, 0, "no passage holds a word of it"},
			{"", 10, 0, "an empty question matches nothing"},
			{"hives", 0, 0, "k of zero asks for nothing"},
		}
		for _, c := range cases {
			got, err := ix.BareSearch(ctx, c.q, c.k)
			if err != nil || got != c.want {
				t.Errorf("%s: BareSearch(%q, %d) = %d, %v; want %d because %s", name, c.q, c.k, got, err, c.want, c.reason)
			}
		}
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := ix.BareSearch(cancelled, "hives", 10); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled context: err %v, want context.Canceled", name, err)
		}
		ix.Close()
		if _, err := ix.BareSearch(ctx, "hives", 10); !errors.Is(err, retrieve.ErrClosed) {
			t.Errorf("%s: after Close: err %v, want ErrClosed", name, err)
		}
	}
}
