package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/name, or rewrites the file with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s differs (-golden +got):\n%s", path, diff)
	}
}

// doubledPrefix returns a prefix line holds twice, as in "dermliving: ask:
// dermliving: empty question" or "evidence: evidence: not found": a word
// before a colon that an earlier one repeats, or a second "dermliving".
func doubledPrefix(line string) string {
	if strings.Count(line, "dermliving") > 1 {
		return "dermliving"
	}
	seen := map[string]bool{}
	parts := strings.Split(line, ": ")
	for _, p := range parts[:len(parts)-1] {
		words := strings.Fields(p)
		if len(words) == 0 {
			continue
		}
		w := strings.TrimSuffix(words[len(words)-1], ":")
		if seen[w] {
			return w
		}
		seen[w] = true
	}
	return ""
}

// TestMessages holds every failure to one line, "dermliving CMD: message",
// with one prefix, an exit code of 2 for usage and input errors, and a
// message that says what is wrong without printing back what was refused.
func TestMessages(t *testing.T) {
	cases := []struct {
		reason string
		args   []string
		stdin  string
		code   int
		stderr string // the first line of standard error
	}{
		{"no question", []string{"ask"}, "", exitUsage,
			"dermliving ask: give a question or --batch FILE"},
		{"a question and a batch", []string{"ask", "--batch", "x.jsonl", "What are hives?"}, "", exitUsage,
			"dermliving ask: give a question or --batch FILE, not both"},
		{"retrieve says the same", []string{"retrieve", "--batch", "-", "What are hives?"}, "", exitUsage,
			"dermliving retrieve: give a question or --batch FILE, not both"},
		{"the library's ErrEmptyQuestion keeps one prefix", []string{"ask", " "}, "", exitUsage,
			"dermliving ask: invalid question: it is empty"},
		{"binary data", []string{"ask", "a\xff\xfeb"}, "", exitUsage,
			"dermliving ask: invalid question: it is not valid UTF-8 (binary data?)"},
		{"a NUL byte", []string{"ask", "what\x00is this"}, "", exitUsage,
			"dermliving ask: invalid question: it holds a NUL byte (binary data?)"},
		{"a control character", []string{"ask", "what\x1bis this"}, "", exitUsage,
			"dermliving ask: invalid question: it holds a control character"},
		{"a bidirectional control", []string{"ask", "what\u202eis this"}, "", exitUsage,
			"dermliving ask: invalid question: it holds a bidirectional-text control character"},
		{"too long: the sizes, not the text", []string{"ask", strings.Repeat("itchy ", 700)}, "", exitUsage,
			"dermliving ask: invalid question: it is too long, 4200 bytes where the limit is 4000"},
		{"an unknown version is not printed back", []string{"ask", "--version", "kv_1900_01_01", "What are hives?"}, "", exitUsage,
			"dermliving ask: unknown knowledge version (not printed back); the sandbox holds kv_2026_10_01, kv_2026_11_01"},
		{"a missing --kv directory is named", []string{"ask", "--kv", "/nonexistent/kv", "What are hives?"}, "", exitUsage,
			"dermliving ask: --kv /nonexistent/kv: no such directory"},
		{"--kv and --version", []string{"ask", "--kv", "x", "--version", "y", "What are hives?"}, "", exitUsage,
			"dermliving ask: give --kv or --version, not both"},
		{"an unknown evidence id: exit 2, not printed back, no evidence: evidence:", []string{"evidence", "ev_nope"}, "", exitUsage,
			"dermliving evidence: kv_2026_11_01: unknown evidence id (an id the version does not hold is not printed back)"},
		{"evidence in an unknown version", []string{"evidence", "--version", "kv_2099_01_01", "ev_x"}, "", exitUsage,
			"dermliving evidence: unknown knowledge version (not printed back); the sandbox holds kv_2026_10_01, kv_2026_11_01"},
		{"a question that starts with - is an unknown flag, not printed back", []string{"ask", "-why does my rash itch"}, "", exitUsage,
			"dermliving ask: unknown flag (not printed back); the flags of ask are --allow-blocked, --batch, --draft, --json, --kv, --trust, --version; put -- before a question that starts with -"},
		{"a bad flag value is not printed back", []string{"retrieve", "-k", "ten", "What are hives?"}, "", exitUsage,
			"dermliving retrieve: invalid value for -k (not printed back); expected N: the number N of passages"},
		{"a bool flag's bad value", []string{"ask", "--json=perhaps", "What are hives?"}, "", exitUsage,
			"dermliving ask: invalid value for --json (not printed back); expected true or false: print the JSON envelope"},
		{"a flag without its value", []string{"ask", "--batch"}, "", exitUsage,
			"dermliving ask: --batch needs a value"},
		{"an unknown command is not printed back", []string{"what causes hives"}, "", exitUsage,
			"dermliving: unknown command (not printed back); the commands are ask, retrieve, check, evidence, versions, build, verify, keygen, gates, diff, bench"},
		{"retrieve's bound on -k", []string{"retrieve", "-k", "0", "What are hives?"}, "", exitUsage,
			"dermliving retrieve: -k must be between 1 and 1000"},
		{"diff: an unknown version id", []string{"diff", "kv_2026_10_01", "kv_1999_01_01"}, "", exitUsage,
			"dermliving diff: the second version: unknown knowledge version (not printed back); the sandbox holds kv_2026_10_01, kv_2026_11_01"},
		{"diff: a missing directory is named", []string{"diff", "./no-such-kv", "kv_2026_10_01"}, "", exitUsage,
			"dermliving diff: the first version: ./no-such-kv: no such directory"},
		{"verify: a missing directory", []string{"verify", "/nonexistent/kv"}, "", exitUsage,
			"dermliving verify: /nonexistent/kv is not a directory"},
		{"an empty --draft", []string{"ask", "--draft", " ", "What are hives?"}, "", exitUsage,
			"dermliving ask: --draft needs the draft's text"},
		{"--draft with --batch", []string{"ask", "--batch", "-", "--draft", "Hives itch."}, "", exitUsage,
			`dermliving ask: --draft goes with one question; a --batch line carries its own "draft"`},
		{"a missing batch file is named", []string{"ask", "--batch", "/nonexistent/batch.jsonl"}, "", exitUsage,
			"dermliving ask: --batch: open /nonexistent/batch.jsonl: no such file or directory"},
		{"a failed batch line exits 1 with its line number", []string{"check", "--batch", "-"}, "\n{\"id\": 1, \"claim\": \"x\"}\n", exitCheck,
			"dermliving check: --batch line 2: a check line needs a claim and passages"},
	}
	for _, c := range cases {
		t.Run(c.reason, func(t *testing.T) {
			code, _, errs := cli(t, c.stdin, c.args...)
			first, _, _ := strings.Cut(errs, "\n")
			if code != c.code {
				t.Errorf("exit %d, want %d (%s)", code, c.code, c.reason)
			}
			if diff := cmp.Diff(c.stderr, first); diff != "" {
				t.Errorf("%s: standard error (-want +got):\n%s", c.reason, diff)
			}
			for _, line := range strings.Split(strings.TrimSpace(errs), "\n") {
				if m := doubledPrefix(line); m != "" {
					t.Errorf("%q holds a doubled prefix %q", line, m)
				}
			}
		})
	}
}

