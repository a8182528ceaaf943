package evidence_test

import (
	"context"
	"slices"
	"testing"

	"github.com/dermliving/dermliving/evidence"
)

func TestStatus(t *testing.T) {
	gate := func(name string, value float64, passed bool, cases int) evidence.Gate {
		return evidence.Gate{Name: name, Threshold: 0.99, Comparison: ">=", Value: value, Passed: passed, Cases: cases}
	}
	tools := evidence.Gate{Name: "unauthorized_tool_runs", Threshold: 0, Comparison: "==", Value: 0, Passed: true, Cases: 4}
	tests := []struct {
		name   string
		report *evidence.GateReport
		want   evidence.Status
		failed []string
		reason string
	}{
		{"no report", nil, evidence.Unmeasured, nil,
			"a version built without gate cases says nothing of its quality: it is not released"},
		{"an empty report", &evidence.GateReport{Passed: true}, evidence.Unmeasured, nil,
			"a report that holds no gate measured nothing"},
		{"every gate passes", &evidence.GateReport{Passed: true, Gates: []evidence.Gate{gate("citation_validity", 0.995, true, 10), tools}}, evidence.Released, nil,
			"only a stored report whose every gate passed releases a version"},
		{"a gate fails", &evidence.GateReport{Passed: false, Gates: []evidence.Gate{gate("citation_validity", 0.9733, false, 675), tools}}, evidence.Blocked, []string{"citation_validity"},
			"the sandbox's case: one gate below its threshold blocks the version"},
		{"a report that says it failed", &evidence.GateReport{Passed: false}, evidence.Blocked, nil,
			"the report's own verdict is enough to block"},
		{"a verdict the value contradicts", &evidence.GateReport{Passed: true, Gates: []evidence.Gate{gate("citation_validity", 0.9, true, 10)}}, evidence.Blocked, []string{"citation_validity"},
			"a stored verdict is not taken on trust: 0.9 does not reach 0.99"},
		{"a gate measured on no case", &evidence.GateReport{Passed: true, Gates: []evidence.Gate{gate("citation_validity", 1, true, 0), tools}}, evidence.Blocked, []string{"citation_validity"},
			"a gate measured on nothing did not pass, as package gates decides"},
		{"an unknown comparison", &evidence.GateReport{Passed: true, Gates: []evidence.Gate{{Name: "g", Comparison: "~", Value: 1, Threshold: 1, Passed: true, Cases: 1}}}, evidence.Blocked, []string{"g"},
			"a comparison the library cannot check never holds"},
	}
	for _, tt := range tests {
		m := evidence.Manifest{ID: "kv_a", Released: "2026-10-01", Gates: tt.report}
		if got := m.Status(); got != tt.want {
			t.Errorf("%s: Status = %s, want %s (%s)", tt.name, got, tt.want, tt.reason)
		}
		if got := m.FailedGates(); !slices.Equal(got, tt.failed) {
			t.Errorf("%s: FailedGates = %q, want %q", tt.name, got, tt.failed)
		}
		if got := m.Blocked(); got != (tt.want == evidence.Blocked) {
			t.Errorf("%s: Blocked = %v", tt.name, got)
		}
	}
}

func TestNewest(t *testing.T) {
	failed := &evidence.GateReport{Passed: false}
	ms := []evidence.Manifest{
		{ID: "kv_a", Released: "2026-10-01", Gates: failed},
		{ID: "kv_b", Released: "2026-11-01", Gates: failed},
	}
	if got := evidence.NewestReleased(ms); got != -1 {
		t.Errorf("NewestReleased of blocked versions = %d, want -1", got)
	}
	if got := evidence.Newest(ms, evidence.Released, evidence.Unmeasured, evidence.Blocked); got != 1 {
		t.Errorf("Newest with blocked accepted = %d, want 1", got)
	}
	if got := evidence.Newest(ms); got != -1 {
		t.Errorf("Newest of no status = %d, want -1", got)
	}
}

// TestOpenState: AllowBlocked is the opener's choice, kept by the version,
// and Close is seen by Closed.
func TestOpenState(t *testing.T) {
	recs := []evidence.Record{{SourceID: "s", SourceVersion: "1", Section: "A", Paragraph: 1, Text: "Hives are itchy welts.", License: "CC0-1.0"}}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_x", Released: "2026-01-01", Gates: &evidence.GateReport{Passed: false}})
	if err != nil {
		t.Fatal(err)
	}
	kv, err := b.Open()
	if err != nil {
		t.Fatal(err)
	}
	if kv.Status() != evidence.Blocked || kv.BlockedAllowed() || kv.Closed() {
		t.Errorf("opened: status %s, allowed %v, closed %v", kv.Status(), kv.BlockedAllowed(), kv.Closed())
	}
	kv.Close()
	if !kv.Closed() {
		t.Error("Closed is false after Close")
	}
}
