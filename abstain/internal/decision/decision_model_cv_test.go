package decision

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/abstain/internal/screentest"
)

// modelCV runs TestDecisionModelCV.
var modelCV = flag.Bool("decisionmodel.cv", false, "log cross-validated figures for the rules, the model and both, on the training splits")

// TestDecisionModelCV compares, by cross-validation on the training splits
// only, the rules alone, the model alone and the rules or the model, for a
// few model designs. It is how trainSettings were chosen; it runs with
// -decisionmodel.cv.
//
//	go test ./abstain/internal/decision/ -run TestDecisionModelCV -v -decisionmodel.cv
func TestDecisionModelCV(t *testing.T) {
	if !*modelCV {
		t.Skip("run with -decisionmodel.cv")
	}
	qs := trainQuestions(t)
	splits, err := trainSplits(screensDir)
	if err != nil {
		t.Fatal(err)
	}
	rules := func(i int) bool { return qs[i].rule }
	t.Logf("rules alone, all training splits: %s", figures(qs, rules))
	for _, split := range splits {
		sub := subset(qs, split)
		t.Logf("rules alone, %s: %s", split, figures(sub, func(i int) bool { return sub[i].rule }))
	}
	unigram := func(f string) bool { return !strings.Contains(f, " ") && !strings.HasPrefix(f, "#") }
	noCue := func(f string) bool { return !strings.HasPrefix(f, "#") }
	designs := []struct {
		name  string
		train func([]*trainQuestion) *decisionModel
	}{
		{"lr", trainSettings.trainLR},
		{"lr unigrams", trainConfig{minCount: 2, l2: 1e-3, epochs: 400, rate: 0.05, keep: unigram}.trainLR},
		{"lr no cues", trainConfig{minCount: 2, l2: 1e-3, epochs: 400, rate: 0.05, keep: noCue}.trainLR},
		{"lr l2=1e-2", trainConfig{minCount: 2, l2: 1e-2, epochs: 400, rate: 0.05}.trainLR},
		{"lr l2=3e-3", trainConfig{minCount: 2, l2: 3e-3, epochs: 400, rate: 0.05}.trainLR},
		{"lr l2=3e-4", trainConfig{minCount: 2, l2: 3e-4, epochs: 400, rate: 0.05}.trainLR},
		{"lr l2=1e-4", trainConfig{minCount: 2, l2: 1e-4, epochs: 400, rate: 0.05}.trainLR},
		{"lr min=1", trainConfig{minCount: 1, l2: 1e-3, epochs: 400, rate: 0.05}.trainLR},
		{"lr min=3", trainConfig{minCount: 3, l2: 1e-3, epochs: 400, rate: 0.05}.trainLR},
		{"nb a=1", naiveBayes(1, 2)},
		{"nb a=0.3", naiveBayes(0.3, 2)},
	}
	for _, d := range designs {
		oof := outOfFold(qs, d.train)
		th := pickThreshold(qs, oof)
		model := func(i int) bool { return oof[i] >= th }
		either := func(i int) bool { return qs[i].rule || !qs[i].general && oof[i] >= th }
		half := func(i int) bool { return oof[i] >= 0.5 }
		t.Logf("%-12s auc %.3f  threshold %.3f", d.name, auc(qs, oof), th)
		t.Logf("  model alone at 0.5:  %s", figures(qs, half))
		t.Logf("  model alone:         %s", figures(qs, model))
		t.Logf("  rules or model:      %s", figures(qs, either))
		for _, split := range splits {
			var idx []int
			for i := range qs {
				if qs[i].split == split {
					idx = append(idx, i)
				}
			}
			sub := subset(qs, split)
			t.Logf("    %-5s rules or model: %s", split, figures(sub, func(k int) bool { return either(idx[k]) }))
		}
		if d.name == "lr" {
			// Train on dev and dev2 alone, threshold from their folds,
			// and score test: the closest the training splits come to a
			// held-out set, since the rules were not written from test.
			var devQs []trainQuestion
			for _, q := range qs {
				if q.split != "test" {
					devQs = append(devQs, q)
				}
			}
			devOOF := outOfFold(devQs, d.train)
			devTh := pickThreshold(devQs, devOOF)
			var tr []*trainQuestion
			for i := range devQs {
				if trainable(&devQs[i]) {
					tr = append(tr, &devQs[i])
				}
			}
			m := d.train(tr)
			test := subset(qs, "test")
			ts := make([]float64, len(test))
			for i := range test {
				ts[i] = m.score(&test[i])
			}
			t.Logf("  trained on dev+dev2 (threshold %.3f), scored on test: rules or model: %s", devTh, figures(test, func(i int) bool { return test[i].rule || !test[i].general && ts[i] >= devTh }))
			t.Logf("  trained on dev+dev2, scored on test: model alone: %s", figures(test, func(i int) bool { return ts[i] >= devTh }))
			for _, fa := range []float64{0.005, 0.01, 0.015, 0.02, 0.03} {
				t.Logf("  at false abstention <= %.3f: %s", fa, figures(qs, thresholdAt(qs, oof, fa)))
			}
		}
	}
}

