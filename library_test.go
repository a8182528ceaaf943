package dermliving_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/abstain"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/dermliving/dermliving/sandbox"
)

// openSandbox opens one embedded version and closes it when the test ends.
func openSandbox(t *testing.T, id string) *evidence.Version {
	t.Helper()
	kv, err := sandbox.OpenVersion(id)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kv.Close() })
	return kv
}

// blockedVersion builds a version whose stored gate report failed, released
// after every sandbox version.
func blockedVersion(t *testing.T) *evidence.Version {
	t.Helper()
	recs := []evidence.Record{{SourceID: "hives", SourceVersion: "1", SourceTitle: "Hives", Section: "Overview", Paragraph: 1, Text: "Urticaria, commonly called hives, is a skin reaction that causes raised, itchy welts.", License: "CC0-1.0"}}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{
		ID: "kv_2027_01_01", Released: "2027-01-01",
		Gates: &evidence.GateReport{Measured: "2027-01-01T00:00:00Z", Passed: false},
	})
	if err != nil {
		t.Fatal(err)
	}
	kv, err := b.Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kv.Close() })
	return kv
}

func ids(kvs []*evidence.Version) []string {
	out := make([]string, len(kvs))
	for i, kv := range kvs {
		out[i] = kv.ID()
	}
	return out
}

func TestLibraryVersions(t *testing.T) {
	old, cur := openSandbox(t, "kv_2026_10_01"), openSandbox(t, "kv_2026_11_01")
	ctx := context.Background()

	empty := dermliving.NewLibrary()
	if _, err := empty.Default(); !errors.Is(err, dermliving.ErrNoKnowledge) {
		t.Errorf("empty library Default: %v, want ErrNoKnowledge", err)
	}
	if vs := empty.Versions(); len(vs) != 0 {
		t.Errorf("empty library Versions: %v", ids(vs))
	}
	if _, err := empty.Ask(ctx, "What causes hives?", ""); !errors.Is(err, dermliving.ErrNoKnowledge) {
		t.Errorf("empty library Ask: %v, want ErrNoKnowledge", err)
	}

	// Given newest first, Versions still lists oldest release first.
	lib := dermliving.NewLibrary(cur, old)
	if got := strings.Join(ids(lib.Versions()), ","); got != "kv_2026_10_01,kv_2026_11_01" {
		t.Errorf("Versions = %s, want oldest release first", got)
	}
	if d, err := lib.Default(); err != nil || d != cur {
		t.Errorf("Default = %v, %v; want kv_2026_11_01, the newest sandbox version (both blocked, both served)", d, err)
	}
	if kv, err := lib.Get("kv_2026_10_01"); err != nil || kv != old {
		t.Errorf("Get(kv_2026_10_01) = %v, %v", kv, err)
	}
	_, err := lib.Get("kv_missing")
	if !errors.Is(err, dermliving.ErrUnknownVersion) || !strings.Contains(err.Error(), "kv_missing") {
		t.Errorf("Get(kv_missing): %v, want ErrUnknownVersion naming the id", err)
	}
	if _, err := lib.Ask(ctx, "What causes hives?", "kv_missing"); !errors.Is(err, dermliving.ErrUnknownVersion) {
		t.Errorf("Ask on an unknown version: %v", err)
	}
	res, err := lib.Ask(ctx, "What causes hives?", "")
	if err != nil || metadataOf(res).KnowledgeVersion != "kv_2026_11_01" {
		t.Errorf("Ask on the default: %v, %v", res, err)
	}
	res, err = lib.Ask(ctx, "What causes hives?", "kv_2026_10_01")
	if err != nil || metadataOf(res).KnowledgeVersion != "kv_2026_10_01" {
		t.Errorf("Ask on a named version: %v, %v", res, err)
	}

	// A newer version whose gates failed is held but never the default, and
	// asking it by name is refused.
	blocked := blockedVersion(t)
	if lib.Put(blocked) {
		t.Error("Put of a new id replaced a version")
	}
	if got := strings.Join(ids(lib.Versions()), ","); got != "kv_2026_10_01,kv_2026_11_01,kv_2027_01_01" {
		t.Errorf("Versions = %s", got)
	}
	if d, err := lib.Default(); err != nil || d != cur {
		t.Errorf("Default with a blocked newer version = %v, %v; want kv_2026_11_01", d, err)
	}
	if _, err := lib.Ask(ctx, "What causes hives?", "kv_2027_01_01"); !errors.Is(err, dermliving.ErrBlocked) {
		t.Errorf("Ask on a blocked version: %v, want ErrBlocked", err)
	}
	if _, err := dermliving.NewLibrary(blocked).Default(); !errors.Is(err, dermliving.ErrNoKnowledge) {
		t.Errorf("Default of a library holding only a blocked version: %v", err)
	}

	// Put replaces a version with the same id and closes the old one, which
	// no question holds.
	cur2 := openSandbox(t, "kv_2026_11_01")
	if !lib.Put(cur2) {
		t.Error("Put of a held id did not report replacing it")
	}
	if !cur.Closed() {
		t.Error("the replaced version, idle, was not closed")
	}
	if kv, _ := lib.Get("kv_2026_11_01"); kv != cur2 {
		t.Error("Get does not return the version put last")
	}
	if n := len(lib.Versions()); n != 3 {
		t.Errorf("%d versions after replacing one, want 3", n)
	}
}

