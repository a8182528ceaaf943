package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchQuestions writes a small questions file: grounded, abstaining and a
// line without a question, which bench skips.
func benchQuestions(t *testing.T) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "q.jsonl")
	lines := []string{
		`{"id": 1, "question": "What causes hives?"}`,
		`{"id": 2, "question": "What is the capital of France?"}`,
		``,
		`{"id": 3, "note": "no question here"}`,
		`{"id": 4, "question": "How is scabies diagnosed?"}`,
		`{"id": 5, "question": "Which biologic should I start for my patient?"}`,
	}
	if err := os.WriteFile(f, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestBenchJSON checks the shape of the report, not its numbers, which depend
// on the machine.
func TestBenchJSON(t *testing.T) {
	code, out, errs := cli(t, "", "bench", "--version", "kv_2026_11_01", "--questions", benchQuestions(t), "--n", "3", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r benchReport
	d := json.NewDecoder(strings.NewReader(out))
	d.DisallowUnknownFields()
	if err := d.Decode(&r); err != nil {
		t.Fatalf("report does not decode: %v\n%s", err, out)
	}
	if r.Knowledge.ID != "kv_2026_11_01" || r.Knowledge.Passages == 0 || r.Knowledge.Bundle != "sandbox:kv_2026_11_01" {
		t.Errorf("knowledge %+v", r.Knowledge)
	}
	res := r.Questions.Results
	if r.Questions.N != 3 || res.Grounded+res.Abstained+res.Errors != 3 || res.Errors != 0 {
		t.Errorf("questions %+v: want the first 3 questions, all answered", r.Questions)
	}
	for name, l := range map[string]latency{"ask": r.Ask, "bare bleve": r.Bare, "retrieval": r.Retrieval} {
		if !(0 < l.P50 && l.P50 <= l.P95 && l.P95 <= l.P99 && l.P99 <= l.Max) {
			t.Errorf("%s latency %+v: percentiles must be positive and ordered", name, l)
		}
	}
	if r.Ratio.P50 <= 0 || r.Ratio.PerQuestion <= 0 || r.OpenMS <= 0 || r.Memory.HeapAfterOpenMB <= 0 {
		t.Errorf("ratio %+v, open %v ms, memory %+v", r.Ratio, r.OpenMS, r.Memory)
	}
	if len(r.Throughput) != 2 || r.Throughput[0].Goroutines != 1 || r.Throughput[1].Goroutines != 2 {
		t.Fatalf("throughput %+v: want 1 and 2 goroutines", r.Throughput)
	}
	for _, tp := range r.Throughput {
		if tp.QPS <= 0 || tp.Questions != 3 {
			t.Errorf("throughput %+v", tp)
		}
	}
	for _, want := range []string{"retrieve.Index.BareSearch", "bleve.NewMatchQuery", "retrieve.Index.Search"} {
		if !strings.Contains(r.Note, want) {
			t.Errorf("note %q does not say what is timed: lacks %q", r.Note, want)
		}
	}
}

func TestBenchText(t *testing.T) {
	code, out, errs := cli(t, "", "bench", "--version", "kv_2026_10_01", "--questions", benchQuestions(t), "--n", "2", "--warmup", "0")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"knowledge   kv_2026_10_01", "open ", "memory ", "  ask ", "  bare bleve ", "  retrieval ", "  ask/bare ", "ask over bare bleve", "throughput  1 goroutine", "throughput  2 goroutine", "note "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestBenchUsage(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	os.WriteFile(empty, nil, 0o644)
	for _, c := range []struct {
		args   []string
		reason string
	}{
		{[]string{"bench"}, "--questions is required"},
		{[]string{"bench", "--questions", benchQuestions(t), "--n", "0"}, "n must be positive"},
		{[]string{"bench", "--questions", filepath.Join(t.TempDir(), "missing")}, "an unreadable file is an input error"},
		{[]string{"bench", "--questions", empty}, "a file without questions measures nothing"},
		{[]string{"bench", "--questions", benchQuestions(t), "--kv", t.TempDir()}, "a directory that is no bundle cannot be opened"},
	} {
		if code, _, _ := cli(t, "", c.args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d: %s", c.args, code, exitUsage, c.reason)
		}
	}
}

func TestStatusField(t *testing.T) {
	in := "Name:\tdermliving\nVmHWM:\t  2048 kB\nVmRSS:\t  1024 kB\n"
	if v, err := statusField(strings.NewReader(in), "VmRSS"); err != nil || v != 1024 {
		t.Errorf("VmRSS = %d, %v", v, err)
	}
	if _, err := statusField(strings.NewReader(in), "VmSwap"); err == nil {
		t.Error("a missing field gave no error")
	}
}
