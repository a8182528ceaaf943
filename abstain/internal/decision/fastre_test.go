package decision

import (
	"slices"
	"testing"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/abstain/internal/screentest"
	"github.com/dermliving/dermliving/internal/fold"
	"github.com/dermliving/dermliving/internal/racedetect"
)

// allFastREs returns every fastre.Regexp the clinical-decision screen uses,
// by rule and role.
func allFastREs() map[string]*fastre.Regexp {
	out := map[string]*fastre.Regexp{}
	for i, n := range neutral {
		out["neutral"+string(rune('0'+i))] = n.re
	}
	for _, rl := range decisionRules {
		if rl.re != nil {
			out[rl.name] = rl.re
		}
		for role, m := range map[string]matcher{"then": rl.then, "before": rl.before, "ctx": rl.ctx, "unless": rl.unless} {
			switch m := m.(type) {
			case *fastre.Regexp:
				out[rl.name+"."+role] = m
			case anyOf:
				for i, sub := range m {
					if f, ok := sub.(*fastre.Regexp); ok {
						out[rl.name+"."+role+string(rune('0'+i))] = f
					}
				}
			}
		}
	}
	out["vignetteAgeDigits"] = vignetteAgeDigits
	out["vignetteAsk"] = vignetteAsks[0].(*fastre.Regexp)
	return out
}

// TestFastRE checks every expression of the rules and rewrites against
// regexp on the table questions, the development questions and awkward
// strings.
func TestFastRE(t *testing.T) {
	racedetect.SkipEvaluation(t)
	texts := []string{"", "is", "is it", "isit cancer?", "this is is this mole", "xis this mole", "¿tengo tina?", "what's this? what is it?", "a 45-year-old: biopsy or watch?"}
	for _, tc := range decisionCases {
		texts = append(texts, tc.question)
	}
	texts = append(texts, screentest.DevTexts(t, screensDir)...)
	res := allFastREs()
	names := make([]string, 0, len(res))
	for n := range res {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, text := range texts {
		q := fold.String(text)
		for _, n := range names {
			screentest.CheckFastRE(t, n, res[n], q)
		}
	}
}

// TestFastREStarts checks that most rule expressions found their starts:
// the screens' speed rests on it.
func TestFastREStarts(t *testing.T) {
	without := 0
	for _, rl := range decisionRules {
		if rl.re != nil && !rl.re.HasStarts() {
			without++
			t.Logf("rule %s runs over the whole text", rl.name)
		}
	}
	if without > 5 {
		t.Errorf("%d rule expressions without starts, want at most 5", without)
	}
}