// TestErrorEnvelope checks --json errors: the code dermliving.ErrorCode
// gives, and the CLI's message, on standard output.
func TestErrorEnvelope(t *testing.T) {
	type body struct{ Code, Message string }
	cases := []struct {
		reason string
		args   []string
		want   body
	}{
		{"an empty question", []string{"ask", "--json", ""}, body{"invalid_question", "invalid question: it is empty"}},
		{"an invalid one gives its reason", []string{"ask", "--json", "a\x00b"}, body{"invalid_question", "invalid question: it holds a NUL byte (binary data?)"}},
		{"an unknown version is not_found, as the server says", []string{"ask", "--json", "--version", "kv_1900_01_01", "What are hives?"},
			body{"not_found", "unknown knowledge version (not printed back); the sandbox holds kv_2026_10_01, kv_2026_11_01"}},
		{"an unknown evidence id", []string{"evidence", "--json", "ev_nope"}, body{"not_found", unknownEvidence}},
	}
	for _, c := range cases {
		code, out, _ := cli(t, "", c.args...)
		var env struct{ Error body }
		if err := json.Unmarshal([]byte(out), &env); err != nil {
			t.Fatalf("%s: %v: %q", c.reason, err, out)
		}
		if code != exitUsage {
			t.Errorf("%s: exit %d", c.reason, code)
		}
		if diff := cmp.Diff(c.want, env.Error); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.reason, diff)
		}
	}
}

