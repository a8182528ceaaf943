package abstain

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// fuzzSeeds are awkward inputs beyond the table cases: invalid UTF-8,
// combining marks, cues at the end of the text, runs of digits.
var fuzzSeeds = []string{
	"\xff\xfe Patient \xc3",
	"Mr. ",
	"DOB",
	"Patient John\u0301 Smith",
	"Name:\u00a0Ana",
	"+1 (555) 123-4567 ext. 89",
	"1234567890123456789012345678901234567890",
	"a@b.cc@d.ee",
	"Ms. Ä",
	"Eczéma – ‘atopic’ … should I?",
	"İs thİs mole cancer?",
	"ﬀ ﬁ ﬂ should ı",
}

func FuzzScreenPatientData(f *testing.F) {
	for _, tc := range screenCases {
		f.Add(tc.text)
	}
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fs := ScreenPatientData(text)
		valid := utf8.ValidString(text)
		prevEnd := 0
		for i, fd := range fs {
			if !fd.Kind.Valid() {
				t.Fatalf("finding %d has unknown kind %q", i, fd.Kind)
			}
			if fd.Start < prevEnd || fd.Start >= fd.End || fd.End > len(text) {
				t.Fatalf("finding %d %+v out of order, overlapping, empty or out of bounds (previous end %d, len %d)", i, fd, prevEnd, len(text))
			}
			if valid && (!boundary(text, fd.Start) || !boundary(text, fd.End)) {
				t.Fatalf("finding %d %+v cuts a character of %q", i, fd, text)
			}
			prevEnd = fd.End
		}
		if full := screen(text, false); cmp.Diff(full, fs) != "" {
			t.Fatalf("ScreenPatientData(%q) = %+v, but %+v without prechecks", text, fs, full)
		}
		checkScreenExprs(t, fuzzScreenFastREs, text)
		red := Redact(text)
		if len(fs) == 0 && red != text {
			t.Fatalf("Redact changed a text without findings: %q -> %q", text, red)
		}
		for _, k := range Kinds(fs) {
			if !strings.Contains(red, "["+string(k)+"]") {
				t.Fatalf("Redact(%q) = %q lacks [%s]", text, red, k)
			}
		}
	})
}

func boundary(s string, i int) bool {
	return i == 0 || i == len(s) || utf8.RuneStart(s[i])
}

var fuzzFastREs = allFastREs()

var fuzzScreenFastREs = screenFastREs()

func FuzzIsClinicalDecision(f *testing.F) {
	for _, tc := range decisionCases {
		f.Add(tc.question)
	}
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		got := IsClinicalDecision(q)
		if full := isDecision(q, false); full != got {
			t.Fatalf("IsClinicalDecision(%q) = %v, but %v without prechecks", q, got, full)
		}
		checkRuleLiterals(t, q)
		checkWordSets(t, q)
		checkFold(t, q)
		folded := foldText(q)
		for name, re := range fuzzFastREs {
			checkFastRE(t, name, re, folded)
		}
		if !utf8.ValidString(q) {
			return
		}
		// Folding collapses spaces, so padding never changes the answer.
		if padded := IsClinicalDecision(" \t" + q + "\n "); padded != got {
			t.Fatalf("IsClinicalDecision(%q) = %v, but %v with spaces around it", q, got, padded)
		}
	})
}

// BenchmarkScreens runs both screens, as Ask does, on a typical question.
func BenchmarkScreens(b *testing.B) {
	for _, q := range []struct{ name, text string }{
		{"ascii", "What things commonly make atopic dermatitis flare up in adults, and should I avoid wool?"},
		{"accented", "Qu’est-ce qui aggrave l’eczéma atopique chez l’adulte ?"},
		{"vignette", "How is a 70-year-old patient with a 4 mm melanoma on the back usually managed, and what is the role of sentinel node biopsy?"},
	} {
		b.Run(q.name, func(b *testing.B) {
			for b.Loop() {
				_ = ScreenPatientData(q.text)
				_ = IsClinicalDecision(q.text)
			}
		})
	}
}

// BenchmarkScreensSets runs both screens over every dev and dev2 question (a
// realistic mix) and over every generated identifier input (a worst case:
// each holds an identifier), and reports the mean and the slowest cost per
// question.
func BenchmarkScreensSets(b *testing.B) {
	var dev, dev2, ids []string
	for split, texts := range map[string]*[]string{"dev": &dev, "dev2": &dev2} {
		if qs, ok := readJSONL[labelled](b, filepath.Join("..", "testdata", "screens", split+".jsonl")); ok {
			for _, q := range qs {
				*texts = append(*texts, q.Text)
			}
		}
	}
	if gen, ok := readJSONL[generated](b, identifiersPath); ok {
		for _, g := range gen {
			ids = append(ids, g.Text)
		}
	}
	for _, set := range []struct {
		name  string
		texts []string
	}{{"dev", dev}, {"dev2", dev2}, {"identifiers", ids}} {
		b.Run(set.name, func(b *testing.B) {
			if len(set.texts) == 0 {
				b.Skip("no question set")
			}
			for b.Loop() {
				for _, q := range set.texts {
					_ = ScreenPatientData(q)
					_ = IsClinicalDecision(q)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(set.texts)), "ns/question")
			var slowest time.Duration
			for _, q := range set.texts {
				best := time.Duration(1 << 62)
				for range 5 { // the best of five runs, to discount pauses
					start := time.Now()
					_ = ScreenPatientData(q)
					_ = IsClinicalDecision(q)
					best = min(best, time.Since(start))
				}
				slowest = max(slowest, best)
			}
			b.ReportMetric(float64(slowest.Nanoseconds()), "ns/slowest-question")
			b.ReportMetric(0, "ns/op")
		})
	}
}
