package claims

import (
	"strings"
	"testing"
)

func TestParseModel(t *testing.T) {
	var good strings.Builder
	for _, n := range featureNames {
		good.WriteString("weight " + n + " 0.5\n")
	}
	weights := good.String()
	tests := []struct {
		name, text, err string
	}{
		{"complete", "# comment\n" + weights + "bias -1\nbalanced 0.4\n", ""},
		{"missing weight", strings.Join(strings.SplitN(weights, "\n", 2)[1:], "") + "bias -1\nbalanced 0.4\n", "out of order"},
		{"no bias", weights + "balanced 0.4\n", "no bias"},
		{"no threshold", weights + "bias 1\n", "no balanced threshold"},
		{"threshold outside", weights + "bias 1\nbalanced 1.5\n", "outside (0,1)"},
		{"bad number", weights + "bias x\nbalanced 0.4\n", "bad number"},
		{"not a number", weights + "bias NaN\nbalanced 0.4\n", "bad number"},
		{"unknown line", weights + "bias 1\nbalanced 0.4\nextra 1\n", "unknown line"},
	}
	for _, tt := range tests {
		m, err := parseModel(tt.text)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.err == "" && (m.weights[0] != 0.5 || m.bias != -1 || m.balanced != 0.4):
			t.Errorf("%s: parsed %+v", tt.name, m)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.err)
		}
	}
	if _, err := parseModel(modelText); err != nil {
		t.Errorf("the embedded verifier_model.txt: %v", err)
	}
}
