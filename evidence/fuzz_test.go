package evidence_test

import (
	"context"
	"errors"
	"testing"
	"testing/fstest"

	"github.com/dermliving/dermliving/evidence"
)

// FuzzCheck feeds arbitrary manifest and passages files to the bundle loader
// (Check runs the same parsing and verification as OpenFS, without indexing):
// it must never panic, and every problem is ErrCorrupt.
func FuzzCheck(f *testing.F) {
	recs := []evidence.Record{{SourceID: "s", SourceVersion: "1", Section: "A", Paragraph: 1, Text: "Hives are itchy welts.", License: "CC0-1.0"}}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_f", Released: "2026-01-01"})
	if err != nil {
		f.Fatal(err)
	}
	man, _ := evidence.EncodeManifest(b.Manifest)
	f.Add(man, b.Files[evidence.PassagesFile])
	f.Add([]byte("{}"), []byte(""))
	f.Add(man, []byte("{\"id\":\"x\"}\n"))
	f.Add([]byte("not json"), b.Files[evidence.PassagesFile])
	f.Fuzz(func(t *testing.T, manifest, passages []byte) {
		fsys := fstest.MapFS{
			evidence.ManifestFile: {Data: manifest},
			evidence.PassagesFile: {Data: passages},
		}
		problems := evidence.Check(fsys)
		for _, p := range problems {
			if !errors.Is(p, evidence.ErrCorrupt) {
				t.Errorf("problem %v is not ErrCorrupt", p)
			}
		}
		// Whatever Check accepts must hold together: every checksum right.
		if len(problems) == 0 {
			m, err := evidence.ReadManifest(fsys)
			if err != nil || m.Checksum == "" {
				t.Errorf("accepted bundle without a readable manifest: %v", err)
			}
		}
	})
}