func metadataOf(res dermliving.Result) dermliving.Metadata {
	switch r := res.(type) {
	case *dermliving.Grounded:
		return r.Metadata
	case *dermliving.Abstained:
		return r.Metadata
	}
	return dermliving.Metadata{}
}

// outcome is what a question gets: a status and reason, or an error.
type outcome struct {
	status string // "grounded", "abstained" or "error"
	reason abstain.Reason
	err    error // the sentinel, for status "error"
}

func outcomeOf(res dermliving.Result, err error) outcome {
	if err != nil {
		return outcome{status: "error", err: err}
	}
	o := outcome{status: res.Status()}
	if a, ok := res.(*dermliving.Abstained); ok {
		o.reason = a.Reason
	}
	return o
}

func (o outcome) String() string {
	switch o.status {
	case "error":
		return "error " + o.err.Error()
	case "abstained":
		return "abstained " + o.reason.String()
	}
	return o.status
}

// TestLibraryUnderLoad asks mixed questions from 16 goroutines while another
// goroutine keeps replacing both sandbox versions with freshly opened copies
// of themselves (from bundles written with their index, so that opening
// takes milliseconds), each replaced copy closed by the Library once its
// last question ends. Every request must get what it gets when asked alone:
// the same status and reason, from the version it named (or the default),
// or the same typed error. Zero requests may fail otherwise, none may meet
// a closed version, and every replaced copy ends closed.
func TestLibraryUnderLoad(t *testing.T) {
	dirs := map[string]string{}
	for _, id := range []string{"kv_2026_10_01", "kv_2026_11_01"} {
		dirs[id] = writeSandboxBundle(t, id)
	}
	var opened []*evidence.Version
	var openedMu sync.Mutex
	open := func(id string) *evidence.Version {
		kv, err := evidence.OpenDir(dirs[id])
		if err != nil {
			t.Error(err)
			return nil
		}
		kv = allowBlocked(t, kv, dirs[id])
		openedMu.Lock()
		opened = append(opened, kv)
		openedMu.Unlock()
		return kv
	}
	lib := dermliving.NewLibrary(open("kv_2026_10_01"), open("kv_2026_11_01"))
	defer lib.Close()
	def, err := lib.Default()
	if err != nil {
		t.Fatal(err)
	}
	questions := []string{
		"What causes hives?",                                                    // grounded in both versions
		"What makes atopic dermatitis flare?",                                   // curated draft
		"Where does rosacea usually appear?",                                    // kv_2026_10_01 lacks rosacea: abstains there
		"What is the capital of France?",                                        // off topic: insufficient_evidence
		"Which biologic should I start for my patient who failed methotrexate?", // clinical_decision
		"Patient MRN 48213377, DOB 03/14/1962: is this psoriasis?",              // patient_data
		"",             // ErrEmptyQuestion
		"eczema \xff",  // ErrInvalidQuestion
		"hives \u202e", // ErrInvalidQuestion (bidi control)
	}
	versions := []string{"", "kv_2026_10_01", "kv_2026_11_01", "kv_missing"}

	// What each question gets when asked alone.
	ctx := context.Background()
	want := map[[2]string]outcome{}
	for _, q := range questions {
		for _, v := range versions {
			o := outcomeOf(lib.Ask(ctx, q, v))
			switch {
			case v == "kv_missing" && !errors.Is(o.err, dermliving.ErrUnknownVersion):
				t.Fatalf("%q on %s: %v, want ErrUnknownVersion", q, v, o)
			case o.status == "error" && v != "kv_missing" && q != "" && utf8.ValidString(q) && !strings.ContainsRune(q, '\u202e'):
				t.Fatalf("%q on %s alone: %v", q, v, o)
			}
			want[[2]string{q, v}] = o
		}
	}

	const askers, rounds, minSwaps = 16, 12, 4
	var done atomic.Bool
	var swaps, asked, failed atomic.Int64
	var wg sync.WaitGroup
	wg.Go(func() {
		for !done.Load() {
			for _, id := range []string{"kv_2026_10_01", "kv_2026_11_01"} {
				if kv := open(id); kv != nil {
					lib.Put(kv)
					swaps.Add(1)
				}
			}
		}
	})
	var askersWG sync.WaitGroup
	deadline := time.Now().Add(20 * time.Second)
	for g := range askers {
		askersWG.Go(func() {
			// Each asker asks its rounds, and goes on until the swapper has
			// replaced versions a few times under it.
			for r := 0; r < rounds || swaps.Load() < minSwaps && time.Now().Before(deadline); r++ {
				q := questions[(g+r)%len(questions)]
				v := versions[(g*7+r)%len(versions)]
				res, err := lib.Ask(ctx, q, v)
				asked.Add(1)
				got, w := outcomeOf(res, err), want[[2]string{q, v}]
				ok := got.status == w.status && got.reason == w.reason
				if got.status == "error" {
					ok = ok && err.Error() == w.err.Error()
				} else {
					wantID := v
					if v == "" {
						wantID = def.ID()
					}
					ok = ok && metadataOf(res).KnowledgeVersion == wantID
				}
				if !ok {
					failed.Add(1)
					t.Errorf("%q on %q under load: %v, alone: %v", q, v, got, w)
				}
			}
		})
	}
	askersWG.Wait()
	done.Store(true)
	wg.Wait()
	if swaps.Load() < minSwaps {
		t.Errorf("%d swaps while questions were asked, want at least %d", swaps.Load(), minSwaps)
	}
	// Every copy but the two held now was replaced, and no question holds
	// it any more: each is closed. The two held are open, with nothing in
	// flight.
	held := map[*evidence.Version]bool{}
	for _, kv := range lib.Versions() {
		held[kv] = true
		if lib.InFlight(kv.ID()) != 0 {
			t.Errorf("%s: %d questions in flight after the load", kv.ID(), lib.InFlight(kv.ID()))
		}
	}
	for _, kv := range opened {
		if kv.Closed() == held[kv] {
			t.Errorf("a copy of %s: closed %v, held %v", kv.ID(), kv.Closed(), held[kv])
		}
	}
	t.Logf("%d requests, %d failed, %d swaps", asked.Load(), failed.Load(), swaps.Load())
}

