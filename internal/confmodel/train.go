// Package confmodel trains the extractive answer's confidence: a logistic
// regression over the features of answer.Composer.Features, fitted on the
// answers Ask gives to the key-fact tuning sets of testdata/answers (the
// manifest's files whose role is "tune", never the held-out ones), with the
// Balanced cut-off chosen by cross-validation grouped by question. An answer
// is good when it holds at least half of its question's key facts; an
// answer to an off-target or non-dermatology question is bad. answer/gen.go
// writes what Train returns to answer/confidence_model.txt; the answer
// package's tests check that the embedded file is what it returns, and the
// root package's TestAnswerConfidenceCurve reports the trade-off from the
// out-of-fold scores.
package confmodel

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/answer"
	"github.com/dermliving/dermliving/internal/askprobe"
	"github.com/dermliving/dermliving/internal/logistic"
	"github.com/dermliving/dermliving/internal/manifest"
	"github.com/dermliving/dermliving/sandbox"
)

// Training settings.
const (
	// Folds is the number of cross-validation folds; the answers to one
	// question (the same words in several sets) stay in one fold.
	Folds = 5
	// Lambda is the L2 penalty on the weights.
	Lambda = 1.0
	// GoodFacts is the least share of its key facts a good answer holds.
	GoodFacts = 0.5
	// TuneRole is the manifest role of the files trained on.
	TuneRole = "tune"
)

// Cuts are the cut-offs the trade-off is reported at.
var Cuts = []float64{0, 0.7, 0.8, 0.85, 0.88, 0.9, 0.92, 0.94}

// question is one line of a key-fact set (see testdata/answers/README.md).
type question struct {
	ID       string     `json:"id"`
	Question string     `json:"question"`
	Kind     string     `json:"kind"`
	Expect   string     `json:"expect"`
	Facts    [][]string `json:"facts"`
}

// TuneFiles are the key-fact files of dir's manifest whose role is tune.
// The held-out files are never read here.
func TuneFiles(dir string) ([]string, error) {
	return manifest.Files(dir, func(e manifest.Entry) bool { return e.Role == TuneRole })
}

// Example is one tuning question and Ask's default answer to it.
type Example struct {
	File, ID string
	// Answerable is true for a question expected grounded; otherwise it is
	// off target or outside dermatology.
	Answerable bool
	// Answered is true when Ask answered (at the default, never abstaining
	// on confidence); Scored when the answer was extractive and its
	// confidence features recorded.
	Answered, Scored bool
	// Facts is the share of the question's key facts the answer holds.
	Facts float64
	// Good is the label: answered, answerable, and holding at least
	// GoodFacts of the key facts.
	Good bool
	// Features, Confidence and Match are the answer's (see askprobe.Probe).
	Features          []float64
	Confidence, Match float64
	// Group keeps the answers to one question in one fold.
	Group uint64
}

