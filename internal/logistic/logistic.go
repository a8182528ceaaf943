// Package logistic fits small dense logistic regressions in pure Go, scores
// them out of fold under grouped cross-validation, and measures what the
// scores are worth: ROC AUC, precision and recall at a threshold, and a
// reliability table. It is what DermLiving's generators train learned parts
// with. A model is stored as a small text file (Write and Parse) that the
// packages using it embed; only Parse and Model.Score run when a question is
// answered.
package logistic

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Sample is one training example: its features, its label (true for the
// positive class), its group (samples of one group stay in one fold) and its
// weight (zero means one).
type Sample struct {
	X      []float64
	Y      bool
	Group  uint64
	Weight float64
}

// Model is a fitted logistic regression: P(positive) = 1 / (1 + exp(-(Bias +
// sum Weights[i] * x[i]))).
type Model struct {
	Weights []float64
	Bias    float64
}

// Score is the model's probability that x is positive.
func (m Model) Score(x []float64) float64 {
	z := m.Bias
	for i, w := range m.Weights {
		z += w * x[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// ErrNoSamples is returned by Fit for an empty training set or one whose
// samples disagree on their number of features.
var ErrNoSamples = errors.New("logistic: no samples, or samples of different lengths")

// Fit fits a logistic regression to samples by Newton's method with an L2
// penalty lambda on the weights (not the bias). It is deterministic.
func Fit(samples []Sample, lambda float64) (Model, error) {
	if len(samples) == 0 {
		return Model{}, ErrNoSamples
	}
	d := len(samples[0].X)
	for _, s := range samples {
		if len(s.X) != d {
			return Model{}, ErrNoSamples
		}
	}
	n := d + 1 // the bias last
	w := make([]float64, n)
	m := Model{Weights: w[:d]}
	for range maxIterations {
		m.Bias = w[d]
		g := make([]float64, n)
		h := make([][]float64, n)
		for i := range h {
			h[i] = make([]float64, n)
		}
		for _, s := range samples {
			sw := s.Weight
			if sw == 0 {
				sw = 1
			}
			p := m.Score(s.X)
			y := 0.0
			if s.Y {
				y = 1
			}
			for a := range n {
				xa := 1.0
				if a < d {
					xa = s.X[a]
				}
				g[a] += sw * (p - y) * xa
				for b := a; b < n; b++ {
					xb := 1.0
					if b < d {
						xb = s.X[b]
					}
					h[a][b] += sw * p * (1 - p) * xa * xb
				}
			}
		}
		for a := range n {
			for b := range a {
				h[a][b] = h[b][a]
			}
		}
		for a := range d {
			g[a] += lambda * w[a]
			h[a][a] += lambda
		}
		h[d][d] += 1e-9
		step, err := solve(h, g)
		if err != nil {
			return Model{}, err
		}
		largest := 0.0
		for a := range n {
			w[a] -= step[a]
			largest = max(largest, math.Abs(step[a]))
		}
		if largest < 1e-10 {
			break
		}
	}
	m.Bias = w[d]
	return m, nil
}

// maxIterations bounds Newton's method; it converges in far fewer.
const maxIterations = 50

// solve solves a x = b by Gaussian elimination with partial pivoting.
func solve(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	m := make([][]float64, n)
	for i := range m {
		m[i] = append(slices.Clone(a[i]), b[i])
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if m[p][c] == 0 {
			return nil, fmt.Errorf("logistic: singular system at column %d", c)
		}
		m[c], m[p] = m[p], m[c]
		for r := range n {
			if r == c {
				continue
			}
			f := m[r][c] / m[c][c]
			for k := c; k <= n; k++ {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	x := make([]float64, n)
	for i := range n {
		x[i] = m[i][n] / m[i][i]
	}
	return x, nil
}

// Fold is the fold of a group under k-fold cross-validation.
func Fold(group uint64, k int) int { return int(group % uint64(k)) }

// OutOfFold fits a model on all folds but one, k times, and returns each
// sample's score from the model that did not see its fold.
func OutOfFold(samples []Sample, k int, lambda float64) ([]float64, error) {
	out := make([]float64, len(samples))
	for fold := range k {
		var train []Sample
		for _, s := range samples {
			if Fold(s.Group, k) != fold {
				train = append(train, s)
			}
		}
		m, err := Fit(train, lambda)
		if err != nil {
			return nil, err
		}
		for i, s := range samples {
			if Fold(s.Group, k) == fold {
				out[i] = m.Score(s.X)
			}
		}
	}
	return out, nil
}

// AUC is the area under the ROC curve of scores for labels: the chance that
// a positive scores above a negative, ties counting half.
func AUC(scores []float64, labels []bool) float64 {
	idx := make([]int, len(scores))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(scores[a], scores[b]) })
	var pos, neg, rank float64
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && scores[idx[j]] == scores[idx[i]] {
			j++
		}
		mid := float64(i+j+1) / 2 // the average 1-based rank of the tie
		for _, k := range idx[i:j] {
			if labels[k] {
				pos++
				rank += mid
			} else {
				neg++
			}
		}
		i = j
	}
	if pos == 0 || neg == 0 {
		return math.NaN()
	}
	return (rank - pos*(pos+1)/2) / (pos * neg)
}

// Counts are the outcomes of calling scores at or above a threshold
// positive.
type Counts struct{ TP, FP, FN, TN int }

// At counts the outcomes at threshold t, for the samples keep admits (all
// when keep is nil).
func At(scores []float64, labels []bool, t float64, keep func(i int) bool) Counts {
	var c Counts
	for i, s := range scores {
		if keep == nil || keep(i) {
			c.Add(s >= t, labels[i])
		}
	}
	return c
}

// Add counts one outcome: predicted positive or not, actually positive or
// not.
func (c *Counts) Add(predicted, actual bool) {
	switch {
	case predicted && actual:
		c.TP++
	case predicted:
		c.FP++
	case actual:
		c.FN++
	default:
		c.TN++
	}
}

// Precision is TP / (TP + FP), 1 when nothing is called positive.
func (c Counts) Precision() float64 { return ratio(c.TP, c.TP+c.FP, 1) }

// Recall is TP / (TP + FN).
func (c Counts) Recall() float64 { return ratio(c.TP, c.TP+c.FN, 0) }

// Balanced is the mean of recall and specificity.
func (c Counts) Balanced() float64 { return (c.Recall() + ratio(c.TN, c.TN+c.FP, 0)) / 2 }

func ratio(a, b int, empty float64) float64 {
	if b == 0 {
		return empty
	}
	return float64(a) / float64(b)
}

// Bin is one row of a reliability table: the samples scoring in [Low, High),
// their mean score and the share of them that are positive.
type Bin struct {
	Low, High float64
	N         int
	MeanScore float64
	Positive  float64
}

// Reliability bins scores into bins equal-width bins over [0,1] and reports
// each bin's mean score beside its share of positives: a calibrated score
// has the two close.
func Reliability(scores []float64, labels []bool, bins int) []Bin {
	out := make([]Bin, bins)
	pos := make([]int, bins)
	for i := range out {
		out[i].Low, out[i].High = float64(i)/float64(bins), float64(i+1)/float64(bins)
	}
	for i, s := range scores {
		b := min(bins-1, max(0, int(s*float64(bins))))
		out[b].N++
		out[b].MeanScore += s
		if labels[i] {
			pos[b]++
		}
	}
	for i := range out {
		if out[i].N > 0 {
			out[i].MeanScore /= float64(out[i].N)
			out[i].Positive = float64(pos[i]) / float64(out[i].N)
		}
	}
	return out
}
