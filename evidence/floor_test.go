package evidence_test

import (
	"context"
	"errors"
	"testing"
	"testing/fstest"

	"github.com/dermliving/dermliving/evidence"
)

// TestManifestFloor checks that a relevance floor chosen at build is sealed
// in the manifest and used when the version opens, unless the opener sets
// its own, and that an impossible floor is refused.
func TestManifestFloor(t *testing.T) {
	recs := []evidence.Record{
		{SourceID: "s", SourceVersion: "1", Section: "Overview", Paragraph: 1, Text: "Hives are itchy raised welts on the skin.", License: "CC0-1.0"},
		{SourceID: "s", SourceVersion: "1", Section: "Causes", Paragraph: 1, Text: "Sunburn follows too much ultraviolet light.", License: "CC0-1.0"},
	}
	// Half of this question's weight is on words no passage holds: below
	// the default floor, above a floor of 0.3.
	const question = "Do hives follow vigorous marathon training?"
	// search opens b, with opts (nil: as b.Open does), and counts the hits.
	search := func(t *testing.T, b *evidence.Bundle, opts *evidence.OpenOptions) int {
		t.Helper()
		man, err := evidence.EncodeManifest(b.Manifest)
		if err != nil {
			t.Fatal(err)
		}
		fsys := fstest.MapFS{evidence.ManifestFile: {Data: man}}
		for name, content := range b.Files {
			fsys[name] = &fstest.MapFile{Data: content}
		}
		kv, err := evidence.OpenFS(fsys, opts)
		if err != nil {
			t.Fatal(err)
		}
		defer kv.Close()
		hits, err := searchKV(kv, question, 5)
		if err != nil {
			t.Fatal(err)
		}
		return len(hits)
	}
	plain, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_plain", Released: "2026-01-01"})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Manifest.Retrieval != nil {
		t.Errorf("a version built without a floor stores retrieval settings %+v", plain.Manifest.Retrieval)
	}
	low, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_low", Released: "2026-01-01", MinCoverage: 0.3})
	if err != nil {
		t.Fatal(err)
	}
	if low.Manifest.Retrieval == nil || low.Manifest.Retrieval.MinCoverage != 0.3 {
		t.Fatalf("manifest retrieval = %+v, want the floor 0.3", low.Manifest.Retrieval)
	}
	if n := search(t, plain, nil); n != 0 {
		t.Errorf("default floor: %d hits, want none", n)
	}
	if n := search(t, low, nil); n == 0 {
		t.Errorf("the manifest's floor 0.3 was not used: no hits")
	}
	if n := search(t, low, &evidence.OpenOptions{MinCoverage: 0.9}); n != 0 {
		t.Errorf("the opener's floor 0.9 did not override the manifest's: %d hits", n)
	}
	for _, bad := range []float64{1.5} {
		if _, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_bad", Released: "2026-01-01", MinCoverage: bad}); !errors.Is(err, evidence.ErrInvalid) {
			t.Errorf("floor %v: err = %v, want ErrInvalid", bad, err)
		}
	}
}
