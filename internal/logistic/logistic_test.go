package logistic

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// increasing is a one-feature problem whose chance of a positive is the
// feature.
func increasing() []Sample {
	var s []Sample
	for i := range 200 {
		x := float64(i%20) / 20
		s = append(s, Sample{X: []float64{x}, Y: (i*7)%20 < int(x*20), Group: uint64(i)})
	}
	return s
}

func TestFitRecoversDirection(t *testing.T) {
	m, err := Fit(increasing(), 0.1)
	if err != nil {
		t.Fatal(err)
	}
	if m.Weights[0] <= 0 {
		t.Errorf("weight %v, want positive: positives have the larger feature", m.Weights[0])
	}
	if lo, hi := m.Score([]float64{0}), m.Score([]float64{1}); !(lo < 0.5 && hi > 0.5) {
		t.Errorf("scores at 0 and 1 are %v and %v, want below and above 0.5", lo, hi)
	}
}

func TestFitCalibratedOnConstantRate(t *testing.T) {
	// One uninformative feature and 30% positives: the fitted probability is
	// the rate.
	var s []Sample
	for i := range 1000 {
		s = append(s, Sample{X: []float64{0.5}, Y: i%10 < 3})
	}
	m, err := Fit(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Score([]float64{0.5}); math.Abs(got-0.3) > 1e-3 {
		t.Errorf("score %v, want 0.3", got)
	}
}

func TestFitErrors(t *testing.T) {
	if _, err := Fit(nil, 1); err != ErrNoSamples {
		t.Errorf("Fit(nil) error %v, want ErrNoSamples", err)
	}
	if _, err := Fit([]Sample{{X: []float64{1}}, {X: []float64{1, 2}}}, 1); err != ErrNoSamples {
		t.Errorf("Fit(ragged) error %v, want ErrNoSamples", err)
	}
}

func TestOutOfFoldKeepsGroupsApart(t *testing.T) {
	s := increasing()
	oof, err := OutOfFold(s, 5, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	labels := make([]bool, len(s))
	for i := range s {
		labels[i] = s[i].Y
	}
	if auc := AUC(oof, labels); auc < 0.65 {
		t.Errorf("out-of-fold AUC %v, want at least 0.65 when the chance of a positive is the feature", auc)
	}
}

func TestAUC(t *testing.T) {
	tests := []struct {
		scores []float64
		labels []bool
		want   float64
	}{
		{[]float64{0.1, 0.2, 0.8, 0.9}, []bool{false, false, true, true}, 1},
		{[]float64{0.9, 0.8, 0.2, 0.1}, []bool{false, false, true, true}, 0},
		{[]float64{0.5, 0.5, 0.5, 0.5}, []bool{false, true, false, true}, 0.5},
		{[]float64{0.1, 0.4, 0.35, 0.8}, []bool{false, false, true, true}, 0.75},
	}
	for _, tt := range tests {
		if got := AUC(tt.scores, tt.labels); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("AUC(%v, %v) = %v, want %v", tt.scores, tt.labels, got, tt.want)
		}
	}
	if got := AUC([]float64{1}, []bool{true}); !math.IsNaN(got) {
		t.Errorf("AUC with one class = %v, want NaN", got)
	}
}

func TestCounts(t *testing.T) {
	scores := []float64{0.9, 0.7, 0.4, 0.2}
	labels := []bool{true, false, true, false}
	got := At(scores, labels, 0.5, nil)
	if diff := cmp.Diff(Counts{TP: 1, FP: 1, FN: 1, TN: 1}, got); diff != "" {
		t.Errorf("At (-want +got):\n%s", diff)
	}
	if got.Precision() != 0.5 || got.Recall() != 0.5 || got.Balanced() != 0.5 {
		t.Errorf("precision %v recall %v balanced %v, want 0.5 each", got.Precision(), got.Recall(), got.Balanced())
	}
	if p := At(scores, labels, 2, nil).Precision(); p != 1 {
		t.Errorf("precision with nothing called positive = %v, want 1", p)
	}
}

func TestReliability(t *testing.T) {
	got := Reliability([]float64{0.05, 0.15, 0.95, 0.99}, []bool{false, false, true, false}, 2)
	want := []Bin{
		{Low: 0, High: 0.5, N: 2, MeanScore: 0.1, Positive: 0},
		{Low: 0.5, High: 1, N: 2, MeanScore: 0.97, Positive: 0.5},
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
		t.Errorf("Reliability (-want +got):\n%s", diff)
	}
}
