package decision

import (
	"bytes"
	"fmt"
	"go/format"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/labelled"
	"github.com/dermliving/dermliving/internal/fold"
)

// The urgent model's trainer. urgent_gen.go (go generate ./abstain/...)
// calls GenerateUrgentModel, which trains a logistic regression over
// urgentFeatures on the urgent splits (urgentSplits) and writes
// urgent_model.txt and urgent_model_consts.go;
// TestUrgentModelGenerated checks that the files are what it makes, and
// TestUrgentModelCV logs the cross-split figures.

//go:generate go run urgent_gen.go

// urgentTrainConfig holds the urgent trainer's hyperparameters, those of
// the decision model's trainer.
type urgentTrainConfig = trainConfig

// urgentSettings were compared by TestUrgentModelCV's cross-split figures.
var urgentSettings = urgentTrainConfig{minCount: 3, l2: 3e-4, epochs: 300, rate: 0.05}

// urgentQuestion is a labelled question prepared for the urgent model.
type urgentQuestion struct {
	labelled.Question
	split    string
	fold     string   // the cross-split fold (urgentFold)
	refused  bool     // the screen refuses it (Rule)
	sign     string   // the rules' sign (UrgentSign)
	features []string // with repeats
}

// lookalike reports whether uq is an urgent look-alike.
func (uq *urgentQuestion) lookalike() bool { return uq.Family == "urgent_lookalike" }

// urgentSplits returns the splits that train the urgent model: those whose
// role in the manifest of the labelled sets in dir is urgent_train, and the
// tuning splits whose questions carry urgent labels (a family), in the
// manifest's order. Held-out splits are never opened; train splits train
// the decision model and carry no urgent labels.
func urgentSplits(dir string) ([]string, error) {
	m, err := labelled.ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, split := range labelled.Splits(m, func(role string) bool { return role == "tune" || role == "urgent_train" }) {
		qs, err := labelled.ReadJSONL[labelled.Question](filepath.Join(dir, split+".jsonl"))
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(qs, func(q labelled.Question) bool { return q.Family != "" }) {
			out = append(out, split)
		}
	}
	return out, nil
}

// urgentComposedFolds is the number of folds a composed split (role
// urgent_train) is cut into for the cross-split scores.
const urgentComposedFolds = 5

// urgentFold returns the fold of the k-th question of split, whose role in
// the manifest is role: the split itself, so that a score says how the
// model reads a set written apart from what it learnt, except for a
// composed split (urgent_train), which one author built from shared
// pieces (the same frames, such as "3am and can't sleep, posting here",
// around signs and look-alikes alike): held out whole, it tests the model
// on frames it has never seen, not on signs, and its look-alikes in an
// unseen frame set the threshold alone. It is cut into
// urgentComposedFolds folds by position instead; the threshold is then set
// by the look-alikes of the sets written apart.
func urgentFold(split, role string, k int) string {
	if role == "urgent_train" {
		return fmt.Sprintf("%s/%d", split, k%urgentComposedFolds)
	}
	return split
}

// readUrgentQuestions reads and prepares the questions of the urgent splits
// of dir.
func readUrgentQuestions(dir string) ([]urgentQuestion, []string, error) {
	splits, err := urgentSplits(dir)
	if err != nil {
		return nil, nil, err
	}
	m, err := labelled.ReadManifest(dir)
	if err != nil {
		return nil, nil, err
	}
	var out []urgentQuestion
	for _, split := range splits {
		qs, err := labelled.ReadJSONL[labelled.Question](filepath.Join(dir, split+".jsonl"))
		if err != nil {
			return nil, nil, fmt.Errorf("urgent split %s: %w", split, err)
		}
		for k, q := range qs {
			uq, err := newUrgentQuestion(q, split)
			if err != nil {
				return nil, nil, err
			}
			uq.fold = urgentFold(split, labelled.Role(m, split), k)
			out = append(out, uq)
		}
	}
	return out, splits, nil
}

// newUrgentQuestion reads q as the urgent model does: whether the screen
// refuses it, the rules' sign and the model's features.
func newUrgentQuestion(q labelled.Question, split string) (urgentQuestion, error) {
	uq := urgentQuestion{Question: q, split: split, fold: split, refused: Rule(q.Text) != ""}
	f := urgentTypos.mend(fold.String(q.Text))
	var r string
	var lit bool
	uq.sign, r, lit = urgentRead(f)
	if uq.sign != UrgentSign(f) {
		return uq, fmt.Errorf("urgent split %s: %s: urgentRead and UrgentSign disagree", split, q.ID)
	}
	urgentFeatures(f, r, uq.sign, lit, func(key []byte) { uq.features = append(uq.features, string(key)) })
	return uq, nil
}

// urgentModel is a trained urgent model.
type urgentModel struct {
	bias      float64
	features  []string // sorted
	weights   []float64
	threshold float64 // see pickUrgentThreshold
	veto      float64 // see pickUrgentVeto
}

func (m *urgentModel) score(uq *urgentQuestion) float64 {
	z := m.bias
	for _, f := range uq.features {
		if i, ok := slices.BinarySearch(m.features, f); ok {
			z += m.weights[i]
		}
	}
	return 1 / (1 + math.Exp(-z))
}

// train fits the logistic regression on qs: urgent or not.
func (c urgentTrainConfig) train(qs []*urgentQuestion) *urgentModel {
	examples := make([][]string, len(qs))
	for k, q := range qs {
		examples[k] = q.features
	}
	m := &urgentModel{}
	var rows [][]int32
	m.features, rows = c.selectFeatures(examples, true, 0)
	d := len(m.features) + 1 // the last is the bias
	// Urgent and other questions weigh half each.
	pos := 0
	for _, q := range qs {
		if q.Urgent {
			pos++
		}
	}
	wPos, wNeg := 0.5/float64(max(pos, 1)), 0.5/float64(max(len(qs)-pos, 1))
	w := c.fitAdam(rows, d, func(k int, p float64) float64 {
		y, wt := 0.0, wNeg
		if qs[k].Urgent {
			y, wt = 1, wPos
		}
		return (p - y) * wt
	})
	m.weights = w[:d-1]
	m.bias = w[d-1]
	return m
}

