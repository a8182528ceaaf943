package abstain

import (
	"flag"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/abstain/internal/decision"
	"github.com/dermliving/dermliving/abstain/internal/labelled"
	"github.com/dermliving/dermliving/abstain/internal/screentest"
)

// The evaluation reads the labelled question sets in ../testdata/screens/
// (dev.jsonl to dev12.jsonl for tuning the rules; those but dev7 and dev12,
// and test.jsonl, for training the decision model, see
// internal/decision/train.go; holdout2.jsonl to holdout12.jsonl held out for
// reporting, the floors on holdout2 to holdout11, holdout12's urgent
// figures in urgent_eval_test.go) and the generated identifier set in
// internal/identifiers/testdata/identifiers.jsonl, reports recall per
// identifier kind and precision and recall per class, per split, for the
// development and the held-out splits together, and on the combined set,
// and logs them against the screens' goals on the combined set. It fails
// when a figure drops below its regression floor: a level below what the
// screens reached when the floor was set. Floors guard regressions; they are
// not the goals, and sit below a goal that is not met yet.
//
//	go test -run Eval -v ./abstain/
//
// For the clinical-decision screen it also logs, per split, the rules alone
// and the rules or the model at its cross-validated threshold
// (decision.ModelThreshold), next to the screen as it runs (the same
// threshold, with the model's veto of a rule and the questions their writer
// calls general). The model was trained on dev, dev2, dev3, dev4, dev5,
// dev6, dev8 to dev11 and test, so only the held-out splits measure it.
//
// It logs ids and figures only, never a question's text: the texts hold
// (synthetic) identifiers.
var (
	evalSplits = flag.String("eval.splits", defaultSplits, "comma-separated labelled splits to read from ../testdata/screens/")
	evalMisses = flag.Bool("eval.misses", false, "log the ids of development questions (dev to dev11) the screens get wrong")
)

// generatedSet is the generated identifier set, which the identifier
// screen's tests write.
var generatedSet = filepath.Join("internal", "identifiers", "testdata", "identifiers.jsonl")

// defaultSplits are the labelled splits the floors were measured on, every
// one in testdata/screens/manifest.json: those read in development, then the
// held-out ones. With other splits the test reports the figures and the
// floors they would breach, but does not fail on the combined floors.
// The urgent model's own training set (role urgent_train,
// urgent_train.jsonl) is not one: it trains the urgent model only (see
// internal/decision/urgent_train.go), and no screen's figures read it. A
// sealed split (written blind and frozen for a later round) is read by no
// test until that round's end makes it held_out.
var defaultSplits = strings.Join(append(labelled.Splits(screenFiles, func(role string) bool { return role != "held_out" && role != "urgent_train" && role != "sealed" }), labelled.Splits(screenFiles, func(role string) bool { return role == "held_out" })...), ",")

// The screens' goals, enforced: on the combined set and, for the
// clinical-decision screen, on the held-out splits alone.
const (
	goalKindRecall     = 0.99 // every pattern-detectable identifier kind
	goalNameRecall     = 0.95
	goalDecisionPR     = 0.95 // clinical_decision precision and recall
	goalFalseAbstainAt = 0.02 // reference questions abstained

	// Floors on the combined set: the goals, or above a goal where the
	// screens stand well above it. Measured after the eleventh round:
	// lowest pattern kind 0.992 (device identifier, ZIP code), name 0.985;
	// clinical_decision precision 0.989, recall 0.984; false abstention
	// 0.011.
	floorKindRecall      = goalKindRecall
	floorNameRecall      = 0.97
	floorDecisionPrecis  = 0.97
	floorDecisionRecall  = goalDecisionPR
	floorFalseAbstainMax = goalFalseAbstainAt

	// Floors on the held-out splits alone (holdout2 to holdout11, when all
	// are read): the goals. After the eleventh round the screen reached
	// clinical_decision precision 0.982, recall 0.974 and false abstention
	// 0.019 (39/2077) there; the rules alone 0.979, 0.890 and 0.020. They
	// catch a change that holds up on the development and training splits
	// but not on phrasing neither the rules nor the model were made from.
	floorHeldOutDecisionPrecis = goalDecisionPR
	floorHeldOutDecisionRecall = goalDecisionPR
	floorHeldOutFalseAbstain   = goalFalseAbstainAt
)