// countingRetriever counts its calls and can cancel a context when called.
type countingRetriever struct {
	kv     *evidence.Version
	calls  atomic.Int64
	cancel context.CancelFunc
}

func (c *countingRetriever) Retrieve(ctx context.Context, q string, k int) ([]retrieve.Hit, error) {
	c.calls.Add(1)
	if c.cancel != nil {
		c.cancel()
	}
	ix, err := retrieve.Of(c.kv)
	if err != nil {
		return nil, err
	}
	return ix.Search(context.Background(), q, k)
}

// TestCancellation: a cancelled context is honoured before any work and
// between the steps of a question, through Ask and through a Library.
func TestCancellation(t *testing.T) {
	kv := openSandbox(t, "kv_2026_11_01")
	lib := dermliving.NewLibrary(kv)

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	r := &countingRetriever{kv: kv}
	if res, err := dermliving.Ask(cancelled, "What causes hives?", kv, dermliving.WithRetriever(r)); !errors.Is(err, context.Canceled) || res != nil {
		t.Errorf("Ask with a cancelled context: %v, %v", res, err)
	}
	if n := r.calls.Load(); n != 0 {
		t.Errorf("a cancelled question reached retrieval %d times; it must stop before any work", n)
	}
	if _, err := lib.Ask(cancelled, "What causes hives?", ""); !errors.Is(err, context.Canceled) {
		t.Errorf("Library.Ask with a cancelled context: %v", err)
	}
	past, cancelPast := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancelPast()
	if _, err := dermliving.Ask(past, "What causes hives?", kv); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Ask past its deadline: %v, want DeadlineExceeded", err)
	}

	// Cancelled while retrieving: the draft is not verified and delivered.
	ctx, cancelMid := context.WithCancel(context.Background())
	defer cancelMid()
	mid := &countingRetriever{kv: kv, cancel: cancelMid}
	res, err := dermliving.Ask(ctx, "What causes hives?", kv, dermliving.WithRetriever(mid))
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Errorf("cancelled during retrieval: %v, %v; want context.Canceled", res, err)
	}

	// Cancelled from outside while many questions run: each returns a result
	// (it finished first) or context.Canceled, and once the cancellation is
	// seen every later question returns context.Canceled.
	ctx, cancelLoad := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var finished, stopped atomic.Int64
	for g := range 8 {
		wg.Go(func() {
			seen := false
			for i := range 40 {
				res, err := dermliving.Ask(ctx, benchQuestions[(g+i)%len(benchQuestions)], kv)
				switch {
				case errors.Is(err, context.Canceled):
					seen = true
					stopped.Add(1)
				case err != nil:
					t.Errorf("under cancellation: %v", err)
				case seen:
					t.Errorf("a question answered after cancellation was seen: %v", res.Status())
				default:
					finished.Add(1)
				}
				if g == 0 && i == 3 {
					cancelLoad()
				}
			}
		})
	}
	wg.Wait()
	cancelLoad()
	if stopped.Load() == 0 {
		t.Error("no question saw the cancellation")
	}
	t.Logf("%d finished before cancellation, %d cancelled", finished.Load(), stopped.Load())
}
