package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionsStatus: `versions` shows each sandbox version blocked, with the
// gate it fails and that it is served all the same, in text and JSON; an
// answer from it says so above the answer.
func TestVersionsStatus(t *testing.T) {
	code, out, _ := cli(t, "", "versions")
	if code != exitOK || strings.Count(out, "blocked (fails citation_validity), served all the same") != 2 {
		t.Errorf("versions: %d\n%s", code, out)
	}
	code, out, _ = cli(t, "", "versions", "--json")
	var v struct {
		Data []struct {
			Status         string   `json:"status"`
			FailedGates    []string `json:"failed_gates"`
			BlockedAllowed bool     `json:"blocked_allowed"`
		}
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != exitOK || len(v.Data) != 2 {
		t.Fatalf("versions --json: %d %v %s", code, err, out)
	}
	for _, d := range v.Data {
		if d.Status != "blocked" || !d.BlockedAllowed || len(d.FailedGates) != 1 || d.FailedGates[0] != "citation_validity" {
			t.Errorf("versions --json: %+v", d)
		}
	}
	code, out, _ = cli(t, "", "ask", "What causes hives?")
	if code != exitOK || !strings.HasPrefix(out, "Note: kv_2026_11_01 is blocked: it fails the release gate(s) citation_validity") {
		t.Errorf("ask on the sandbox: %d\n%s", code, out)
	}
	code, out, _ = cli(t, "", "ask", "--json", "What causes hives?")
	if code != exitOK || !strings.Contains(out, `"knowledge_status": "blocked"`) || !strings.Contains(out, `"failed_gates": [`) {
		t.Errorf("ask --json on the sandbox: %d\n%s", code, out)
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
