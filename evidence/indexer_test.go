package evidence

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// fakeIndexer is an Indexer that indexes nothing and records what package
// evidence asks of it, so that the contract is checked without a search
// engine.
type fakeIndexer struct {
	analysis int
	mu       sync.Mutex
	calls    []string      // "build", "open", "new", in order
	inputs   []*IndexInput // the input of each call
}

// fakeIndex is a fakeIndexer's index.
type fakeIndex struct {
	how    string // "open" or "new"
	closed bool
}

func (x *fakeIndex) Close() error { x.closed = true; return nil }

func (f *fakeIndexer) record(call string, in *IndexInput) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, call)
	f.inputs = append(f.inputs, in)
}

func (f *fakeIndexer) Analysis() int { return f.analysis }

func (f *fakeIndexer) Build(_ context.Context, dir string, in *IndexInput, progress func(int)) error {
	f.record("build", in)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return err
	}
	if progress != nil {
		progress(len(in.Passages))
	}
	return os.WriteFile(filepath.Join(dir, "fake"), nil, 0o644)
}

func (f *fakeIndexer) Open(dir string, in *IndexInput) (Index, error) {
	f.record("open", in)
	if _, err := os.Stat(filepath.Join(dir, "fake")); err != nil {
		return nil, err
	}
	return &fakeIndex{how: "open"}, nil
}

func (f *fakeIndexer) New(_ context.Context, in *IndexInput) (Index, error) {
	f.record("new", in)
	return &fakeIndex{how: "new"}, nil
}

// useIndexer makes ix the registered indexer for the rest of the test (nil:
// none), in place of the one the test binary's imports registered. Tests
// that call it must not be parallel.
func useIndexer(t *testing.T, ix Indexer) {
	old := registered
	registered = ix
	t.Cleanup(func() { registered = old })
}

