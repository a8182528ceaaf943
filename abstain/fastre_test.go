package abstain

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// allFastREs returns every fastRE the screens use, by rule and role.
func allFastREs() map[string]*fastRE {
	out := map[string]*fastRE{}
	for i, n := range neutral {
		out["neutral"+string(rune('0'+i))] = n.re
	}
	for _, rl := range decisionRules {
		if rl.re != nil {
			out[rl.name] = rl.re
		}
		for role, m := range map[string]matcher{"then": rl.then, "before": rl.before, "ctx": rl.ctx, "unless": rl.unless} {
			switch m := m.(type) {
			case *fastRE:
				out[rl.name+"."+role] = m
			case anyOf:
				for i, sub := range m {
					if f, ok := sub.(*fastRE); ok {
						out[rl.name+"."+role+string(rune('0'+i))] = f
					}
				}
			}
		}
	}
	out["vignetteAgeDigits"] = vignetteAgeDigits
	out["vignetteAsk"] = vignetteAsks[0].(*fastRE)
	return out
}

// screenFastREs returns the patient-data screen's expressions with
// candidate finders, and whether each runs on the original text rather than
// the folded one.
// screenExprs are the screen's expressions by name; orig marks those run on
// the original text rather than the folded one.
type screenExprs = map[string]struct {
	re   *fastRE
	orig bool
}

// checkScreenExprs checks the screen's literal prechecks and each of its
// expressions against plain regexp on one text.
func checkScreenExprs(t *testing.T, res screenExprs, text string) {
	t.Helper()
	folded := foldForScreen(text).s
	checkScreenLiterals(t, folded)
	for name, e := range res {
		if e.orig {
			checkFastRE(t, name, e.re, text)
		} else {
			checkFastRE(t, name, e.re, folded)
		}
	}
}

func screenFastREs() map[string]struct {
	re   *fastRE
	orig bool
} {
	type entry = struct {
		re   *fastRE
		orig bool
	}
	// reAgeWords is left out: ageWordStarts finds no start inside a word
	// such as "great-aunt," that [a-z-]+ ?[,(] can match from its first
	// letter, so its matches can start later than regexp's.
	return map[string]entry{
		"reStateZIP":  {reStateZIP, true},
		"reMAC":       {reMAC, false},
		"reDate":      {reDate, false},
		"vignetteAge": {vignetteAgeDigits, false},
	}
}

// checkScreenLiterals fails if an expression matches folded text s that
// holds none of the literals the screen requires of its matches.
func checkScreenLiterals(t *testing.T, s string) {
	t.Helper()
	reAgeWords.compile()
	if reAgeWords.re.MatchString(s) && !containsAny(s, ageWordLiterals) {
		t.Errorf("reAgeWords matches %q, which holds none of ageWordLiterals", s)
	}
}

// TestScreenFastREs checks the patient-data screen's expressions with
// candidate finders against regexp on the table texts, the development
// questions and the generated identifiers.
func TestScreenFastREs(t *testing.T) {
	texts := []string{"", "in her nineties", "aged 100's", "ciento dos anos", "a supercentenarian", "3rd of may", "12 de marzo", "1999-01-02", "IL 62704", "Springfield, IL  62704-1234", "XIL 62704", "il 62704", "NY. 10001", "00:1a:2b:3c:4d:5e", "0a1b.2c3d.4e5f", "aa-bb-cc-dd-ee-ff-00", "xaa:bb:cc:dd:ee:ff"}
	for _, tc := range screenCases {
		texts = append(texts, tc.text)
	}
	texts = append(texts, devTexts(t)...)
	if gen, ok := readJSONL[generated](t, identifiersPath); ok {
		for _, g := range gen {
			texts = append(texts, g.Text)
		}
	}
	res := screenFastREs()
	for _, text := range texts {
		checkScreenExprs(t, res, text)
	}
}

// devTexts returns the development questions, dev.jsonl and dev2.jsonl (never
// the held-out splits).
func devTexts(t testing.TB) []string {
	var texts []string
	for _, split := range []string{"dev", "dev2"} {
		if qs, ok := readJSONL[labelled](t, filepath.Join("..", "testdata", "screens", split+".jsonl")); ok {
			for _, q := range qs {
				texts = append(texts, q.Text)
			}
		}
	}
	return texts
}