// TestNothingPrintedBack gives an identifier, as a question, a version id,
// an evidence id, a flag, a command, a flag value and a batch field, to
// every path that refuses it, and checks that no output holds it.
func TestNothingPrintedBack(t *testing.T) {
	const mrn = "48213377"
	cases := []struct {
		args  []string
		stdin string
	}{
		{[]string{"ask", "--version", "kv_" + mrn, "What are hives?"}, ""},
		{[]string{"ask", "--json", "--version", "kv_" + mrn, "What are hives?"}, ""},
		{[]string{"evidence", "ev_mrn_" + mrn}, ""},
		{[]string{"evidence", "--json", "ev_mrn_" + mrn}, ""},
		{[]string{"ask", "-MRN " + mrn + " has a rash"}, ""},
		{[]string{"ask", "--json", "-MRN" + mrn}, ""},
		{[]string{"MRN " + mrn + ": is this psoriasis?"}, ""},
		{[]string{"help", "MRN " + mrn}, ""},
		{[]string{"retrieve", "-k", mrn + "x", "What are hives?"}, ""},
		{[]string{"ask", "--json=" + mrn, "What are hives?"}, ""},
		{[]string{"diff", "kv_" + mrn, "kv_2026_10_01"}, ""},
		{[]string{"ask", "MRN " + mrn + "\x01 rash"}, ""},
		{[]string{"ask", "--json", "MRN " + mrn + "\x00 rash"}, ""},
		{[]string{"ask", strings.Repeat("MRN "+mrn+" ", 400)}, ""},
		{[]string{"ask", "--batch", "-"}, `{"id": "a", "MRN ` + mrn + `": 1}` + "\n" +
			`{"id": "b", "question": "MRN ` + mrn + "\\u0000\"}\n" +
			`{"id": "c", "question": "\ud800 MRN ` + mrn + `"}` + "\n" +
			`{"id": "d", "question": ["MRN ` + mrn + `"]}` + "\n" +
			`{"id": "e", "mrn": "` + mrn + `"}` + "\n" +
			"{\"id\": \"f\", \"question\": \"MRN " + mrn + "\xff\"}\n" +
			`{"id": "g", "question": "MRN ` + mrn + `"` + "\n"},
		{[]string{"retrieve", "--batch", "-"}, `{"id": "a", "question": "MRN ` + mrn + `", "MRN` + mrn + `": 1}` + "\n"},
		{[]string{"check", "--batch", "-"}, `{"id": "a", "claim": "MRN ` + mrn + `", "passages": [{"id": "p", "text": "x", "MRN` + mrn + `": 1}]}` + "\n"},
	}
	for _, c := range cases {
		code, out, errs := cli(t, c.stdin, c.args...)
		if code == exitOK {
			t.Errorf("%q: exit 0, want a refusal", c.args)
		}
		if strings.Contains(out+errs, mrn) {
			t.Errorf("%q: output prints the identifier back:\n%s%s", c.args, out, errs)
		}
	}
}

// batchLine is the gist of one output line of a batch: its id and line,
// and either its status and mode or its error.
type batchLine struct {
	ID, Line      string
	Status, Mode  string
	Removed       int
	Tools         string
	Code, Message string
}

