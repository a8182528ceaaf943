package claims

import (
	"regexp"
	"strings"
	"testing"
)

// prefiltered are the regexps skipped when mayHoldFold finds none of
// their words, with those words.
var prefiltered = []struct {
	re   *regexp.Regexp
	lits []string
}{
	{openerRE, []string{",", "news", "worth"}},
	{asWellAsRE, []string{"as well as"}},
	{showUpRE, []string{" up"}},
	{mightRE, []string{"might"}},
	{lotsOfRE, []string{"lot"}},
	{riskForRE, []string{"risk factor"}},
	{moreLikelyRE, []string{"more likely"}},
	{groupComparisonRE, []string{"more", "less", "better", "worse"}},
	{thanRE, []string{"than"}},
	{listedRE, []string{" include", " are"}},
	{claimCommonRE, []string{"common"}},
	{avoidRE, []string{"avoid", "discouraged", "recommended"}},
	{relationRE, relationWords},
}

var prefilterSamples = []string{
	"", "To sum up, eczema itches.", "The good news is that it clears", "It is worth noting that X",
	"Yes, it can", "dry skin as well as itch", "AS WELL AS", "rashes show up on the arms", "crops UP",
	"you might see", "MIGHT", "a lot of people", "Lots of moisturiser", "risk factors for cellulitis include obesity",
	"RISK FACTOR of X are", "makes a flare more likely", "Making it more likely", "more common in women",
	"worse at night", "better for", "less often in", "larger than", "THAN", "itchy", "ſhow up", "\u212aeloids",
	"é might", "naïve lot", "Causes of itch include", "triggers for hives are", "RISK FACTORS OF X INCLUDE",
	"the main cause", "common triggers", "a Trigger", "the usual CAUSES", "its cause ",
	"caused mainly by", "Triggered by", "produced by", "results from", "resulting from", "arises from", "comes from",
	"came from", "stems from", "due to", "because of", "after", "follows", "starts from", "develops from", "affected by",
	"forms when", "occurred when", "happens when", "causing", "leads to", "led to", "triggers", "contributes to",
	"worsens", "produces", "results in", "underlies", "precedes", "followed two days later by", "before", "turns into",
	"progresses to", "progress into", "spreads to", "than", "gives rise to", "raises your risk", "at an increased risk of",
	"higher risk for", "predisposes people to", "more prone to", "makes more likely", "affecting", "weakens", "suppresses",
	"Acne is very common in teenagers.", "IS COMMON.", "best avoided", "Not Recommended", "discouraged", "avoidance",
}

// TestPrefiltersAgreeWithRegexp checks that mayHoldFold never skips a
// regexp that would match.
func TestPrefiltersAgreeWithRegexp(t *testing.T) {
	for _, p := range prefiltered {
		for _, s := range append(prefilterSamples, strings.ToUpper(strings.Join(prefilterSamples, " "))) {
			if p.re.MatchString(s) && !mayHoldFold(s, p.lits...) {
				t.Errorf("%s matches %q, mayHoldFold(%q) says it cannot", p.re, s, p.lits)
			}
		}
	}
	for _, s := range prefilterSamples {
		if nounCauseRE.MatchString(s) && !mayEndInCause(s) {
			t.Errorf("nounCauseRE matches %q, mayEndInCause says it cannot", s)
		}
	}
	for _, r := range claimRewrites {
		found := false
		for _, p := range prefiltered {
			if p.re == r.re && strings.Join(p.lits, "|") == strings.Join(r.lits, "|") {
				found = true
			}
		}
		if !found {
			t.Errorf("claimRewrites: %s with %q is not among prefiltered", r.re, r.lits)
		}
	}
}

func FuzzPrefilters(f *testing.F) {
	for _, s := range prefilterSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range prefiltered {
			if p.re.MatchString(s) && !mayHoldFold(s, p.lits...) {
				t.Errorf("%s matches %q, mayHoldFold(%q) says it cannot", p.re, s, p.lits)
			}
		}
		if nounCauseRE.MatchString(s) && !mayEndInCause(s) {
			t.Errorf("nounCauseRE matches %q, mayEndInCause says it cannot", s)
		}
		if designatorRE.MatchString(s) && !mayDesignate(s) {
			t.Errorf("designatorRE matches %q, mayDesignate says it cannot", s)
		}
	})
}
