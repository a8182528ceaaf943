package dermliving_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/sandbox"
)

// spanishQuestion is one line of testdata/spanish (see its README).
type spanishQuestion struct {
	ID       string     `json:"id"`
	Lang     string     `json:"lang"`
	Question string     `json:"question"`
	English  string     `json:"english"`
	Kind     string     `json:"kind"`
	Facts    [][]string `json:"facts"`
	Passages []string   `json:"passages"`
}

// TestSpanishManifest checks that the Spanish question sets are the files
// their manifest froze: count and SHA-256, tuning files and a held-out one.
func TestSpanishManifest(t *testing.T) {
	roles := checkManifest[spanishQuestion](t, filepath.Join("testdata", "spanish"))
	if roles["tune"] == 0 || roles["held_out"] == 0 {
		t.Errorf("manifest roles %v: want tuning files and a held-out file", roles)
	}
}

// spanishReport aggregates one file's measures.
type spanishReport struct {
	es, hits          int
	esFacts           float64
	twins             int
	twinEs, twinEn    float64 // key-fact rates summed over questions with a twin
	esAnswered        int
	other, otherRight int
}

func (r *spanishReport) String() string {
	return fmt.Sprintf("Spanish: hit@10 %.3f (%d/%d), key-fact rate %.3f (answered %d); with an English twin (%d): Spanish %.3f, English %.3f (gap %+.3f); other languages: %d/%d abstained with the language message",
		float64(r.hits)/float64(max(r.es, 1)), r.hits, r.es, r.esFacts/float64(max(r.es, 1)), r.esAnswered,
		r.twins, r.twinEs/float64(max(r.twins, 1)), r.twinEn/float64(max(r.twins, 1)), (r.twinEs-r.twinEn)/float64(max(r.twins, 1)),
		r.otherRight, r.other)
}

// TestSpanishAnswers measures Spanish questions answered from the English
// sandbox passages: hit@10 (a listed passage among the top 10 that Retrieve
// returns for the Spanish question), the key-fact rate of Ask's answers (as
// TestAnswerKeyFacts computes it), the key-fact rate of the English twins'
// answers, and the share of other-language questions that get the
// unsupported-language abstention. The held-out half's questions and misses
// are never printed. DERMLIVING_SPANISH_ROLE=tune measures the tuning half
// alone; DERMLIVING_SHOW_MISSES=1 lists its misses.
func TestSpanishAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: measures every question of the Spanish sets")
	}
	kv, err := sandbox.OpenVersion("kv_2026_11_01")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	dir := filepath.Join("testdata", "spanish")
	for _, e := range readManifest(t, dir) {
		if only := os.Getenv("DERMLIVING_SPANISH_ROLE"); only != "" && only != e.Role {
			continue
		}
		show := e.Role == "tune" && os.Getenv("DERMLIVING_SHOW_MISSES") != ""
		var rep spanishReport
		for _, q := range readJSONL[spanishQuestion](t, filepath.Join(dir, e.File)) {
			res, err := dermliving.Ask(ctx, q.Question, kv, dermliving.WithRequestID("req"))
			if err != nil {
				t.Fatalf("%s: %v", q.ID, err)
			}
			if q.Lang != "es" {
				rep.other++
				a, ok := res.(*dermliving.Abstained)
				if ok && a.Reason.String() == "insufficient_evidence" && a.Message == dermliving.MessageUnsupportedLanguage {
					rep.otherRight++
				} else if show {
					t.Logf("MISS %s %q -> %s", q.ID, q.Question, res.Status())
				}
				continue
			}
			rep.es++
			hits, err := dermliving.Retrieve(ctx, q.Question, kv)
			if err != nil {
				t.Fatalf("%s: %v", q.ID, err)
			}
			hit := false
			for i, h := range hits {
				if i < 10 && slices.Contains(q.Passages, h.ID) {
					hit = true
				}
			}
			if hit {
				rep.hits++
			}
			kq := keyFactQuestion{ID: q.ID, Question: q.Question, Kind: q.Kind, Expect: "grounded", Facts: q.Facts, Passages: q.Passages}
			s := scoreKeyFacts(kq, res)
			rep.esFacts += s.facts
			if s.answered {
				rep.esAnswered++
			}
			var en keyFactScore
			if q.English != "" {
				enRes, err := dermliving.Ask(ctx, q.English, kv, dermliving.WithRequestID("req"))
				if err != nil {
					t.Fatalf("%s (English): %v", q.ID, err)
				}
				en = scoreKeyFacts(kq, enRes)
				rep.twins++
				rep.twinEs += s.facts
				rep.twinEn += en.facts
			}
			if show && (!hit || s.facts < 1 || q.English != "" && s.facts < en.facts) {
				var ids []string
				for i, h := range hits {
					if i < 5 {
						ids = append(ids, h.ID)
					}
				}
				t.Logf("MISS %s [%s] %q (twin %q: %.2f) hit %v %v facts %.2f %v -> %s%s", q.ID, q.Kind, q.Question, q.English, en.facts, hit, ids, s.facts, q.Facts, s.reason,
					strings.ReplaceAll("\n"+s.text, "\n", "\n      | "))
			}
		}
		t.Logf("%s (%s, round %d): %s", e.File, e.Role, e.Round, &rep)
		// Regression floors, below round 2's figures: dev 0.976 and 0.814;
		// holdout.jsonl, measured once in round 1 (0.897, 0.713) and tuned
		// on in round 2, 0.992 and 0.870; holdout2.jsonl, written blind for
		// round 2 and measured once at its end, 0.938 and 0.755 (English
		// twins 0.744), every other language refused. Round 2 meets the
		// goals on its blind set: hit@10 >= 0.90, key facts within 0.05 of
		// the twins.
		if hit := float64(rep.hits) / float64(max(rep.es, 1)); hit < 0.91 {
			t.Errorf("%s: Spanish hit@10 %.3f fell below its floor 0.91", e.File, hit)
		}
		if facts := rep.esFacts / float64(max(rep.es, 1)); facts < 0.72 {
			t.Errorf("%s: Spanish key-fact rate %.3f fell below its floor 0.72", e.File, facts)
		}
		if rep.otherRight < rep.other-1 {
			t.Errorf("%s: %d of %d other-language questions refused with the language message", e.File, rep.otherRight, rep.other)
		}
	}
}
