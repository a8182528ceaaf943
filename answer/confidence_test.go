package answer_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/answer"
	"github.com/dermliving/dermliving/internal/confmodel"
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
	want, got := modelNumbers(t, string(r.Text)), modelNumbers(t, string(have))
	if len(want) != len(got) {
		t.Fatalf("confidence_model.txt has %d values, the generator writes %d: run go generate ./answer/", len(got), len(want))
	}
	for k, w := range want {
		if math.Abs(got[k]-w) > 1e-4 {
			t.Errorf("confidence_model.txt %s = %v, the generator writes %v: run go generate ./answer/", k, got[k], w)
		}
	}
	t.Logf("%s", strings.SplitN(string(r.Text), "\n\n", 2)[0])
}

// modelNumbers reads a model file's values by name.
func modelNumbers(t *testing.T, text string) map[string]float64 {
	t.Helper()
	out := map[string]float64{}
	for line := range strings.Lines(text) {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		v, err := strconv.ParseFloat(f[len(f)-1], 64)
		if err != nil {
			t.Fatalf("model line %q: %v", line, err)
		}
		out[strings.Join(f[:len(f)-1], " ")] = v
	}
	return out
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
