package evidence_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
)

// FuzzOpenIndex corrupts one file of a small bundle's persisted index (a
// byte changed, a range overwritten, the file cut) and opens the bundle,
// which must never panic: OpenDir refuses it with an error that is
// ErrCorrupt naming the file. With reseal set, the manifest is then
// re-sealed to match, as someone changing the bundle on purpose would, so
// that the corrupted files reach the search engine (bleve, zapx, bbolt):
// the version must then either be refused with ErrCorrupt or open and
// answer searches without a panic, failing ones with ErrCorrupt.
//
// Crashers found are kept as seeds under testdata/fuzz/FuzzOpenIndex.
func FuzzOpenIndex(f *testing.F) {
	base := indexedBundle(f, nil)
	var index []string
	for _, p := range bundleFiles(f, base) {
		if strings.HasPrefix(p, evidence.IndexDir+"/") {
			index = append(index, p)
		}
	}
	for i := range index {
		for _, pos := range []uint32{0, 8, 40, 300, 1000, 4096, 1 << 30} {
			f.Add(uint8(i), pos, byte(0x01), uint16(1), uint32(0), true)
		}
		f.Add(uint8(i), uint32(0), byte(0xff), uint16(64), uint32(0), true)
		f.Add(uint8(i), uint32(7), byte(0x80), uint16(1), uint32(0), false)
		f.Add(uint8(i), uint32(0), byte(0), uint16(0), uint32(100), true)
	}
	// One working copy of the bundle per fuzzing process, changed and
	// restored for each input.
	dir := filepath.Join(f.TempDir(), "kv")
	copyDir(f, base, dir)
	manifest, err := os.ReadFile(filepath.Join(dir, evidence.ManifestFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, file uint8, pos uint32, xor byte, n uint16, cut uint32, resealed bool) {
		path := index[int(file)%len(index)]
		full := filepath.Join(dir, filepath.FromSlash(path))
		orig, err := os.ReadFile(full)
		if err != nil {
			t.Fatal(err)
		}
		defer func() {
			os.WriteFile(full, orig, 0o600)
			os.WriteFile(filepath.Join(dir, evidence.ManifestFile), manifest, 0o644)
		}()
		mut := slices.Clone(orig)
		if len(mut) > 0 {
			for i := range int(n%512) + 1 {
				mut[(int(pos)+i)%len(mut)] ^= xor | 1 // never a no-op
			}
		}
		if cut > 0 {
			mut = mut[:int(cut)%(len(mut)+1)]
		}
		if err := os.WriteFile(full, mut, 0o600); err != nil {
			t.Fatal(err)
		}
		if resealed {
			reseal(t, dir)
		}
		kv, err := evidence.OpenDir(dir)
		if err != nil {
			if !errors.Is(err, evidence.ErrCorrupt) {
				t.Fatalf("%s changed: error %v is not ErrCorrupt", path, err)
			}
			if !resealed && !names(err, path) {
				t.Fatalf("%s changed: error %v does not name it", path, err)
			}
			return
		}
		defer kv.Close()
		if !resealed {
			t.Fatalf("%s changed and not re-sealed: OpenDir accepted it", path)
		}
		ix, err := retrieve.Of(kv)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"What causes hives?", "scabies diagnosis microscope", "urticaria"} {
			if _, err := ix.Search(context.Background(), q, 5); err != nil && !errors.Is(err, evidence.ErrCorrupt) {
				t.Fatalf("search %q: error %v is not ErrCorrupt", q, err)
			}
		}
	})
}

// copyDir copies the bundle in from to the new directory to.
func copyDir(t testing.TB, from, to string) {
	t.Helper()
	for _, p := range bundleFiles(t, from) {
		b, err := os.ReadFile(filepath.Join(from, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(to, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}