// indexTestBundle builds a small bundle with a thesaurus, a relevance floor
// and a curated draft.
func indexTestBundle(t *testing.T) *Bundle {
	t.Helper()
	recs := []Record{
		{SourceID: "s", SourceVersion: "1", SourceTitle: "Hives", Section: "Overview", Paragraph: 1, Text: "Hives are itchy raised welts on the skin.", License: "CC0-1.0"},
		{SourceID: "s", SourceVersion: "1", SourceTitle: "Hives", Section: "Causes", Paragraph: 1, Text: "An allergic reaction can cause hives.", License: "CC0-1.0"},
	}
	b, err := Build(context.Background(), recs, BuildOptions{
		ID: "kv_index_test", Released: "2026-01-01", Thesaurus: "hives, urticaria\n", MinCoverage: 0.3,
		Curated: []Curated{{Question: "What are hives?", Draft: []string{"Hives are itchy raised welts on the skin."}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNoIndexer: with no Indexer registered (a program that links neither
// package retrieve nor package dermliving), a bundle opens as a store, and
// asking for its index, or writing one, fails with ErrNoIndex.
func TestNoIndexer(t *testing.T) {
	useIndexer(t, nil)
	b := indexTestBundle(t)
	dir := filepath.Join(t.TempDir(), "kv")
	err := b.WriteDir(context.Background(), dir, &WriteOptions{Index: true})
	if !errors.Is(err, ErrNoIndex) {
		t.Fatalf("WriteDir with an index and no indexer: %v, want ErrNoIndex", err)
	}
	if _, statErr := os.Stat(dir); !os.IsNotExist(statErr) {
		t.Errorf("WriteDir failed but left %s (%v)", dir, statErr)
	}
	if err := b.WriteDir(context.Background(), dir, nil); err != nil {
		t.Fatalf("WriteDir without an index needs no indexer: %v", err)
	}
	v, err := OpenDir(dir)
	if err != nil {
		t.Fatalf("OpenDir with no indexer: %v, want the version as a store", err)
	}
	defer v.Close()
	if p, err := v.Evidence(b.Passages[1].ID); err != nil || p.Text != b.Passages[1].Text {
		t.Errorf("Evidence: %+v, %v", p, err)
	}
	if d, ok := v.CuratedDraft("what are HIVES"); !ok || len(d) != 1 {
		t.Errorf("CuratedDraft: %q, %v", d, ok)
	}
	ix, err := v.Index()
	if ix != nil || !errors.Is(err, ErrNoIndex) || !strings.Contains(err.Error(), "kv_index_test") {
		t.Errorf("Index() = %v, %v; want nil and ErrNoIndex naming the version", ix, err)
	}
	if err := v.Close(); err != nil {
		t.Errorf("Close of a version without an index: %v", err)
	}
}

// TestIndexerContract checks what package evidence asks of the registered
// Indexer: Build when a bundle is written with an index, Open of that index
// when the bundle opens (New when it is stale or absent), each given the
// passages, their positions, the thesaurus and the floor (the opener's over
// the manifest's), and Close when the version closes.
func TestIndexerContract(t *testing.T) {
	fake := &fakeIndexer{analysis: 7}
	useIndexer(t, fake)
	b := indexTestBundle(t)
	dir := filepath.Join(t.TempDir(), "kv")
	if err := b.WriteDir(context.Background(), dir, &WriteOptions{Index: true}); err != nil {
		t.Fatal(err)
	}
	key, err := os.ReadFile(filepath.Join(dir, IndexDir, indexKeyFile))
	if err != nil || !strings.Contains(string(key), `"analysis":7`) {
		t.Errorf("index key %s (%v) does not record the indexer's analysis", key, err)
	}
	open := func(opts *OpenOptions) (*Version, *fakeIndex, *IndexInput) {
		t.Helper()
		fake.calls, fake.inputs = nil, nil
		if opts == nil {
			opts = &OpenOptions{}
		}
		if opts.IndexDir == "" {
			opts.IndexDir = filepath.Join(dir, IndexDir)
		}
		v, err := OpenFS(os.DirFS(dir), opts)
		if err != nil {
			t.Fatal(err)
		}
		x, err := v.Index()
		if err != nil {
			t.Fatal(err)
		}
		return v, x.(*fakeIndex), fake.inputs[len(fake.inputs)-1]
	}

	v, x, in := open(nil)
	if x.how != "open" || strings.Join(fake.calls, ",") != "open" {
		t.Errorf("a fresh persisted index: calls %v, index %q; want it opened", fake.calls, x.how)
	}
	if len(in.Passages) != 2 || in.Passages[1].ID != b.Passages[1].ID || len(in.Sources) != 1 {
		t.Errorf("input passages %d, sources %d", len(in.Passages), len(in.Sources))
	}
	if in.Positions[b.Passages[1].ID] != 1 || len(in.Positions) != 2 {
		t.Errorf("input positions %v", in.Positions)
	}
	if in.Thesaurus != "hives, urticaria\n" || in.MinCoverage != 0.3 {
		t.Errorf("input thesaurus %q, floor %v; want the bundle's", in.Thesaurus, in.MinCoverage)
	}
	v.Close()
	if !x.closed {
		t.Error("Close did not close the index")
	}

	v, _, in = open(&OpenOptions{MinCoverage: 0.5})
	if in.MinCoverage != 0.5 {
		t.Errorf("the opener's floor: input floor %v, want 0.5", in.MinCoverage)
	}
	v.Close()

	fake.analysis = 8 // the index on disk was built with analysis 7: stale
	v, x, in = open(nil)
	if x.how != "new" || strings.Join(fake.calls, ",") != "new" {
		t.Errorf("a stale persisted index: calls %v, index %q; want it rebuilt in memory", fake.calls, x.how)
	}
	if in.Positions[b.Passages[0].ID] != 0 || in.MinCoverage != 0.3 {
		t.Errorf("in-memory input positions %v, floor %v", in.Positions, in.MinCoverage)
	}
	v.Close()

	fake.calls = nil
	bv, err := b.Open()
	if err != nil {
		t.Fatal(err)
	}
	if bx, err := bv.Index(); err != nil || bx.(*fakeIndex).how != "new" {
		t.Errorf("Bundle.Open: index %v, %v; want one made in memory", bx, err)
	}
	bv.Close()
}

// TestRegisterIndexerTwice: a second indexer, or a nil one, is refused
// loudly, at init, rather than one silently winning.
func TestRegisterIndexerTwice(t *testing.T) {
	useIndexer(t, &fakeIndexer{})
	for _, ix := range []Indexer{&fakeIndexer{}, nil} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterIndexer(%v) with an indexer registered did not panic", ix)
				}
			}()
			RegisterIndexer(ix)
		}()
	}
}
