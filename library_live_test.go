package dermliving_test

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/abstain"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/dermliving/dermliving/sandbox"
	"github.com/dermliving/dermliving/tools"
)

// sandboxBundle returns an embedded sandbox version as a bundle to write or
// open, its stored gate report replaced by report when setReport is true.
func sandboxBundle(t *testing.T, id string, setReport bool, report *evidence.GateReport) *evidence.Bundle {
	t.Helper()
	fsys, err := sandbox.FS(id)
	if err != nil {
		t.Fatal(err)
	}
	m, err := evidence.ReadManifest(fsys)
	if err != nil {
		t.Fatal(err)
	}
	kv := openSandbox(t, id)
	b := &evidence.Bundle{Manifest: m, Passages: slices.Collect(kv.All()), Files: map[string][]byte{}}
	for name := range m.Files {
		if b.Files[name], err = fs.ReadFile(fsys, name); err != nil {
			t.Fatal(err)
		}
	}
	if setReport {
		b.Manifest.Gates = report
	}
	return b
}

// writeSandboxBundle writes an embedded sandbox version, with its search
// index, into a new directory and returns it.
func writeSandboxBundle(t *testing.T, id string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), id)
	if err := sandboxBundle(t, id, false, nil).WriteDir(context.Background(), dir, &evidence.WriteOptions{Index: true}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// allowBlocked opens the bundle in dir again as the sandbox opens its own
// versions, served even when blocked, when kv is blocked; it closes kv then.
func allowBlocked(t *testing.T, kv *evidence.Version, dir string) *evidence.Version {
	t.Helper()
	if kv.Status() != evidence.Blocked {
		return kv
	}
	kv.Close()
	kv, err := evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{IndexDir: filepath.Join(dir, evidence.IndexDir), AllowBlocked: true})
	if err != nil {
		t.Fatal(err)
	}
	return kv
}

// withReport opens an embedded sandbox version with another stored gate
// report, and a given id and release date.
func withReport(t *testing.T, id, released string, report *evidence.GateReport) *evidence.Version {
	t.Helper()
	b := sandboxBundle(t, "kv_2026_11_01", true, report)
	b.Manifest.ID, b.Manifest.Released = id, released
	kv, err := b.Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kv.Close() })
	return kv
}

// servedBlocked opens an embedded sandbox version with a failing gate
// report, a given id and release date, as the sandbox opens its own
// versions: served all the same although blocked.
func servedBlocked(t *testing.T, id, released string) *evidence.Version {
	t.Helper()
	b := sandboxBundle(t, "kv_2026_11_01", true, failingReport)
	b.Manifest.ID, b.Manifest.Released = id, released
	dir := filepath.Join(t.TempDir(), id)
	if err := b.WriteDir(context.Background(), dir, nil); err != nil {
		t.Fatal(err)
	}
	kv, err := evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{AllowBlocked: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kv.Close() })
	return kv
}

var (
	passingReport = &evidence.GateReport{Measured: "2027-01-01", Passed: true, Gates: []evidence.Gate{
		{Name: "citation_validity", Threshold: 0.99, Comparison: ">=", Value: 0.995, Passed: true, Cases: 10},
	}}
	failingReport = &evidence.GateReport{Measured: "2027-01-01", Passed: false, Gates: []evidence.Gate{
		{Name: "citation_validity", Threshold: 0.99, Comparison: ">=", Value: 0.97, Passed: false, Cases: 10},
		{Name: "unauthorized_tool_runs", Threshold: 0, Comparison: "==", Value: 0, Passed: true, Cases: 4},
	}}
)

