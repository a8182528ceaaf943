package main

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
)

// TestStatusNotes: the trust page and the answer page say what a version's
// status means: nothing for a released version, and for the others that an
// answer from it is not from released knowledge.
func TestStatusNotes(t *testing.T) {
	tests := []struct {
		v    dermliving.VersionView
		want string
		why  string
	}{
		{dermliving.VersionView{Status: "released"}, "", "a released version needs no note"},
		{dermliving.VersionView{Status: "unmeasured"}, "Unmeasured: its manifest stores no gate report", "nothing says how well it answers"},
		{dermliving.VersionView{Status: "blocked", FailedGates: []string{"citation_validity", "claim_grounding"}, BlockedAllowed: true}, "fails citation_validity and claim_grounding. It is served all the same", "the sandbox's case: answers, each flagged"},
		{dermliving.VersionView{Status: "blocked", FailedGates: []string{"claim_grounding"}}, "It does not answer", "refused with 409"},
	}
	for _, tt := range tests {
		got := statusNote(tt.v)
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q, want %q (%s)", tt.v.Status, got, tt.want, tt.why)
		}
	}
	md := dermliving.Metadata{KnowledgeVersion: "kv_x", KnowledgeStatus: "unmeasured"}
	if got := answerStatusNote(md); !strings.Contains(got, "kv_x is unmeasured") {
		t.Errorf("answer note for unmeasured: %q", got)
	}

	// The sandbox is released: its answer pages carry no status note.
	ts := newTestServer(t)
	for _, q := range []string{seedQuestion, rosaceaQ} {
		w := ts.page(t, q)
		if w.Code != http.StatusOK || strings.Contains(w.Body.String(), `class="note status-note"`) {
			t.Errorf("%q: the answer page of a released version has a status note (%d)", q, w.Code)
		}
	}
	// A blocked version served all the same answers, and its answer page
	// says it is blocked.
	bs := newBlockedServer(t)
	w := bs.do(t, http.MethodPost, "/", formType, url.Values{"q": {"What causes hives?"}, "v": {bs.kv.ID()}}.Encode())
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `class="note status-note"`) || !strings.Contains(w.Body.String(), "is blocked: it fails the release gate citation_validity") {
		t.Errorf("the answer page does not flag the blocked version (%d):\n%s", w.Code, w.Body)
	}
}

// newBlockedServer is the handler over a small version whose stored gate
// report fails citation_validity, opened to be served all the same.
func newBlockedServer(t *testing.T) *testServer {
	t.Helper()
	b, err := evidence.Build(context.Background(), []evidence.Record{{
		SourceID: "src_hives", SourceVersion: "1", SourceTitle: "Hives", Section: "Overview", Paragraph: 1, License: "CC0-1.0",
		Text: "Urticaria, commonly called hives, is a skin reaction that causes raised, itchy welts. Hives are often caused by an allergic reaction or an infection.",
	}}, evidence.BuildOptions{ID: "kv_2027_01_01", Released: "2027-01-01", Gates: &evidence.GateReport{Measured: "2027-01-01T00:00:00Z", Passed: false, Gates: []evidence.Gate{
		{Name: "citation_validity", Threshold: 0.99, Comparison: ">=", Value: 0.97, Passed: false, Cases: 10},
		{Name: "unauthorized_tool_runs", Threshold: 0, Comparison: "==", Value: 0, Passed: true, Cases: 4},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "kv")
	if err := b.WriteDir(context.Background(), dir, nil); err != nil {
		t.Fatal(err)
	}
	kv, err := evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{AllowBlocked: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kv.Close() })
	buf := &syncBuffer{}
	h, err := newServer(config{Versions: map[string]*evidence.Version{kv.ID(): kv}, Default: kv.ID(), Logger: slog.New(slog.NewJSONHandler(buf, nil))})
	if err != nil {
		t.Fatalf("newServer: %v", err)
	}
	return &testServer{h: h, kv: kv, log: buf}
}
