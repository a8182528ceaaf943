package answer_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/answer"
	"github.com/dermliving/dermliving/internal/confmodel"
	"github.com/dermliving/dermliving/internal/logistic"
)

// TestConfidenceModelGenerated checks that the embedded confidence model is
// what the generator trains from today's answers and features: the same
// weights, bias and Balanced cut-off.
func TestConfidenceModelGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the confidence model's training")
	}
	ex, err := confmodel.Examples(context.Background(), filepath.Join("..", "testdata", "answers"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := confmodel.Train(ex)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("confidence_model.txt")
	if err != nil {
		t.Fatal(err)
	}
	diffs, err := logistic.Differences(string(r.Text), string(have), 1e-4, answer.ConfidenceFeatureNames(), "balanced")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diffs {
		t.Errorf("confidence_model.txt %s in the generator's model: run go generate ./answer/", d)
	}
	t.Logf("%s", strings.SplitN(string(r.Text), "\n\n", 2)[0])
}

// TestConfidenceOf checks the embedded model's scores are probabilities
// and its cut-off one too.
func TestConfidenceOf(t *testing.T) {
	n := len(answer.ConfidenceFeatureNames())
	zero, one := make([]float64, n), make([]float64, n)
	for i := range one {
		one[i] = 1
	}
	for _, x := range [][]float64{zero, one} {
		if c := answer.ConfidenceOf(x); !(c > 0 && c < 1) {
			t.Errorf("ConfidenceOf(%v) = %v, want in (0,1)", x, c)
		}
	}
	if c := answer.BalancedConfidence(); !(c > 0 && c < 1) {
		t.Errorf("BalancedConfidence() = %v, want in (0,1)", c)
	}
}
