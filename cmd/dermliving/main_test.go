package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
)

// cli runs the command in process and returns its exit code and output.
func cli(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestAskSeed(t *testing.T) {
	code, out, errs := cli(t, "", "ask", "--json", "What makes atopic dermatitis flare?")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var env struct {
		Data struct {
			Status string
			Claims []struct {
				Text      string
				Citations []string
			}
			RemovedClaims []struct{ Text, Reason string } `json:"removed_claims"`
			Citations     []struct {
				ID         string
				EvidenceID string `json:"evidence_id"`
				Checksum   string
				Quote      string
				Span       struct{ Start, End int }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &env); err != nil {
		t.Fatal(err)
	}
	d := env.Data
	if d.Status != "grounded" || len(d.Claims) < 2 {
		t.Fatalf("status %s, %d claims", d.Status, len(d.Claims))
	}
	if len(d.RemovedClaims) != 1 || d.RemovedClaims[0].Text != "Food allergy is the main trigger of flares in adults." || d.RemovedClaims[0].Reason != "unsupported" {
		t.Errorf("removed claims %+v", d.RemovedClaims)
	}
	for _, c := range d.Citations {
		code, out, _ := cli(t, "", "evidence", "--json", c.EvidenceID)
		if code != exitOK {
			t.Fatalf("evidence %s: exit %d", c.EvidenceID, code)
		}
		var ev struct {
			Data struct{ Text, Checksum string }
		}
		json.Unmarshal([]byte(out), &ev)
		sum := sha256.Sum256([]byte(ev.Data.Text))
		if want := "sha256:" + hex.EncodeToString(sum[:]); c.Checksum != want || ev.Data.Checksum != want {
			t.Errorf("%s: checksum %s, sha256 of the evidence text %s", c.ID, c.Checksum, want)
		}
		if ev.Data.Text[c.Span.Start:c.Span.End] != c.Quote {
			t.Errorf("%s: span does not slice to the quote", c.ID)
		}
	}
	// The human-readable form shows the answer, numbered citations and removals.
	code, out, _ = cli(t, "", "ask", "What makes atopic dermatitis flare?")
	for _, want := range []string{"Answer (kv_2026_11_01, curated)", "[1] ev_atopic_dermatitis_causes_1", "sha256:", "Removed claims:", "(unsupported)"} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("human output lacks %q:\n%s", want, out)
		}
	}
}

func TestAskAbstentions(t *testing.T) {
	cases := []struct{ question, reason, message string }{
		{"Where does rosacea usually appear?", "insufficient_evidence", "No passage in kv_2026_10_01 supports an answer."},
		{"What is the capital of France?", "insufficient_evidence", ""},
		{"How do I fix my car's transmission?", "insufficient_evidence", "The question is not about dermatology; kv_2026_11_01 holds dermatology reference passages only."},
		{"Which biologic should I start for my patient who failed methotrexate?", "clinical_decision", ""},
		{"Patient MRN 48213377, DOB 03/14/1962: is this psoriasis?", "patient_data", ""},
	}
	for _, c := range cases {
		args := []string{"ask", "--json", c.question}
		if strings.Contains(c.message, "kv_2026_10_01") {
			args = append(args, "--version", "kv_2026_10_01")
		}
		code, out, errs := cli(t, "", args...)
		if code != exitOK {
			t.Fatalf("%q: exit %d %s", c.question, code, errs)
		}
		var env struct {
			Data struct{ Status, Reason, Message string }
		}
		json.Unmarshal([]byte(out), &env)
		if env.Data.Status != "abstained" || env.Data.Reason != c.reason || (c.message != "" && env.Data.Message != c.message) {
			t.Errorf("%q: %+v", c.question, env.Data)
		}
		// The random request id may hold any digit run; it is not the question's.
		scrubbed := regexp.MustCompile(`req_[0-9a-f]+`).ReplaceAllString(out+errs, "")
		for _, secret := range []string{"48213377", "1962", "03/14"} {
			if strings.Contains(scrubbed, secret) {
				t.Errorf("%q: output holds %q", c.question, secret)
			}
		}
	}
}

func TestBatch(t *testing.T) {
	in := `{"id": "a", "question": "What causes hives?"}
{"id": 7, "question": "What are hives?", "draft": ["Urticaria, commonly called hives, is a skin reaction that causes raised, itchy welts.", "Hives are caused by the moon."]}

{"id": "c", "question": ""}
{not json}
{"id": "e", "question": "x", "unknown": true}
`
	code, out, errs := cli(t, in, "ask", "--batch", "-")
	if code != exitCheck {
		t.Fatalf("exit %d, want %d (three lines fail): %s", code, exitCheck, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d output lines for 5 input lines:\n%s", len(lines), out)
	}
	var got []map[string]any
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		got = append(got, m)
	}
	if got[0]["id"] != "a" || got[0]["data"] == nil {
		t.Errorf("line 1: %v", got[0])
	}
	if got[1]["id"] != float64(7) || got[1]["data"].(map[string]any)["mode"] != nil && false {
		t.Errorf("line 2: %v", got[1])
	}
	d2 := got[1]["data"].(map[string]any)
	if d2["metadata"].(map[string]any)["mode"] != "generated" || len(d2["removed_claims"].([]any)) != 1 {
		t.Errorf("draft line: %v", d2)
	}
	// Output lines 3 to 5 answer input lines 4 to 6 (line 3 is blank).
	for i, code := range map[int]string{2: "invalid_question", 3: "invalid_request", 4: "invalid_request"} {
		e, _ := got[i]["error"].(map[string]any)
		if e == nil || e["code"] != code || got[i]["line"] != float64(i+2) {
			t.Errorf("output line %d: %v, want error %s for input line %d", i+1, got[i], code, i+2)
		}
	}
}

func TestRetrieveAndCheck(t *testing.T) {
	code, out, _ := cli(t, "", "retrieve", "--json", "-k", "3", "What are cold sores?")
	var env struct {
		Data struct {
			Hits []struct {
				EvidenceID string `json:"evidence_id"`
				Score      float64
			}
		}
	}
	json.Unmarshal([]byte(out), &env)
	r := env.Data
	if code != exitOK || len(r.Hits) != 3 || !strings.HasPrefix(r.Hits[0].EvidenceID, "ev_herpes_simplex") {
		t.Errorf("retrieve: %d %s", code, out)
	}
	in := `{"id": 1, "claim": "Impaired skin barrier function contributes to disease activity.", "passages": [{"id": "p1", "text": "Impaired skin barrier function contributes to disease activity in atopic dermatitis, letting water escape."}]}
{"id": 2, "claim": "Skin barrier function is never impaired in atopic dermatitis.", "passages": [{"id": "p1", "text": "Impaired skin barrier function contributes to disease activity in atopic dermatitis, letting water escape."}]}
{"id": 3, "claim": "x"}
`
	code, out, _ = cli(t, in, "check", "--batch", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitCheck || len(lines) != 3 { // line 3 fails
		t.Fatalf("check: %d\n%s", code, out)
	}
	var first, second map[string]any
	json.Unmarshal([]byte(lines[0]), &first)
	json.Unmarshal([]byte(lines[1]), &second)
	if first["verdict"] != "supported" || first["evidence_id"] != "p1" || !strings.HasPrefix(first["quote"].(string), "Impaired skin barrier") {
		t.Errorf("line 1: %v", first)
	}
	if second["verdict"] == "supported" {
		t.Errorf("line 2: %v", second)
	}
	if !strings.Contains(lines[2], `"error"`) {
		t.Errorf("line 3: %s", lines[2])
	}
}

func TestVersionsAndEvidence(t *testing.T) {
	code, out, _ := cli(t, "", "versions", "--json")
	var v struct {
		Data []struct {
			ID, Status, Checksum string
			Passages, Sources    int
		}
	}
	json.Unmarshal([]byte(out), &v)
	if code != exitOK || len(v.Data) != 2 || v.Data[0].ID != "kv_2026_10_01" || v.Data[1].ID != "kv_2026_11_01" || v.Data[0].Passages < 350 || v.Data[0].Status != "released" {
		t.Errorf("versions: %d %s", code, out)
	}
	if code, _, _ := cli(t, "", "evidence", "ev_nope"); code != exitUsage {
		t.Errorf("unknown evidence: exit %d", code)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"ask"},
		{"ask", "--kv", "/nonexistent", "q"},
		{"ask", "--kv", "x", "--version", "y", "q"},
		{"retrieve", "-k", "0", "q"},
		{"evidence"},
		{"build", "--corpus", "x"},
		{"verify"},
		{"verify", "/nonexistent"},
		{"check"},
		{"ask", "--version", "kv_1900_01_01", "q"},
	} {
		if code, _, _ := cli(t, "", args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
	if code, _, _ := cli(t, "", "ask", ""); code != exitUsage {
		t.Errorf("empty question: exit %d", code)
	}
}

const corpus = `{"source_id": "src_demo", "source_version": "1", "source_title": "Demo", "section": "Overview", "paragraph": 1, "text": "Urticaria, often called hives, causes raised itchy welts that come and go.", "license": "CC-BY-4.0"}
{"source_id": "src_demo", "source_version": "1", "section": "Treatment options", "paragraph": 1, "text": "Non-sedating antihistamines are the usual first treatment for urticaria.", "license": "CC-BY-4.0"}
`

func TestBuildVerifyTamper(t *testing.T) {
	dir := t.TempDir()
	corpusFile := filepath.Join(dir, "corpus.jsonl")
	os.WriteFile(corpusFile, []byte(corpus), 0o644)
	out := filepath.Join(dir, "kv")
	if code, _, errs := cli(t, "", "build", "--corpus", corpusFile, "--id", "kv_demo", "--released", "2026-11-01", "--out", out); code != exitOK {
		t.Fatalf("build: %d %s", code, errs)
	}
	if code, o, _ := cli(t, "", "verify", out); code != exitOK || !strings.HasPrefix(o, "ok kv_demo") {
		t.Fatalf("verify: %d %s", code, o)
	}
	code, o, _ := cli(t, "", "ask", "--kv", out, "--json", "How is urticaria treated?")
	if code != exitOK || !strings.Contains(o, `"evidence_id": "ev_src_demo_treatment_options_1"`) || !strings.Contains(o, `"knowledge_version": "kv_demo"`) {
		t.Errorf("ask --kv: %d %s", code, o)
	}
	tamperOneByte(t, filepath.Join(out, "passages.jsonl"), "itchy")
	code, o, _ = cli(t, "", "verify", out)
	if code != exitCheck || !strings.Contains(o, "ev_src_demo_overview_1") {
		t.Errorf("verify after tampering: exit %d, output %q does not name the passage", code, o)
	}
	if code, _, errs := cli(t, "", "ask", "--kv", out, "What is urticaria?"); code != exitUsage || !strings.Contains(errs, "ev_src_demo_overview_1") {
		t.Errorf("ask on a tampered bundle: %d %s", code, errs)
	}
}

func tamperOneByte(t *testing.T, path, near string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(raw, []byte(near))
	if i < 0 {
		t.Fatalf("%q not in %s", near, path)
	}
	for raw[i] < 'a' || raw[i] > 'z' {
		i++
	}
	raw[i] ^= 0x20 // a lowercase letter becomes uppercase: still valid JSON
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMedQuAD builds a bundle from the shared MedQuAD corpus (34,602
// passages), verifies it, asks it a question, and checks that one changed byte
// is caught and named.
func TestMedQuAD(t *testing.T) {
	corpus := filepath.Join("..", "..", "..", "shared", "data", "medquad", "passages.jsonl")
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("MedQuAD corpus absent (%v): skipping", err)
	}
	if testing.Short() {
		t.Skip("-short: skipping the MedQuAD build")
	}
	out := filepath.Join(t.TempDir(), "kv_medquad")
	code, _, errs := cli(t, "", "build", "--corpus", corpus, "--id", "kv_medquad", "--released", "2026-11-01", "--out", out)
	if code != exitOK {
		t.Fatalf("build: %d %s", code, errs)
	}
	if code, o, _ := cli(t, "", "verify", out); code != exitOK || !strings.Contains(o, "34602 passages") {
		t.Fatalf("verify: %d %s", code, o)
	}
	code, o, _ := cli(t, "", "ask", "--kv", out, "--json", "What are the symptoms of psoriasis?")
	if code != exitOK || !strings.Contains(o, `"status": "grounded"`) || !strings.Contains(o, `"evidence_id": "mq_`) {
		t.Errorf("ask --kv: %d %.500s", code, o)
	}
	kv, err := evidence.OpenDir(out)
	if err != nil {
		t.Fatal(err)
	}
	medquadHits(t, kv)
	medquadAnswers(t, kv)
	kv.Close()
	raw, _ := os.ReadFile(filepath.Join(out, "passages.jsonl"))
	first := raw[:bytes.IndexByte(raw, '\n')]
	var p struct{ ID, Text string }
	json.Unmarshal(first, &p)
	tamperOneByte(t, filepath.Join(out, "passages.jsonl"), p.Text[10:30])
	if code, o, _ := cli(t, "", "verify", out); code != exitCheck || !strings.Contains(o, p.ID) {
		t.Errorf("verify after tampering: %d, %q does not name %s", code, o, p.ID)
	}
}

// medquadHits logs hit@10 of the MedQuAD training questions on kv, a MedQuAD
// bundle (a hit is any relevant passage, or a renamed repeat of one, in the
// top 10) and fails below a regression floor.
func medquadHits(t *testing.T, kv *evidence.Version) {
	t.Helper()
	n, hit := 0, 0
	for q := range medquadQuestions(t, filepath.Join("..", "..", "..", "shared", "data", "medquad", "questions_train.jsonl")) {
		if len(q.Relevant) == 0 {
			continue
		}
		n++
		if hitAt10(t, kv, q.Question, q.Relevant) {
			hit++
		}
	}
	r := float64(hit) / float64(n)
	t.Logf("MedQuAD hit@10 %.3f over %d questions (goal 0.90)", r, n)
	if r < 0.89 {
		t.Errorf("MedQuAD hit@10 %.3f fell below its regression floor 0.89", r)
	}
}

// hitAt10 reports whether one of the relevant passages, or a renamed repeat
// of one (id~N), is among the top 10 kv retrieves for question.
func hitAt10(t *testing.T, kv *evidence.Version, question string, relevant []string) bool {
	t.Helper()
	ix, err := retrieve.Of(kv)
	if err != nil {
		t.Fatal(err)
	}
	hs, err := ix.Search(context.Background(), question, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hs {
		if slices.Contains(relevant, strings.SplitN(h.ID, "~", 2)[0]) {
			return true
		}
	}
	return false
}

// TestUsageInDoc checks that the package documentation shows the usage the
// commands' flags generate, line for line, and that every flag of every
// command appears in it.
func TestUsageInDoc(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	var doc []string
	for _, line := range strings.Split(string(src), "\n") {
		if l, ok := strings.CutPrefix(line, "//\tdermliving "); ok {
			doc = append(doc, "dermliving "+l)
		}
	}
	if diff := cmp.Diff(usageLines(), doc); diff != "" {
		t.Errorf("the package doc's usage differs from the generated usage (-generated +doc); copy dermliving help into main.go:\n%s", diff)
	}
	for _, c := range commands() {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.setup(fs)
		line := usageLines()[slices.IndexFunc(commands(), func(o command) bool { return o.name == c.name })]
		fs.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(line, "-"+f.Name+" ") && !strings.Contains(line, "-"+f.Name+"]") {
				t.Errorf("%s: flag -%s missing from its usage %q", c.name, f.Name, line)
			}
		})
	}
}
