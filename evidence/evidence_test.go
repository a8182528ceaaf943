package evidence_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
)

// searchKV searches kv's index, which package retrieve (imported by this
// test) made when kv was opened.
func searchKV(kv *evidence.Version, question string, k int) ([]retrieve.Hit, error) {
	ix, err := retrieve.Of(kv)
	if err != nil {
		return nil, err
	}
	return ix.Search(context.Background(), question, k)
}

const corpus = `{"source_id": "src_demo", "source_version": "1.0", "source_title": "Demo", "section": "Overview", "paragraph": 1, "text": "Atopic dermatitis is a long-term itchy skin condition.", "license": "CC-BY-4.0"}
{"source_id": "src_demo", "source_version": "1.0", "section": "Overview", "paragraph": 2, "text": "Eczéma is another name for it, written with an accent here.", "license": "CC-BY-4.0"}
{"id": "ev_fixed", "source_id": "src_demo", "source_version": "1.0", "section": "Treatment options", "paragraph": 1, "text": "Emollients are the foundation of care.", "license": "CC-BY-4.0"}
`

func build(t *testing.T, index bool) (string, *evidence.Bundle) {
	t.Helper()
	recs, err := evidence.ReadCorpus(strings.NewReader(corpus))
	if err != nil {
		t.Fatal(err)
	}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{
		ID: "kv_test", Released: "2026-10-01",
		Sources: []evidence.Source{{ID: "src_demo", Version: "1.0", Title: "Demo", Publisher: "DermLiving",
			License: evidence.License{ID: "CC-BY-4.0", Holder: "DermLiving"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "kv")
	if err := b.WriteDir(context.Background(), dir, &evidence.WriteOptions{Index: index}); err != nil {
		t.Fatal(err)
	}
	return dir, b
}

func TestBuildOpenRoundTrip(t *testing.T) {
	for _, index := range []bool{false, true} {
		dir, b := build(t, index)
		kv, err := evidence.OpenDir(dir)
		if err != nil {
			t.Fatalf("index=%v: %v", index, err)
		}
		if kv.ID() != "kv_test" || kv.Len() != 3 {
			t.Errorf("id %s len %d", kv.ID(), kv.Len())
		}
		var got []evidence.Passage
		for p := range kv.All() {
			got = append(got, p)
		}
		if diff := cmp.Diff(b.Passages, got); diff != "" {
			t.Errorf("passages differ (-built +opened):\n%s", diff)
		}
		ids := []string{got[0].ID, got[1].ID, got[2].ID}
		if diff := cmp.Diff([]string{"ev_src_demo_overview_1", "ev_src_demo_overview_2", "ev_fixed"}, ids); diff != "" {
			t.Errorf("ids (derived where missing, kept where given):\n%s", diff)
		}
		p, err := kv.Evidence("ev_fixed")
		if err != nil || p.License.Holder != "DermLiving" || p.Locator.Section != "Treatment options" {
			t.Errorf("Evidence: %+v %v", p, err)
		}
		if _, err := kv.Evidence("ev_nope"); !errors.Is(err, evidence.ErrNotFound) {
			t.Errorf("unknown id: %v, want ErrNotFound", err)
		}
		hits, err := searchKV(kv, "itchy atopic dermatitis", 5)
		if err != nil || len(hits) == 0 || hits[0].ID != "ev_src_demo_overview_1" {
			t.Errorf("index=%v search: %+v %v", index, hits, err)
		}
		kv.Close()
	}
}

// TestChecksumMatchesSha256sum: the passage checksum is SHA-256 of the stored
// UTF-8 bytes, as printf '%s' "$text" | sha256sum computes it.
func TestChecksumMatchesSha256sum(t *testing.T) {
	_, b := build(t, false)
	for _, p := range b.Passages {
		sum := sha256.Sum256([]byte(p.Text))
		if want := "sha256:" + hex.EncodeToString(sum[:]); p.Checksum != want {
			t.Errorf("%s: %s, want %s", p.ID, p.Checksum, want)
		}
	}
	// The version checksum is over sorted "id\tchecksum\n" lines.
	var lines []string
	for _, p := range b.Passages {
		lines = append(lines, p.ID+"\t"+p.Checksum+"\n")
	}
	// ev_fixed < ev_src_demo_overview_1 < ev_src_demo_overview_2
	h := sha256.Sum256([]byte(lines[2] + lines[0] + lines[1]))
	if want := "sha256:" + hex.EncodeToString(h[:]); b.Manifest.Checksum != want {
		t.Errorf("version checksum %s, want %s", b.Manifest.Checksum, want)
	}
}

func TestNFCAtBuild(t *testing.T) {
	// "é" written as e + combining acute is stored precomposed.
	recs := []evidence.Record{{SourceID: "s", SourceVersion: "1", Section: "A", Paragraph: 1, Text: "Ecze\u0301ma.", License: "CC0-1.0"}}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_x", Released: "2026-01-01"})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Passages[0].Text; got != "Eczéma." {
		t.Errorf("text %q, want NFC %q", got, "Eczéma.")
	}
}

func TestTamperedPassageNamed(t *testing.T) {
	dir, b := build(t, true)
	path := filepath.Join(dir, evidence.PassagesFile)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Change one byte of the second passage's text.
	i := bytes.Index(raw, []byte("another name"))
	raw[i] = 'A'
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = evidence.OpenDir(dir)
	if !errors.Is(err, evidence.ErrCorrupt) {
		t.Fatalf("OpenDir: %v, want ErrCorrupt", err)
	}
	var ce *evidence.ChecksumError
	if !errors.As(err, &ce) || ce.Kind != "passage" || ce.Name != b.Passages[1].ID {
		t.Errorf("error %v does not name passage %s", err, b.Passages[1].ID)
	}
	problems := evidence.Check(os.DirFS(dir))
	named := false
	for _, p := range problems {
		if errors.As(p, &ce) && ce.Name == b.Passages[1].ID {
			named = true
		}
	}
	if !named {
		t.Errorf("Check did not name the passage: %v", problems)
	}
}

func TestTamperedBundles(t *testing.T) {
	cases := []struct {
		name   string
		reason string
		tamper func(t *testing.T, dir string)
	}{
		{"manifest value", "the manifest is sealed", func(t *testing.T, dir string) {
			edit(t, filepath.Join(dir, evidence.ManifestFile), `"released": "2026-10-01"`, `"released": "2026-10-02"`)
		}},
		{"manifest whitespace", "the manifest must be byte-for-byte canonical", func(t *testing.T, dir string) {
			edit(t, filepath.Join(dir, evidence.ManifestFile), "{\n", "{ \n")
		}},
		{"text and checksum both changed", "the version checksum covers every passage checksum", func(t *testing.T, dir string) {
			path := filepath.Join(dir, evidence.PassagesFile)
			raw, _ := os.ReadFile(path)
			old := "Emollients are the foundation of care."
			neu := "Emollients are the foundation of cure."
			raw = bytes.Replace(raw, []byte(old), []byte(neu), 1)
			raw = bytes.Replace(raw, []byte(evidence.Checksum(old)), []byte(evidence.Checksum(neu)), 1)
			os.WriteFile(path, raw, 0o644)
		}},
		{"locator changed", "the passages file checksum covers locators", func(t *testing.T, dir string) {
			edit(t, filepath.Join(dir, evidence.PassagesFile), `"paragraph":2`, `"paragraph":3`)
		}},
		{"truncated passages", "a cut file fails its checksum", func(t *testing.T, dir string) {
			path := filepath.Join(dir, evidence.PassagesFile)
			raw, _ := os.ReadFile(path)
			os.WriteFile(path, raw[:len(raw)/2], 0o644)
		}},
		{"empty passages", "an empty file is not the bundle", func(t *testing.T, dir string) {
			os.WriteFile(filepath.Join(dir, evidence.PassagesFile), nil, 0o644)
		}},
		{"missing manifest", "no manifest, no bundle", func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, evidence.ManifestFile))
		}},
		{"empty manifest", "an empty manifest is not JSON", func(t *testing.T, dir string) {
			os.WriteFile(filepath.Join(dir, evidence.ManifestFile), nil, 0o644)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, _ := build(t, false)
			c.tamper(t, dir)
			if _, err := evidence.OpenDir(dir); !errors.Is(err, evidence.ErrCorrupt) {
				t.Errorf("OpenDir: %v, want ErrCorrupt (%s)", err, c.reason)
			}
			if len(evidence.Check(os.DirFS(dir))) == 0 {
				t.Errorf("Check found nothing (%s)", c.reason)
			}
		})
	}
}