// gist reads the output of a batch into batchLines.
func gist(t *testing.T, out string) []batchLine {
	t.Helper()
	var got []batchLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m struct {
			ID   json.RawMessage
			Line json.RawMessage
			Data *struct {
				Status        string
				RemovedClaims []any `json:"removed_claims"`
				Metadata      struct {
					Mode      string
					ToolCalls []struct {
						Name                 string
						Authorized, Executed bool
					} `json:"tool_calls"`
				}
			}
			Error *struct{ Code, Message string }
		}
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("output line %q: %v", l, err)
		}
		g := batchLine{ID: string(m.ID), Line: string(m.Line)}
		if m.Data != nil {
			g.Status, g.Mode, g.Removed = m.Data.Status, m.Data.Metadata.Mode, len(m.Data.RemovedClaims)
			for _, tc := range m.Data.Metadata.ToolCalls {
				g.Tools += tc.Name + map[bool]string{true: " ran; ", false: " refused; "}[tc.Executed && tc.Authorized]
			}
		}
		if m.Error != nil {
			g.Code, g.Message = m.Error.Code, m.Error.Message
		}
		got = append(got, g)
	}
	return got
}

// TestAskBatch checks ask --batch line by line: ids echoed, a line with no
// id given its line number instead of "id": null, tool_calls run under the
// tool policy, and every bad line answered with its line number and a plain
// message while the batch goes on, then exit 1.
func TestAskBatch(t *testing.T) {
	fields := `"id", "question", "draft", "tool_calls" {"name", "arguments"}`
	cases := []struct {
		reason string
		line   string
		want   batchLine
	}{
		{"an extractive answer", `{"id": "a", "question": "What causes hives?"}`,
			batchLine{ID: `"a"`, Status: "grounded", Mode: "extractive"}},
		{"a number id, and a draft with one unsupported sentence", `{"id": 7, "question": "What are hives?", "draft": ["Urticaria, commonly called hives, is a skin reaction that causes raised, itchy welts.", "Hives are caused by the moon."]}`,
			batchLine{ID: "7", Status: "grounded", Mode: "generated", Removed: 1}},
		{"tool_calls: the glossary is allowed, an unknown tool refused", `{"id": "t", "question": "What are hives?", "tool_calls": [{"name": "glossary_lookup", "arguments": {"term": "hives"}}, {"name": "delete_records", "arguments": {}}]}`,
			batchLine{ID: `"t"`, Status: "grounded", Mode: "extractive", Tools: "glossary_lookup ran; delete_records refused; "}},
		{"no id: the line number stands in", `{"question": "What are hives?"}`,
			batchLine{Line: "5", Status: "grounded", Mode: "extractive"}},
		{"a null id is no id", `{"id": null, "question": ""}`,
			batchLine{Line: "6", Code: "invalid_question", Message: "invalid question: it is empty"}},
		{"not JSON: a plain message", `{not json`,
			batchLine{Line: "7", Code: "invalid_request", Message: "not an ask line: not valid JSON (a syntax error at byte 2)"}},
		{"cut short", `{"id": "s", "question": "What`,
			batchLine{Line: "8", Code: "invalid_request", Message: "not an ask line: not valid JSON (it ends before the object does)"}},
		{"an unknown field: the fields are listed, the key is not printed", `{"id": "u", "question": "x", "unknown": true}`,
			batchLine{ID: `"u"`, Line: "9", Code: "invalid_request", Message: "not an ask line: an unknown field (not printed back); the fields are " + fields}},
		{"a wrong type", `{"id": "w", "question": 3}`,
			batchLine{ID: `"w"`, Line: "10", Code: "invalid_request", Message: `not an ask line: "question" must be a string`}},
		{"no question", `{"id": "n"}`,
			batchLine{ID: `"n"`, Line: "11", Code: "invalid_request", Message: `not an ask line: it has no "question"`}},
		{"not an object", `["What are hives?"]`,
			batchLine{Line: "12", Code: "invalid_request", Message: "not an ask line: not a JSON object"}},
		{"trailing data", `{"id": "x", "question": "What are hives?"} {}`,
			batchLine{ID: `"x"`, Line: "13", Code: "invalid_request", Message: "not an ask line: trailing data after the JSON object"}},
		{"invalid UTF-8 is refused, as the server refuses it", "{\"id\": \"b\", \"question\": \"hives\xff\"}",
			batchLine{Line: "14", Code: "invalid_request", Message: "the line is not valid UTF-8"}},
		{"a lone surrogate decodes to U+FFFD: refused, as the server refuses it", `{"id": "r", "question": "\ud800 hives"}`,
			batchLine{ID: `"r"`, Line: "15", Code: "invalid_question", Message: "invalid question: it holds U+FFFD replacement characters: its text was damaged in encoding"}},
		{"a refused question gives its reason", `{"id": "c", "question": "hives\u0007"}`,
			batchLine{ID: `"c"`, Line: "16", Code: "invalid_question", Message: "invalid question: it holds a control character"}},
		{"the batch went on after the bad lines", `{"id": "z", "question": "Where does rosacea usually appear?"}`,
			batchLine{ID: `"z"`, Status: "grounded", Mode: "extractive"}},
	}
	// A blank line comes third, so that line numbers count it.
	var in []string
	for i, c := range cases {
		if i == 2 {
			in = append(in, "")
		}
		in = append(in, c.line)
	}
	code, out, errs := cli(t, strings.Join(in, "\n")+"\n", "ask", "--batch", "-")
	if code != exitCheck {
		t.Errorf("exit %d, want %d: a line failed", code, exitCheck)
	}
	got := gist(t, out)
	if len(got) != len(cases) {
		t.Fatalf("%d output lines for %d input lines:\n%s", len(got), len(cases), out)
	}
	for i, c := range cases {
		if diff := cmp.Diff(c.want, got[i]); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.reason, diff)
		}
	}
	var wantErrs []string
	for _, g := range got {
		if g.Code != "" {
			wantErrs = append(wantErrs, "dermliving ask: --batch line "+g.Line+": "+g.Message)
		}
	}
	wantErrs = append(wantErrs, "dermliving ask: 11 of 16 --batch lines failed")
	if diff := cmp.Diff(wantErrs, strings.Split(strings.TrimSpace(errs), "\n")); diff != "" {
		t.Errorf("standard error (-want +got):\n%s", diff)
	}

	// A batch whose lines all succeed exits 0.
	if code, _, errs := cli(t, `{"id": 1, "question": "What are hives?"}`+"\n", "ask", "--batch", "-"); code != exitOK || errs != "" {
		t.Errorf("a good batch: exit %d, %q", code, errs)
	}
}