// devSplit reports whether split is read in development (its role is train
// or tune). Only those may list their misses; held-out splits are read for
// figures only.
func devSplit(split string) bool {
	role := labelled.Role(screenFiles, split)
	return role == "train" || role == "tune"
}

// heldOutSplit reports whether split is held out from both the rules and
// the decision model.
func heldOutSplit(split string) bool { return labelled.Role(screenFiles, split) == "held_out" }

// heldOutFloorRound is the last round whose held-out split the held-out
// floors cover (holdout2 to holdout11). Later held-out splits are reported
// on their own, with their round's figures (round 12: the urgent decisions
// and the reason families, see urgent_eval_test.go).
const heldOutFloorRound = 11

// flooredSplit reports whether split is one of the held-out splits the
// held-out floors cover.
func flooredSplit(split string) bool {
	return heldOutSplit(split) && labelled.Round(screenFiles, split) <= heldOutFloorRound
}

// heldOutSplits is the number of held-out splits the held-out floors need:
// every floored one among the default splits.
var heldOutSplits = func() int {
	n := 0
	for _, split := range strings.Split(defaultSplits, ",") {
		if flooredSplit(split) {
			n++
		}
	}
	return n
}()

// screenVariants classify a question with the rules alone and with the
// rules or the model at its cross-validated threshold, for comparison with
// classify. Patient data is screened first, as in Decide.
var screenVariants = []struct {
	name     string
	classify func(q string) string
}{
	{"rules alone", func(q string) string { return classifyWith(q, math.Inf(1)) }},
	{"rules or model, cross-validated threshold", func(q string) string { return classifyWith(q, decision.ModelThreshold) }},
	{"rules or model, the screen", classify},
}

// classifyWith is classify with the model at threshold.
func classifyWith(q string, threshold float64) string {
	if len(ScreenPatientData(q)) > 0 {
		return "patient_data"
	}
	if decision.RulesOrModel(q, threshold) {
		return "clinical_decision"
	}
	return "reference"
}

// logDecision logs the clinical-decision figures of c in one line.
func (c *classScores) logDecision(t *testing.T, title string) {
	t.Helper()
	t.Logf("  %-42s precision %-18s recall %-18s false abstention %s", title, c.precision("clinical_decision"), c.recall("clinical_decision"), c.falseAbstention())
}

// classify returns the label the screens give a question.
func classify(q string) string {
	switch Decide(q).Reason {
	case PatientData:
		return "patient_data"
	case ClinicalDecision:
		return "clinical_decision"
	}
	return "reference"
}

// classScores holds a confusion count for the three labels.
type classScores struct {
	counts map[[2]string]int            // [want, got]
	kinds  map[string]*screentest.Ratio // labelled patient_data: kind found among the findings
	misses []string
}

func newClassScores() *classScores {
	return &classScores{counts: map[[2]string]int{}, kinds: map[string]*screentest.Ratio{}}
}

var labels = []string{"reference", "clinical_decision", "patient_data"}

func (c *classScores) add(q labelled.Question, got string, findings []Kind) {
	c.counts[[2]string{q.Label, got}]++
	if got != q.Label {
		c.misses = append(c.misses, fmt.Sprintf("%s(%s->%s)", q.ID, short(q.Label), short(got)))
	}
	for _, k := range q.Kinds {
		r := c.kinds[k]
		if r == nil {
			r = &screentest.Ratio{}
			c.kinds[k] = r
		}
		r.N++
		if slices.Contains(findings, Kind(k)) {
			r.Hit++
		}
	}
}

func short(label string) string {
	switch label {
	case "clinical_decision":
		return "cd"
	case "patient_data":
		return "pd"
	}
	return "ref"
}

func (c *classScores) precision(l string) screentest.Ratio {
	var r screentest.Ratio
	for _, w := range labels {
		n := c.counts[[2]string{w, l}]
		r.N += n
		if w == l {
			r.Hit += n
		}
	}
	return r
}

func (c *classScores) recall(l string) screentest.Ratio {
	var r screentest.Ratio
	for _, g := range labels {
		n := c.counts[[2]string{l, g}]
		r.N += n
		if g == l {
			r.Hit += n
		}
	}
	return r
}

// falseAbstention is the share of reference questions the screens refuse.
func (c *classScores) falseAbstention() screentest.Ratio {
	r := c.recall("reference")
	return screentest.Ratio{Hit: r.N - r.Hit, N: r.N}
}

