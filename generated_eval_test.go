package dermliving_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/sandbox"
)

// generatedAnswer is one answer of testdata/verifier/generated_*.jsonl: a
// draft as a fluent model would write it, each sentence labelled true (a
// sandbox passage states it) or false.
type generatedAnswer struct {
	ID        string `json:"id"`
	Question  string `json:"question"`
	Sentences []struct {
		Text  string `json:"text"`
		Label string `json:"label"`
		Kind  string `json:"kind"`
	} `json:"sentences"`
}

// TestGeneratedAnswers passes blind-written generated answers through Ask
// with WithDraft, verified by the version's own verifier at each operating
// point (WithOperatingPoint), and reports the share of true sentences kept and of false
// sentences kept, at each operating point. The tuning half's misses may be
// printed (DERMLIVING_SHOW_MISSES); the held-out half is reported in
// aggregate only.
//
//	go test -run TestGeneratedAnswers -v .
func TestGeneratedAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the generated-answer evaluation")
	}
	kv, err := sandbox.OpenVersion("kv_2026_11_01")
	if err != nil {
		t.Fatal(err)
	}
	files, tune := generatedFiles(t)
	for _, file := range files {
		if role := os.Getenv("DERMLIVING_ANSWER_ROLE"); role == "tune" && !tune[file] {
			continue
		}
		answers := readJSONL[generatedAnswer](t, filepath.Join("testdata", "verifier", file))
		for _, point := range []claims.OperatingPoint{claims.Strict, claims.Balanced} {
			var trueN, trueKept, falseN, falseKept int
			for _, a := range answers {
				var draft []string
				for _, s := range a.Sentences {
					draft = append(draft, s.Text)
				}
				res, err := dermliving.Ask(context.Background(), a.Question, kv, dermliving.WithDraft(draft...), dermliving.WithOperatingPoint(point))
				if err != nil {
					t.Fatalf("%s: %v", a.ID, err)
				}
				kept := map[string]bool{}
				if g, ok := res.(*dermliving.Grounded); ok {
					for _, c := range g.Claims {
						kept[c.Text] = true
					}
				}
				for _, s := range a.Sentences {
					if s.Label == "true" {
						trueN++
						if kept[s.Text] {
							trueKept++
						}
					} else {
						falseN++
						if kept[s.Text] {
							falseKept++
						}
					}
					if tune[file] && os.Getenv("DERMLIVING_SHOW_MISSES") != "" && kept[s.Text] != (s.Label == "true") {
						t.Logf("%s %s %s kept=%v: %s", point, a.ID, s.Label, kept[s.Text], s.Text)
					}
				}
			}
			t.Logf("%s, %s: %d answers; true sentences kept %.3f (%d/%d), false sentences kept %.3f (%d/%d)",
				file, point, len(answers), float64(trueKept)/float64(max(1, trueN)), trueKept, trueN, float64(falseKept)/float64(max(1, falseN)), falseKept, falseN)
		}
	}
}
