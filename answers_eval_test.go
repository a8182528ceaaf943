package dermliving_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/answer"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/internal/confmodel"
	"github.com/dermliving/dermliving/internal/manifest"
	"github.com/dermliving/dermliving/internal/racedetect"
	"github.com/dermliving/dermliving/sandbox"
)

// keyFactQuestion is one line of testdata/answers (see its README).
type keyFactQuestion struct {
	ID       string     `json:"id"`
	Question string     `json:"question"`
	Kind     string     `json:"kind"`
	Intent   string     `json:"intent"`
	Focus    string     `json:"focus"`
	Expect   string     `json:"expect"`
	Facts    [][]string `json:"facts"`
	Passages []string   `json:"passages"`
}

// readManifest reads dir's manifest.json (see internal/manifest).
func readManifest(t *testing.T, dir string) []manifest.Entry {
	t.Helper()
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// generatedFiles are the generated-answer sets of testdata/verifier's
// manifest, in its order, and whether each is a tuning half.
func generatedFiles(t *testing.T) (files []string, tune map[string]bool) {
	t.Helper()
	tune = map[string]bool{}
	for _, e := range readManifest(t, filepath.Join("testdata", "verifier")) {
		if e.Kind == "answers" {
			files = append(files, e.File)
			tune[e.File] = e.Role == "tune"
		}
	}
	return files, tune
}

// readJSONL reads a labelled set: one JSON object a line, blank lines
// skipped.
func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return out
}

// TestAnswerManifest checks that every answer set is the file its manifest
// froze: its count and SHA-256.
func TestAnswerManifest(t *testing.T) {
	roles := checkManifest[keyFactQuestion](t, filepath.Join("testdata", "answers"))
	if roles["tune"] == 0 || roles["held_out"] == 0 {
		t.Errorf("manifest roles %v: want a tuning and a held-out file", roles)
	}
}

// checkManifest checks every file dir's manifest lists against its SHA-256
// and count of T lines, and returns how many files hold each role.
func checkManifest[T any](t *testing.T, dir string) map[string]int {
	t.Helper()
	m := readManifest(t, dir)
	if len(m) == 0 {
		t.Fatal("manifest lists no files")
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
		if n := len(readJSONL[T](t, filepath.Join(dir, e.File))); n != e.Count {
			t.Errorf("%s: %d questions, manifest says %d", e.File, n, e.Count)
		}
		roles[e.Role]++
	}
	return roles
}

// keyFactScore is what one answer earns.
type keyFactScore struct {
	answered   bool
	facts, all float64 // share of fact groups held; 1 when all are
	correct    bool    // for off-target questions: abstained insufficient_evidence
	offTopic   bool    // for off-target questions: answered
	reason     string
	text       string
}

func scoreKeyFacts(q keyFactQuestion, res dermliving.Result) keyFactScore {
	var s keyFactScore
	switch r := res.(type) {
	case *dermliving.Abstained:
		s.reason = r.Reason.String()
	case *dermliving.Grounded:
		s.answered = true
		var b strings.Builder
		for _, c := range r.Claims {
			b.WriteString(c.Text)
			b.WriteByte('\n')
		}
		s.text = b.String()
	}
	if q.Expect != "grounded" {
		s.correct = s.reason == "insufficient_evidence"
		s.offTopic = s.answered
		return s
	}
	text := strings.ToLower(strings.Join(strings.Fields(s.text), " "))
	held := 0
	for _, g := range q.Facts {
		for _, alt := range g {
			if strings.Contains(text, strings.ToLower(strings.Join(strings.Fields(alt), " "))) {
				held++
				break
			}
		}
	}
	if len(q.Facts) > 0 {
		s.facts = float64(held) / float64(len(q.Facts))
	}
	if held == len(q.Facts) {
		s.all = 1
	}
	return s
}

// keyFactReport aggregates scores.
type keyFactReport struct {
	grounded, answered     int
	facts, all             float64
	multi                  int
	multiFacts             float64
	off, offCorrect, offAn int
	claims                 int
	byKind                 map[string][2]float64 // kind -> (sum of facts, n)
}

