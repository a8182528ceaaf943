package logistic

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var fileNames = []string{"coverage", "exact"}

func TestParse(t *testing.T) {
	weights := "weight coverage 0.5\nweight exact -2\n"
	tests := []struct {
		name, text, err string
	}{
		{"complete", "# comment\n\n" + weights + "bias -1\nbalanced 0.4\n", ""},
		{"missing weight", "weight exact -2\nbias -1\nbalanced 0.4\n", "out of order"},
		{"unknown feature", "weight nosuch 1\n" + weights + "bias -1\nbalanced 0.4\n", "out of order"},
		{"extra weight", weights + "weight more 1\nbias -1\nbalanced 0.4\n", "out of order"},
		{"too few weights", "weight coverage 0.5\nbias -1\nbalanced 0.4\n", "1 weights for 2 features"},
		{"no bias", weights + "balanced 0.4\n", "no bias"},
		{"no cut", weights + "bias 1\n", "no balanced cut-off"},
		{"cut outside", weights + "bias 1\nbalanced 1.5\n", "outside (0,1)"},
		{"cut at zero", weights + "bias 1\nbalanced 0\n", "outside (0,1)"},
		{"bad number", weights + "bias x\nbalanced 0.4\n", "bad number"},
		{"not a number", weights + "bias NaN\nbalanced 0.4\n", "bad number"},
		{"infinite", "weight coverage +Inf\nweight exact 1\nbias 1\nbalanced 0.4\n", "bad number"},
		{"unknown line", weights + "bias 1\nbalanced 0.4\nextra 1\n", "unknown line"},
		{"cut with two values", weights + "bias 1\nbalanced 0.4 0.5\n", "unknown line"},
	}
	for _, tt := range tests {
		m, cuts, err := Parse(tt.text, fileNames, "balanced")
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.err == "":
			if diff := cmp.Diff(Model{Weights: []float64{0.5, -2}, Bias: -1}, m); diff != "" || cuts[0] != 0.4 {
				t.Errorf("%s: cuts %v, model (-want +got):\n%s", tt.name, cuts, diff)
			}
		case err == nil || !strings.Contains(err.Error(), tt.err):
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.err)
		}
	}
}

// TestWriteParse checks a written model reads back as written, to the
// file's precision.
func TestWriteParse(t *testing.T) {
	m := Model{Weights: []float64{0.1234567, -3}, Bias: 0.5}
	var b strings.Builder
	b.WriteString("# a model\n")
	if err := Write(&b, m, fileNames, Cut{"balanced", 0.456}, Cut{"strict", 0.9}); err != nil {
		t.Fatal(err)
	}
	got, cuts, err := Parse(b.String(), fileNames, "strict", "balanced")
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	want := Model{Weights: []float64{0.123457, -3}, Bias: 0.5}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("model (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]float64{0.9, 0.46}, cuts); diff != "" {
		t.Errorf("cuts (-want +got):\n%s", diff)
	}
	if err := Write(&b, m, fileNames[:1]); err == nil {
		t.Error("Write with fewer names than weights: nil error")
	}
}

func TestDifferences(t *testing.T) {
	file := func(bias, cut string) string {
		return "weight coverage 0.5\nweight exact -2\nbias " + bias + "\nbalanced " + cut + "\n"
	}
	got, err := Differences(file("1", "0.4"), file("1.00001", "0.5"), 1e-4, fileNames, "balanced")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"balanced = 0.5, want 0.4"}, got); diff != "" {
		t.Errorf("differences (-want +got):\n%s", diff)
	}
	if _, err := Differences(file("1", "0.4"), "bias 1\n", 1e-4, fileNames, "balanced"); err == nil {
		t.Error("a malformed file: nil error")
	}
}
