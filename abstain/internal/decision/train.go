package decision

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/format"
	"hash/fnv"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/labelled"
	"github.com/dermliving/dermliving/internal/fold"
)

// The decision model's trainer. gen.go (go generate ./abstain/...) calls
// GenerateModel, which trains a logistic regression over the features of
// decision_features.go on the labelled training splits and writes
// decision_model.txt and decision_model.go; TestDecisionModelGenerated
// checks that the files are what it makes, and TestDecisionModelCV compares
// designs by cross-validation. The hand-written test tables of the screens
// are never trained on: they only assert what the screens decide.

//go:generate go run gen.go

// GenerateModel trains the decision model on the training splits of the
// labelled sets in dir (testdata/screens) and returns the contents of
// decision_model.txt and of decision_model.go. patientData reports whether
// the patient-data screen, which runs first, takes a text: the trainer's
// figures leave such questions out, as the pipeline does.
func GenerateModel(dir string, patientData func(text string) bool) (data, src []byte, err error) {
	qs, splits, err := readTrainQuestions(dir, patientData)
	if err != nil {
		return nil, nil, err
	}
	return generateDecisionModel(trainDecisionModel(qs), splits)
}

// trainConfig holds the trainer's hyperparameters.
type trainConfig struct {
	minCount int     // a feature must occur in this many training questions
	l2       float64 // L2 penalty per question
	epochs   int     // full-batch Adam steps
	rate     float64 // Adam step size
	// keep, when set, filters the features (for comparisons in the CV).
	keep func(feature string) bool
}

// trainSettings were chosen by cross-validation on the training splits
// (go test ./abstain/internal/decision/ -run TestDecisionModelCV -v
// -decisionmodel.cv).
var trainSettings = trainConfig{minCount: 2, l2: 1e-3, epochs: 400, rate: 0.05}

const (
	trainFolds = 5 // folds for the threshold and the CV figures
	// targetFalseAbstain is the share of training reference questions that
	// the model may refuse, out of fold, beyond those the rules already
	// refuse. (It bounded the rules and the model together until dev3 was
	// added: the rules alone refuse 1.2% of the training references since,
	// which no threshold could bring under 1%.)
	targetFalseAbstain = 0.005
)

// trainQuestion is a labelled question prepared for training.
type trainQuestion struct {
	labelled.Question
	split    string
	folded   string
	features []string // unique, in first-seen order
	decision bool     // label is clinical_decision
	rule     bool     // a rule matches
	general  bool     // the screen does not ask the model (modelAsked)
	pd       bool     // the patient-data screen finds an identifier
}

// trainSplits returns the splits that train the decision model: those
// whose role in the manifest of the labelled sets in dir is train, in its
// order (see the history in testdata/screens/HISTORY.md). Held-out splits
// are never opened by the trainer.
func trainSplits(dir string) ([]string, error) {
	m, err := labelled.ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	return labelled.Splits(m, func(role string) bool { return role == "train" }), nil
}

// readTrainQuestions reads the training splits of the labelled sets in dir
// and prepares their questions, and returns the splits read.
func readTrainQuestions(dir string, patientData func(text string) bool) ([]trainQuestion, []string, error) {
	splits, err := trainSplits(dir)
	if err != nil {
		return nil, nil, err
	}
	var out []trainQuestion
	for _, split := range splits {
		qs, err := labelled.ReadJSONL[labelled.Question](filepath.Join(dir, split+".jsonl"))
		if err != nil {
			return nil, nil, fmt.Errorf("training split %s: %w", split, err)
		}
		for _, q := range qs {
			tq := trainQuestion{Question: q, split: split, folded: fold.String(q.Text), decision: q.Label == "clinical_decision"}
			tq.features = questionFeatures(tq.folded)
			tq.rule = matchingRule(tq.folded, true) != "" // the rules alone
			tq.general = !tq.rule && !modelAsked(tq.folded)
			tq.pd = patientData(q.Text)
			out = append(out, tq)
		}
	}
	return out, splits, nil
}

