package openai_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/citation"
	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/examples/openai"
	"github.com/dermliving/dermliving/sandbox"
)

// generatedDev holds blind-written answers as a fluent model would write
// them, each sentence labelled true (a sandbox passage states it) or false
// with the kind of error. The file belongs to the library's verifier sets;
// it is read in place, never copied.
const generatedDev = "../../testdata/verifier/generated_dev.jsonl"

// generatedAnswer is one line of generatedDev.
type generatedAnswer struct {
	ID        string `json:"id"`
	Question  string `json:"question"`
	Sentences []struct {
		Text  string `json:"text"`
		Label string `json:"label"` // "true" or "false"
		Kind  string `json:"kind"`  // for false sentences: contradicted, fabricated, overstated…
	} `json:"sentences"`
}

func readGenerated(t *testing.T) []generatedAnswer {
	t.Helper()
	f, err := os.Open(generatedDev)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []generatedAnswer
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		var a generatedAnswer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("%s:%d: %v", generatedDev, n, err)
		}
		out = append(out, a)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s holds no answers", generatedDev)
	}
	return out
}

// replayServer is a fake model server: for a question it knows it streams
// that question's written answer, cut into small deltas that end mid-word,
// with keep-alive comments between some events. It records the passages
// each prompt quoted.
type replayServer struct {
	key     string
	answers map[string]string // question, as quoted in the prompt, to answer text

	mu   sync.Mutex
	seen map[string][]string // question to the passage ids its prompt held
}

