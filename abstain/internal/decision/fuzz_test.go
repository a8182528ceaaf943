package decision

import (
	"testing"
	"unicode/utf8"

	"github.com/dermliving/dermliving/abstain/internal/screentest"
	"github.com/dermliving/dermliving/internal/fold"
)

var fuzzFastREs = allFastREs()

func FuzzIsClinicalDecision(f *testing.F) {
	for _, tc := range decisionCases {
		f.Add(tc.question)
	}
	for _, s := range screentest.FuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		got := isDecision(q, true)
		if full := isDecision(q, false); full != got {
			t.Fatalf("isDecision(%q) = %v, but %v without prechecks", q, got, full)
		}
		checkRuleLiterals(t, q)
		checkWordSets(t, q)
		folded := fold.String(q)
		for name, re := range fuzzFastREs {
			screentest.CheckFastRE(t, name, re, folded)
		}
		if !utf8.ValidString(q) {
			return
		}
		// Folding collapses spaces, so padding never changes the answer.
		if padded := isDecision(" \t"+q+"\n ", true); padded != got {
			t.Fatalf("isDecision(%q) = %v, but %v with spaces around it", q, got, padded)
		}
	})
}
