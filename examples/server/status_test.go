package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/dermliving/dermliving"
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

	// The sandbox answers, and the answer page says the version is blocked.
	ts := newTestServer(t)
	for _, q := range []string{seedQuestion, rosaceaQ} {
		w := ts.page(t, q)
		if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `class="note status-note"`) || !strings.Contains(w.Body.String(), "is blocked: it fails the release gate citation_validity") {
			t.Errorf("%q: the answer page does not flag the blocked version (%d)", q, w.Code)
		}
	}
}
