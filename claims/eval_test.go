package claims_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/internal/manifest"
	"github.com/dermliving/dermliving/internal/racedetect"
)

type labelled struct {
	ID       string           `json:"id"`
	Family   string           `json:"family"`
	Claim    string           `json:"claim"`
	Passages []claims.Passage `json:"passages"`
	Label    string           `json:"label"`
	Why      string           `json:"why"`
}

func readPairs(t *testing.T, path string) []labelled {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("%s absent (%v): skipping", path, err)
	}
	defer f.Close()
	var out []labelled
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var p labelled
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, p)
	}
	return out
}

// confusion counts the binary decision "supported" against the label.
type confusion struct{ tp, fp, fn, tn int }

func (c *confusion) add(predicted, actual bool) {
	switch {
	case predicted && actual:
		c.tp++
	case predicted && !actual:
		c.fp++
	case !predicted && actual:
		c.fn++
	default:
		c.tn++
	}
}

func (c confusion) precision() float64 { return ratio(c.tp, c.tp+c.fp) }
func (c confusion) recall() float64    { return ratio(c.tp, c.tp+c.fn) }
func (c confusion) specificity() float64 {
	return ratio(c.tn, c.tn+c.fp)
}
func (c confusion) balanced() float64 { return (c.recall() + c.specificity()) / 2 }

func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// The verifier's goals on the dermatology adversarial set, and the regression
// floors this test enforces: the held-out level the verifier reached when the
// floors were last set (precision 0.977, recall 0.852), less a small margin,
// so that noise in one or two pairs does not fail the build while a real
// regression does; the test logs whether the goals themselves are met.
const (
	goalPrecision  = 0.97
	goalRecall     = 0.85
	floorPrecision = 0.96
	floorRecall    = 0.83
)

// TestEvalDermatology measures the default verifier on the dermatology
// adversarial set written by DermLiving (testdata/verifier): precision and
// recall of "supported" and the false-support rate of each perturbation
// family, on the dev split (the only one looked at while building the
// verifier) and on the held-out test split. It logs the test split against
// the goals and fails when it drops below the regression floors.
//
//	go test -run TestEvalDermatology -v ./claims/
func TestEvalDermatology(t *testing.T) {
	v := verifier(t)
	for _, split := range []string{"dev", "test"} {
		// DERMLIVING_VERIFIER_ROLE=tune reads the tuning split only, as for
		// the other sets (see TestEvalVerifierSets).
		if os.Getenv("DERMLIVING_VERIFIER_ROLE") == "tune" && split != "dev" {
			continue
		}
		pairs := readPairs(t, filepath.Join("..", "testdata", "verifier", split+".jsonl"))
		show := testing.Verbose() && os.Getenv("DERMLIVING_EVAL_SHOW") == split
		all, families, verdicts := evalPairs(t, v, pairs, func(p labelled, j claims.Judgment) {
			if show {
				t.Logf("%s %s [%s] %q: got %s (%s)", split, p.ID, p.Family, p.Claim, j.Verdict, j.Reason)
			}
		})
		t.Logf("%s: %d pairs: supported precision %.3f recall %.3f (tp %d fp %d fn %d tn %d); removed with verdicts %v",
			split, len(pairs), all.precision(), all.recall(), all.tp, all.fp, all.fn, all.tn, verdicts)
		names := make([]string, 0, len(families))
		for f := range families {
			names = append(names, f)
		}
		sort.Strings(names)
		var lines []string
		for _, f := range names {
			c := families[f]
			if c.tp+c.fn > 0 {
				lines = append(lines, fmt.Sprintf("%s recall %.2f (%d)", f, c.recall(), c.tp+c.fn))
			}
			if c.fp+c.tn > 0 {
				lines = append(lines, fmt.Sprintf("%s false-support %.2f (%d)", f, ratio(c.fp, c.fp+c.tn), c.fp+c.tn))
			}
		}
		t.Logf("%s by family: %s", split, strings.Join(lines, "; "))
		if split == "test" {
			p, r := all.precision(), all.recall()
			t.Logf("test against the verifier's goals: precision %.3f (goal %.2f, met %v), recall %.3f (goal %.2f, met %v)",
				p, goalPrecision, p >= goalPrecision, r, goalRecall, r >= goalRecall)
			if p < floorPrecision {
				t.Errorf("test: precision of supported %.3f fell below the floor %.2f", p, floorPrecision)
			}
			if r < floorRecall {
				t.Errorf("test: recall of supported %.3f fell below the floor %.2f", r, floorRecall)
			}
		}
	}
}