func edit(t *testing.T, path, old, neu string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte(old)) {
		t.Fatalf("%s has no %q", path, old)
	}
	os.WriteFile(path, bytes.Replace(raw, []byte(old), []byte(neu), 1), 0o644)
}

// TestChangedIndexRefusedOrRebuilt: an index file that no longer matches
// the manifest refuses the version, with an error naming the file, unless
// the opener asks for the index to be rebuilt from the verified passages.
// (An index built with another analysis, but unchanged, is stale and
// rebuilt in memory: TestIndexerContract.)
func TestChangedIndexRefusedOrRebuilt(t *testing.T) {
	dir, _ := build(t, true)
	name := evidence.IndexDir + "/dermliving-index.json"
	edit(t, filepath.Join(dir, evidence.IndexDir, "dermliving-index.json"), "sha256:", "sha256:0")
	_, err := evidence.OpenDir(dir)
	var fe *evidence.FileError
	if !errors.As(err, &fe) || fe.File != name || !errors.Is(err, evidence.ErrCorrupt) {
		t.Fatalf("OpenDir: %v; want a FileError naming %s", err, name)
	}
	kv, err := evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{IndexDir: filepath.Join(dir, evidence.IndexDir), RebuildIndex: true})
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	if hits, _ := searchKV(kv, "emollients care", 3); len(hits) == 0 {
		t.Error("no hits from the rebuilt index")
	}
}