func (c *classScores) merge(o *classScores) {
	for k, v := range o.counts {
		c.counts[k] += v
	}
	for k, v := range o.kinds {
		r := c.kinds[k]
		if r == nil {
			r = &screentest.Ratio{}
			c.kinds[k] = r
		}
		r.Hit += v.Hit
		r.N += v.N
	}
}

func (c *classScores) log(t *testing.T, title string) {
	t.Helper()
	t.Logf("%s", title)
	for _, l := range labels {
		t.Logf("  %-18s precision %-18s recall %s", l, c.precision(l), c.recall(l))
	}
	t.Logf("  %-18s false abstention on reference %s", "", c.falseAbstention())
}

func TestEval(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the screens' evaluation over every labelled split runs in the full test command (go test ./...)")
	}
	dir := filepath.Join("..", "testdata", "screens")
	all := newClassScores()
	devAll, heldOut, heldOutLater := newClassScores(), newClassScores(), newClassScores()
	var devRead, laterRead []string
	round12 := newUrgentRound()
	heldOutVariants := make([]*classScores, len(screenVariants))
	for i := range heldOutVariants {
		heldOutVariants[i] = newClassScores()
	}
	var heldOutRead []string
	read := 0
	for _, split := range strings.Split(*evalSplits, ",") {
		split = strings.TrimSpace(split)
		if split == "" {
			continue
		}
		qs, ok := screentest.ReadJSONL[labelled.Question](t, filepath.Join(dir, split+".jsonl"))
		if !ok {
			t.Logf("%s: %s.jsonl absent; skipped", dir, split)
			continue
		}
		read++
		bySplit := newClassScores()
		byLang := map[string]*classScores{}
		tricky := newClassScores()
		for _, q := range qs {
			got := classify(q.Text)
			var kinds []Kind
			if q.Label == "patient_data" {
				kinds = Kinds(ScreenPatientData(q.Text))
			}
			bySplit.add(q, got, kinds)
			if byLang[q.Lang] == nil {
				byLang[q.Lang] = newClassScores()
			}
			byLang[q.Lang].add(q, got, kinds)
			if q.Tricky {
				tricky.add(q, got, kinds)
			}
		}
		bySplit.log(t, fmt.Sprintf("%s (%d questions)", split, len(qs)))
		for _, lang := range []string{"en", "es"} {
			if c := byLang[lang]; c != nil {
				c.log(t, fmt.Sprintf("%s, lang=%s", split, lang))
			}
		}
		tricky.log(t, split+", tricky only")
		t.Logf("%s: clinical_decision screen variants", split)
		for i, v := range screenVariants {
			c := newClassScores()
			for _, q := range qs {
				c.add(q, v.classify(q.Text), nil)
			}
			c.logDecision(t, v.name)
			if flooredSplit(split) {
				heldOutVariants[i].merge(c)
			}
		}
		round12.addSplit(t, split, qs)
		logKinds(t, split+": labelled identifier kinds (kind found among the findings)", bySplit.kinds)
		if *evalMisses && devSplit(split) {
			t.Logf("%s misses: %s", split, strings.Join(bySplit.misses, " "))
		}
		all.merge(bySplit)
		switch {
		case flooredSplit(split):
			heldOut.merge(bySplit)
			heldOutRead = append(heldOutRead, split)
		case heldOutSplit(split):
			heldOutLater.merge(bySplit)
			laterRead = append(laterRead, split)
		default:
			devAll.merge(bySplit)
			devRead = append(devRead, split)
		}
	}
	if read == 0 {
		t.Skipf("no labelled question set in %s", dir)
	}
	devAll.log(t, "development and training splits together ("+strings.Join(devRead, ", ")+")")
	if len(laterRead) > 0 {
		heldOutLater.log(t, fmt.Sprintf("held-out splits after round %d together (%s)", heldOutFloorRound, strings.Join(laterRead, ", ")))
	}
	round12.log(t)
	heldOut.log(t, "held-out splits together ("+strings.Join(heldOutRead, ", ")+")")
	t.Logf("held-out splits together: clinical_decision screen variants")
	for i, v := range screenVariants {
		heldOutVariants[i].logDecision(t, v.name)
	}
	if len(heldOutRead) == heldOutSplits {
		p, r, fa := heldOut.precision("clinical_decision"), heldOut.recall("clinical_decision"), heldOut.falseAbstention()
		if p.Value() < floorHeldOutDecisionPrecis {
			t.Errorf("held out: clinical_decision precision %s fell below the floor %.2f", p, floorHeldOutDecisionPrecis)
		}
		if r.Value() < floorHeldOutDecisionRecall {
			t.Errorf("held out: clinical_decision recall %s fell below the floor %.2f", r, floorHeldOutDecisionRecall)
		}
		if fa.Value() > floorHeldOutFalseAbstain {
			t.Errorf("held out: false abstention on reference questions %s rose above %.2f", fa, floorHeldOutFalseAbstain)
		}
	}

	gen, ok := screentest.ReadJSONL[labelled.Generated](t, generatedSet)
	if !ok {
		t.Fatalf("%s is missing: run go test ./abstain/internal/identifiers/ -run TestGenerateIdentifiers -update", generatedSet)
	}
	genKinds, negatives := scoreGenerated(gen)
	logKinds(t, fmt.Sprintf("generated identifiers (%d inputs): finding of the kind covering the identifier", len(gen)), genKinds)
	t.Logf("generated negatives: %s trigger nothing", negatives)

	// Goals, on the combined set: the labelled splits read and the
	// generated identifiers.
	combined := map[string]*screentest.Ratio{}
	for _, m := range []map[string]*screentest.Ratio{all.kinds, genKinds} {
		for k, r := range m {
			if combined[k] == nil {
				combined[k] = &screentest.Ratio{}
			}
			combined[k].Hit += r.Hit
			combined[k].N += r.N
		}
	}
	logKinds(t, "combined identifier recall", combined)
	all.log(t, "combined labelled splits ("+*evalSplits+")")

	floorBreached := t.Errorf
	if *evalSplits != defaultSplits {
		floorBreached = t.Logf // the floors hold for the default splits only
	}
	for _, k := range AllKinds() {
		r := combined[string(k)]
		if r == nil || r.N == 0 {
			t.Errorf("kind %s: no inputs in the combined set", k)
			continue
		}
		goal, floor := goalKindRecall, floorKindRecall
		if k == KindName {
			goal, floor = goalNameRecall, floorNameRecall
		}
		if r.Value() < goal {
			t.Logf("goal not met: %s recall %s < %.2f", k, r, goal)
		}
		if r.Value() < floor {
			floorBreached("%s recall %s fell below the floor %.2f", k, r, floor)
		}
	}
	p, r, fa := all.precision("clinical_decision"), all.recall("clinical_decision"), all.falseAbstention()
	t.Logf("against the screens' goals: clinical_decision precision %s (goal %.2f), recall %s (goal %.2f); false abstention %s (goal <= %.2f)",
		p, goalDecisionPR, r, goalDecisionPR, fa, goalFalseAbstainAt)
	if p.Value() < floorDecisionPrecis {
		floorBreached("clinical_decision precision %s fell below the floor %.2f", p, floorDecisionPrecis)
	}
	if r.Value() < floorDecisionRecall {
		floorBreached("clinical_decision recall %s fell below the floor %.2f", r, floorDecisionRecall)
	}
	if fa.Value() > floorFalseAbstainMax {
		floorBreached("false abstention on reference questions %s rose above %.2f", fa, floorFalseAbstainMax)
	}
	if negatives.Value() < 1 {
		t.Errorf("generated negatives: %s trigger nothing; every one must", negatives)
	}
}

// scoreGenerated returns recall per kind on the generated positives (a
// finding of the kind overlaps the identifier) and the share of negatives
// that trigger nothing.
func scoreGenerated(gen []labelled.Generated) (map[string]*screentest.Ratio, screentest.Ratio) {
	kinds := map[string]*screentest.Ratio{}
	var neg screentest.Ratio
	for _, g := range gen {
		fs := ScreenPatientData(g.Text)
		if g.Kind == "" {
			neg.N++
			if len(fs) == 0 {
				neg.Hit++
			}
			continue
		}
		r := kinds[g.Kind]
		if r == nil {
			r = &screentest.Ratio{}
			kinds[g.Kind] = r
		}
		r.N++
		for _, f := range fs {
			if string(f.Kind) == g.Kind && f.Start < g.End && g.Start < f.End {
				r.Hit++
				break
			}
		}
	}
	return kinds, neg
}

func logKinds(t *testing.T, title string, m map[string]*screentest.Ratio) {
	t.Helper()
	t.Logf("%s", title)
	for _, k := range AllKinds() {
		if r := m[string(k)]; r != nil {
			t.Logf("  %-22s %s", k, r)
		}
	}
}
