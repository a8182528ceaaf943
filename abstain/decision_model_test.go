package abstain

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"go/format"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

//go:generate go test -run ^TestDecisionModelGenerated$ -decisionmodel.update .

// trainSplits train the decision model: the splits whose role in
// testdata/screens/manifest.json is train, in its order (see the history in
// testdata/screens/HISTORY.md). Held-out splits are never opened by the
// trainer.
var trainSplits = splitsWhere(func(role string) bool { return role == "train" })

// The generated files: the model's constants and its data.
const (
	decisionModelPath     = "decision_model.go"
	decisionModelDataPath = "decision_model.txt"
)

var (
	updateModel = flag.Bool("decisionmodel.update", false, "retrain the decision model and rewrite "+decisionModelPath)
	modelCV     = flag.Bool("decisionmodel.cv", false, "log cross-validated figures for the rules, the model and both, on the training splits")
)

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
// (go test ./abstain/ -run TestDecisionModelCV -v -decisionmodel.cv).
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
	labelled
	split    string
	folded   string
	features []string // unique, in first-seen order
	decision bool     // label is clinical_decision
	rule     bool     // a rule matches
	general  bool     // the screen does not ask the model (modelAsked)
	pd       bool     // the patient-data screen finds an identifier
}

func readTrainQuestions(t testing.TB) []trainQuestion {
	t.Helper()
	var out []trainQuestion
	for _, split := range trainSplits {
		qs, ok := readJSONL[labelled](t, filepath.Join("..", "testdata", "screens", split+".jsonl"))
		if !ok {
			t.Fatalf("training split %s.jsonl is missing", split)
		}
		for _, q := range qs {
			tq := trainQuestion{labelled: q, split: split, folded: foldText(q.Text), decision: q.Label == "clinical_decision"}
			tq.features = questionFeatures(tq.folded)
			tq.rule = matchingRule(tq.folded, true) != "" // the rules alone
			tq.general = !tq.rule && !modelAsked(tq.folded)
			tq.pd = len(ScreenPatientData(q.Text)) > 0
			out = append(out, tq)
		}
	}
	return out
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
	// question a decision; cvThreshold is the one cross-validation picked.
	threshold, cvThreshold float64
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
	count := map[string]int{}
	for _, q := range qs {
		for _, f := range q.features {
			count[f]++
		}
	}
	m := &decisionModel{}
	for f, n := range count {
		if n >= c.minCount && (c.keep == nil || c.keep(f)) {
			m.features = append(m.features, f)
		}
	}
	sort.Strings(m.features)
	rows := make([][]int32, len(qs))
	for k, q := range qs {
		for _, f := range q.features {
			if i, ok := slices.BinarySearch(m.features, f); ok && len(rows[k]) < maxModelFeatures {
				rows[k] = append(rows[k], int32(i))
			}
		}
	}
	d := len(m.features) + 1 // the last is the bias
	w := make([]float64, d)
	g := make([]float64, d)
	mom, vel := make([]float64, d), make([]float64, d)
	const b1, b2, eps = 0.9, 0.999, 1e-8
	n := float64(len(qs))
	for step := 1; step <= c.epochs; step++ {
		clear(g)
		for k, q := range qs {
			z := w[d-1]
			for _, i := range rows[k] {
				z += w[i]
			}
			y := 0.0
			if q.decision {
				y = 1
			}
			e := (1/(1+math.Exp(-z)) - y) / n
			for _, i := range rows[k] {
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
	m.weights = w[:d-1]
	m.bias = w[d-1]
	return m
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

// screenFigures are the eval's three figures for one way of screening.
type screenFigures struct {
	precision, recall, falseAbstain ratio
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
			s.precision.n++
			if q.decision {
				s.precision.hit++
			}
		}
		if q.decision {
			s.recall.n++
			if got == "clinical_decision" {
				s.recall.hit++
			}
		}
		if q.Label == "reference" {
			s.falseAbstain.n++
			if got != "reference" {
				s.falseAbstain.hit++
			}
		}
	}
	return s
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
// picks its threshold: the cross-validated one (cvThreshold), raised if
// need be until no reference question of the package's hand-written tables
// (decisionCases, probeReference, probeReferenceNumbers) that the rules
// pass reads as a decision. Those tables are the screen's contract, which
// the rules were built to keep; the model may add recall but not break it.
func trainDecisionModel(qs []trainQuestion) *decisionModel {
	oof := outOfFold(qs, trainSettings.trainLR)
	var tr []*trainQuestion
	for i := range qs {
		if trainable(&qs[i]) {
			tr = append(tr, &qs[i])
		}
	}
	m := trainSettings.trainLR(tr)
	m.cvThreshold = pickThreshold(qs, oof)
	m.threshold = m.cvThreshold
	m.veto = pickVeto(qs, oof)
	for _, q := range tableDecisions() {
		tq := trainQuestion{folded: foldText(q)}
		if matchingRule(tq.folded, true) == "" {
			continue
		}
		tq.features = questionFeatures(tq.folded)
		if s := m.score(&tq); s < m.veto {
			m.veto = justBelow(s)
		}
	}
	for _, q := range tableReferences() {
		tq := trainQuestion{folded: foldText(q)}
		if matchingRule(tq.folded, true) != "" || !modelAsked(tq.folded) || len(ScreenPatientData(q)) > 0 {
			continue
		}
		tq.features = questionFeatures(tq.folded)
		if s := m.score(&tq); s >= m.threshold {
			m.threshold = justAbove(s)
		}
	}
	return m
}

// tableDecisions returns the decision questions of the package's
// hand-written test tables.
func tableDecisions() []string {
	out := slices.Clone(probeDecisions)
	for _, tc := range decisionCases {
		if tc.want {
			out = append(out, tc.question)
		}
	}
	return out
}

// tableReferences returns the reference questions of the package's
// hand-written test tables.
func tableReferences() []string {
	out := slices.Concat(probeReference, probeReferenceNumbers)
	for _, tc := range decisionCases {
		if !tc.want {
			out = append(out, tc.question)
		}
	}
	return out
}

// generateDecisionModel returns the model's data file (decision_model.txt)
// and the gofmt'd source of decision_model.go, which holds its thresholds
// and the data file's checksum.
func generateDecisionModel(m *decisionModel) (data, src []byte, err error) {
	var d bytes.Buffer
	fmt.Fprintf(&d, "# DermLiving's clinical-decision model: a logistic regression over the features of\n")
	fmt.Fprintf(&d, "# decision_features.go, trained by decision_model_test.go (go generate ./abstain/). DO NOT EDIT.\n")
	fmt.Fprintf(&d, "# One feature a line, sorted: its weight (six significant digits), a tab, the feature quoted as in Go.\n")
	for i, f := range m.features {
		fmt.Fprintf(&d, "%s\t%s\n", fmtFloat(float64(float32(m.weights[i]))), strconv.Quote(f))
	}
	sum := sha256.Sum256(d.Bytes())
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by go test -run ^TestDecisionModelGenerated$ -decisionmodel.update . (go generate ./abstain/); DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package abstain\n\n")
	fmt.Fprintf(&b, "// The decision model: a logistic regression over the features of\n")
	fmt.Fprintf(&b, "// decision_features.go, trained by decision_model_test.go on the\n")
	fmt.Fprintf(&b, "// clinical_decision and reference questions of ../testdata/screens/\n")
	fmt.Fprintf(&b, "// %s.jsonl.\n", strings.Join(trainSplits, ".jsonl, "))
	fmt.Fprintf(&b, "// Its %d features and their weights are in decision_model.txt.\n", len(m.features))
	fmt.Fprintf(&b, "// Regenerate with go generate ./abstain/.\n\n")
	fmt.Fprintf(&b, "// decisionModelCVThreshold is the probability at or above which the model\n")
	fmt.Fprintf(&b, "// refuses at most %g of the training reference questions beyond those the\n", targetFalseAbstain)
	fmt.Fprintf(&b, "// rules refuse, out of fold (%d-fold cross-validation).\n", trainFolds)
	fmt.Fprintf(&b, "// decisionModelThreshold, the one the screen uses, is raised from it until\n")
	fmt.Fprintf(&b, "// the reference questions of the package's hand-written test tables pass.\n")
	fmt.Fprintf(&b, "// Below decisionModelVeto the model overrules a matching rule: just under\n")
	fmt.Fprintf(&b, "// the lowest out-of-fold score of a training decision a rule matches, and\n")
	fmt.Fprintf(&b, "// of any decision of the test tables.\n")
	fmt.Fprintf(&b, "const (\n\tdecisionModelCVThreshold = %s\n\tdecisionModelThreshold = %s\n\tdecisionModelVeto = %s\n)\n\n", fmtFloat(m.cvThreshold), fmtFloat(m.threshold), fmtFloat(m.veto))
	fmt.Fprintf(&b, "const decisionModelBias = %s\n\n", fmtFloat(m.bias))
	fmt.Fprintf(&b, "// decisionModelSHA256 is the SHA-256 of decision_model.txt as generated.\n")
	fmt.Fprintf(&b, "const decisionModelSHA256 = %q\n", hex.EncodeToString(sum[:]))
	src, err = format.Source(b.Bytes())
	return d.Bytes(), src, err
}

func fmtFloat(f float64) string { return fmt.Sprintf("%.6g", f) }

// TestDecisionModelGenerated checks that decision_model.go is what the
// trainer makes from the training splits, or, with -decisionmodel.update,
// rewrites it. Weights are compared with a tolerance, as floating-point
// results may differ in the last bits between architectures.
func TestDecisionModelGenerated(t *testing.T) {
	qs := readTrainQuestions(t)
	m := trainDecisionModel(qs)
	if *updateModel {
		data, src, err := generateDecisionModel(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(decisionModelDataPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(decisionModelPath, src, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s and %s: %d features, threshold %.4g (cross-validated %.4g), veto %.4g", decisionModelDataPath, decisionModelPath, len(m.features), m.threshold, m.cvThreshold, m.veto)
		return
	}
	const fix = "decision_model.go and decision_model.txt are not what the trainer makes from the training splits: run go generate ./abstain/"
	tabs := decisionTables()
	if !slices.Equal(m.features, tabs.features) {
		t.Fatalf("%s (features differ)", fix)
	}
	const tol = 1e-3
	if math.Abs(m.threshold-decisionModelThreshold) > tol || math.Abs(m.cvThreshold-decisionModelCVThreshold) > tol || math.Abs(m.veto-decisionModelVeto) > tol || math.Abs(m.bias-decisionModelBias) > tol {
		t.Fatalf("%s (thresholds %.4g and %.4g, veto %.4g, bias %.4g)", fix, m.threshold, m.cvThreshold, m.veto, m.bias)
	}
	for i, w := range m.weights {
		if math.Abs(w-float64(tabs.weights[i])) > tol {
			t.Fatalf("%s (weight of %q is %.4g, generated %.4g)", fix, m.features[i], w, tabs.weights[i])
		}
	}
}

// TestDecisionModelData checks the model file's reader: the embedded file
// matches its recorded checksum and reads back, and damaged files are
// refused with the line at fault.
func TestDecisionModelData(t *testing.T) {
	sum := sha256.Sum256(decisionModelData)
	if got := hex.EncodeToString(sum[:]); got != decisionModelSHA256 {
		t.Fatalf("decision_model.txt sha256 %s, generated as %s", got, decisionModelSHA256)
	}
	if _, err := parseDecisionModel(decisionModelData); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		"",
		"# only a comment\n",
		"0.5 \"no tab\"\n",
		"x\t\"a\"\n",
		"0.5\tunquoted\n",
		"0.5\t\"b\"\n0.5\t\"a\"\n", // out of order
	} {
		if _, err := parseDecisionModel([]byte(bad)); err == nil {
			t.Errorf("parseDecisionModel(%q) accepted a damaged file", bad)
		}
	}
}

// BenchmarkDecisionModel measures the model's share of the screen: its
// score of a folded question, on BenchmarkScreens' questions.
func BenchmarkDecisionModel(b *testing.B) {
	for _, q := range []struct{ name, text string }{
		{"ascii", "What things commonly make atopic dermatitis flare up in adults, and should I avoid wool?"},
		{"accented", "Qu’est-ce qui aggrave l’eczéma atopique chez l’adulte ?"},
		{"vignette", "How is a 70-year-old patient with a 4 mm melanoma on the back usually managed, and what is the role of sentinel node biopsy?"},
	} {
		folded := foldText(q.text)
		b.Run(q.name, func(b *testing.B) {
			for b.Loop() {
				_ = decisionModelScore(folded)
			}
		})
	}
}

// TestDecisionModelScore checks that the screen's scoring (hash-table
// lookups over decision_model.go) gives the trainer's scores for the
// generated model on every training question, and that each feature's
// slot finds it.
func TestDecisionModelScore(t *testing.T) {
	tabs := decisionTables()
	m := &decisionModel{bias: decisionModelBias, features: tabs.features}
	for _, w := range tabs.weights {
		m.weights = append(m.weights, float64(w))
	}
	for i, f := range tabs.features {
		if got, ok := tabs.index([]byte(f)); !ok || int(got) != i {
			t.Fatalf("index(%q) = %d, %v; want %d, true", f, got, ok, i)
		}
	}
	if _, ok := decisionTables().index([]byte("no such feature")); ok {
		t.Error("index found a feature that is not in the model")
	}
	for _, tq := range readTrainQuestions(t) {
		if got, want := decisionModelScore(tq.folded), m.score(&tq); math.Abs(got-want) > 1e-9 {
			t.Fatalf("%s: decisionModelScore = %.6f, the trainer scores %.6f", tq.ID, got, want)
		}
	}
}

func TestQuestionFeatures(t *testing.T) {
	tests := []struct {
		question string
		want     []string // among the features
		reason   string
	}{
		{"45M, rash on my arm. Next step?", []string{"^", "0m", "^ 0m", "#age", "#owner", "my arm", "step ?"}, "an age glued to a sex, an owner, a closing question mark"},
		{"A 45-year-old with a mole", []string{"a 0", "0 year", "#age"}, "digits fold to 0; a number then 'year' is an age"},
		{"¿Es esto grave? Adjunto foto", []string{"^ es", "es esto", "#deictic", "#image", "adjunto foto"}, "Spanish: the opening question mark separates words"},
		{"What is it that I've got?", []string{"i've", "i've got", "#deictic"}, "apostrophes inside words stay"},
	}
	for _, tc := range tests {
		got := questionFeatures(foldText(tc.question))
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("questionFeatures(%q) lacks %q (%s); got %q", tc.question, w, tc.reason, got)
			}
		}
	}
}
