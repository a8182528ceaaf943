package claims

import (
	"bufio"
	_ "embed"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
)

// OperatingPoint is where a Lexical verifier draws the line between a
// supported claim and one that is not.
type OperatingPoint int

const (
	// Strict supports a claim only when the structural verdict does: a span
	// of one or two sentences covers the claim's content and no structural
	// check (polarity, numbers, another condition, another member of the
	// same kind, a stronger claim) objects. Precision first; the default.
	Strict OperatingPoint = iota
	// Balanced supports a claim whose support score reaches the threshold
	// that cross-validation chose for balanced accuracy, unless the passage
	// contradicts it (opposite polarity or other numbers). It accepts
	// paraphrase Strict refuses, at some cost in precision.
	Balanced
)

// String names the operating point.
func (p OperatingPoint) String() string {
	switch p {
	case Strict:
		return "strict"
	case Balanced:
		return "balanced"
	}
	return "OperatingPoint(" + strconv.Itoa(int(p)) + ")"
}

// ParseOperatingPoint reads an operating point's name.
func ParseOperatingPoint(name string) (OperatingPoint, error) {
	switch strings.ToLower(name) {
	case "strict":
		return Strict, nil
	case "balanced":
		return Balanced, nil
	}
	return 0, fmt.Errorf("claims: unknown operating point %q (want strict or balanced)", name)
}

// SupportScore is the learned probability that a claim with the given
// features (see Lexical.Features) is supported: a logistic regression trained
// by gen.go on SciFact and DermLiving's labelled dermatology pairs and
// embedded as verifier_model.txt. The README's reliability table shows how
// well it is calibrated.
func SupportScore(x []float64) float64 {
	var f features
	copy(f[:], x)
	return supportModel().score(f)
}

// BalancedThreshold is the support score at or above which the Balanced
// operating point supports a claim the passage does not contradict.
func BalancedThreshold() float64 { return supportModel().balanced }

// decide applies the verifier's operating point to the structural judgment
// j, whose Score is the support score.
func (v *Lexical) decide(j Judgment) Judgment {
	t := v.Threshold
	if t == 0 {
		if v.Point == Strict {
			return j
		}
		t = supportModel().balanced
	}
	if j.Verdict == Contradicted {
		return j
	}
	if j.Score >= t && len(j.Support) > 0 {
		j.Verdict, j.Reason = Supported, ""
		return j
	}
	j.Verdict = Unsupported
	if j.Reason == "" {
		j.Reason = fmt.Sprintf("the support score %.2f is below the threshold %.2f", j.Score, t)
	}
	return j
}

// model is the support score's logistic regression.
type model struct {
	weights  features
	bias     float64
	balanced float64
}

func (m *model) score(f features) float64 {
	z := m.bias
	for i, w := range m.weights {
		z += w * f[i]
	}
	return 1 / (1 + math.Exp(-z))
}

//go:generate go run gen.go

// modelText is the support model as gen.go wrote it.
//
//go:embed verifier_model.txt
var modelText string

// supportModel is the embedded model, parsed once. The file is checked by
// the package's tests, so a malformed one never ships.
var supportModel = sync.OnceValue(func() *model {
	m, err := parseModel(modelText)
	if err != nil {
		panic("claims: verifier_model.txt: " + err.Error())
	}
	return m
})

// parseModel reads the model file: comment lines starting with #, then
// "weight NAME VALUE" for every feature in order, "bias VALUE" and
// "balanced VALUE".
func parseModel(text string) (*model, error) {
	m := &model{balanced: -1}
	next := 0
	haveBias := false
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		value := func(s string) (float64, error) {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return 0, fmt.Errorf("line %d: bad number %q", n, s)
			}
			return x, nil
		}
		switch {
		case f[0] == "weight" && len(f) == 3:
			if next == numFeatures || f[1] != featureNames[next] {
				return nil, fmt.Errorf("line %d: weight %q out of order (features are %s)", n, f[1], strings.Join(featureNames[:], ", "))
			}
			x, err := value(f[2])
			if err != nil {
				return nil, err
			}
			m.weights[next] = x
			next++
		case f[0] == "bias" && len(f) == 2:
			x, err := value(f[1])
			if err != nil {
				return nil, err
			}
			m.bias, haveBias = x, true
		case f[0] == "balanced" && len(f) == 2:
			x, err := value(f[1])
			if err != nil {
				return nil, err
			}
			if x <= 0 || x >= 1 {
				return nil, fmt.Errorf("line %d: threshold %v outside (0,1)", n, x)
			}
			m.balanced = x
		default:
			return nil, fmt.Errorf("line %d: unknown line %q", n, line)
		}
	}
	switch {
	case next != numFeatures:
		return nil, fmt.Errorf("%d weights for %d features", next, numFeatures)
	case !haveBias:
		return nil, fmt.Errorf("no bias")
	case m.balanced < 0:
		return nil, fmt.Errorf("no balanced threshold")
	}
	return m, nil
}
