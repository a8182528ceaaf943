package claims_test

import (
	"bufio"
	"context"
	"encoding/json"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/lexicon"
)

// sciFactIDF computes BM25 inverse document frequencies over the SciFact
// corpus, the rarity the verifier weighs claim terms by.
func sciFactIDF(t *testing.T, an *lexicon.Analyzer, path string) claims.Rarity {
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("SciFact corpus absent (%v): skipping", err)
	}
	defer f.Close()
	df := map[string]int{}
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var rec struct{ Text string }
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		n++
		for term := range lexicon.NewTermSet(an.Terms(rec.Text)) {
			df[term]++
		}
	}
	return func(term string) float64 {
		d := float64(df[term])
		return math.Log(1 + (float64(n)-d+0.5)/(d+0.5))
	}
}

type sciPair struct {
	ID       string           `json:"id"`
	Claim    string           `json:"claim"`
	Passages []claims.Passage `json:"passages"`
	Label    string           `json:"label"`
	Why      string           `json:"why"` // support, contradict or no_evidence
}

type scored struct {
	score    float64
	checksOK bool // the verdict at no coverage floor is supported
	gold     bool
	fold     int
	why      string
}

// TestEvalSciFact measures the default verifier on SciFact claim/abstract
// pairs ("supported" against everything else). The only threshold, the
// coverage a span must hold, is chosen on one half (claims split by a hash of
// their text, so a claim's pairs stay together) and reported on the other,
// both ways round (two-fold cross-validation).
//
//	go test -run TestEvalSciFact -v ./claims/
func TestEvalSciFact(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the SciFact evaluation (about 10,000 verifications)")
	}
	data := filepath.Join("..", "..", "shared", "data", "scifact")
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	rarity := sciFactIDF(t, an, filepath.Join(data, "corpus.jsonl"))
	th, err := lexicon.DefaultThesaurus(an)
	if err != nil {
		t.Fatal(err)
	}
	v := claims.NewLexical(an, th, rarity)
	f, err := os.Open(filepath.Join(data, "verify_train.jsonl"))
	if err != nil {
		t.Skipf("SciFact pairs absent (%v): skipping", err)
	}
	defer f.Close()
	var pairs []sciPair
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var p sciPair
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, p)
	}
	if len(pairs) == 0 {
		t.Fatal("no pairs")
	}
	// The verifier's decision at each candidate threshold.
	thresholds := []float64{}
	for th := 0.40; th <= 0.951; th += 0.05 {
		thresholds = append(thresholds, th)
	}
	decided := make([][]scored, len(thresholds))
	for i, th := range thresholds {
		v.MinCoverage = th
		for _, p := range pairs {
			j, err := v.Verify(context.Background(), p.Claim, p.Passages)
			if err != nil {
				t.Fatal(err)
			}
			decided[i] = append(decided[i], scored{score: j.Score, checksOK: j.Verdict == claims.Supported, gold: p.Label == "supported", fold: int(crc32.ChecksumIEEE([]byte(p.Claim)) % 2), why: p.Why})
		}
	}
	var pooled confusion
	accepted, of := map[string]int{}, map[string]int{} // held out, by why
	for test := 0; test < 2; test++ {
		// Choose the threshold on the other fold by balanced accuracy.
		best, bestBA := 0, -1.0
		for i := range thresholds {
			if ba := foldConfusion(decided[i], 1-test).balanced(); ba > bestBA {
				best, bestBA = i, ba
			}
		}
		c := foldConfusion(decided[best], test)
		for _, d := range decided[best] {
			if d.fold == test {
				of[d.why]++
				if d.checksOK {
					accepted[d.why]++
				}
			}
		}
		t.Logf("fold %d: threshold %.2f chosen on the other fold (its balanced accuracy %.3f); on this fold: balanced accuracy %.3f, supported precision %.3f recall %.3f (n=%d)",
			test, thresholds[best], bestBA, c.balanced(), c.precision(), c.recall(), c.tp+c.fp+c.fn+c.tn)
		pooled.tp += c.tp
		pooled.fp += c.fp
		pooled.fn += c.fn
		pooled.tn += c.tn
	}
	t.Logf("SciFact held-out (pooled over both folds, %d pairs): balanced accuracy %.3f, supported precision %.3f, recall %.3f; the verifier's goal: balanced accuracy >= 0.78 with precision >= 0.80",
		pooled.tp+pooled.fp+pooled.fn+pooled.tn, pooled.balanced(), pooled.precision(), pooled.recall())
	t.Logf("ROC-AUC of the coverage score, pairs failing a check scored 0: %.3f", auc(decided[0]))
	for _, why := range []string{"support", "contradict", "no_evidence"} {
		t.Logf("  held out, SciFact %-11s pairs judged supported: %.3f (%d/%d)", why, ratio(accepted[why], of[why]), accepted[why], of[why])
	}
	// Context, not results: bounds tuned on all the pairs at once.
	var all confusion
	for _, d := range decided[0] {
		all.add(d.why != "no_evidence", d.gold)
	}
	t.Logf("context: a judge that rejected every unrelated abstract and could not tell a contradicted claim from a supported one would reach balanced accuracy %.3f with supported precision %.3f: the precision goal asks for contradiction detection", all.balanced(), all.precision())
	bestAny, bestPrec := 0.0, 0.0
	for i := range thresholds {
		var c confusion
		for _, d := range decided[i] {
			c.add(d.checksOK, d.gold)
		}
		bestAny = max(bestAny, c.balanced())
		if c.precision() >= 0.80 {
			bestPrec = max(bestPrec, c.balanced())
		}
	}
	t.Logf("context: this verifier's coverage threshold tuned on all pairs at once reaches balanced accuracy %.3f at best, %.3f with supported precision >= 0.80", bestAny, bestPrec)
	// Regression guard at the level this verifier reached when the test was
	// written; the verifier's goal is higher.
	if ba := pooled.balanced(); ba < sciFactFloor {
		t.Errorf("SciFact held-out balanced accuracy %.3f fell below %.2f", ba, sciFactFloor)
	}
}

// sciFactFloor is the regression floor for the held-out balanced accuracy.
const sciFactFloor = 0.52

func foldConfusion(all []scored, fold int) confusion {
	var c confusion
	for _, s := range all {
		if s.fold == fold {
			c.add(s.checksOK, s.gold)
		}
	}
	return c
}

// auc is the probability that a supported pair outscores another, with pairs
// failing a check scored zero.
func auc(all []scored) float64 {
	var pos, neg []float64
	for _, s := range all {
		x := s.score
		if !s.checksOK {
			x = 0
		}
		if s.gold {
			pos = append(pos, x)
		} else {
			neg = append(neg, x)
		}
	}
	var wins float64
	for _, p := range pos {
		for _, n := range neg {
			switch {
			case p > n:
				wins++
			case p == n:
				wins += 0.5
			}
		}
	}
	return wins / float64(len(pos)*len(neg))
}