// TestAskDraft verifies drafts given with --draft: each sentence is kept
// with a citation or removed, and the mode is generated.
func TestAskDraft(t *testing.T) {
	type claim struct{ Text, Reason string }
	cases := []struct {
		reason, draft   string
		status, mode    string
		claims, removed []claim
	}{
		{"a supported sentence is kept, an unsupported one removed",
			"Hives are raised, itchy welts on the skin. Hives are caused by the moon.",
			"grounded", "generated",
			[]claim{{Text: "Hives are raised, itchy welts on the skin."}},
			[]claim{{"Hives are caused by the moon.", "unsupported"}}},
		{"a draft that loses every sentence abstains, listing them",
			"Hives are caused by the moon.",
			"abstained", "",
			nil,
			[]claim{{"Hives are caused by the moon.", "unsupported"}}},
	}
	for _, c := range cases {
		code, out, errs := cli(t, "", "ask", "--json", "--draft", c.draft, "What are hives?")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", c.reason, code, errs)
		}
		var env struct {
			Data struct {
				Status   string
				Claims   []claim
				Removed  []claim `json:"removed_claims"`
				Metadata struct{ Mode string }
			}
		}
		if err := json.Unmarshal([]byte(out), &env); err != nil {
			t.Fatal(err)
		}
		d := env.Data
		got := []any{d.Status, d.Metadata.Mode, d.Claims, d.Removed}
		want := []any{c.status, c.mode, c.claims, c.removed}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.reason, diff)
		}
	}
	// The readable view says the mode and lists the removal.
	_, out, _ := cli(t, "", "ask", "--draft", cases[0].draft, "What are hives?")
	for _, want := range []string{"Answer (kv_2026_11_01, generated):", "  Hives are raised, itchy welts on the skin. [1]", "  - Hives are caused by the moon. (unsupported)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the readable answer lacks %q:\n%s", want, out)
		}
	}
}

