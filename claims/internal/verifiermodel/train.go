// Package verifiermodel trains the claim verifier's support score: a
// logistic regression over the features of claims.Lexical.Features, fitted on
// SciFact's claim/abstract pairs and DermLiving's labelled dermatology pairs
// (the development halves only), with the Balanced operating point's
// threshold chosen by grouped cross-validation on the dermatology pairs
// alone (SciFact's own cross-validated threshold is reported beside it). claims/gen.go writes what it
// returns to claims/verifier_model.txt; the claims tests check that the
// embedded file is what it returns.
package verifiermodel

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/internal/logistic"
	"github.com/dermliving/dermliving/internal/manifest"
	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/dermliving/dermliving/sandbox"
)

// Training settings.
const (
	// Folds is the number of cross-validation folds; pairs of one claim
	// stay in one fold.
	Folds = 5
	// Lambda is the L2 penalty on the weights.
	Lambda = 1.0
	// sandboxVersion supplies the dermatology pairs' term rarity.
	sandboxVersion = "kv_2026_11_01"
)

// DermSets are the dermatology pair files the model trains on: the
// manifest's pair files whose role is tune. The held-out halves are for
// reporting only.
func DermSets(dir string) ([]string, error) {
	return manifest.Files(dir, func(e manifest.Entry) bool { return e.Kind == "pairs" && e.Role == "tune" })
}

// pair is one labelled claim/passage pair.
type pair struct {
	ID       string           `json:"id"`
	Claim    string           `json:"claim"`
	Passages []claims.Passage `json:"passages"`
	Label    string           `json:"label"`
}

// Example is one pair read for training: its features, its label, its
// group, its domain and whether the structural verdict calls it contradicted.
type Example struct {
	Features     []float64
	Supported    bool
	Group        uint64
	Domain       string // "scifact" or "derm"
	Contradicted bool
}