func (r *keyFactReport) add(q keyFactQuestion, s keyFactScore) {
	if r.byKind == nil {
		r.byKind = map[string][2]float64{}
	}
	if q.Expect != "grounded" {
		r.off++
		if s.correct {
			r.offCorrect++
		}
		if s.offTopic {
			r.offAn++
		}
		return
	}
	r.grounded++
	if s.answered {
		r.answered++
		r.claims += strings.Count(s.text, "\n")
	}
	r.facts += s.facts
	r.all += s.all
	k := r.byKind[q.Kind]
	r.byKind[q.Kind] = [2]float64{k[0] + s.facts, k[1] + 1}
	if q.Kind == "multi" {
		r.multi++
		r.multiFacts += s.facts
	}
}

func (r *keyFactReport) String() string {
	var kinds []string
	for k, v := range r.byKind {
		kinds = append(kinds, fmt.Sprintf("%s %.3f (%d)", k, v[0]/v[1], int(v[1])))
	}
	sort.Strings(kinds)
	return fmt.Sprintf("key-fact rate %.3f over %d answerable questions (all facts %.3f; answered %d, %.2f claims an answer); multi-passage %.3f (%d); off-target and non-dermatology: %d/%d abstained insufficient_evidence, %d answered; by kind: %s",
		r.facts/float64(r.grounded), r.grounded, r.all/float64(r.grounded), r.answered, float64(r.claims)/float64(max(r.answered, 1)),
		r.multiFacts/float64(max(r.multi, 1)), r.multi, r.offCorrect, r.off, r.offAn, strings.Join(kinds, ", "))
}

// maxOffTargetAnswered is, for each key-fact set, the most off-target or
// non-dermatology questions answered that its regression floor allows:
// round 7's figures, round 8's for the third set (dev3 and holdout3, read
// first at the end of round 8), round 9's for the fourth (dev4 and
// holdout4, read first at the end of round 9) and round 10's for the fifth
// (dev5 and holdout5, read first at the end of round 10), round 11's for
// the sixth (dev6 and holdout6) and round 12's for the seventh (dev7 and
// holdout7, read first at the end of round 12); the first readings for
// the eighth to eleventh (the eleventh, dev11 and holdout11, read first at
// the end of round 15: 1 and 1; the twelfth, dev12 and holdout12, at the
// end of round 16: 1 and 0; the thirteenth, dev13 and holdout13, at the
// end of round 17: 0 and 0; the fourteenth, dev14 and holdout14, at the
// end of round 18: 0 and 0; the fifteenth, dev15 and holdout15, at the
// end of round 19: 2 and 2; the sixteenth, dev16 and holdout16, at the end
// of round 20: 1 and 1).
var maxOffTargetAnswered = map[string]int{"dev.jsonl": 2, "holdout.jsonl": 2, "dev2.jsonl": 2, "holdout2.jsonl": 4, "dev3.jsonl": 1, "holdout3.jsonl": 0, "dev4.jsonl": 1, "holdout4.jsonl": 1, "dev5.jsonl": 1, "holdout5.jsonl": 2, "dev6.jsonl": 1, "holdout6.jsonl": 1, "dev7.jsonl": 0, "holdout7.jsonl": 2,
	"dev8.jsonl": 2, "holdout8.jsonl": 0, "dev9.jsonl": 1, "holdout9.jsonl": 0, "dev10.jsonl": 1, "holdout10.jsonl": 1,
	"dev11.jsonl": 1, "holdout11.jsonl": 1, "dev12.jsonl": 1, "holdout12.jsonl": 0, "dev13.jsonl": 0, "holdout13.jsonl": 0,
	"dev14.jsonl": 0, "holdout14.jsonl": 0, "dev15.jsonl": 2, "holdout15.jsonl": 2, "dev16.jsonl": 1, "holdout16.jsonl": 1}