// TestRetrieveJSON checks that retrieve --json is a data envelope whose
// hits carry their passage's section and text, as evidence shows them.
func TestRetrieveJSON(t *testing.T) {
	cases := []struct {
		reason, question, k string
		first               string // the best hit's id prefix
	}{
		{"cold sores are herpes simplex", "What are cold sores?", "3", "ev_herpes_simplex"},
		{"one hit", "What makes atopic dermatitis flare?", "1", "ev_atopic_dermatitis"},
	}
	for _, c := range cases {
		code, out, errs := cli(t, "", "retrieve", "--json", "-k", c.k, c.question)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", c.reason, code, errs)
		}
		var top map[string]json.RawMessage
		json.Unmarshal([]byte(out), &top)
		if _, ok := top["data"]; !ok || len(top) != 1 {
			t.Errorf("%s: not a data envelope: %s", c.reason, out)
		}
		var env struct {
			Data struct {
				KnowledgeVersion string `json:"knowledge_version"`
				Hits             []struct {
					EvidenceID    string `json:"evidence_id"`
					Score         float64
					Section, Text string
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &env); err != nil {
			t.Fatal(err)
		}
		if env.Data.KnowledgeVersion != "kv_2026_11_01" || len(env.Data.Hits) != map[string]int{"1": 1, "3": 3}[c.k] ||
			!strings.HasPrefix(env.Data.Hits[0].EvidenceID, c.first) {
			t.Errorf("%s: %s", c.reason, out)
		}
		for _, h := range env.Data.Hits {
			_, evOut, _ := cli(t, "", "evidence", "--json", h.EvidenceID)
			var ev struct {
				Data struct {
					Text    string
					Locator struct{ Section string }
				}
			}
			json.Unmarshal([]byte(evOut), &ev)
			want := []string{ev.Data.Locator.Section, ev.Data.Text}
			if diff := cmp.Diff(want, []string{h.Section, h.Text}); diff != "" || h.Text == "" || h.Score <= 0 {
				t.Errorf("%s: hit %s (-evidence +hit):\n%s", c.reason, h.EvidenceID, diff)
			}
		}
	}
}

// Two small versions for diff: the first sentence of the overview changes,
// the treatment passage goes, a self-care one comes, the causes passage
// stays.
const (
	diffCorpusA = `{"source_id": "src_demo", "source_version": "1", "section": "Overview", "paragraph": 1, "text": "Urticaria, often called hives, causes raised itchy welts. The welts come and go within a day. Most episodes settle within six weeks.", "license": "CC-BY-4.0"}
{"source_id": "src_demo", "source_version": "1", "section": "Causes", "paragraph": 1, "text": "Hives can follow an infection, a medicine or a food.", "license": "CC-BY-4.0"}
{"source_id": "src_demo", "source_version": "1", "section": "Treatment options", "paragraph": 1, "text": "Non-sedating antihistamines are the usual first treatment.", "license": "CC-BY-4.0"}
`
	diffCorpusB = `{"source_id": "src_demo", "source_version": "1", "section": "Overview", "paragraph": 1, "text": "Urticaria, often called hives, causes raised itchy welts. Each welt usually fades within 24 hours. Most episodes settle within six weeks.", "license": "CC-BY-4.0"}
{"source_id": "src_demo", "source_version": "1", "section": "Causes", "paragraph": 1, "text": "Hives can follow an infection, a medicine or a food.", "license": "CC-BY-4.0"}
{"source_id": "src_demo", "source_version": "1", "section": "Self-care", "paragraph": 1, "text": "Cool compresses can ease the itch.", "license": "CC-BY-4.0"}
`
)

// buildDemo builds a bundle with id from corpus, without an index.
func buildDemo(t *testing.T, id, corpus string) string {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "corpus.jsonl")
	if err := os.WriteFile(file, []byte(corpus), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, id)
	if code, _, errs := cli(t, "", "build", "--no-index", "--corpus", file, "--id", id, "--released", "2026-11-01", "--out", out); code != exitOK {
		t.Fatalf("build %s: %d %s", id, code, errs)
	}
	return out
}

