package claims

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/dermliving/dermliving/internal/logistic"
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
	return supportModel().Score(f[:])
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

// model is the support score's logistic regression and its Balanced
// threshold.
type model struct {
	logistic.Model
	balanced float64
}

//go:generate go run gen.go

// modelText is the support model as gen.go wrote it.
//
//go:embed verifier_model.txt
var modelText string

// supportModel is the embedded model, parsed once. The file is checked by
// the package's tests, so a malformed one never ships.
var supportModel = sync.OnceValue(func() *model {
	m, cuts, err := logistic.Parse(modelText, featureNames[:], "balanced")
	if err != nil {
		panic("claims: verifier_model.txt: " + err.Error())
	}
	return &model{Model: m, balanced: cuts[0]}
})
