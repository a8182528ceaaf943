package decision

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

var urgentCV = flag.Bool("urgentmodel.cv", false, "log the urgent model's cross-split figures (TestUrgentModelCV)")

// urgentQuestions reads the urgent splits as urgent_gen.go does.
func urgentQuestions(t testing.TB) []urgentQuestion {
	t.Helper()
	qs, _, err := readUrgentQuestions(screensDir)
	if err != nil {
		t.Fatal(err)
	}
	return qs
}

// TestUrgentModelGenerated checks that urgent_model_consts.go and
// urgent_model.txt are what urgent_gen.go makes from the urgent splits, by
// the same code (GenerateUrgentModel's), with a tolerance for the last bits
// of floating-point results.
func TestUrgentModelGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: retraining the urgent model to compare it runs in the full test command (go test ./...)")
	}
	m := trainUrgentModel(urgentQuestions(t))
	const fix = "urgent_model_consts.go and urgent_model.txt are not what the trainer makes from the urgent splits: run go generate ./abstain/..."
	tabs := urgentTables()
	if !slices.Equal(m.features, tabs.features) {
		t.Fatalf("%s (features differ)", fix)
	}
	const tol = 1e-3
	if math.Abs(m.threshold-urgentModelThreshold) > tol || math.Abs(m.veto-urgentModelVeto) > tol || math.Abs(m.bias-urgentModelBias) > tol {
		t.Fatalf("%s (threshold %.4g, veto %.4g, bias %.4g)", fix, m.threshold, m.veto, m.bias)
	}
	for i, w := range m.weights {
		if math.Abs(w-float64(tabs.weights[i])) > tol {
			t.Fatalf("%s (weight of %q is %.4g, generated %.4g)", fix, m.features[i], w, tabs.weights[i])
		}
	}
}

// TestUrgentModelData checks that the embedded urgent_model.txt matches
// its recorded checksum and reads back.
func TestUrgentModelData(t *testing.T) {
	sum := sha256.Sum256(urgentModelData)
	if got := hex.EncodeToString(sum[:]); got != urgentModelSHA256 {
		t.Fatalf("urgent_model.txt sha256 %s, generated as %s", got, urgentModelSHA256)
	}
	if _, err := parseDecisionModel(urgentModelData); err != nil {
		t.Fatal(err)
	}
	if urgentModelThreshold < 0.5 || urgentModelThreshold > 1 || urgentModelVeto < 0 || urgentModelVeto >= urgentModelThreshold {
		t.Errorf("threshold %v, veto %v", urgentModelThreshold, urgentModelVeto)
	}
}

// urgentFigures counts one split's urgent figures for one way of deciding.
type urgentFigures struct{ urgent, urgentHit, look, lookHit, other, otherHit int }

func (f urgentFigures) String() string {
	return fmt.Sprintf("recall %d/%d (%.3f), look-alikes flagged %d/%d, others flagged %d/%d",
		f.urgentHit, f.urgent, float64(f.urgentHit)/float64(max(f.urgent, 1)), f.lookHit, f.look, f.otherHit, f.other)
}

func (f *urgentFigures) add(q *urgentQuestion, flagged bool) {
	flagged = flagged && q.refused
	switch {
	case q.Urgent:
		f.urgent++
		if flagged {
			f.urgentHit++
		}
	case q.lookalike():
		f.look++
		if flagged {
			f.lookHit++
		}
	default:
		f.other++
		if flagged {
			f.otherHit++
		}
	}
}