// TestDiff checks that diff shows each changed passage's old and new text:
// both texts in --json, a sentence-by-sentence unified diff in the readable
// view (golden files testdata/diff.golden and diff.golden.json).
func TestDiff(t *testing.T) {
	a, b := buildDemo(t, "kv_demo_a", diffCorpusA), buildDemo(t, "kv_demo_b", diffCorpusB)
	code, out, errs := cli(t, "", "diff", a, b)
	if code != exitOK {
		t.Fatalf("diff: %d %s", code, errs)
	}
	golden(t, "diff.golden", out)
	code, out, errs = cli(t, "", "diff", "--json", a, b)
	if code != exitOK {
		t.Fatalf("diff --json: %d %s", code, errs)
	}
	golden(t, "diff.golden.json", out)

	// The sandbox's amended passage, by version id.
	_, out, _ = cli(t, "", "diff", "--json", "kv_2026_10_01", "kv_2026_11_01")
	var env struct {
		Data struct {
			Changed []struct {
				ID       string
				FromText string `json:"from_text"`
				ToText   string `json:"to_text"`
			}
		}
	}
	json.Unmarshal([]byte(out), &env)
	if len(env.Data.Changed) == 0 {
		t.Fatalf("no changed passage between the sandbox versions:\n%.300s", out)
	}
	for _, c := range env.Data.Changed {
		if c.FromText == "" || c.ToText == "" || c.FromText == c.ToText {
			t.Errorf("%s: old %q, new %q", c.ID, c.FromText, c.ToText)
		}
	}
}

func TestDiffLines(t *testing.T) {
	cases := []struct {
		reason string
		a, b   []string
		want   string
	}{
		{"equal", []string{"x", "y"}, []string{"x", "y"}, " x  y"},
		{"one sentence changed in the middle", []string{"x", "y", "z"}, []string{"x", "Y", "z"}, " x -y +Y  z"},
		{"added at the end", []string{"x"}, []string{"x", "y"}, " x +y"},
		{"removed at the start", []string{"x", "y"}, []string{"y"}, "-x  y"},
		{"all new", []string{"x"}, []string{"y"}, "-x +y"},
		{"from nothing", nil, []string{"y"}, "+y"},
	}
	for _, c := range cases {
		var parts []string
		for _, l := range diffLines(c.a, c.b) {
			parts = append(parts, string(l.op)+l.text)
		}
		if diff := cmp.Diff(c.want, strings.Join(parts, " ")); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.reason, diff)
		}
	}
}

// TestHelp checks the complete usage text against testdata/help.golden,
// that it names every flag of every command with its description, and that
// help for one command works as "help CMD" and "CMD -h".
func TestHelp(t *testing.T) {
	code, out, _ := cli(t, "", "help")
	if code != exitOK {
		t.Errorf("help: exit %d", code)
	}
	golden(t, "help.golden", out)
	for _, c := range commands() {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.setup(fs)
		_, one, _ := cli(t, "", "help", c.name)
		code, dashH, _ := cli(t, "", c.name, "-h")
		if code != exitOK || one != dashH || !strings.HasPrefix(one, "usage: "+usageLine(c)+"\n") {
			t.Errorf("%s -h: exit %d\n%s", c.name, code, dashH)
		}
		fs.VisitAll(func(f *flag.Flag) {
			_, text := flag.UnquoteUsage(f)
			words := strings.Fields(text)
			if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(flagName(f.Name)) + `\b.*\Q` + words[0] + `\E`).MatchString(one) {
				t.Errorf("%s: help lacks %s with its description:\n%s", c.name, flagName(f.Name), one)
			}
		})
	}
	for _, want := range []string{"--allow-blocked", "--strict-ids", "--draft TEXT", "exits 1 at the end"} {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	// With no arguments: the synopsis on standard error, exit 2.
	code, out, errs := cli(t, "")
	if code != exitUsage || out != "" || !strings.Contains(errs, usageLines()[0]) {
		t.Errorf("no arguments: exit %d, %q, %q", code, out, errs)
	}
}