// Examples asks every question of the tuning files of dir (testdata/answers)
// of the sandbox's default version, as Ask answers by default, and records
// each answer's confidence features and key-fact share.
func Examples(ctx context.Context, dir string) ([]Example, error) {
	files, err := TuneFiles(dir)
	if err != nil {
		return nil, err
	}
	kv, err := sandbox.Open()
	if err != nil {
		return nil, err
	}
	var out []Example
	for _, name := range files {
		qs, err := readQuestions(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		for _, q := range qs {
			var probe askprobe.Probe
			res, err := dermliving.Ask(askprobe.With(ctx, &probe), q.Question, kv)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", name, q.ID, err)
			}
			h := fnv.New64a()
			h.Write([]byte(strings.Join(strings.Fields(strings.ToLower(q.Question)), " ")))
			e := Example{File: name, ID: q.ID, Answerable: q.Expect == "grounded", Group: h.Sum64()}
			if g, ok := res.(*dermliving.Grounded); ok {
				e.Answered = true
				e.Facts = keyFacts(q, g)
				e.Good = e.Answerable && e.Facts >= GoodFacts
				if probe.Scored {
					e.Scored, e.Features, e.Confidence, e.Match = true, probe.Features, probe.Confidence, probe.Match
				}
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// keyFacts is the share of q's fact groups the answer's claims hold (see
// testdata/answers/README.md).
func keyFacts(q question, g *dermliving.Grounded) float64 {
	if len(q.Facts) == 0 {
		return 0
	}
	var b strings.Builder
	for _, c := range g.Claims {
		b.WriteString(c.Text)
		b.WriteByte('\n')
	}
	text := strings.ToLower(strings.Join(strings.Fields(b.String()), " "))
	held := 0
	for _, group := range q.Facts {
		for _, alt := range group {
			if strings.Contains(text, strings.ToLower(strings.Join(strings.Fields(alt), " "))) {
				held++
				break
			}
		}
	}
	return float64(held) / float64(len(q.Facts))
}

func readQuestions(path string) ([]question, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []question
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var q question
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		out = append(out, q)
	}
	return out, sc.Err()
}

// Result is a trained model with the figures that describe it.
type Result struct {
	Model logistic.Model
	// Balanced is the cut-off chosen on the out-of-fold scores.
	Balanced float64
	// OutOfFold holds each example's score from the model that did not see
	// its fold (1 for an answer that was not scored, which no cut-off
	// refuses; 0 for a question not answered).
	OutOfFold []float64
	// Nested are the figures at cut-offs chosen without each fold.
	Nested Figures
	// AUC is the out-of-fold scores' area under the ROC curve over the
	// scored answers, for good answers (Good) and for complete ones
	// (Complete); MatchAUC the rule of thumb's (Answer.Match).
	AUC, MatchAUC [2]float64
	Examples      []Example
	Text          []byte
}

// Figures are the complete answers kept and the others refused at a
// cut-off.
type Figures struct {
	GoodKept, BadRefused, Balanced float64
}

// samples are the scored answers as training samples, and each sample's
// example in ex. The label is soft: each answer is a good sample weighing
// the share of key facts it holds and a bad one weighing the rest (an
// answer to an off-target question holds none), so that the model's score
// estimates the share of key facts an answer holds. A yes-or-no label
// (Good) leaves too few bad answers to learn from: about one answer in
// sixteen holds less than half of its facts.
func samples(ex []Example) ([]logistic.Sample, []int) {
	var s []logistic.Sample
	var at []int
	for i, e := range ex {
		if !e.Scored {
			continue
		}
		f := 0.0
		if e.Answerable {
			f = e.Facts
		}
		s = append(s, logistic.Sample{X: e.Features, Y: true, Group: e.Group, Weight: f + minWeight},
			logistic.Sample{X: e.Features, Y: false, Group: e.Group, Weight: 1 - f + minWeight})
		at = append(at, i, i)
	}
	return s, at
}

// minWeight keeps a sample's weight above zero (zero means one).
const minWeight = 1e-6

// Train fits the model on the scored answers of ex and chooses the Balanced
// cut-off by Folds-fold cross-validation grouped by question. The figures
// it reports come from nested cross-validation: each fold is scored by a
// model and a cut-off chosen without it.
func Train(ex []Example) (*Result, error) {
	s, at := samples(ex)
	oof, err := logistic.OutOfFold(s, Folds, Lambda)
	if err != nil {
		return nil, err
	}
	m, err := logistic.Fit(s, Lambda)
	if err != nil {
		return nil, err
	}
	r := &Result{Model: m, Examples: ex, OutOfFold: make([]float64, len(ex))}
	for i, e := range ex {
		if e.Answered {
			r.OutOfFold[i] = 1
		}
	}
	for k, i := range at {
		r.OutOfFold[i] = oof[k]
	}
	var scores, match []float64
	var good, complete []bool
	for i, e := range ex {
		if e.Scored {
			scores = append(scores, r.OutOfFold[i])
			match = append(match, e.Match)
			good = append(good, e.Good)
			complete = append(complete, e.Complete())
		}
	}
	r.Balanced = chooseCut(scores, complete)
	r.AUC = [2]float64{logistic.AUC(scores, good), logistic.AUC(scores, complete)}
	r.MatchAUC = [2]float64{logistic.AUC(match, good), logistic.AUC(match, complete)}
	// Nested: fold f's answers get the model fitted without f and the
	// cut-off chosen on the other folds' own out-of-fold scores.
	var c logistic.Counts
	for f := range Folds {
		var inner []logistic.Sample
		for _, x := range s {
			if logistic.Fold(x.Group, Folds) != f {
				inner = append(inner, x)
			}
		}
		mf, err := logistic.Fit(inner, Lambda)
		if err != nil {
			return nil, err
		}
		innerOOF, err := logistic.OutOfFold(inner, Folds-1, Lambda)
		if err != nil {
			return nil, err
		}
		// Every answer is two samples in a row, good then bad.
		var innerScores []float64
		var innerComplete []bool
		k := 0
		for j, x := range s {
			if logistic.Fold(x.Group, Folds) == f {
				continue
			}
			if x.Y {
				innerScores = append(innerScores, innerOOF[k])
				innerComplete = append(innerComplete, ex[at[j]].Complete())
			}
			k++
		}
		cut := chooseCut(innerScores, innerComplete)
		for j, x := range s {
			if x.Y && logistic.Fold(x.Group, Folds) == f {
				c.Add(mf.Score(x.X) >= cut, ex[at[j]].Complete())
			}
		}
	}
	r.Nested = Figures{GoodKept: c.Recall(), BadRefused: float64(c.TN) / float64(max(1, c.TN+c.FP)), Balanced: c.Balanced()}
	r.Text = r.text()
	return r, nil
}

// Complete reports whether the answer holds every key fact of an
// answerable question.
func (e Example) Complete() bool { return e.Answered && e.Answerable && e.Facts == 1 }

// chooseCut returns the cut-off in [0.05, 0.95] with the best balanced
// accuracy of answering complete answers and refusing the others, the
// lower on ties.
func chooseCut(scores []float64, labels []bool) float64 {
	best, bestT := -1.0, 0.5
	for k := 5; k <= 95; k++ {
		t := float64(k) / 100
		if b := logistic.At(scores, labels, t, nil).Balanced(); b > best+1e-12 {
			best, bestT = b, t
		}
	}
	return bestT
}

// Row is the trade-off at one cut-off.
type Row struct {
	Cut float64
	// Answerable is the number of answerable questions, Answered how many
	// of them are answered at the cut-off.
	Answerable, Answered int
	// Rate is the key-fact rate of the answers, Overall over every
	// answerable question (an abstention holds none).
	Rate, Overall float64
	// Off is the number of off-target and non-dermatology questions,
	// OffAnswered how many of them are answered.
	Off, OffAnswered int
}

// Curve is the trade-off at each cut-off when example i's answer is given
// only if it was answered and score(i) reaches the cut-off.
func Curve(ex []Example, score func(i int) float64, cuts []float64) []Row {
	var out []Row
	for _, cut := range cuts {
		r := Row{Cut: cut}
		var facts float64
		for i, e := range ex {
			answered := e.Answered && score(i) >= cut
			if !e.Answerable {
				r.Off++
				if answered {
					r.OffAnswered++
				}
				continue
			}
			r.Answerable++
			if answered {
				r.Answered++
				facts += e.Facts
			}
		}
		r.Rate = facts / float64(max(r.Answered, 1))
		r.Overall = facts / float64(max(r.Answerable, 1))
		out = append(out, r)
	}
	return out
}

// Match is the score function of the rule of thumb (answer.Answer.Match):
// 1 for an answer that was not scored.
func (r *Result) Match(i int) float64 {
	if !r.Examples[i].Scored {
		return 1
	}
	return r.Examples[i].Match
}

// OOF is the score function of the out-of-fold scores.
func (r *Result) OOF(i int) float64 { return r.OutOfFold[i] }

// text is the model file.
func (r *Result) text() []byte {
	var b strings.Builder
	b.WriteString("# DermLiving answer confidence: a logistic regression over the features of\n")
	b.WriteString("# answer/confidence.go. Written by go generate ./answer/ (gen.go, training in\n")
	b.WriteString("# internal/confmodel); DO NOT EDIT.\n#\n")
	files := map[string]int{}
	var order []string
	scored, good, complete := 0, 0, 0
	for _, e := range r.Examples {
		if files[e.File] == 0 {
			order = append(order, e.File)
		}
		files[e.File]++
		if e.Scored {
			scored++
			if e.Good {
				good++
			}
			if e.Complete() {
				complete++
			}
		}
	}
	fmt.Fprintf(&b, "# Trained on the %d answers (%d good: holding at least %.1f of the key facts;\n", scored, good, GoodFacts)
	fmt.Fprintf(&b, "# %d complete) Ask gives by default to the %d questions of the key-fact\n", complete, len(r.Examples))
	fmt.Fprintf(&b, "# tuning sets (%s), each answer labelled by the\n", strings.Join(order, ", "))
	fmt.Fprintf(&b, "# share of key facts it holds (0 off target). L2 penalty %g; the balanced\n", Lambda)
	fmt.Fprintf(&b, "# cut-off maximises the balanced accuracy of keeping complete answers over\n")
	fmt.Fprintf(&b, "# %d-fold out-of-fold scores (folds by question).\n#\n", Folds)
	fmt.Fprintf(&b, "# AUC out of fold, good / complete answers: %.3f / %.3f (the rule of thumb\n", r.AUC[0], r.AUC[1])
	fmt.Fprintf(&b, "# Answer.Match: %.3f / %.3f).\n", r.MatchAUC[0], r.MatchAUC[1])
	fmt.Fprintf(&b, "# Nested cross-validation (model and cut-off chosen without the fold):\n")
	fmt.Fprintf(&b, "# complete answers kept %.3f, others refused %.3f, balanced accuracy %.3f.\n#\n", r.Nested.GoodKept, r.Nested.BadRefused, r.Nested.Balanced)
	b.WriteString("# Trade-off, out-of-fold scores (cut-off: answerable answered, key-fact rate\n# of the answers, over all answerable, off-target answered):\n")
	for _, row := range Curve(r.Examples, r.OOF, Cuts) {
		fmt.Fprintf(&b, "#   %.2f: %d/%d %.3f  %.3f  %.3f  %d/%d\n", row.Cut, row.Answered, row.Answerable, float64(row.Answered)/float64(row.Answerable), row.Rate, row.Overall, row.OffAnswered, row.Off)
	}
	b.WriteString("\n")
	if err := logistic.Write(&b, r.Model, answer.ConfidenceFeatureNames(), logistic.Cut{Name: "balanced", Value: r.Balanced}); err != nil {
		panic(err) // the model has one weight per feature
	}
	return []byte(b.String())
}