// TestReleaseStatus: every answer's metadata, and the version's view, carry
// its status; a failing version is refused unless allowed.
func TestReleaseStatus(t *testing.T) {
	ctx := context.Background()
	const q = "What causes hives?"
	tests := []struct {
		name     string
		kv       *evidence.Version
		opts     []dermliving.Option
		status   string
		failed   []string
		refused  bool
		why      string
		viewedAs string
	}{
		{"released", withReport(t, "kv_r", "2027-01-01", passingReport), nil, dermliving.StatusReleased, nil, false,
			"a stored report whose every gate passed", dermliving.StatusReleased},
		{"unmeasured", withReport(t, "kv_u", "2027-01-01", nil), nil, dermliving.StatusUnmeasured, nil, false,
			"no stored report: served, and said so", dermliving.StatusUnmeasured},
		{"blocked", withReport(t, "kv_b", "2027-01-01", failingReport), nil, "", nil, true,
			"a failing report: refused without an opt-in", dermliving.StatusBlocked},
		{"blocked, allowed for the question", withReport(t, "kv_b2", "2027-01-01", failingReport), []dermliving.Option{dermliving.WithBlockedVersion()}, dermliving.StatusBlocked, []string{"citation_validity"}, false,
			"WithBlockedVersion answers, flagged blocked with the gate it fails", dermliving.StatusBlocked},
		{"blocked, served all the same", servedBlocked(t, "kv_b3", "2027-01-01"), nil, dermliving.StatusBlocked, []string{"citation_validity"}, false,
			"a failing report, opened to be served all the same", dermliving.StatusBlocked},
		{"released, sandbox", openSandbox(t, "kv_2026_11_01"), nil, dermliving.StatusReleased, nil, false,
			"the sandbox stores its passing report", dermliving.StatusReleased},
	}
	for _, tt := range tests {
		if v := dermliving.DescribeVersion(tt.kv); v.Status != tt.viewedAs || v.BlockedAllowed != (tt.kv.BlockedAllowed() && v.Status == dermliving.StatusBlocked) {
			t.Errorf("%s: DescribeVersion status %q, allowed %v; want %q", tt.name, v.Status, v.BlockedAllowed, tt.viewedAs)
		}
		for _, question := range []string{q, "Patient MRN 48213377: is this hives?"} {
			res, err := dermliving.Ask(ctx, question, tt.kv, tt.opts...)
			if tt.refused {
				if !errors.Is(err, dermliving.ErrBlocked) {
					t.Errorf("%s: %v, want ErrBlocked (%s)", tt.name, err, tt.why)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			md := metadataOf(res)
			if md.KnowledgeStatus != tt.status || !slices.Equal(md.FailedGates, tt.failed) {
				t.Errorf("%s, %s: metadata status %q, failed %q; want %q, %q (%s)", tt.name, res.Status(), md.KnowledgeStatus, md.FailedGates, tt.status, tt.failed, tt.why)
			}
			b, _ := json.Marshal(res)
			if !strings.Contains(string(b), `"knowledge_status":"`+tt.status+`"`) {
				t.Errorf("%s: JSON lacks knowledge_status %s: %s", tt.name, tt.status, b)
			}
		}
	}
}

// TestLibraryDefaultStatus: the default prefers released versions, then
// unmeasured ones, then blocked ones opened to be served; never one Ask
// would refuse.
func TestLibraryDefaultStatus(t *testing.T) {
	released := withReport(t, "kv_a", "2026-12-01", passingReport)
	unmeasured := withReport(t, "kv_b", "2027-01-01", nil)
	blocked := withReport(t, "kv_c", "2027-02-01", failingReport)
	served := servedBlocked(t, "kv_d", "2027-03-01")
	tests := []struct {
		name string
		kvs  []*evidence.Version
		want string // "" for ErrNoKnowledge
		why  string
	}{
		{"released first", []*evidence.Version{released, unmeasured, blocked, served}, "kv_a",
			"an older released version before a newer unmeasured one"},
		{"then unmeasured", []*evidence.Version{unmeasured, blocked, served}, "kv_b",
			"with none released, the newest unmeasured one, flagged in every answer"},
		{"then blocked but allowed", []*evidence.Version{blocked, served}, "kv_d",
			"a blocked version opened to be served, before nothing"},
		{"never blocked and refused", []*evidence.Version{blocked}, "",
			"Ask would refuse it: no default"},
	}
	for _, tt := range tests {
		lib := &dermliving.Library{}
		for _, kv := range tt.kvs {
			lib.Put(kv)
		}
		kv, err := lib.Default()
		switch {
		case tt.want == "" && !errors.Is(err, dermliving.ErrNoKnowledge):
			t.Errorf("%s: Default = %v, %v; want ErrNoKnowledge (%s)", tt.name, kv, err, tt.why)
		case tt.want != "" && (err != nil || kv.ID() != tt.want):
			t.Errorf("%s: Default = %v, %v; want %s (%s)", tt.name, kv, err, tt.want, tt.why)
		}
	}
}

// TestLibraryHold: a version replaced while a question holds it stays open
// until the question ends, and is closed then; Remove and Close retire
// versions the same way.
func TestLibraryHold(t *testing.T) {
	a1, a2 := openSandbox(t, "kv_2026_11_01"), openSandbox(t, "kv_2026_11_01")
	lib := dermliving.NewLibrary(a1)
	kv, release, err := lib.Acquire("")
	if err != nil || kv != a1 {
		t.Fatalf("Acquire(\"\") = %v, %v; want the default", kv, err)
	}
	if n := lib.InFlight(a1.ID()); n != 1 {
		t.Errorf("InFlight = %d, want 1", n)
	}
	if !lib.Put(a2) {
		t.Error("Put did not report replacing a version")
	}
	if a1.Closed() {
		t.Fatal("a version was closed while a question held it")
	}
	if res, err := dermliving.Ask(context.Background(), "What causes hives?", kv); err != nil || res.Status() != "grounded" {
		t.Errorf("Ask on the held, replaced version: %v, %v", res, err)
	}
	if n := lib.InFlight(a1.ID()); n != 0 {
		t.Errorf("InFlight of the replacement = %d, want 0 (the held question is on the old one)", n)
	}
	release()
	if !a1.Closed() {
		t.Error("the replaced version was not closed when its last question ended")
	}
	release() // a second release changes nothing
	if a2.Closed() {
		t.Error("a second release closed the replacement")
	}

	// Remove and Close.
	kv, release, err = lib.Acquire(a2.ID())
	if err != nil || kv != a2 {
		t.Fatalf("Acquire = %v, %v", kv, err)
	}
	if !lib.Remove(a2.ID()) || lib.Remove(a2.ID()) {
		t.Error("Remove reports wrongly whether a version was held")
	}
	if _, _, err := lib.Acquire(a2.ID()); !errors.Is(err, dermliving.ErrUnknownVersion) {
		t.Errorf("Acquire of a removed version: %v", err)
	}
	if a2.Closed() {
		t.Error("a removed version was closed under its question")
	}
	release()
	if !a2.Closed() {
		t.Error("a removed version was not closed after its last question")
	}
	a3 := openSandbox(t, "kv_2026_10_01")
	lib.Put(a3)
	if err := lib.Close(); err != nil || !a3.Closed() || len(lib.Versions()) != 0 {
		t.Errorf("Close: %v, closed %v, %d versions left", err, a3.Closed(), len(lib.Versions()))
	}
	if _, err := lib.Default(); !errors.Is(err, dermliving.ErrNoKnowledge) {
		t.Errorf("Default after Close: %v", err)
	}
}

// TestVersionClosed: a question on a closed version gets the typed
// ErrVersionClosed, before any work or when the version closes under it,
// never retrieve's "index closed" and never a result.
func TestVersionClosed(t *testing.T) {
	kv := openSandbox(t, "kv_2026_11_01")
	kv.Close()
	for _, q := range []string{"What causes hives?", "What is the capital of France?", "Patient MRN 48213377: is this hives?"} {
		res, err := dermliving.Ask(context.Background(), q, kv)
		if !errors.Is(err, dermliving.ErrVersionClosed) || res != nil {
			t.Errorf("%q on a closed version: %v, %v; want ErrVersionClosed", q, res, err)
		}
		if code, status := dermliving.ErrorCode(err); code != dermliving.CodeVersionClosed || status != 503 {
			t.Errorf("ErrorCode = %s, %d", code, status)
		}
	}

	// Closed while the question runs: the retriever closes it.
	kv = openSandbox(t, "kv_2026_11_01")
	r := &closingRetriever{countingRetriever: countingRetriever{kv: kv}}
	res, err := dermliving.Ask(context.Background(), "What causes hives?", kv, dermliving.WithRetriever(r))
	if !errors.Is(err, dermliving.ErrVersionClosed) || res != nil || strings.Contains(err.Error(), "index closed") {
		t.Errorf("closed mid-question: %v, %v; want ErrVersionClosed", res, err)
	}
}

// closingRetriever closes the version, then retrieves from it.
type closingRetriever struct {
	countingRetriever
	closed atomic.Bool
}

func (c *closingRetriever) Retrieve(ctx context.Context, q string, k int) ([]retrieve.Hit, error) {
	if !c.closed.Swap(true) {
		c.kv.Close()
	}
	return c.countingRetriever.Retrieve(ctx, q, k)
}

// recordingTool is an allowed tool that records the arguments it ran with.
type recordingTool struct{ runs []string }

func (*recordingTool) Name() string        { return "glossary_lookup" }
func (*recordingTool) Description() string { return "records its runs" }
func (r *recordingTool) Run(_ context.Context, args json.RawMessage) (json.RawMessage, error) {
	r.runs = append(r.runs, string(args))
	return json.RawMessage(`{}`), nil
}

// TestAbstentionToolCalls: every abstention lists metadata.tool_calls (an
// empty list when none were requested); a scripted tool request of a
// question refused before the draft step is recorded as not run, and no
// tool, and no policy hook, ever sees it; a patient-data question's
// identifiers reach no tool.
func TestAbstentionToolCalls(t *testing.T) {
	kv := openSandbox(t, "kv_2026_10_01")
	ctx := context.Background()
	tool := &recordingTool{}
	var asked atomic.Int64
	policy := &tools.Policy{Tools: []tools.Tool{tool}, Allow: []string{"glossary_lookup"},
		Authorize: func(context.Context, tools.Request) (bool, string) { asked.Add(1); return true, "" }}
	reqs := []tools.Request{
		{Name: "glossary_lookup", Arguments: json.RawMessage(`{"term": "MRN 48213377"}`)},
		{Name: "Export Chart!", Arguments: json.RawMessage(`{"patients": "all"}`)},
	}
	tests := []struct {
		question string
		reason   abstain.Reason
		why      string
	}{
		{"Patient MRN 48213377, DOB 03/14/1962: is this psoriasis?", abstain.PatientData, "screened first: its identifiers must never reach a tool"},
		{"Which biologic should I start for my patient who failed methotrexate?", abstain.ClinicalDecision, "a decision refused by the screens"},
		{"What is the capital of France?", abstain.InsufficientEvidence, "off topic, refused by the screens"},
		{"Where does rosacea usually appear?", abstain.InsufficientEvidence, "kv_2026_10_01 lacks rosacea: refused at retrieval"},
	}
	for _, tt := range tests {
		res, err := dermliving.Ask(ctx, tt.question, kv, dermliving.WithTools(policy), dermliving.WithToolRequests(reqs...), dermliving.WithDraft("Rosacea appears on the face."))
		if err != nil {
			t.Fatal(err)
		}
		a, ok := res.(*dermliving.Abstained)
		if !ok || a.Reason != tt.reason {
			t.Fatalf("%q: %v, want an abstention %s (%s)", tt.question, res.Status(), tt.reason, tt.why)
		}
		want := []dermliving.ToolCall{
			{Name: "glossary_lookup", Reason: "not run: Ask abstained before the draft step"},
			{Name: "(invalid name)", Reason: "not run: Ask abstained before the draft step"},
		}
		if !slices.Equal(a.Metadata.ToolCalls, want) {
			t.Errorf("%q: tool calls %+v, want %+v (%s)", tt.question, a.Metadata.ToolCalls, want, tt.why)
		}
		b, _ := json.Marshal(a)
		if strings.Contains(string(b), "48213377") {
			t.Errorf("%q: the abstention's JSON holds an identifier: %s", tt.question, b)
		}
	}
	if len(tool.runs) > 0 || asked.Load() > 0 {
		t.Errorf("a tool ran (%q) or the policy was asked %d times for questions refused before drafting", tool.runs, asked.Load())
	}

	// No request: an empty list, present in the JSON.
	res, err := dermliving.Ask(ctx, "What is the capital of France?", kv)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(res); !strings.Contains(string(b), `"tool_calls":[]`) {
		t.Errorf("an abstention without tool requests: %s, want tool_calls []", b)
	}

	// A draft whose every sentence is removed abstains after the draft
	// step: its requests ran, under the policy.
	res, err = dermliving.Ask(ctx, "What causes hives?", kv, dermliving.WithTools(policy), dermliving.WithToolRequests(reqs[0]), dermliving.WithDraft("Hives are caused by the moon."))
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := res.(*dermliving.Abstained); !ok || len(a.Metadata.ToolCalls) != 1 || !a.Metadata.ToolCalls[0].Executed {
		t.Errorf("an abstention after the draft step: %+v, want its tool request executed", res)
	}
}

// TestWarm: warming builds a version's per-version data and asks its
// questions, a bad question among them skipped; a closed version is an
// error.
func TestWarm(t *testing.T) {
	kv := openSandbox(t, "kv_2026_11_01")
	if err := dermliving.Warm(context.Background(), kv, "What causes hives?", ""); err != nil {
		t.Errorf("Warm: %v", err)
	}
	blocked := withReport(t, "kv_w", "2027-01-01", failingReport)
	if err := dermliving.Warm(context.Background(), blocked, "What causes hives?"); err != nil {
		t.Errorf("Warm of a blocked version, before it is served: %v", err)
	}
	kv.Close()
	if err := dermliving.Warm(context.Background(), kv, "What causes hives?"); !errors.Is(err, dermliving.ErrVersionClosed) {
		t.Errorf("Warm of a closed version: %v, want ErrVersionClosed", err)
	}
}