// TestReadme keeps the README's command-line section in step with the CLI:
// the headline demo first, the usage every command's flags generate, a
// --draft example, the three answer modes, and the example programs.
func TestReadme(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(raw)
	first := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(readme)
	if first == nil || !strings.HasPrefix(first[1], `go run ./cmd/dermliving ask "`+headlineQuestion+`"`+"\n") {
		t.Errorf("the README's first code block must open with the headline demo: %q", first)
	} else if !regexp.MustCompile(`(?m)^go run ./cmd/dermliving ask --draft ".+" ".+"\n`).MatchString(first[1]) {
		t.Errorf("the README's first code block must show a draft verified with --draft: %q", first[1])
	}
	cliSection := section(readme, "## Command line")
	for _, line := range usageLines() {
		if !strings.Contains(cliSection, "\n"+line+"\n") {
			t.Errorf("the README's command line section lacks the usage line %q", line)
		}
	}
	if !regexp.MustCompile(`(?m)^go run ./cmd/dermliving ask --draft ".+" ".+"`).MatchString(cliSection) {
		t.Errorf("the README's command line section has no --draft example")
	}
	modes := section(readme, "### Answer modes")
	for _, want := range []string{"**curated**", "**extractive**", "**generated**", "verbatim", "pre-written", "`--draft`", "removed"} {
		if !strings.Contains(modes, want) {
			t.Errorf("the README's answer modes section lacks %q", want)
		}
	}
	examples := section(readme, "## Other examples")
	for _, want := range []string{"`examples/generator`", "`examples/loadtest`"} {
		if !strings.Contains(examples, want) {
			t.Errorf("the README's examples section lacks %s", want)
		}
	}
}

// headlineQuestion is the README's first command's question.
const headlineQuestion = "What triggers eczema flares?"

// TestHeadlineExtractive checks that the README's headline demo answers
// extractively, quoting the passages, with claims from the atopic dermatitis
// causes and triggers section, and that a draft given with --draft loses its
// unsupported sentence.
func TestHeadlineExtractive(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"ask", "--json", headlineQuestion}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var env struct {
		Data struct {
			Status    string                  `json:"status"`
			Claims    []struct{ Text string } `json:"claims"`
			Citations []struct {
				EvidenceID string `json:"evidence_id"`
				Quote      string `json:"quote"`
			} `json:"citations"`
			Metadata struct{ Mode string } `json:"metadata"`
		} `json:"data"`
	}
	if err := json.Unmarshal(out.Bytes(), &env); err != nil {
		t.Fatal(err)
	}
	d := env.Data
	if d.Status != "grounded" || d.Metadata.Mode != "extractive" || len(d.Claims) == 0 {
		t.Fatalf("headline: status %q mode %q, %d claims; want a grounded extractive answer", d.Status, d.Metadata.Mode, len(d.Claims))
	}
	for _, c := range d.Citations {
		if !strings.HasPrefix(c.EvidenceID, "ev_atopic_dermatitis_causes_") {
			t.Errorf("headline cites %s, not the atopic dermatitis causes and triggers section", c.EvidenceID)
		}
	}
}

// section returns the text of the markdown section whose heading line is
// heading, up to the next heading of the same or a higher level outside a
// code block.
func section(doc, heading string) string {
	i := strings.Index(doc, "\n"+heading+"\n")
	if i < 0 {
		return ""
	}
	level := len(strings.Fields(heading)[0])
	var out []string
	fenced := false
	for _, line := range strings.Split(doc[i+len(heading)+2:], "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if !fenced {
			if hashes, _, ok := strings.Cut(line, " "); ok && hashes != "" && strings.Trim(hashes, "#") == "" && len(hashes) <= level {
				break
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}