// minKeyFactRate is, for a key-fact set whose first reading fell below the
// default floor (0.70), its own floor, just below that reading: holdout9
// read 0.679 first, at the end of round 13; dev10 and holdout10 0.579 and
// 0.644, at the end of round 14; dev12 and holdout12 0.567 and 0.660, at
// the end of round 16; dev13 and holdout13 0.682 and 0.692, at the end of
// round 17; dev14 and holdout14 0.602 and 0.568, at the end of round 18;
// dev15 and holdout15 0.658 and 0.676, at the end of round 19; dev16 and
// holdout16 0.602 and 0.656, at the end of round 20.
var minKeyFactRate = map[string]float64{"holdout9.jsonl": 0.66, "dev10.jsonl": 0.56, "holdout10.jsonl": 0.62, "dev12.jsonl": 0.56, "holdout12.jsonl": 0.65, "dev13.jsonl": 0.67, "holdout13.jsonl": 0.68, "dev14.jsonl": 0.59, "holdout14.jsonl": 0.55, "dev15.jsonl": 0.65, "holdout15.jsonl": 0.67, "dev16.jsonl": 0.59, "holdout16.jsonl": 0.64}

var (
	keyFactKVOnce sync.Once
	keyFactKV     *evidence.Version
	keyFactErr    error
)

// TestAnswerKeyFacts measures extractive answers on the key-fact sets: the
// tuning half, and the held-out half, whose questions and misses it never
// prints. DERMLIVING_SHOW_MISSES=1 lists the tuning half's misses. A set
// whose role is "sealed" (written blind and frozen, not yet read) is read
// only when DERMLIVING_ANSWER_ROLE=sealed asks for it, at the end of the
// round it was written for.
func TestAnswerKeyFacts(t *testing.T) {
	racedetect.SkipEvaluation(t)
	keyFactKVOnce.Do(func() { keyFactKV, keyFactErr = sandbox.Open() })
	if keyFactErr != nil {
		t.Fatal(keyFactErr)
	}
	dir := filepath.Join("testdata", "answers")
	entries := readManifest(t, dir)
	// Only the sealed sets of the earliest sealed round are due: a set
	// sealed for a later round stays unread.
	due := 0
	for _, e := range entries {
		if e.Role == "sealed" && (due == 0 || e.Round < due) {
			due = e.Round
		}
	}
	for _, e := range entries {
		only := os.Getenv("DERMLIVING_ANSWER_ROLE")
		if only != "" && only != e.Role || e.Role == "sealed" && (only != "sealed" || e.Round != due) {
			continue
		}
		qs := readJSONL[keyFactQuestion](t, filepath.Join(dir, e.File))
		var rep keyFactReport
		for _, q := range qs {
			res, err := dermliving.Ask(context.Background(), q.Question, keyFactKV)
			if err != nil {
				t.Fatalf("%s: %v", q.ID, err)
			}
			s := scoreKeyFacts(q, res)
			rep.add(q, s)
			if e.Role == "tune" && os.Getenv("DERMLIVING_SHOW_MISSES") != "" && (s.facts < 1 && q.Expect == "grounded" || q.Expect != "grounded" && !s.correct) {
				t.Logf("MISS %.2f %s [%s/%s] %q facts %v -> %s%s", s.facts, q.ID, q.Kind, q.Intent, q.Question, q.Facts, s.reason, strings.ReplaceAll("\n"+s.text, "\n", "\n      | "))
			}
		}
		t.Logf("%s (%s, round %d): %s", e.File, e.Role, e.Round, &rep)
		// Regression floors (0.70, minKeyFactRate and
		// maxOffTargetAnswered), below round 13's figures (dev 0.907,
		// held out 0.799, dev2 0.898, holdout2 0.822, dev3 0.895, holdout3
		// 0.811, dev4 0.874, holdout4 0.843, dev5 0.841, holdout5 0.773,
		// dev6 0.843, holdout6 0.761, dev7 0.822, holdout7 0.737; the
		// eighth and ninth sets' first readings dev8 0.716, holdout8
		// 0.778, dev9 0.705, holdout9 0.679; the tenth's, at the end of
		// round 14, dev10 0.579 and holdout10 0.644; the eleventh's, at the
		// end of round 15, dev11 0.729 and holdout11 0.728); the answers' goals
		// (0.92, multi-passage 0.85, none off-target) are not met yet.
		floor := 0.70
		if f, ok := minKeyFactRate[e.File]; ok {
			floor = f
		}
		if rate := rep.facts / float64(rep.grounded); rate < floor {
			t.Errorf("%s: key-fact rate %.3f fell below its regression floor %.2f", e.File, rate, floor)
		}
		if most := maxOffTargetAnswered[e.File]; rep.offAn > most {
			t.Errorf("%s: %d off-target or non-dermatology questions answered, more than its floor %d", e.File, rep.offAn, most)
		}
	}
}