// Examples reads the training pairs: SciFact's verify_train.jsonl under
// scifactDir and the DermSets of verifierDir.
func Examples(ctx context.Context, scifactDir, verifierDir string) ([]Example, error) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		return nil, err
	}
	th, err := lexicon.DefaultThesaurus(an)
	if err != nil {
		return nil, err
	}
	rarity, err := corpusRarity(an, filepath.Join(scifactDir, "corpus.jsonl"))
	if err != nil {
		return nil, err
	}
	var out []Example
	sf, err := readPairs(filepath.Join(scifactDir, "verify_train.jsonl"))
	if err != nil {
		return nil, err
	}
	if out, err = add(ctx, out, claims.NewLexical(an, th, rarity), sf, "scifact"); err != nil {
		return nil, err
	}
	kv, err := sandbox.OpenVersion(sandboxVersion)
	if err != nil {
		return nil, err
	}
	defer kv.Close()
	ix, err := retrieve.Of(kv)
	if err != nil {
		return nil, err
	}
	derm := claims.NewLexical(ix.Analyzer(), ix.Thesaurus(), ix.IDF)
	sets, err := DermSets(verifierDir)
	if err != nil {
		return nil, err
	}
	for _, name := range sets {
		ps, err := readPairs(filepath.Join(verifierDir, name))
		if err != nil {
			return nil, err
		}
		if out, err = add(ctx, out, derm, ps, "derm"); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func add(ctx context.Context, out []Example, v *claims.Lexical, pairs []pair, domain string) ([]Example, error) {
	for _, p := range pairs {
		f, err := v.Features(ctx, p.Claim, p.Passages)
		if err != nil {
			return nil, err
		}
		if f == nil {
			f = make([]float64, len(claims.FeatureNames()))
		}
		j, err := v.Verify(ctx, p.Claim, p.Passages)
		if err != nil {
			return nil, err
		}
		h := fnv.New64a()
		h.Write([]byte(strings.ToLower(strings.TrimSpace(p.Claim))))
		out = append(out, Example{Features: f, Supported: p.Label == "supported", Group: h.Sum64(), Domain: domain, Contradicted: j.Verdict == claims.Contradicted})
	}
	return out, nil
}

func readPairs(path string) ([]pair, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []pair
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for n := 1; sc.Scan(); n++ {
		var p pair
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// corpusRarity is the BM25 inverse document frequency of terms over a
// corpus file of JSON lines with a text field.
func corpusRarity(an *lexicon.Analyzer, path string) (claims.Rarity, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	df := map[string]int{}
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var rec struct{ Text string }
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return nil, err
		}
		n++
		for t := range lexicon.NewTermSet(an.Terms(rec.Text)) {
			df[t]++
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return func(term string) float64 {
		d := float64(df[term])
		return math.Log(1 + (float64(n)-d+0.5)/(d+0.5))
	}, nil
}

// samples weighs the examples so that each domain weighs as much as the
// other in total.
func samples(ex []Example) []logistic.Sample {
	count := map[string]int{}
	for _, e := range ex {
		count[e.Domain]++
	}
	out := make([]logistic.Sample, len(ex))
	for i, e := range ex {
		out[i] = logistic.Sample{X: e.Features, Y: e.Supported, Group: e.Group, Weight: float64(len(ex)) / float64(len(count)*count[e.Domain])}
	}
	return out
}

// Result is a trained model with the figures that describe it.
type Result struct {
	Model    logistic.Model
	Balanced float64 // the Balanced threshold, chosen on the dermatology pairs
	// SciFactBalanced is the threshold SciFact's pairs alone would choose;
	// SciFact's figures are reported at it, not embedded.
	SciFactBalanced float64
	Text            []byte // the model file
	Heldout         map[string]Figures
	OutOfFold       []float64
	Examples        []Example
}

// Figures are precision, recall and balanced accuracy of supported pairs.
type Figures struct {
	N                             int
	AUC                           float64
	Precision, Recall, Balanced   float64
	StrictPrecision, StrictRecall float64
}

// Train fits the model on ex and chooses the Balanced threshold by Folds-fold
// cross-validation on out-of-fold scores. The figures it reports come from
// nested cross-validation: each fold is scored by a model and a threshold
// chosen without it.
func Train(ex []Example) (*Result, error) {
	s := samples(ex)
	oof, err := logistic.OutOfFold(s, Folds, Lambda)
	if err != nil {
		return nil, err
	}
	m, err := logistic.Fit(s, Lambda)
	if err != nil {
		return nil, err
	}
	r := &Result{Model: m, Balanced: chooseThreshold(ex, oof, "derm"), SciFactBalanced: chooseThreshold(ex, oof, "scifact"), OutOfFold: oof, Examples: ex}
	// Nested: fold f's pairs get the model fitted without f and their
	// domain's threshold chosen on the other folds' own out-of-fold scores.
	nested := make([]float64, len(ex))
	thresholds := make([]float64, len(ex))
	for f := range Folds {
		var inner []logistic.Sample
		var innerEx []Example
		for i, e := range ex {
			if logistic.Fold(e.Group, Folds) != f {
				inner = append(inner, s[i])
				innerEx = append(innerEx, e)
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
		t := map[string]float64{}
		for _, dom := range domains {
			t[dom] = chooseThreshold(innerEx, innerOOF, dom)
		}
		for i, e := range ex {
			if logistic.Fold(e.Group, Folds) == f {
				nested[i], thresholds[i] = mf.Score(e.Features), t[e.Domain]
			}
		}
	}
	r.Heldout = map[string]Figures{}
	for _, dom := range domains {
		r.Heldout[dom] = figures(ex, nested, thresholds, dom)
	}
	r.Text = r.text()
	return r, nil
}

// predicted is the Balanced decision: the score at the threshold, unless the
// structure says contradicted.
func predicted(e Example, score, t float64) bool { return score >= t && !e.Contradicted }

// domains are the training pairs' domains.
var domains = []string{"scifact", "derm"}

// chooseThreshold returns the threshold in [0.05, 0.95] with the best
// balanced accuracy on dom's pairs, each threshold's read as the mean over
// it and its two neighbours on the 0.01 grid, the lower on ties. Each
// domain has its own: a threshold that served the mean of both (rounds 1
// to 10) was pulled down by SciFact, whose supported pairs score low, and
// cost the dermatology pairs precision; the embedded Balanced threshold is
// the dermatology pairs' (see Result). The neighbours' mean (round 19)
// keeps a difference of one or two pairs between adjacent thresholds from
// moving the choice between retrainings: unsmoothed, the threshold went
// 0.46 -> 0.45 -> 0.46 over rounds 17 and 18 and back to 0.45 when four
// tuning pairs' checks changed, each time keeping or refusing the same
// handful of pairs scored between the two.
func chooseThreshold(ex []Example, scores []float64, dom string) float64 {
	const lo, hi = 5, 95
	acc := make([]float64, hi+2)
	for k := lo - 1; k <= hi+1; k++ {
		t := float64(k) / 100
		var c logistic.Counts
		for i, e := range ex {
			if e.Domain == dom {
				c.Add(predicted(e, scores[i], t), e.Supported)
			}
		}
		acc[k] = c.Balanced()
	}
	best, bestT := -1.0, 0.5
	for k := lo; k <= hi; k++ {
		if m := (acc[k-1] + acc[k] + acc[k+1]) / 3; m > best+1e-12 {
			best, bestT = m, float64(k)/100
		}
	}
	return bestT
}

func figures(ex []Example, scores, thresholds []float64, dom string) Figures {
	var c, strict logistic.Counts
	var sc []float64
	var labels []bool
	for i, e := range ex {
		if e.Domain != dom {
			continue
		}
		c.Add(predicted(e, scores[i], thresholds[i]), e.Supported)
		strict.Add(e.Features[slices.Index(claims.FeatureNames(), "rule")] == 1, e.Supported)
		sc = append(sc, scores[i])
		labels = append(labels, e.Supported)
	}
	return Figures{N: len(sc), AUC: logistic.AUC(sc, labels), Precision: c.Precision(), Recall: c.Recall(), Balanced: c.Balanced(),
		StrictPrecision: strict.Precision(), StrictRecall: strict.Recall()}
}

// text is the model file.
func (r *Result) text() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# DermLiving claim verifier: the support score's logistic regression over\n")
	fmt.Fprintf(&b, "# the features of claims/features.go. Written by go generate ./claims/\n")
	fmt.Fprintf(&b, "# (gen.go, training in claims/internal/verifiermodel); DO NOT EDIT.\n#\n")
	count := map[string]int{}
	for _, e := range r.Examples {
		count[e.Domain]++
	}
	fmt.Fprintf(&b, "# Trained on %d SciFact pairs (verify_train.jsonl) and %d dermatology\n", count["scifact"], count["derm"])
	fmt.Fprintf(&b, "# pairs (the tuning sets of testdata/verifier/manifest.json), each domain\n# weighing half,")
	fmt.Fprintf(&b, " L2 penalty %g; the balanced threshold maximises the dermatology\n", Lambda)
	fmt.Fprintf(&b, "# pairs' balanced accuracy over %d-fold out-of-fold scores (folds by claim),\n", Folds)
	fmt.Fprintf(&b, "# each threshold's read as the mean over it and its two neighbours;\n")
	fmt.Fprintf(&b, "# SciFact's pairs alone would choose %.2f, at which its figures below are\n# reported (not embedded).\n#\n", r.SciFactBalanced)
	fmt.Fprintf(&b, "# Nested cross-validation (model and each domain's threshold chosen without\n# the fold):\n")
	for _, dom := range domains {
		f := r.Heldout[dom]
		fmt.Fprintf(&b, "#   %-8s n=%d AUC %.3f; balanced: precision %.3f recall %.3f balanced accuracy %.3f; strict: precision %.3f recall %.3f\n",
			dom, f.N, f.AUC, f.Precision, f.Recall, f.Balanced, f.StrictPrecision, f.StrictRecall)
	}
	fmt.Fprintf(&b, "#\n# Reliability of the %d-fold out-of-fold scores, all pairs (score bin: pairs,\n# mean score, share supported):\n", Folds)
	labels := make([]bool, len(r.Examples))
	for i, e := range r.Examples {
		labels[i] = e.Supported
	}
	for _, bin := range logistic.Reliability(r.OutOfFold, labels, 10) {
		if bin.N > 0 {
			fmt.Fprintf(&b, "#   [%.1f, %.1f): %4d  %.3f  %.3f\n", bin.Low, bin.High, bin.N, bin.MeanScore, bin.Positive)
		}
	}
	b.WriteString("\n")
	if err := logistic.Write(&b, r.Model, claims.FeatureNames(), logistic.Cut{Name: "balanced", Value: r.Balanced}); err != nil {
		panic(err) // the model has one weight per feature
	}
	return []byte(b.String())
}
