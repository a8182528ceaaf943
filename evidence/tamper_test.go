package evidence_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dermliving/dermliving/evidence"
)

// tamperBundle builds a small bundle with passages from two sources, a
// curated draft and a thesaurus, and returns its files by name.
func tamperBundle(t testing.TB) map[string][]byte {
	t.Helper()
	b := tamperBuilt(t)
	man, err := evidence.EncodeManifest(b.Manifest)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{evidence.ManifestFile: man}
	for name, content := range b.Files {
		files[name] = content
	}
	return files
}

// tamperBuilt builds tamperBundle's bundle.
func tamperBuilt(t testing.TB) *evidence.Bundle {
	t.Helper()
	recs := []evidence.Record{
		{SourceID: "hives", SourceVersion: "2026-01", SourceTitle: "Hives", Section: "Overview", Paragraph: 1, Text: "Urticaria, commonly called hives, is a skin reaction that causes raised, itchy welts.", License: "CC-BY-4.0"},
		{SourceID: "hives", SourceVersion: "2026-01", SourceTitle: "Hives", Section: "Causes", Paragraph: 1, Text: "Acute urticaria is commonly triggered by viral infections, foods or medicines.", License: "CC-BY-4.0"},
		{SourceID: "scabies", SourceVersion: "3", SourceTitle: "Scabies", Section: "Diagnosis", Paragraph: 2, Text: "Scabies is diagnosed by finding burrows; mites or eggs may be seen under a microscope. Ünïcode stays.", License: "CC0-1.0"},
	}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{
		ID: "kv_tamper", Released: "2026-01-01",
		Curated:   []evidence.Curated{{Question: "What causes hives?", Draft: []string{"Acute urticaria is commonly triggered by viral infections."}}},
		Thesaurus: "hives, urticaria\n",
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mapFS(files map[string][]byte) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, b := range files {
		fsys[name] = &fstest.MapFile{Data: b}
	}
	return fsys
}

// positions lists every byte position of a file of length n, or a
// deterministic sample of at least 2,000 when the file is larger.
func positions(n int) []int {
	const most = 4000
	step := max(1, n/most)
	var out []int
	for i := 0; i < n; i += step {
		out = append(out, i)
	}
	if out[len(out)-1] != n-1 {
		out = append(out, n-1)
	}
	return out
}

// TestTamperAnyByte changes each byte of the passages file, the manifest and
// the curated drafts, one at a time, to several other values: Check must find
// a problem, and every problem must be ErrCorrupt. A sample of the changes is
// also written to disk and opened with OpenDir, which must refuse the bundle.
func TestTamperAnyByte(t *testing.T) {
	files := tamperBundle(t)
	if problems := evidence.Check(mapFS(files)); len(problems) != 0 {
		t.Fatalf("the untouched bundle has problems: %v", problems)
	}
	dir := t.TempDir()
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if kv, err := evidence.OpenDir(dir); err != nil {
		t.Fatalf("the untouched bundle does not open: %v", err)
	} else {
		kv.Close()
	}
	// The changes: a low bit (a letter or digit becomes its neighbour), the
	// case bit (JSON keys decode case-insensitively, so "Format" would parse
	// as "format"), a space and a NUL.
	mutations := []struct {
		name string
		fn   func(byte) byte
	}{
		{"xor 0x01", func(c byte) byte { return c ^ 0x01 }},
		{"xor 0x20", func(c byte) byte { return c ^ 0x20 }},
		{"space", func(c byte) byte { return ' ' }},
		{"NUL", func(c byte) byte { return 0 }},
	}
	for _, name := range []string{evidence.PassagesFile, evidence.ManifestFile, evidence.CuratedFile} {
		orig := files[name]
		checked, opened := 0, 0
		for _, i := range positions(len(orig)) {
			for _, m := range mutations {
				c := m.fn(orig[i])
				if c == orig[i] {
					continue // not a change
				}
				mut := append([]byte(nil), orig...)
				mut[i] = c
				changed := map[string][]byte{}
				for n, b := range files {
					changed[n] = b
				}
				changed[name] = mut
				problems := evidence.Check(mapFS(changed))
				checked++
				if len(problems) == 0 {
					t.Errorf("%s byte %d (%q, %s): change not detected", name, i, orig[i], m.name)
					continue
				}
				for _, p := range problems {
					if !errors.Is(p, evidence.ErrCorrupt) {
						t.Errorf("%s byte %d (%s): problem %v is not ErrCorrupt", name, i, m.name, p)
					}
				}
				if (i+len(m.name))%37 != 0 {
					continue
				}
				opened++
				path := filepath.Join(dir, name)
				if err := os.WriteFile(path, mut, 0o644); err != nil {
					t.Fatal(err)
				}
				kv, err := evidence.OpenDir(dir)
				if err == nil {
					kv.Close()
					t.Errorf("%s byte %d (%s): OpenDir accepted the changed bundle", name, i, m.name)
				} else if !errors.Is(err, evidence.ErrCorrupt) {
					t.Errorf("%s byte %d (%s): OpenDir error %v is not ErrCorrupt", name, i, m.name, err)
				}
				if err := os.WriteFile(path, orig, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		if n := len(orig); n < 2000 && checked < n {
			t.Errorf("%s: %d changes checked, fewer than its %d bytes", name, checked, n)
		}
		t.Logf("%s: %d bytes, %d single-byte changes checked, %d opened from disk", name, len(orig), checked, opened)
	}
}

// TestTruncatedAndEmpty: a bundle cut short, emptied or missing a file is
// refused with an error that is ErrCorrupt and names the file at fault.
func TestTruncatedAndEmpty(t *testing.T) {
	files := tamperBundle(t)
	cut := func(name string, n int) map[string][]byte {
		out := map[string][]byte{}
		for k, v := range files {
			out[k] = v
		}
		out[name] = files[name][:n]
		return out
	}
	without := func(name string) map[string][]byte {
		out := map[string][]byte{}
		for k, v := range files {
			if k != name {
				out[k] = v
			}
		}
		return out
	}
	pl, ml := len(files[evidence.PassagesFile]), len(files[evidence.ManifestFile])
	cases := []struct {
		name   string
		files  map[string][]byte
		naming string // the file the error must name
		reason string
	}{
		{"empty passages", cut(evidence.PassagesFile, 0), evidence.PassagesFile, "the file no longer matches its recorded checksum"},
		{"passages cut mid-line", cut(evidence.PassagesFile, pl/2), evidence.PassagesFile, "a half line is not a passage and the checksum fails"},
		{"passages without final newline", cut(evidence.PassagesFile, pl-1), evidence.PassagesFile, "one byte fewer is a different file"},
		{"empty manifest", cut(evidence.ManifestFile, 0), evidence.ManifestFile, "an empty manifest is not JSON"},
		{"manifest cut in half", cut(evidence.ManifestFile, ml/2), evidence.ManifestFile, "half a JSON object does not parse"},
		{"manifest without final newline", cut(evidence.ManifestFile, ml-1), "manifest", "the manifest is not in its canonical form, so its seal fails"},
		{"no manifest", without(evidence.ManifestFile), evidence.ManifestFile, "a bundle without a manifest cannot be verified"},
		{"no passages", without(evidence.PassagesFile), evidence.PassagesFile, "the manifest lists a file that is not there"},
		{"empty bundle", map[string][]byte{}, evidence.ManifestFile, "an empty directory is no bundle"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, b := range c.files {
				if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := openCorrupt(t, dir, c.reason)
			if !strings.Contains(err.Error(), c.naming) {
				t.Errorf("error %q does not name %s", err, c.naming)
			}
			if problems := evidence.Check(os.DirFS(dir)); len(problems) == 0 {
				t.Errorf("Check found no problem; want one because %s", c.reason)
			}
		})
	}
}

// openCorrupt opens the bundle in dir, which must fail with ErrCorrupt
// because of reason, and returns the error.
func openCorrupt(t *testing.T, dir, reason string) error {
	t.Helper()
	kv, err := evidence.OpenDir(dir)
	if err == nil {
		kv.Close()
		t.Fatalf("OpenDir accepted it; want an error because %s", reason)
	}
	if !errors.Is(err, evidence.ErrCorrupt) {
		t.Errorf("error %v is not ErrCorrupt", err)
	}
	return err
}
