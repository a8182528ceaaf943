package abstain

import (
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/dermliving/dermliving/abstain/internal/labelled"
	"github.com/dermliving/dermliving/abstain/internal/screentest"
	"github.com/google/go-cmp/cmp"
)

// TestDecide checks Decide's reason and the rule it names.
func TestDecide(t *testing.T) {
	tests := []struct {
		question string
		want     Decision
		reason   string
	}{
		{"How is scabies diagnosed?", Decision{}, "a reference question passes both screens"},
		{"Should I stop my methotrexate before surgery?", Decision{Reason: ClinicalDecision, Rule: "should_i"}, "a first-person treatment decision"},
		{"A 45-year-old man with a bleeding mole: biopsy or watch?", Decision{Reason: ClinicalDecision, Rule: "vignette_age"}, "a vignette: an age and a management choice"},
		{"Man, 52, itchy plaques on both shins for a year. Next step?", Decision{Reason: ClinicalDecision, Rule: "vignette_subject"}, "a vignette: a person set off with an age, then the next step"},
		{"My grandmother is ninety-three and itchy; which cream?", Decision{Reason: PatientData, Findings: []Finding{{Kind: KindAgeOver89, Start: 18, End: 30}}}, "an age over 89 in words is patient data"},
		{"What is this rash in the attached photo?", Decision{Reason: ClinicalDecision, Rule: "is_this_lesion"}, "'is this rash' points at a lesion in front of the asker (the image rule would match too)"},
		{"¿Puedo usar la tretinoína de mi hermana para mi acné?", Decision{Reason: ClinicalDecision, Rule: "es_puedo"}, "Spanish: 'puedo usar'"},
		{"MRN 48213377: should I stop my methotrexate?", Decision{Reason: PatientData, Findings: []Finding{{Kind: KindMRN, Start: 4, End: 12}}}, "patient data is screened first and wins"},
		// Both screens read the text normalised (Normalize).
		{"Sh\u200bould I st\u00adop my metho\u2060trexate before surgery?", Decision{Reason: ClinicalDecision, Rule: "should_i"}, "invisible characters inside the words of a decision"},
		{"Ｓｈｏｕｌｄ Ｉ ｓｔｏｐ ｍｙ ｍｅｔｈｏｔｒｅｘａｔｅ？", Decision{Reason: ClinicalDecision, Rule: "should_i"}, "full-width letters, by NFKC"},
		{"Man, ٥٢, itchy plaques on both shins for a year. Next step?", Decision{Reason: ClinicalDecision, Rule: "vignette_subject"}, "Arabic-Indic digits in a vignette's age"},
		{"SSN 523\u200b-45\u200b-6781. What causes hives?", Decision{Reason: PatientData, Findings: []Finding{{Kind: KindSSN, Start: 4, End: 21}}}, "an identifier split by zero-width spaces, found over its whole span"},
		{"Ho\u200bw is sca\ufeffbies diagnosed?", Decision{}, "invisible characters in a reference question"},
	}
	for _, tc := range tests {
		if d := cmp.Diff(tc.want, Decide(tc.question)); d != "" {
			t.Errorf("Decide(%q) (%s) mismatch (-want +got):\n%s", tc.question, tc.reason, d)
		}
	}
}

// TestScreensConcurrent runs both screens from many goroutines; under -race
// it fails if a screen shares mutable state (a transform.Chain shared by all
// calls used to race and could panic).
func TestScreensConcurrent(t *testing.T) {
	questions := []string{
		"Patient MRN 48213377, DOB 03/14/1962, has a scaly rash.",
		"Is this mole cancer? It is 7 mm and growing.",
		"Eczéma: should I use my sister’s cream?",
		"Qu’est-ce que l’eczéma atopique ?",
	}
	want := make([]bool, len(questions))
	for i, q := range questions {
		want[i] = IsClinicalDecision(q)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; n < 50; n++ {
				for i, q := range questions {
					if got := IsClinicalDecision(q); got != want[i] {
						t.Errorf("IsClinicalDecision(%q) = %v concurrently, %v alone", q, got, want[i])
						return
					}
					_ = Redact(q)
				}
			}
		}()
	}
	wg.Wait()
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
		if qs, ok := screentest.ReadJSONL[labelled.Question](b, filepath.Join(screensDir, split+".jsonl")); ok {
			for _, q := range qs {
				*texts = append(*texts, q.Text)
			}
		}
	}
	if gen, ok := screentest.ReadJSONL[labelled.Generated](b, generatedSet); ok {
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
