package evidence_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/dermliving/dermliving/evidence"
)

// TestTamperWithPersistedIndex: with a persisted index, which OpenDir opens
// while it verifies the checksums, a changed passage is still refused whole
// at open, and the error names it. (The tamper tests above use bundles
// without an index.) Run with -race, it also checks that opening the index
// and verifying share nothing they write.
func TestTamperWithPersistedIndex(t *testing.T) {
	dir, b := build(t, true)
	kv, err := evidence.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if hits, err := searchKV(kv, "emollients care", 3); err != nil || len(hits) == 0 {
		t.Errorf("search of the sound bundle: %v, %v", hits, err)
	}
	kv.Close()
	path := filepath.Join(dir, evidence.PassagesFile)
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	victim := b.Passages[2]
	cases := []struct {
		name, old, new string
		passage        string // the passage the error must name, if any
		reason         string
	}{
		{"text", "foundation", "fonndation", victim.ID, "the passage's text no longer matches its checksum"},
		{"checksum", victim.Checksum[len(victim.Checksum)-4:], "0000", victim.ID, "the recorded checksum no longer matches the text"},
		{"section", `"section":"Treatment options"`, `"section":"Treatment optionz"`, "", "only the file checksum covers the locator"},
		{"id", `"id":"` + victim.ID + `"`, `"id":"` + victim.ID + `x"`, "", "the version checksum covers the ids"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !bytes.Contains(orig, []byte(c.old)) {
				t.Fatalf("the passages file has no %q", c.old)
			}
			if err := os.WriteFile(path, bytes.Replace(orig, []byte(c.old), []byte(c.new), 1), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.WriteFile(path, orig, 0o644) })
			err := openCorrupt(t, dir, c.reason)
			if c.passage == "" {
				return
			}
			named := false
			for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
				var ce *evidence.ChecksumError
				if errors.As(e, &ce) && ce.Kind == "passage" && ce.Name == c.passage {
					named = true
				}
			}
			if !named {
				t.Errorf("error %v does not name passage %s", err, c.passage)
			}
		})
	}
}