// checkFastRE fails if a fastRE and its plain expression disagree on s.
func checkFastRE(t *testing.T, name string, f *fastRE, s string) {
	t.Helper()
	f.compile() // f.re is compiled on first use
	if got, want := f.MatchString(s), f.re.MatchString(s); got != want {
		t.Errorf("%s: fastRE.MatchString(%q) = %v, regexp says %v", name, s, got, want)
	}
	if d := cmp.Diff(f.re.FindStringSubmatchIndex(s), f.FindStringSubmatchIndex(s)); d != "" {
		t.Errorf("%s (%s): FindStringSubmatchIndex(%q) differs (-regexp +fastRE):\n%s", name, f, s, d)
	}
	if d := cmp.Diff(f.re.FindStringIndex(s), f.FindStringIndex(s)); d != "" {
		t.Errorf("%s: FindStringIndex(%q) differs (-regexp +fastRE):\n%s", name, s, d)
	}
	if d := cmp.Diff(f.re.FindAllStringSubmatchIndex(s, -1), f.FindAllStringSubmatchIndex(s)); d != "" {
		t.Errorf("%s: FindAllStringSubmatchIndex(%q) differs (-regexp +fastRE):\n%s", name, s, d)
	}
	if got, want := f.replaceAll(s, "<x>"), f.re.ReplaceAllLiteralString(s, "<x>"); got != want {
		t.Errorf("%s: replaceAll(%q) = %q, regexp says %q", name, s, got, want)
	}
}

// TestFastRE checks every expression against regexp on the table questions,
// the development questions and awkward strings.
func TestFastRE(t *testing.T) {
	texts := []string{"", "is", "is it", "isit cancer?", "this is is this mole", "xis this mole", "¿tengo tina?", "what's this? what is it?", "a 45-year-old: biopsy or watch?"}
	for _, tc := range decisionCases {
		texts = append(texts, tc.question)
	}
	for _, tc := range screenCases {
		texts = append(texts, tc.text)
	}
	texts = append(texts, devTexts(t)...)
	res := allFastREs()
	names := make([]string, 0, len(res))
	for n := range res {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, text := range texts {
		q := foldText(text)
		for _, n := range names {
			checkFastRE(t, n, res[n], q)
		}
	}
}

// TestFastREStarts checks that most rule expressions found their starts:
// the screens' speed rests on it.
func TestFastREStarts(t *testing.T) {
	without := 0
	for _, rl := range decisionRules {
		if rl.re != nil && rl.re.starts == nil {
			without++
			t.Logf("rule %s runs over the whole text", rl.name)
		}
	}
	if without > 5 {
		t.Errorf("%d rule expressions without starts, want at most 5", without)
	}
}

func TestLiteralStarts(t *testing.T) {
	tests := []struct {
		expr   string
		starts []string
		reason string
	}{
		{`\bshould (i|we)\b`, []string{"should i", "should we"}, "a literal and an alternation concatenate"},
		{`\b(is|are) (this|that)`, []string{"is this", "is that", "are this", "are that"}, "alternations cross"},
		{`\b\d+ mm`, nil, "a digit class repeated has no literal start"},
		{`(^|¿)tengo`, nil, "a start of text gives an empty start"},
		{`\bwhat('s| is)? (this|it)`, []string{"what this", "what it", "what's this", "what's it", "what is this", "what is it"}, "an optional group"},
	}
	for _, tc := range tests {
		f := newFastRE(tc.expr)
		got := slices.Clone(f.starts)
		slices.Sort(got)
		want := slices.Clone(tc.starts)
		slices.Sort(want)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("newFastRE(%q).starts (%s) mismatch (-want +got):\n%s", tc.expr, tc.reason, d)
		}
	}
}

// TestFastRELazy checks that a bad expression fails when the fastRE is made,
// as regexp.MustCompile would, although it compiles on first use, and that
// first uses from several goroutines at once agree.
func TestFastRELazy(t *testing.T) {
	func() {
		defer func() {
			if recover() == nil {
				t.Error("newFastRE(`(`) did not panic")
			}
		}()
		newFastRE(`(`)
	}()
	f := newFastRE(`\b(ab|cd)e\b`)
	done := make(chan bool)
	for range 8 {
		go func() { done <- f.MatchString("x abe y") }()
	}
	for range 8 {
		if !<-done {
			t.Error("MatchString on first use = false, want true")
		}
	}
}
