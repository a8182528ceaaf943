package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/evidence"
)

// TestSciFactFloor measures retrieval on the SciFact claims
// (../shared/data/scifact/claims_train.jsonl; a hit is any relevant
// abstract in the top 10) and how a bundle's relevance floor should be
// chosen for such a corpus, without reporting a number measured on the data
// that chose it: two folds by claim id parity; on each, the floor is the
// highest candidate whose recall@10 is within 0.01 of the recall with no
// floor at all, and it is then
// measured on the other fold. (The rule was written after a first,
// exploratory look at recall by floor over all claims; the folds keep the
// number reported off the claims that chose the floor.)
func TestSciFactFloor(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "scifact")
	if _, err := os.Stat(filepath.Join(dir, "corpus.jsonl")); err != nil {
		t.Skipf("SciFact absent (%v): skipping", err)
	}
	if testing.Short() {
		t.Skip("-short: skipping the SciFact build")
	}
	f, err := os.Open(filepath.Join(dir, "corpus.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := evidence.ReadCorpus(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_scifact", Released: "2026-11-01", RenameDuplicates: true})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "kv_scifact")
	if err := b.WriteDir(context.Background(), out, &evidence.WriteOptions{Index: true}); err != nil {
		t.Fatal(err)
	}

	type claim struct {
		ID       int      `json:"id"`
		Claim    string   `json:"claim"`
		Relevant []string `json:"relevant"`
	}
	var folds [2][]claim
	cf, err := os.Open(filepath.Join(dir, "claims_train.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(cf)
	for sc.Scan() {
		var c claim
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		if len(c.Relevant) > 0 {
			folds[c.ID%2] = append(folds[c.ID%2], c)
		}
	}
	cf.Close()

	// recall[floor][fold] with the floor set by the opener (-1: none).
	candidates := []float64{-1, 0.6, 0.55, 0.5, 0.45, 0.4, 0.35, 0.3}
	recall := map[float64][2]float64{}
	for _, floor := range candidates {
		kv, err := evidence.OpenFS(os.DirFS(out), &evidence.OpenOptions{IndexDir: filepath.Join(out, evidence.IndexDir), MinCoverage: floor})
		if err != nil {
			t.Fatal(err)
		}
		var r [2]float64
		for k, fold := range folds {
			hit := 0
			for _, c := range fold {
				if hitAt10(t, kv, c.Claim, c.Relevant) {
					hit++
				}
			}
			r[k] = float64(hit) / float64(len(fold))
		}
		kv.Close()
		recall[floor] = r
	}
	var report []string
	for _, floor := range candidates {
		report = append(report, fmt.Sprintf("%v: %.3f/%.3f", floor, recall[floor][0], recall[floor][1]))
	}
	t.Logf("recall@10 by floor (fold 0 / fold 1): %s", strings.Join(report, ", "))
	hits, n := 0.0, 0
	for k := range folds {
		chosen := -1.0
		for _, floor := range candidates[1:] {
			if recall[floor][k] >= recall[-1][k]-0.01 && floor > chosen {
				chosen = floor
			}
		}
		other := 1 - k
		t.Logf("fold %d chooses floor %v; on fold %d it gives recall@10 %.3f (%d claims)", k, chosen, other, recall[chosen][other], len(folds[other]))
		hits += recall[chosen][other] * float64(len(folds[other]))
		n += len(folds[other])
	}
	held := hits / float64(n)
	t.Logf("SciFact held-out recall@10 %.3f over %d claims (goal 0.95, issue 14); with the default floor 0.6: %.3f/%.3f", held, n, recall[0.6][0], recall[0.6][1])
	if held < 0.95 {
		t.Errorf("held-out recall@10 %.3f fell below 0.95", held)
	}
}