func TestBuildErrors(t *testing.T) {
	ok := evidence.Record{SourceID: "s", SourceVersion: "1", Section: "A", Paragraph: 1, Text: "Text.", License: "CC0-1.0"}
	with := func(f func(*evidence.Record)) []evidence.Record { r := ok; f(&r); return []evidence.Record{r} }
	cases := []struct {
		name    string
		records []evidence.Record
		opts    evidence.BuildOptions
	}{
		{"bad version id", []evidence.Record{ok}, evidence.BuildOptions{ID: "KV 1", Released: "2026-01-01"}},
		{"bad date", []evidence.Record{ok}, evidence.BuildOptions{ID: "kv_1", Released: "yesterday"}},
		{"no records", nil, evidence.BuildOptions{ID: "kv_1", Released: "2026-01-01"}},
		{"empty text", with(func(r *evidence.Record) { r.Text = "  " }), evidence.BuildOptions{ID: "kv_1", Released: "2026-01-01"}},
		{"invalid utf-8", with(func(r *evidence.Record) { r.Text = "a\xffb" }), evidence.BuildOptions{ID: "kv_1", Released: "2026-01-01"}},
		{"no licence", with(func(r *evidence.Record) { r.License = "" }), evidence.BuildOptions{ID: "kv_1", Released: "2026-01-01"}},
		{"bad source id", with(func(r *evidence.Record) { r.SourceID = "a b" }), evidence.BuildOptions{ID: "kv_1", Released: "2026-01-01"}},
		{"duplicate id", []evidence.Record{{ID: "x", SourceID: "s", SourceVersion: "1", Text: "a", License: "l"}, {ID: "x", SourceID: "s", SourceVersion: "1", Text: "b", License: "l"}}, evidence.BuildOptions{ID: "kv_1", Released: "2026-01-01"}},
	}
	for _, c := range cases {
		if _, err := evidence.Build(context.Background(), c.records, c.opts); !errors.Is(err, evidence.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", c.name, err)
		}
	}
	// Repeated ids may be renamed instead.
	dup := []evidence.Record{{ID: "x", SourceID: "s", SourceVersion: "1", Text: "a", License: "l"}, {ID: "x", SourceID: "s", SourceVersion: "1", Text: "b", License: "l"}}
	b, err := evidence.Build(context.Background(), dup, evidence.BuildOptions{ID: "kv_1", Released: "2026-01-01", RenameDuplicates: true})
	if err != nil || b.Passages[1].ID != "x~2" || len(b.Renamed) != 1 {
		t.Errorf("rename duplicates: %v %+v", err, b)
	}
}