// TestAnswerConfidenceCurve logs, on the key-fact tuning halves, the
// trade-off the README reports: at each confidence cut-off
// (WithMinConfidence), the share of answerable questions answered, the
// key-fact rate of those answers and the off-target questions answered.
// The learned confidence's curve comes from out-of-fold scores (each
// question scored by a model trained without its fold, see
// internal/confmodel), beside the curve of the composer's rule of
// thumb (answer.Answer.Match), which is not trained. It checks that a
// higher cut-off never answers more questions, that the cross-validated
// cut-off raises the key-fact rate of the answers, and that Ask at a
// cut-off abstains exactly when the embedded model scores the answer below
// it.
func TestAnswerConfidenceCurve(t *testing.T) {
	racedetect.SkipEvaluation(t)
	ex, err := confmodel.Examples(context.Background(), filepath.Join("testdata", "answers"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := confmodel.Train(ex)
	if err != nil {
		t.Fatal(err)
	}
	row := func(name string, w confmodel.Row) {
		t.Logf("%s cut-off %.2f: answered %d/%d (%.3f), key-fact rate of answers %.3f, over all answerable %.3f; off-target answered %d/%d",
			name, w.Cut, w.Answered, w.Answerable, float64(w.Answered)/float64(w.Answerable), w.Rate, w.Overall, w.OffAnswered, w.Off)
	}
	check := func(name string, rows []confmodel.Row) {
		for i, w := range rows {
			row(name, w)
			if i > 0 && w.Answered > rows[i-1].Answered {
				t.Errorf("%s: cut-off %.2f answers %d questions, more than a lower cut-off's %d", name, w.Cut, w.Answered, rows[i-1].Answered)
			}
		}
	}
	check("learned (out of fold)", confmodel.Curve(ex, r.OOF, confmodel.Cuts))
	check("rule of thumb", confmodel.Curve(ex, r.Match, []float64{0, 0.5, 0.6, 0.7, 0.8, 0.9}))
	t.Logf("AUC out of fold, good / complete answers: %.3f / %.3f (rule of thumb %.3f / %.3f); nested cross-validation at the balanced cut-off: complete answers kept %.3f, others refused %.3f",
		r.AUC[0], r.AUC[1], r.MatchAUC[0], r.MatchAUC[1], r.Nested.GoodKept, r.Nested.BadRefused)
	cut := answer.BalancedConfidence()
	rows := confmodel.Curve(ex, r.OOF, []float64{0, cut})
	row("learned at the balanced cut-off (out of fold)", rows[1])
	if rows[1].Rate <= rows[0].Rate {
		t.Errorf("at the balanced cut-off %.2f the answers hold %.3f of their key facts, no more than all answers' %.3f", cut, rows[1].Rate, rows[0].Rate)
	}
	// Ask abstains at the cut-off exactly when the embedded model, which
	// has seen every question, scores the default answer below it.
	keyFactKVOnce.Do(func() { keyFactKV, keyFactErr = sandbox.Open() })
	if keyFactErr != nil {
		t.Fatal(keyFactErr)
	}
	dir := filepath.Join("testdata", "answers")
	files, err := confmodel.TuneFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for _, name := range files {
		for _, q := range readJSONL[keyFactQuestion](t, filepath.Join(dir, name)) {
			e := ex[k]
			k++
			if e.ID != q.ID {
				t.Fatalf("example %d is %s, question %s", k, e.ID, q.ID)
			}
			res, err := dermliving.Ask(context.Background(), q.Question, keyFactKV, dermliving.WithMinConfidence(cut))
			if err != nil {
				t.Fatal(err)
			}
			_, answered := res.(*dermliving.Grounded)
			if want := e.Answered && (!e.Scored || e.Confidence >= cut); answered != want {
				t.Errorf("%s: answered %v at cut-off %.2f, confidence %.3f", q.ID, answered, cut, e.Confidence)
			}
		}
	}
}