func subset(qs []trainQuestion, split string) []trainQuestion {
	var out []trainQuestion
	for _, q := range qs {
		if q.split == split {
			out = append(out, q)
		}
	}
	return out
}

// thresholdAt returns the rules-or-model screen at the lowest threshold
// keeping false abstention at or below fa.
func thresholdAt(qs []trainQuestion, scores []float64, fa float64) func(int) bool {
	var refs []float64
	for i, q := range qs {
		if q.Label == "reference" && !q.rule && !q.general && !q.pd {
			refs = append(refs, scores[i])
		}
	}
	slices.Sort(refs)
	best := 1.0
	for k := len(refs) - 1; k >= 0; k-- {
		th := math.Nextafter(refs[k], 2)
		if figures(qs, func(i int) bool { return qs[i].rule || !qs[i].general && scores[i] >= th }).falseAbstain.Value() > fa {
			break
		}
		best = th
	}
	return func(i int) bool { return qs[i].rule || !qs[i].general && scores[i] >= best }
}

// auc is the area under the ROC curve of scores, decision against
// reference.
func auc(qs []trainQuestion, scores []float64) float64 {
	var pos, neg []float64
	for i, q := range qs {
		switch q.Label {
		case "clinical_decision":
			pos = append(pos, scores[i])
		case "reference":
			neg = append(neg, scores[i])
		}
	}
	sort.Float64s(neg)
	var sum float64
	for _, p := range pos {
		lo := sort.SearchFloat64s(neg, p)
		hi := sort.Search(len(neg), func(i int) bool { return neg[i] > p })
		sum += float64(lo) + float64(hi-lo)/2
	}
	return sum / float64(len(pos)*len(neg))
}

// naiveBayes returns a trainer of a Bernoulli-style naive Bayes over the
// present features, as a log-odds model.
func naiveBayes(alpha float64, minCount int) func([]*trainQuestion) *decisionModel {
	return func(qs []*trainQuestion) *decisionModel {
		count := map[string][2]float64{}
		var nc [2]float64
		for _, q := range qs {
			c := 0
			if q.decision {
				c = 1
			}
			nc[c]++
			for _, f := range q.features {
				v := count[f]
				v[c]++
				count[f] = v
			}
		}
		m := &decisionModel{bias: math.Log(nc[1] / nc[0])}
		for f, v := range count {
			if v[0]+v[1] >= float64(minCount) {
				m.features = append(m.features, f)
			}
		}
		sort.Strings(m.features)
		for _, f := range m.features {
			v := count[f]
			p1 := (v[1] + alpha) / (nc[1] + 2*alpha)
			p0 := (v[0] + alpha) / (nc[0] + 2*alpha)
			m.weights = append(m.weights, math.Log(p1/p0))
		}
		return m
	}
}

// screenFigures are the eval's three figures for one way of screening.
type screenFigures struct {
	precision, recall, falseAbstain screentest.Ratio
}

func (s screenFigures) String() string {
	return fmt.Sprintf("precision %s recall %s false abstention %s", s.precision, s.recall, s.falseAbstain)
}

// figures scores a screen over qs as the eval does: the patient-data
// screen first, then decide(i).
func figures(qs []trainQuestion, decide func(i int) bool) screenFigures {
	var s screenFigures
	for i, q := range qs {
		got := "reference"
		switch {
		case q.pd:
			got = "patient_data"
		case decide(i):
			got = "clinical_decision"
		}
		if got == "clinical_decision" {
			s.precision.N++
			if q.decision {
				s.precision.Hit++
			}
		}
		if q.decision {
			s.recall.N++
			if got == "clinical_decision" {
				s.recall.Hit++
			}
		}
		if q.Label == "reference" {
			s.falseAbstain.N++
			if got != "reference" {
				s.falseAbstain.Hit++
			}
		}
	}
	return s
}