// questionFeatures returns the unique features of folded question q.
func questionFeatures(q string) []string {
	var out []string
	seen := map[string]bool{}
	it := featureIter{tokens: appendDecisionTokens(nil, neutralized(q))}
	for key, ok := it.next(); ok; key, ok = it.next() {
		if !seen[string(key)] {
			seen[string(key)] = true
			out = append(out, string(key))
		}
	}
	return out
}

// decisionModel is a trained logistic regression.
type decisionModel struct {
	bias     float64
	features []string // sorted
	weights  []float64
	// threshold is the probability at or above which the screen calls a
	// question no rule matches a decision (see pickThreshold).
	threshold float64
	// veto is the probability below which the model overrules a matching
	// rule (see pickVeto).
	veto float64
}

func (m *decisionModel) score(tq *trainQuestion) float64 {
	z := m.bias
	n := 0
	for _, f := range tq.features {
		i, ok := slices.BinarySearch(m.features, f)
		if !ok || n == maxModelFeatures {
			continue
		}
		n++
		z += m.weights[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// trainable reports whether tq is a training example: patient_data
// questions are not, since the label says nothing about a decision (the
// patient-data screen runs first and takes them whatever they ask).
func trainable(tq *trainQuestion) bool { return tq.Label != "patient_data" }

// trainLR fits a logistic regression on the trainable questions of qs.
func (c trainConfig) trainLR(qs []*trainQuestion) *decisionModel {
	examples := make([][]string, len(qs))
	for k, q := range qs {
		examples[k] = q.features
	}
	m := &decisionModel{}
	var rows [][]int32
	m.features, rows = c.selectFeatures(examples, false, maxModelFeatures)
	d := len(m.features) + 1 // the last is the bias
	n := float64(len(qs))
	w := c.fitAdam(rows, d, func(k int, p float64) float64 {
		y := 0.0
		if qs[k].decision {
			y = 1
		}
		return (p - y) / n
	})
	m.weights = w[:d-1]
	m.bias = w[d-1]
	return m
}

// selectFeatures returns the features of the examples that occur at least
// c.minCount times (in as many examples, when distinct) and that c.keep
// admits, sorted, and each example's row of their indexes, at most limit
// of them (no limit when 0).
func (c trainConfig) selectFeatures(examples [][]string, distinct bool, limit int) ([]string, [][]int32) {
	count := map[string]int{}
	for _, ex := range examples {
		seen := map[string]bool{}
		for _, f := range ex {
			if distinct && seen[f] {
				continue
			}
			seen[f] = true
			count[f]++
		}
	}
	var features []string
	for f, n := range count {
		if n >= c.minCount && (c.keep == nil || c.keep(f)) {
			features = append(features, f)
		}
	}
	sort.Strings(features)
	rows := make([][]int32, len(examples))
	for k, ex := range examples {
		for _, f := range ex {
			if i, ok := slices.BinarySearch(features, f); ok && (limit == 0 || len(rows[k]) < limit) {
				rows[k] = append(rows[k], int32(i))
			}
		}
	}
	return features, rows
}

// fitAdam fits a logistic regression over binary features by full-batch
// Adam and returns its weights, the bias last: rows[k] holds example k's
// feature indexes below d-1, and grad returns example k's share of the
// gradient at its probability p (its error, weighted as the caller
// weighs examples). The L2 penalty spares the bias.
func (c trainConfig) fitAdam(rows [][]int32, d int, grad func(k int, p float64) float64) []float64 {
	w := make([]float64, d)
	g := make([]float64, d)
	mom, vel := make([]float64, d), make([]float64, d)
	const b1, b2, eps = 0.9, 0.999, 1e-8
	for step := 1; step <= c.epochs; step++ {
		clear(g)
		for k, row := range rows {
			z := w[d-1]
			for _, i := range row {
				z += w[i]
			}
			e := grad(k, 1/(1+math.Exp(-z)))
			for _, i := range row {
				g[i] += e
			}
			g[d-1] += e
		}
		for i := range d - 1 {
			g[i] += c.l2 * w[i]
		}
		c1 := 1 - math.Pow(b1, float64(step))
		c2 := 1 - math.Pow(b2, float64(step))
		for i := range d {
			mom[i] = b1*mom[i] + (1-b1)*g[i]
			vel[i] = b2*vel[i] + (1-b2)*g[i]*g[i]
			w[i] -= c.rate * (mom[i] / c1) / (math.Sqrt(vel[i]/c2) + eps)
		}
	}
	return w
}

// assignFolds assigns each question to one of trainFolds folds, stratified by split
// and label, in an order given by a hash of its id.
func assignFolds(qs []trainQuestion) []int {
	type key struct{ split, label string }
	groups := map[key][]int{}
	for i, q := range qs {
		k := key{q.split, q.Label}
		groups[k] = append(groups[k], i)
	}
	hash := func(id string) uint64 {
		h := fnv.New64a()
		h.Write([]byte(id))
		return h.Sum64()
	}
	folds := make([]int, len(qs))
	for _, idx := range groups {
		slices.SortFunc(idx, func(a, b int) int {
			ha, hb := hash(qs[a].ID), hash(qs[b].ID)
			if ha != hb {
				if ha < hb {
					return -1
				}
				return 1
			}
			return strings.Compare(qs[a].ID, qs[b].ID)
		})
		for r, i := range idx {
			folds[i] = r % trainFolds
		}
	}
	return folds
}

// outOfFold returns every question's score from a model trained without
// its fold.
func outOfFold(qs []trainQuestion, train func([]*trainQuestion) *decisionModel) []float64 {
	folds := assignFolds(qs)
	scores := make([]float64, len(qs))
	for f := range trainFolds {
		var tr []*trainQuestion
		for i := range qs {
			if folds[i] != f && trainable(&qs[i]) {
				tr = append(tr, &qs[i])
			}
		}
		m := train(tr)
		for i := range qs {
			if folds[i] == f {
				scores[i] = m.score(&qs[i])
			}
		}
	}
	return scores
}

// pickThreshold returns the lowest threshold at which the model, out of
// fold, refuses at most targetFalseAbstain of the reference questions
// beyond those the rules refuse.
func pickThreshold(qs []trainQuestion, scores []float64) float64 {
	cands := []float64{}
	for i, q := range qs {
		if q.Label == "reference" && !q.rule && !q.general && !q.pd {
			cands = append(cands, scores[i])
		}
	}
	cands = append(cands, 0.5)
	slices.Sort(cands)
	best := 1.0
	for k := len(cands) - 1; k >= 0; k-- {
		t := justAbove(cands[k])
		added, refs := 0, 0
		for i, q := range qs {
			if q.Label != "reference" || q.pd {
				continue
			}
			refs++
			if !q.rule && !q.general && scores[i] >= t {
				added++
			}
		}
		if float64(added) > targetFalseAbstain*float64(refs) {
			break
		}
		best = t
	}
	return best
}

// pickVeto returns the probability below which the model overrules a
// matching rule: just under the lowest out-of-fold score of a training
// decision that a rule matches, so that the veto loses no decision the
// rules find in the training splits while it takes back the rules' false
// abstentions the model is surest of ("my GP said the bumps are keratosis
// pilaris: what is that exactly?").
func pickVeto(qs []trainQuestion, scores []float64) float64 {
	veto := 1.0
	for i, q := range qs {
		if q.decision && q.rule && !q.pd {
			veto = min(veto, justBelow(scores[i]))
		}
	}
	return max(veto, 0)
}

// justBelow returns the greatest multiple of 1e-4 below s.
func justBelow(s float64) float64 { return (math.Ceil(s*1e4) - 1) / 1e4 }

// justAbove returns the least multiple of 1e-4 above s, so that the
// threshold written in decision_model.go is the threshold picked.
func justAbove(s float64) float64 { return (math.Floor(s*1e4) + 1) / 1e4 }

// trainDecisionModel trains the model on every training question and
// picks its threshold (pickThreshold) and its veto (pickVeto) from the
// questions' out-of-fold scores.
func trainDecisionModel(qs []trainQuestion) *decisionModel {
	oof := outOfFold(qs, trainSettings.trainLR)
	var tr []*trainQuestion
	for i := range qs {
		if trainable(&qs[i]) {
			tr = append(tr, &qs[i])
		}
	}
	m := trainSettings.trainLR(tr)
	m.threshold = pickThreshold(qs, oof)
	m.veto = pickVeto(qs, oof)
	return m
}

// generateDecisionModel returns the model's data file (decision_model.txt)
// and the gofmt'd source of decision_model.go, which holds its threshold,
// its veto, its bias and the data file's checksum; splits are the training
// splits it was trained on.
func generateDecisionModel(m *decisionModel, splits []string) (data, src []byte, err error) {
	data, sum := modelData("DermLiving's clinical-decision model", "decision_features.go", "train.go", m.features, m.weights)
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by go run gen.go; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package decision\n\n")
	fmt.Fprintf(&b, "// The decision model: a logistic regression over the features of\n")
	fmt.Fprintf(&b, "// decision_features.go, trained by train.go on the\n")
	fmt.Fprintf(&b, "// clinical_decision and reference questions of ../../../testdata/screens/\n")
	fmt.Fprintf(&b, "// %s.jsonl.\n", strings.Join(splits, ".jsonl, "))
	fmt.Fprintf(&b, "// Its %d features and their weights are in decision_model.txt.\n", len(m.features))
	fmt.Fprintf(&b, "// Regenerate with go generate ./abstain/... (gen.go).\n\n")
	fmt.Fprintf(&b, "// decisionModelThreshold is the probability at or above which the model\n")
	fmt.Fprintf(&b, "// refuses at most %g of the training reference questions beyond those the\n", targetFalseAbstain)
	fmt.Fprintf(&b, "// rules refuse, out of fold (%d-fold cross-validation).\n", trainFolds)
	fmt.Fprintf(&b, "// Below decisionModelVeto the model overrules a matching rule: just under\n")
	fmt.Fprintf(&b, "// the lowest out-of-fold score of a training decision a rule matches.\n")
	fmt.Fprintf(&b, "const (\n\tdecisionModelThreshold = %s\n\tdecisionModelVeto = %s\n)\n\n", fmtFloat(m.threshold), fmtFloat(m.veto))
	fmt.Fprintf(&b, "const decisionModelBias = %s\n\n", fmtFloat(m.bias))
	fmt.Fprintf(&b, "// decisionModelSHA256 is the SHA-256 of decision_model.txt as generated.\n")
	fmt.Fprintf(&b, "const decisionModelSHA256 = %q\n", sum)
	src, err = format.Source(b.Bytes())
	return data, src, err
}

// modelData returns a model's data file, one feature a line with its
// weight, under a header naming the model, the file of its features and its
// trainer, and the file's SHA-256 in hex.
func modelData(name, featuresFile, trainer string, features []string, weights []float64) ([]byte, string) {
	var d bytes.Buffer
	fmt.Fprintf(&d, "# %s: a logistic regression over the features of\n", name)
	fmt.Fprintf(&d, "# %s, trained by %s (go generate ./abstain/...). DO NOT EDIT.\n", featuresFile, trainer)
	fmt.Fprintf(&d, "# One feature a line, sorted: its weight (six significant digits), a tab, the feature quoted as in Go.\n")
	for i, f := range features {
		fmt.Fprintf(&d, "%s\t%s\n", fmtFloat(float64(float32(weights[i]))), strconv.Quote(f))
	}
	sum := sha256.Sum256(d.Bytes())
	return d.Bytes(), hex.EncodeToString(sum[:])
}

// fmtFloat writes a weight or a threshold with six significant digits.
func fmtFloat(f float64) string { return fmt.Sprintf("%.6g", f) }
