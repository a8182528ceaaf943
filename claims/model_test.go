package claims_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/claims/internal/verifiermodel"
	"github.com/dermliving/dermliving/internal/logistic"
)

// TestVerifierModelGenerated checks that the embedded model is what the
// generator trains from today's data and features: the same weights, bias
// and Balanced threshold.
func TestVerifierModelGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the support model's training")
	}
	scifact := filepath.Join("..", "..", "shared", "data", "scifact")
	if _, err := os.Stat(filepath.Join(scifact, "verify_train.jsonl")); err != nil {
		t.Skipf("SciFact absent (%v): skipping", err)
	}
	ex, err := verifiermodel.Examples(context.Background(), scifact, filepath.Join("..", "testdata", "verifier"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := verifiermodel.Train(ex)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("verifier_model.txt")
	if err != nil {
		t.Fatal(err)
	}
	diffs, err := logistic.Differences(string(r.Text), string(have), 1e-4, claims.FeatureNames(), "balanced")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diffs {
		t.Errorf("verifier_model.txt %s in the generator's model: run go generate ./claims/", d)
	}
	t.Logf("%s", strings.SplitN(string(r.Text), "\n\n", 2)[0])
}

// TestOperatingPoints checks the operating points on a paraphrase Strict
// refuses, a verbatim sentence and a contradiction.
func TestOperatingPoints(t *testing.T) {
	ctx := context.Background()
	ps := passages(t, "ev_tinea_pedis_overview_1")
	text := ps[0].Text
	verbatim := claims.Split(text)[0].Text
	contradiction := "Tinea pedis is not a fungal infection."
	score := func(v *claims.Lexical, claim string) claims.Judgment {
		t.Helper()
		j, err := v.Verify(ctx, claim, ps)
		if err != nil {
			t.Fatal(err)
		}
		if j.Score < 0 || j.Score > 1 {
			t.Errorf("Verify(%q).Score = %v, want in [0,1]", claim, j.Score)
		}
		return j
	}
	strict := *verifier(t)
	if j := score(&strict, verbatim); j.Verdict != claims.Supported || j.Score < 0.5 {
		t.Errorf("Strict on a verbatim sentence: %v (score %.3f), want supported above 0.5", j.Verdict, j.Score)
	}
	unrelated := score(&strict, "Sunscreen should be reapplied every two hours outdoors.")
	if unrelated.Verdict == claims.Supported || unrelated.Score >= score(&strict, verbatim).Score {
		t.Errorf("an unrelated claim: %v, score %.3f, want unsupported and below the verbatim sentence's", unrelated.Verdict, unrelated.Score)
	}
	// An explicit threshold: everything the passage does not contradict is
	// supported at a very low one, nothing at a very high one.
	low, high := strict, strict
	low.Threshold, high.Threshold = 0.001, 0.999
	if j := score(&low, contradiction); j.Verdict != claims.Contradicted {
		t.Errorf("a contradiction at threshold 0.001: %v, want contradicted (a veto)", j.Verdict)
	}
	if j := score(&low, "Athlete's foot is a skin infection of the feet caused by fungi."); j.Verdict != claims.Supported {
		t.Errorf("threshold 0.001: %v, want supported", j.Verdict)
	}
	if j := score(&high, verbatim); j.Verdict != claims.Unsupported || !strings.Contains(j.Reason, "below the threshold") {
		t.Errorf("threshold 0.999 on a verbatim sentence: %v (%q), want unsupported below the threshold", j.Verdict, j.Reason)
	}
	balanced := strict
	balanced.Point = claims.Balanced
	if j := score(&balanced, verbatim); j.Verdict != claims.Supported {
		t.Errorf("Balanced on a verbatim sentence: %v, want supported", j.Verdict)
	}
	if th := claims.BalancedThreshold(); th <= 0 || th >= 1 {
		t.Errorf("BalancedThreshold() = %v, want in (0,1)", th)
	}
}

func TestParseOperatingPoint(t *testing.T) {
	for _, p := range []claims.OperatingPoint{claims.Strict, claims.Balanced} {
		got, err := claims.ParseOperatingPoint(strings.ToUpper(p.String()))
		if err != nil || got != p {
			t.Errorf("ParseOperatingPoint(%q) = %v, %v", p.String(), got, err)
		}
	}
	if _, err := claims.ParseOperatingPoint("lenient"); err == nil {
		t.Error("ParseOperatingPoint(lenient) succeeded")
	}
}

// TestFeatures checks the features' names and ranges.
func TestFeatures(t *testing.T) {
	names := claims.FeatureNames()
	ps := passages(t, "ev_tinea_pedis_overview_1")
	f, err := verifier(t).Features(context.Background(), claims.Split(ps[0].Text)[0].Text, ps)
	if err != nil {
		t.Fatal(err)
	}
	if len(f) != len(names) {
		t.Fatalf("%d features for %d names", len(f), len(names))
	}
	for i, x := range f {
		if x < 0 || x > 1 {
			t.Errorf("feature %s = %v, want in [0,1]", names[i], x)
		}
	}
	if s := claims.SupportScore(f); s < 0.5 {
		t.Errorf("SupportScore of a verbatim sentence = %v, want above 0.5", s)
	}
	if f, err := verifier(t).Features(context.Background(), "the and of", ps); err != nil || f != nil {
		t.Errorf("Features of a claim without content = %v, %v; want nil, nil", f, err)
	}
}

// TestScoreIndependentOfPoint checks that a claim's support score does not
// depend on the operating point: the score reads Strict's structural
// verdict, which a Balanced verifier must reach the same way (round 19: a
// stitched claim's parts were judged at the caller's point, so under
// Balanced the score decided them and then read its own decision).
func TestScoreIndependentOfPoint(t *testing.T) {
	pairs := readPairs(t, filepath.Join("..", "testdata", "verifier", "dev.jsonl"))
	strict := *verifier(t)
	balanced := strict
	balanced.Point = claims.Balanced
	for _, p := range pairs {
		js, err := strict.Verify(context.Background(), p.Claim, p.Passages)
		if err != nil {
			t.Fatal(err)
		}
		jb, err := balanced.Verify(context.Background(), p.Claim, p.Passages)
		if err != nil {
			t.Fatal(err)
		}
		if js.Score != jb.Score {
			t.Errorf("%s: score %.3f at Strict, %.3f at Balanced", p.ID, js.Score, jb.Score)
		}
	}
}