// TestUrgentModelCV logs, per urgent split left out of the model's
// training, the urgent figures of the rules alone, the model alone and the
// rules with the model at the threshold and veto picked from the
// cross-split scores (as trainUrgentModel picks them).
//
//	go test ./abstain/internal/decision/ -run TestUrgentModelCV -v -urgentmodel.cv
func TestUrgentModelCV(t *testing.T) {
	if !*urgentCV {
		t.Skip("run with -urgentmodel.cv")
	}
	qs := urgentQuestions(t)
	for _, cfg := range []struct {
		name string
		c    urgentTrainConfig
	}{
		{"settings", urgentSettings},
		{"l2 3e-3", urgentTrainConfig{minCount: 3, l2: 3e-3, epochs: 300, rate: 0.05}},
		{"l2 1e-2", urgentTrainConfig{minCount: 3, l2: 1e-2, epochs: 300, rate: 0.05}},
		{"no letter n-grams", urgentTrainConfig{minCount: 3, l2: 3e-4, epochs: 300, rate: 0.05, keep: func(f string) bool { return !strings.HasPrefix(f, "c ") }}},
		{"no cues", urgentTrainConfig{minCount: 3, l2: 3e-4, epochs: 300, rate: 0.05, keep: func(f string) bool { return !strings.HasPrefix(f, "sign ") && !strings.HasPrefix(f, "hidden ") }}},
		{"words only", urgentTrainConfig{minCount: 3, l2: 1e-3, epochs: 300, rate: 0.05, keep: func(f string) bool { return strings.HasPrefix(f, "w ") || strings.HasPrefix(f, "b ") }}},
	} {
		scores := crossSplitScores(qs, cfg.c.train)
		th, veto := pickUrgentThreshold(qs, scores), pickUrgentVeto(qs, scores)
		t.Logf("%s: threshold %.4f, veto %.4f", cfg.name, th, veto)
		var neg []int
		for i := range qs {
			if q := &qs[i]; q.refused && !q.Urgent && q.sign == "" {
				neg = append(neg, i)
			}
		}
		slices.SortFunc(neg, func(a, b int) int { return cmp.Compare(scores[b], scores[a]) })
		for _, i := range neg[:min(len(neg), 6)] {
			t.Logf("    highest look-alike scores: %s %s %.4f", qs[i].split, qs[i].ID, scores[i])
		}
		var splits []string
		for i := range qs {
			if !slices.Contains(splits, qs[i].split) {
				splits = append(splits, qs[i].split)
			}
		}
		var totR, totM, totRM urgentFigures
		for _, s := range splits {
			var r, m, rm urgentFigures
			for i := range qs {
				q := &qs[i]
				if q.split != s {
					continue
				}
				r.add(q, q.sign != "")
				m.add(q, scores[i] >= th)
				rm.add(q, urgentCombine(q.sign, scores[i], th, veto) != "")
				if *urgentCV && testing.Verbose() && q.refused && (q.Urgent != (urgentCombine(q.sign, scores[i], th, veto) != "")) {
					t.Logf("    %s %s urgent=%v sign=%q score=%.3f", s, q.ID, q.Urgent, q.sign, scores[i])
				}
			}
			t.Logf("  %-13s rules alone: %s", s, r)
			t.Logf("  %-13s model alone: %s", s, m)
			t.Logf("  %-13s rules+model: %s", s, rm)
			for _, p := range [][2]*urgentFigures{{&totR, &r}, {&totM, &m}, {&totRM, &rm}} {
				p[0].urgent += p[1].urgent
				p[0].urgentHit += p[1].urgentHit
				p[0].look += p[1].look
				p[0].lookHit += p[1].lookHit
				p[0].other += p[1].other
				p[0].otherHit += p[1].otherHit
			}
		}
		t.Logf("  all splits    rules alone: %s", totR)
		t.Logf("  all splits    model alone: %s", totM)
		t.Logf("  all splits    rules+model: %s", totRM)
	}
}

// BenchmarkUrgentModel measures UrgentNow, the rules and the urgent model
// together, on a refused question with a sign and one without.
func BenchmarkUrgentModel(b *testing.B) {
	for _, c := range []struct{ name, q string }{
		{"sign", "My son's lips are swelling and he is wheezing after a bee sting, should I give him an antihistamine?"},
		{"nosign", "My mole has started bleeding when I scratch it, should I see a dermatologist next week?"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				UrgentNow(c.q)
			}
		})
	}
}