func (s *replayServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+s.key {
		http.Error(w, `{"error":{"message":"invalid api key"}}`, http.StatusUnauthorized)
		return
	}
	var req struct {
		Model    string           `json:"model"`
		Messages []openai.Message `json:"messages"`
		Stream   bool             `json:"stream"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || !req.Stream || len(req.Messages) != 2 {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	sys, user := req.Messages[0], req.Messages[1]
	if sys.Role != "system" || !strings.Contains(sys.Content, "using only the numbered passages") || user.Role != "user" {
		http.Error(w, "the prompt lacks its instruction", http.StatusBadRequest)
		return
	}
	_, q, ok := strings.Cut(user.Content, "\nQuestion: ")
	answer, known := s.answers[strings.TrimSpace(q)]
	if !ok || !known {
		http.Error(w, "unknown question", http.StatusNotFound)
		return
	}
	var ids []string
	for line := range strings.Lines(user.Content) {
		if id, _, ok := strings.Cut(strings.TrimPrefix(line, "["), ": "); ok && strings.HasPrefix(line, "[") {
			_, id, _ = strings.Cut(id, "] ")
			ids = append(ids, id)
		}
	}
	s.mu.Lock()
	s.seen[strings.TrimSpace(q)] = ids
	s.mu.Unlock()

	w.Header().Set("Content-Type", "text/event-stream")
	flush := w.(http.Flusher).Flush
	send := func(delta map[string]any, finish any) {
		b, _ := json.Marshal(map[string]any{
			"object":  "chat.completion.chunk",
			"choices": []map[string]any{{"index": 0, "delta": delta, "finish_reason": finish}},
		})
		fmt.Fprintf(w, "data: %s\n\n", b)
		flush()
	}
	send(map[string]any{"role": "assistant", "content": ""}, nil)
	for i, piece := range pieces(answer, 11) {
		if i%5 == 4 {
			fmt.Fprint(w, ": keep-alive\n\n")
		}
		send(map[string]any{"content": piece}, nil)
	}
	send(map[string]any{}, "stop")
	fmt.Fprint(w, "data: [DONE]\n\n")
	flush()
}

// pieces cuts s into pieces of about n bytes, on character boundaries but
// mid-word, as a model's tokens come.
func pieces(s string, n int) []string {
	var out []string
	for len(s) > 0 {
		i := min(n, len(s))
		for i < len(s) && !utf8.RuneStart(s[i]) {
			i++
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	return out
}

// quoted is how Prompt quotes a question: a JSON string.
func quoted(s string) string {
	b, _ := json.Marshal(s)
	return strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(b))
}

// TestGeneratedAnswersOverHTTP passes the blind-written generated answers
// through Ask with a Generator whose server streams them, so that the
// verifier's removal of false sentences is shown on the real HTTP path:
// prompt, streamed reply, parsed draft, verification. Every claim kept must
// cite a passage the prompt held, with a citation that checks; no
// contradicted or fabricated sentence may be kept; every sentence streamed
// is either a claim or a removed claim. The shares of true and false
// sentences kept are logged.
//
//	go -C examples test -run TestGeneratedAnswersOverHTTP -v ./openai/
func TestGeneratedAnswersOverHTTP(t *testing.T) {
	answers := readGenerated(t)
	srv := &replayServer{key: "sk-test-only", answers: map[string]string{}, seen: map[string][]string{}}
	for _, a := range answers {
		var text []string
		for _, s := range a.Sentences {
			text = append(text, s.Text)
		}
		srv.answers[quoted(a.Question)] = strings.Join(text, " ")
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	// The version the answers were written against.
	kv, err := sandbox.OpenVersion("kv_2026_11_01")
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	gen := openai.Generator{BaseURL: ts.URL, Model: "replay", APIKey: srv.key}

	type tally struct{ n, kept int }
	var trueT tally
	falseT := map[string]*tally{}
	before := 0 // answers abstained before the model was asked
	for _, a := range answers {
		keptSentence := make([]bool, len(a.Sentences))
		res, err := dermliving.Ask(context.Background(), a.Question, kv, dermliving.WithGenerator(gen))
		if err != nil {
			t.Fatalf("%s: %v", a.ID, err)
		}
		srv.mu.Lock()
		prompted, asked := srv.seen[quoted(a.Question)]
		srv.mu.Unlock()
		var kept []dermliving.Claim
		var removed []dermliving.RemovedClaim
		switch r := res.(type) {
		case *dermliving.Grounded:
			if r.Metadata.Mode != dermliving.ModeGenerated {
				t.Errorf("%s: mode %q, want %q", a.ID, r.Metadata.Mode, dermliving.ModeGenerated)
			}
			kept, removed = r.Claims, r.RemovedClaims
			checkCited(t, a.ID, r, kv, prompted)
		case *dermliving.Abstained:
			removed = r.RemovedClaims
			if !asked {
				// Ask abstained before drafting (the screens, or
				// retrieval found nothing): the model was never asked.
				// The answer's sentences count as not kept.
				t.Logf("%s: abstained (%s) before asking the model", a.ID, r.Reason)
				before++
			}
		}
		if asked {
			checkParts(t, a, kept, removed, keptSentence)
		}

		for i, s := range a.Sentences {
			if s.Label == "true" {
				trueT.n++
				if keptSentence[i] {
					trueT.kept++
				}
				continue
			}
			ft := falseT[s.Kind]
			if ft == nil {
				ft = &tally{}
				falseT[s.Kind] = ft
			}
			ft.n++
			if keptSentence[i] {
				ft.kept++
				if s.Kind == "contradicted" || s.Kind == "fabricated" {
					t.Errorf("%s: %s sentence kept: %q", a.ID, s.Kind, s.Text)
				}
			}
		}
	}

	rate := func(x tally) string {
		return fmt.Sprintf("%.3f (%d/%d)", float64(x.kept)/float64(max(1, x.n)), x.kept, x.n)
	}
	var falseAll tally
	for _, kind := range slices.Sorted(maps.Keys(falseT)) {
		ft := falseT[kind]
		falseAll.n += ft.n
		falseAll.kept += ft.kept
		t.Logf("false sentences (%s) kept %s", kind, rate(*ft))
	}
	t.Logf("%d answers (%d abstained before asking the model): true sentences kept %s, false sentences kept %s",
		len(answers), before, rate(trueT), rate(falseAll))
	// Measured: no false sentence of any kind is kept (0/50) at the default
	// Strict operating point, which keeps 51 of the 128 true ones. The
	// bound holds that; a verifier change that lets one through must say
	// so here.
	if falseAll.kept > 0 {
		t.Errorf("false sentences kept %s, measured 0", rate(falseAll))
	}
	if trueT.kept == 0 {
		t.Errorf("no true sentence kept: the answers never reached the verifier")
	}
}

// checkParts checks that each claim kept and each removed is a part of one
// sentence of a, and that every sentence streamed was judged one or the
// other, and marks in keptSentence the sentences any part of which was kept.
func checkParts(t *testing.T, a generatedAnswer, kept []dermliving.Claim, removed []dermliving.RemovedClaim, keptSentence []bool) {
	t.Helper()
	owner := func(text string) int {
		for i, s := range a.Sentences {
			if strings.Contains(claims.Clean(s.Text), text) {
				return i
			}
		}
		t.Errorf("%s: %q is no part of the streamed answer", a.ID, text)
		return -1
	}
	for _, c := range kept {
		if i := owner(c.Text); i >= 0 {
			keptSentence[i] = true
		}
	}
	for _, rc := range removed {
		owner(rc.Text)
	}
	parts := 0
	for _, s := range a.Sentences {
		parts += len(claims.Split(s.Text))
	}
	if len(kept)+len(removed) != parts {
		t.Errorf("%s: %d claims and %d removed for %d streamed sentences: each must be one or the other", a.ID, len(kept), len(removed), parts)
	}
}

// checkCited checks that every claim of g cites at least one citation of g,
// that each citation checks against kv, and that it cites a passage the
// prompt held.
func checkCited(t *testing.T, id string, g *dermliving.Grounded, kv *evidence.Version, prompted []string) {
	t.Helper()
	byID := map[string]citation.Citation{}
	for _, c := range g.Citations {
		byID[c.ID] = c
		if st, why := citation.Check(c, kv); st != citation.Valid {
			t.Errorf("%s: citation %s: %s: %s", id, c.ID, st, why)
		}
		if !slices.Contains(prompted, c.EvidenceID) {
			t.Errorf("%s: citation %s cites %s, which the prompt did not hold (%v)", id, c.ID, c.EvidenceID, prompted)
		}
	}
	for _, c := range g.Claims {
		if len(c.Citations) == 0 {
			t.Errorf("%s: claim %q cites nothing", id, c.Text)
		}
		for _, ref := range c.Citations {
			if _, ok := byID[ref]; !ok {
				t.Errorf("%s: claim %q cites %s, which the answer lacks", id, c.Text, ref)
			}
		}
	}
}
