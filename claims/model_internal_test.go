package claims

import "testing"

// TestEmbeddedModelParses checks the embedded verifier_model.txt is a
// well-formed model file for today's features (the format's own checks are
// internal/logistic's tests).
func TestEmbeddedModelParses(t *testing.T) {
	m := supportModel()
	if len(m.Weights) != numFeatures || !(m.balanced > 0 && m.balanced < 1) {
		t.Errorf("verifier_model.txt: %d weights for %d features, balanced %v", len(m.Weights), numFeatures, m.balanced)
	}
}
