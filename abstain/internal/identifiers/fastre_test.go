package identifiers

import (
	"path/filepath"
	"testing"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/abstain/internal/labelled"
	"github.com/dermliving/dermliving/abstain/internal/lex"
	"github.com/dermliving/dermliving/abstain/internal/screentest"
	"github.com/dermliving/dermliving/internal/fold"
	"github.com/dermliving/dermliving/internal/racedetect"
)

// screensDir holds the labelled screen sets.
var screensDir = filepath.Join("..", "..", "..", "testdata", "screens")

// screenExprs are the screen's expressions by name; orig marks those run on
// the normalised text (fold.Text.N) rather than the folded one.
type screenExprs = map[string]struct {
	re   *fastre.Regexp
	orig bool
}

// checkScreenExprs checks the screen's literal prechecks and each of its
// expressions against plain regexp on one text.
func checkScreenExprs(t *testing.T, res screenExprs, text string) {
	t.Helper()
	f := fold.WithOffsets(text)
	folded := f.S
	checkScreenLiterals(t, folded)
	for name, e := range res {
		if e.orig {
			screentest.CheckFastRE(t, name, e.re, f.N)
		} else {
			screentest.CheckFastRE(t, name, e.re, folded)
		}
	}
}

// screenFastREs returns the patient-data screen's expressions with
// candidate finders, and whether each runs on the normalised text rather
// than the folded one.
func screenFastREs() map[string]struct {
	re   *fastre.Regexp
	orig bool
} {
	type entry = struct {
		re   *fastre.Regexp
		orig bool
	}
	// reAgeWords is left out: ageWordStarts finds no start inside a word
	// such as "great-aunt," that [a-z-]+ ?[,(] can match from its first
	// letter, so its matches can start later than regexp's.
	return map[string]entry{
		"reStateZIP":       {reStateZIP, true},
		"reMAC":            {reMAC, false},
		"reDate":           {reDate, false},
		"reRUT":            {reRUT, false},
		"reStreetFolded":   {reStreetFolded, false},
		"reStateZIPFolded": {reStateZIPFolded, false},
	}
}

// checkScreenLiterals fails if an expression matches folded text s that
// holds none of the literals the screen requires of its matches.
func checkScreenLiterals(t *testing.T, s string) {
	t.Helper()
	if reAgeWords.Plain().MatchString(s) && !lex.ContainsAny(s, ageWordLiterals) {
		t.Errorf("reAgeWords matches %q, which holds none of ageWordLiterals", s)
	}
}

// TestScreenFastREs checks the patient-data screen's expressions with
// candidate finders against regexp on the table texts, the development
// questions and the generated identifiers.
func TestScreenFastREs(t *testing.T) {
	racedetect.SkipEvaluation(t)
	texts := []string{"", "in her nineties", "aged 100's", "ciento dos anos", "a supercentenarian", "3rd of may", "12 de marzo", "1999-01-02", "IL 62704", "Springfield, IL  62704-1234", "XIL 62704", "il 62704", "NY. 10001", "00:1a:2b:3c:4d:5e", "0a1b.2c3d.4e5f", "aa-bb-cc-dd-ee-ff-00", "xaa:bb:cc:dd:ee:ff"}
	for _, tc := range screenCases {
		texts = append(texts, tc.text)
	}
	texts = append(texts, screentest.DevTexts(t, screensDir)...)
	if gen, ok := screentest.ReadJSONL[labelled.Generated](t, identifiersPath); ok {
		for _, g := range gen {
			texts = append(texts, g.Text)
		}
	}
	res := screenFastREs()
	for _, text := range texts {
		checkScreenExprs(t, res, text)
	}
}