// crossSplitScores returns every question's score from a model trained on
// the other folds (urgentFold: each split written apart, and the composed
// split cut in parts), so that a score says how the model reads wording
// written apart from what it learnt.
func crossSplitScores(qs []urgentQuestion, train func([]*urgentQuestion) *urgentModel) []float64 {
	scores := make([]float64, len(qs))
	var folds []string
	for i := range qs {
		if !slices.Contains(folds, qs[i].fold) {
			folds = append(folds, qs[i].fold)
		}
	}
	for _, f := range folds {
		var tr []*urgentQuestion
		for i := range qs {
			if qs[i].fold != f {
				tr = append(tr, &qs[i])
			}
		}
		m := train(tr)
		for i := range qs {
			if qs[i].fold == f {
				scores[i] = m.score(&qs[i])
			}
		}
	}
	return scores
}

// pickUrgentThreshold returns the lowest threshold at which the model, out
// of fold, flags no refused question that is not urgent and that no rule
// flags (a look-alike or any other refused question), and at least 0.5.
func pickUrgentThreshold(qs []urgentQuestion, scores []float64) float64 {
	t := 0.5
	for i := range qs {
		if q := &qs[i]; q.refused && !q.Urgent && q.sign == "" {
			t = max(t, justAbove(scores[i]))
		}
	}
	return t
}

// pickUrgentVeto returns the probability below which the model overrules a
// rule's sign: just under the lowest out-of-fold score of an urgent
// question a rule flags, so that the veto loses none of the rules' urgent
// questions in the urgent splits, and never above the look-alikes it
// would take back, if any.
func pickUrgentVeto(qs []urgentQuestion, scores []float64) float64 {
	veto := 1.0
	for i := range qs {
		if q := &qs[i]; q.refused && q.Urgent && q.sign != "" {
			veto = min(veto, justBelow(scores[i]))
		}
	}
	return max(veto, 0)
}

// trainUrgentModel trains the urgent model on every question of the urgent
// splits and picks its threshold and veto from cross-split scores.
func trainUrgentModel(qs []urgentQuestion) *urgentModel {
	oof := crossSplitScores(qs, urgentSettings.train)
	tr := make([]*urgentQuestion, len(qs))
	for i := range qs {
		tr[i] = &qs[i]
	}
	m := urgentSettings.train(tr)
	m.threshold = pickUrgentThreshold(qs, oof)
	m.veto = pickUrgentVeto(qs, oof)
	// Nor does the veto take back a rule's own example of its sign.
	for _, r := range urgentRules {
		for _, e := range r.examples {
			uq, err := newUrgentQuestion(labelled.Question{Text: e, Urgent: true}, r.file)
			if err == nil && uq.refused && uq.sign != "" {
				m.veto = max(0, min(m.veto, justBelow(m.score(&uq))))
			}
		}
	}
	return m
}

// GenerateUrgentModel trains the urgent model on the urgent splits of the
// labelled sets in dir (testdata/screens) and returns the contents of
// urgent_model.txt and of urgent_model_consts.go.
func GenerateUrgentModel(dir string) (data, src []byte, err error) {
	qs, splits, err := readUrgentQuestions(dir)
	if err != nil {
		return nil, nil, err
	}
	return generateUrgentModel(trainUrgentModel(qs), splits)
}

// generateUrgentModel returns the urgent model's data file and the gofmt'd
// source of urgent_model_consts.go.
func generateUrgentModel(m *urgentModel, splits []string) (data, src []byte, err error) {
	data, sum := modelData("DermLiving's urgent model", "urgent_model.go", "urgent_train.go", m.features, m.weights)
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by go run urgent_gen.go; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package decision\n\n")
	fmt.Fprintf(&b, "// The urgent model: a logistic regression over the features of\n")
	fmt.Fprintf(&b, "// urgent_model.go, trained by urgent_train.go on the questions of\n")
	fmt.Fprintf(&b, "// ../../../testdata/screens/%s.jsonl.\n", strings.Join(splits, ".jsonl, "))
	fmt.Fprintf(&b, "// Its %d features and their weights are in urgent_model.txt.\n", len(m.features))
	fmt.Fprintf(&b, "// Regenerate with go generate ./abstain/... (urgent_gen.go).\n\n")
	fmt.Fprintf(&b, "// urgentModelThreshold is the lowest probability at which the model,\n")
	fmt.Fprintf(&b, "// trained without the question's fold, flags no refused question of\n")
	fmt.Fprintf(&b, "// those splits that is not urgent and that no rule flags.\n")
	fmt.Fprintf(&b, "// Below urgentModelVeto the model overrules a rule's sign: just under\n")
	fmt.Fprintf(&b, "// the lowest such score of an urgent question a rule flags.\n")
	fmt.Fprintf(&b, "const (\n\turgentModelThreshold = %s\n\turgentModelVeto = %s\n)\n\n", fmtFloat(m.threshold), fmtFloat(m.veto))
	fmt.Fprintf(&b, "const urgentModelBias = %s\n\n", fmtFloat(m.bias))
	fmt.Fprintf(&b, "// urgentModelSHA256 is the SHA-256 of urgent_model.txt as generated.\n")
	fmt.Fprintf(&b, "const urgentModelSHA256 = %q\n", sum)
	src, err = format.Source(b.Bytes())
	return data, src, err
}
