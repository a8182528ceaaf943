package evidence_test

import (
	"context"
	"crypto/ed25519"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
)

// indexFiles lists the persisted index's files of the bundle in dir.
func indexFiles(t testing.TB, dir string) []string {
	var out []string
	for _, p := range bundleFiles(t, dir) {
		if strings.HasPrefix(p, evidence.IndexDir+"/") {
			out = append(out, p)
		}
	}
	return out
}

// corruptIndex changes one index file of the bundle in dir: n%512+1 bytes
// from pos on (wrapping around, at most the file's length) xored with xor|1, then, when cut is not zero,
// the file cut to cut modulo its length plus one. It returns the file's
// path and a function that restores it.
func corruptIndex(t testing.TB, dir string, file uint8, pos uint32, xor byte, n uint16, cut uint32) (string, func()) {
	index := indexFiles(t, dir)
	path := index[int(file)%len(index)]
	full := filepath.Join(dir, filepath.FromSlash(path))
	orig, err := os.ReadFile(full)
	if err != nil {
		t.Fatal(err)
	}
	mut := slices.Clone(orig)
	if len(mut) > 0 {
		// At most once each byte: twice would undo the change.
		for i := range min(int(n%512)+1, len(mut)) {
			mut[(int(pos)+i)%len(mut)] ^= xor | 1 // never a no-op
		}
	}
	if cut > 0 {
		mut = mut[:int(cut)%(len(mut)+1)]
	}
	if err := os.WriteFile(full, mut, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, func() { os.WriteFile(full, orig, 0o600) }
}

// FuzzOpenIndex corrupts one file of a signed bundle's persisted index (a
// run of bytes changed, the file cut) and opens the bundle, which must
// never panic or reach the search engine with the corrupted bytes: OpenDir
// refuses it with an error that is ErrCorrupt and names the file. With
// resealed set, the manifest is first re-sealed to match, as someone
// changing the bundle on purpose would, and the bundle is opened with its
// publisher's key trusted: it must be refused with a SignatureError.
//
// (Without a trusted key, a re-sealed index does reach the engine; what
// that can and cannot survive is TestEngineBoundary's subject.)
// Crashers found are kept as seeds under testdata/fuzz/FuzzOpenIndex.
func FuzzOpenIndex(f *testing.F) {
	pub, key, _ := ed25519.GenerateKey(nil)
	base := indexedBundle(f, key)
	for i := range indexFiles(f, base) {
		for _, pos := range []uint32{0, 8, 40, 300, 1000, 4096, 1 << 30} {
			f.Add(uint8(i), pos, byte(0x01), uint16(1), uint32(0), false)
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
	trusted := &evidence.OpenOptions{IndexDir: filepath.Join(dir, evidence.IndexDir), TrustedKeys: []ed25519.PublicKey{pub}}
	f.Fuzz(func(t *testing.T, file uint8, pos uint32, xor byte, n uint16, cut uint32, resealed bool) {
		path, restore := corruptIndex(t, dir, file, pos, xor, n, cut)
		defer func() {
			restore()
			os.WriteFile(filepath.Join(dir, evidence.ManifestFile), manifest, 0o644)
		}()
		if !resealed {
			err := openErr(evidence.OpenDir(dir))
			if !errors.Is(err, evidence.ErrCorrupt) || !names(err, path) {
				t.Fatalf("%s changed: OpenDir error %v; want ErrCorrupt naming the file", path, err)
			}
			return
		}
		reseal(t, dir)
		err := openErr(evidence.OpenFS(os.DirFS(dir), trusted))
		var se *evidence.SignatureError
		if !errors.As(err, &se) || se.Signer != evidence.KeyID(pub) {
			t.Fatalf("%s changed and re-sealed: error %v; want a SignatureError naming key %s", path, err, evidence.KeyID(pub))
		}
	})
}

// TestEngineBoundary opens bundles whose index files were changed and the
// manifest re-sealed, without a trusted key, so that the changed bytes
// reach the search engine: each must be refused with ErrCorrupt, or open
// and answer searches, failing ones with ErrCorrupt, without a panic. The
// cases are what an earlier FuzzOpenIndex, which opened re-sealed bundles
// without keys, found: a search failing with a plain error (now an
// IndexError), and a term dictionary whose reading panics on a goroutine
// bleve starts itself (now read at open first, where the panic is
// recovered).
//
// That fuzzing also found what no recover can catch: a length in a
// postings list that makes zapx allocate terabytes, a fatal out-of-memory
// error. A bundle changed on purpose is excluded only by its signature:
// open with OpenOptions.TrustedKeys.
func TestEngineBoundary(t *testing.T) {
	cases := []struct {
		name string
		file uint8
		pos  uint32
		xor  byte
		n    uint16
		cut  uint32
	}{
		{"a search error (fuzz 299857de728627a5)", 2, 40, 0x01, 22, 0},
		{"a dictionary panic on bleve's goroutine (fuzz e64b1e61efdd8d8d)", 2, 1073741824, 0x01, 50, 0},
		{"the segment's footer flipped", 2, 1 << 31, 0x10, 3, 0},
		{"root.bolt's first page", 3, 0, 0xff, 100, 0},
		{"the segment cut in half", 2, 0, 0, 0, 1000},
	}
	base := indexedBundle(t, nil)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "kv")
			copyDir(t, base, dir)
			corruptIndex(t, dir, c.file, c.pos, c.xor, c.n, c.cut)
			reseal(t, dir)
			kv, err := evidence.OpenDir(dir)
			if err != nil {
				if !errors.Is(err, evidence.ErrCorrupt) {
					t.Fatalf("error %v is not ErrCorrupt", err)
				}
				t.Logf("refused: %v", err)
				return
			}
			defer kv.Close()
			ix, err := retrieve.Of(kv)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range []string{"What causes hives?", "scabies diagnosis microscope", "urticaria", "hiv"} {
				_, err := ix.Search(context.Background(), q, 5)
				if err != nil && !errors.Is(err, evidence.ErrCorrupt) {
					t.Fatalf("search %q: error %v is not ErrCorrupt", q, err)
				}
				t.Logf("opened; search %q: %v", q, err)
			}
		})
	}
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