func TestReadCorpusErrors(t *testing.T) {
	for _, in := range []string{"{not json}\n", `{"text": "a", "unknown": 1}` + "\n", "[1,2]\n"} {
		_, err := evidence.ReadCorpus(strings.NewReader(in))
		var fe *evidence.FormatError
		if !errors.As(err, &fe) || fe.Line != 1 || !errors.Is(err, evidence.ErrInvalid) {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func TestWriteDirRefusesNonEmpty(t *testing.T) {
	dir, b := build(t, false)
	if err := b.WriteDir(context.Background(), dir, nil); !errors.Is(err, evidence.ErrInvalid) {
		t.Errorf("WriteDir over a bundle: %v", err)
	}
}

func TestNewestReleased(t *testing.T) {
	failed := &evidence.GateReport{Passed: false}
	passed := &evidence.GateReport{Passed: true, Gates: []evidence.Gate{{Name: "g", Threshold: 0.9, Comparison: ">=", Value: 1, Passed: true, Cases: 3}}}
	m := func(id, released string, g *evidence.GateReport) evidence.Manifest {
		return evidence.Manifest{ID: id, Released: released, Gates: g}
	}
	tests := []struct {
		name string
		ms   []evidence.Manifest
		want int
	}{
		{"none", nil, -1},
		{"the latest release", []evidence.Manifest{m("kv_b", "2026-11-01", passed), m("kv_a", "2026-10-01", passed)}, 0},
		{"a released one before a newer unmeasured one", []evidence.Manifest{m("kv_b", "2026-11-01", nil), m("kv_a", "2026-10-01", passed)}, 1},
		{"the newest unmeasured one when none is released", []evidence.Manifest{m("kv_a", "2026-10-01", nil), m("kv_b", "2026-11-01", nil), m("kv_c", "2026-12-01", failed)}, 1},
		{"a blocked newer one is passed over", []evidence.Manifest{m("kv_a", "2026-10-01", passed), m("kv_b", "2026-11-01", failed)}, 0},
		{"all blocked", []evidence.Manifest{m("kv_a", "2026-10-01", failed)}, -1},
		{"a tie goes to the greater id", []evidence.Manifest{m("kv_b", "2026-10-01", nil), m("kv_a", "2026-10-01", nil)}, 0},
		{"no report is not blocked", []evidence.Manifest{m("kv_a", "2026-10-01", nil)}, 0},
		{"an empty report measured nothing: unmeasured, not blocked", []evidence.Manifest{m("kv_a", "2026-10-01", &evidence.GateReport{Passed: true})}, 0},
	}
	for _, tt := range tests {
		if got := evidence.NewestReleased(tt.ms); got != tt.want {
			t.Errorf("%s: NewestReleased = %d, want %d", tt.name, got, tt.want)
		}
	}
}
