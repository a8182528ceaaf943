package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionsStatus: `versions` shows each sandbox version released, as its
// stored gate report passes, in text and JSON, and an answer from it carries
// no note; a bundle whose gate cases fail is blocked, refused by ask without
// --allow-blocked and, with it, answered under a note naming the failing
// gate.
func TestVersionsStatus(t *testing.T) {
	code, out, _ := cli(t, "", "versions")
	if code != exitOK || strings.Count(out, "released") < 2 || strings.Contains(out, "blocked") {
		t.Errorf("versions: %d\n%s", code, out)
	}
	code, out, _ = cli(t, "", "versions", "--json")
	var v struct {
		Data []struct {
			Status      string   `json:"status"`
			FailedGates []string `json:"failed_gates"`
		}
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != exitOK || len(v.Data) != 2 {
		t.Fatalf("versions --json: %d %v %s", code, err, out)
	}
	for _, d := range v.Data {
		if d.Status != "released" || len(d.FailedGates) != 0 {
			t.Errorf("versions --json: %+v", d)
		}
	}
	code, out, _ = cli(t, "", "ask", "What causes hives?")
	if code != exitOK || strings.HasPrefix(out, "Note:") {
		t.Errorf("ask on the sandbox: %d\n%s", code, out)
	}
	code, out, _ = cli(t, "", "ask", "--json", "What causes hives?")
	if code != exitOK || !strings.Contains(out, `"knowledge_status": "released"`) || strings.Contains(out, `"failed_gates"`) {
		t.Errorf("ask --json on the sandbox: %d\n%s", code, out)
	}

	// A gate case the corpus cannot pass: its question names a passage
	// the corpus lacks.
	dir := t.TempDir()
	corpusFile, casesFile := filepath.Join(dir, "corpus.jsonl"), filepath.Join(dir, "cases.jsonl")
	os.WriteFile(corpusFile, []byte(corpus), 0o644)
	os.WriteFile(casesFile, []byte(`{"id": "c1", "question": "What causes hives?", "expect": {"status": "grounded", "evidence_any": ["ev_missing_passage"]}}`+"\n"), 0o644)
	kv := filepath.Join(dir, "kv")
	if code, _, errs := cli(t, "", "build", "--cases", casesFile, "--corpus", corpusFile, "--id", "kv_demo", "--released", "2026-11-01", "--out", kv); code != exitOK {
		t.Fatalf("build: %d %s", code, errs)
	}
	code, out, _ = cli(t, "", "versions", "--kv", kv)
	if code != exitOK || !strings.Contains(out, "blocked (fails ") {
		t.Errorf("versions --kv, a failing bundle: %d\n%s", code, out)
	}
	if code, out, errs := cli(t, "", "ask", "--kv", kv, "What causes hives?"); code == exitOK || !strings.Contains(errs, "blocked") {
		t.Errorf("ask --kv on a blocked bundle: %d, want a refusal naming it blocked\n%s%s", code, out, errs)
	}
	code, out, _ = cli(t, "", "ask", "--kv", kv, "--allow-blocked", "What causes hives?")
	if code != exitOK || !strings.HasPrefix(out, "Note: kv_demo is blocked: it fails the release gate(s) ") {
		t.Errorf("ask --kv --allow-blocked: %d\n%s", code, out)
	}
	code, out, _ = cli(t, "", "ask", "--kv", kv, "--allow-blocked", "--json", "What causes hives?")
	if code != exitOK || !strings.Contains(out, `"knowledge_status": "blocked"`) || !strings.Contains(out, `"failed_gates": [`) {
		t.Errorf("ask --kv --allow-blocked --json: %d\n%s", code, out)
	}
}

// TestUnmeasuredBundle: a bundle built without gate cases is unmeasured,
// not released: `versions` and every answer say so, and it still answers.
func TestUnmeasuredBundle(t *testing.T) {
	dir := t.TempDir()
	corpusFile := filepath.Join(dir, "corpus.jsonl")
	os.WriteFile(corpusFile, []byte(corpus), 0o644)
	out := filepath.Join(dir, "kv")
	if code, _, errs := cli(t, "", "build", "--no-index", "--corpus", corpusFile, "--id", "kv_demo", "--released", "2026-11-01", "--out", out); code != exitOK {
		t.Fatalf("build: %d %s", code, errs)
	}
	if code, o, _ := cli(t, "", "versions", "--kv", out); code != exitOK || !strings.Contains(o, "unmeasured (no gate report)") {
		t.Errorf("versions --kv: %d %s", code, o)
	}
	if code, o, _ := cli(t, "", "ask", "--kv", out, "How is urticaria treated?"); code != exitOK || !strings.HasPrefix(o, "Note: kv_demo is unmeasured") {
		t.Errorf("ask --kv: %d %s", code, o)
	}
	if code, o, _ := cli(t, "", "ask", "--kv", out, "--json", "What is the capital of France?"); code != exitOK || !strings.Contains(o, `"knowledge_status": "unmeasured"`) || !strings.Contains(o, `"tool_calls": []`) {
		t.Errorf("ask --kv --json, an abstention: %d %s", code, o)
	}
}