// TestVerifierManifest checks that every labelled verifier set is the file
// its manifest froze: its count and SHA-256.
func TestVerifierManifest(t *testing.T) {
	dir := filepath.Join("..", "testdata", "verifier")
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	roles := map[string]int{}
	for _, e := range m {
		b, err := os.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if got := hex.EncodeToString(sum[:]); got != e.SHA256 {
			t.Errorf("%s: sha256 %s, manifest froze %s", e.File, got, e.SHA256)
		}
		n := 0
		for line := range strings.Lines(string(b)) {
			if strings.TrimSpace(line) != "" {
				n++
			}
		}
		if n != e.Count {
			t.Errorf("%s: %d lines, manifest says %d", e.File, n, e.Count)
		}
		roles[e.Kind+"/"+e.Role]++
	}
	for _, want := range []string{"pairs/tune", "pairs/held_out", "answers/tune", "answers/held_out"} {
		if roles[want] == 0 {
			t.Errorf("manifest has no %s file (roles %v)", want, roles)
		}
	}
}

// TestEvalVerifierSets measures both operating points on every labelled pair
// set of the manifest: precision and recall of supported, and false support
// by family. Misses of the tuning sets may be printed
// (DERMLIVING_EVAL_SHOW=tune); held-out sets are reported in aggregate only.
//
//	go test -run TestEvalVerifierSets -v ./claims/
func TestEvalVerifierSets(t *testing.T) {
	racedetect.SkipEvaluation(t)
	dir := filepath.Join("..", "testdata", "verifier")
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range m {
		if e.Kind != "pairs" {
			continue
		}
		if role := os.Getenv("DERMLIVING_VERIFIER_ROLE"); role != "" && role != e.Role {
			continue
		}
		pairs := readPairs(t, filepath.Join(dir, e.File))
		for _, point := range []claims.OperatingPoint{claims.Strict, claims.Balanced} {
			v := *verifier(t)
			v.Point = point
			show := e.Role == "tune" && os.Getenv("DERMLIVING_EVAL_SHOW") == "tune"
			all, families, _ := evalPairs(t, &v, pairs, func(p labelled, j claims.Judgment) {
				if show {
					t.Logf("%s %s %s [%s/%s] %q: got %s %.2f (%s)", e.File, point, p.ID, p.Family, p.Label, p.Claim, j.Verdict, j.Score, j.Reason)
				}
			})
			var lines []string
			for _, f := range slices.Sorted(maps.Keys(families)) {
				c := families[f]
				if c.fp+c.tn > 0 {
					lines = append(lines, fmt.Sprintf("%s false support %.2f (%d)", f, ratio(c.fp, c.fp+c.tn), c.fp+c.tn))
				}
				if c.tp+c.fn > 0 {
					lines = append(lines, fmt.Sprintf("%s recall %.2f (%d)", f, c.recall(), c.tp+c.fn))
				}
			}
			t.Logf("%s (%s), %s: %d pairs: supported precision %.3f recall %.3f; %s", e.File, e.Role, point, len(pairs), all.precision(), all.recall(), strings.Join(lines, "; "))
		}
	}
}

// evalPairs judges every pair with v and tallies supported against the
// labels, overall and by family, and the verdicts of pairs not labelled
// supported that were refused; miss is called on each pair judged wrongly.
func evalPairs(t *testing.T, v *claims.Lexical, pairs []labelled, miss func(labelled, claims.Judgment)) (all confusion, families map[string]*confusion, verdicts map[string]int) {
	t.Helper()
	families, verdicts = map[string]*confusion{}, map[string]int{}
	for _, p := range pairs {
		j, err := v.Verify(context.Background(), p.Claim, p.Passages)
		if err != nil {
			t.Fatal(err)
		}
		got, want := j.Verdict == claims.Supported, p.Label == "supported"
		all.add(got, want)
		if families[p.Family] == nil {
			families[p.Family] = &confusion{}
		}
		families[p.Family].add(got, want)
		if p.Label != "supported" && j.Verdict != claims.Supported {
			verdicts[p.Label+"->"+j.Verdict.String()]++
		}
		if got != want {
			miss(p, j)
		}
	}
	return all, families, verdicts
}
