package decision

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dermliving/dermliving/abstain/internal/identifiers"
	"github.com/dermliving/dermliving/internal/fold"
	"github.com/dermliving/dermliving/internal/racedetect"
)

// screensDir holds the labelled screen sets.
var screensDir = filepath.Join("..", "..", "..", "testdata", "screens")

// hasPatientData reports whether the patient-data screen takes text, as
// gen.go tells the trainer.
func hasPatientData(text string) bool { return len(identifiers.Find(text)) > 0 }

// trainQuestions reads the training questions as gen.go does.
func trainQuestions(t testing.TB) []trainQuestion {
	t.Helper()
	qs, _, err := readTrainQuestions(screensDir, hasPatientData)
	if err != nil {
		t.Fatal(err)
	}
	return qs
}

// TestDecisionModelGenerated checks that decision_model.go and
// decision_model.txt are what gen.go makes from the training splits, by
// the same code (GenerateModel's). Weights, threshold, veto and bias are
// compared with a tolerance, as floating-point results may differ in the
// last bits between architectures.
func TestDecisionModelGenerated(t *testing.T) {
	racedetect.SkipEvaluation(t)
	m := trainDecisionModel(trainQuestions(t))
	const fix = "decision_model.go and decision_model.txt are not what the trainer makes from the training splits: run go generate ./abstain/..."
	tabs := decisionTables()
	if !slices.Equal(m.features, tabs.features) {
		t.Fatalf("%s (features differ)", fix)
	}
	const tol = 1e-3
	if math.Abs(m.threshold-decisionModelThreshold) > tol || math.Abs(m.veto-decisionModelVeto) > tol || math.Abs(m.bias-decisionModelBias) > tol {
		t.Fatalf("%s (threshold %.4g, veto %.4g, bias %.4g)", fix, m.threshold, m.veto, m.bias)
	}
	for i, w := range m.weights {
		if math.Abs(w-float64(tabs.weights[i])) > tol {
			t.Fatalf("%s (weight of %q is %.4g, generated %.4g)", fix, m.features[i], w, tabs.weights[i])
		}
	}
}

// TestDecisionModelData checks the model file's reader: the embedded file
// matches its recorded checksum and reads back, and damaged files are
// refused with the line at fault.
func TestDecisionModelData(t *testing.T) {
	sum := sha256.Sum256(decisionModelData)
	if got := hex.EncodeToString(sum[:]); got != decisionModelSHA256 {
		t.Fatalf("decision_model.txt sha256 %s, generated as %s", got, decisionModelSHA256)
	}
	if _, err := parseDecisionModel(decisionModelData); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		"",
		"# only a comment\n",
		"0.5 \"no tab\"\n",
		"x\t\"a\"\n",
		"0.5\tunquoted\n",
		"0.5\t\"b\"\n0.5\t\"a\"\n", // out of order
	} {
		if _, err := parseDecisionModel([]byte(bad)); err == nil {
			t.Errorf("parseDecisionModel(%q) accepted a damaged file", bad)
		}
	}
}

// BenchmarkDecisionModel measures the model's share of the screen: its
// score of a folded question, on BenchmarkScreens' questions.
func BenchmarkDecisionModel(b *testing.B) {
	for _, q := range []struct{ name, text string }{
		{"ascii", "What things commonly make atopic dermatitis flare up in adults, and should I avoid wool?"},
		{"accented", "Qu’est-ce qui aggrave l’eczéma atopique chez l’adulte ?"},
		{"vignette", "How is a 70-year-old patient with a 4 mm melanoma on the back usually managed, and what is the role of sentinel node biopsy?"},
	} {
		folded := fold.String(q.text)
		b.Run(q.name, func(b *testing.B) {
			for b.Loop() {
				_ = decisionModelScore(folded)
			}
		})
	}
}

// TestDecisionModelScore checks that the screen's scoring (hash-table
// lookups over decision_model.go) gives the trainer's scores for the
// generated model on every training question, and that each feature's
// slot finds it.
func TestDecisionModelScore(t *testing.T) {
	racedetect.SkipEvaluation(t)
	tabs := decisionTables()
	m := &decisionModel{bias: decisionModelBias, features: tabs.features}
	for _, w := range tabs.weights {
		m.weights = append(m.weights, float64(w))
	}
	for i, f := range tabs.features {
		if got, ok := tabs.index([]byte(f)); !ok || int(got) != i {
			t.Fatalf("index(%q) = %d, %v; want %d, true", f, got, ok, i)
		}
	}
	if _, ok := decisionTables().index([]byte("no such feature")); ok {
		t.Error("index found a feature that is not in the model")
	}
	for _, tq := range trainQuestions(t) {
		if got, want := decisionModelScore(tq.folded), m.score(&tq); math.Abs(got-want) > 1e-9 {
			t.Fatalf("%s: decisionModelScore = %.6f, the trainer scores %.6f", tq.ID, got, want)
		}
	}
}

func TestQuestionFeatures(t *testing.T) {
	tests := []struct {
		question string
		want     []string // among the features
		reason   string
	}{
		{"45M, rash on my arm. Next step?", []string{"^", "0m", "^ 0m", "#age", "#owner", "my arm", "step ?"}, "an age glued to a sex, an owner, a closing question mark"},
		{"A 45-year-old with a mole", []string{"a 0", "0 year", "#age"}, "digits fold to 0; a number then 'year' is an age"},
		{"¿Es esto grave? Adjunto foto", []string{"^ es", "es esto", "#deictic", "#image", "adjunto foto"}, "Spanish: the opening question mark separates words"},
		{"What is it that I've got?", []string{"i've", "i've got", "#deictic"}, "apostrophes inside words stay"},
	}
	for _, tc := range tests {
		got := questionFeatures(fold.String(tc.question))
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("questionFeatures(%q) lacks %q (%s); got %q", tc.question, w, tc.reason, got)
			}
		}
	}
}
