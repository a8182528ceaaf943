package decision

import (
	"strings"
	"testing"

	"github.com/dermliving/dermliving/internal/fold"
)

// TestRuleExamples checks every rule of the rule files against its own
// examples: it matches each "+" example, is the first rule to match at
// least one of them (a rule no example needs is dead weight, and is
// removed), and matches no "-" look-alike.
func TestRuleExamples(t *testing.T) {
	if len(ruleSpecs) == 0 {
		t.Fatal("no rules read")
	}
	for i, s := range ruleSpecs {
		if len(s.examples) == 0 {
			t.Errorf("%s:%d: rule %s has no + example", s.file, s.line, s.name)
		}
		if len(s.lookalikes) == 0 {
			t.Errorf("%s:%d: rule %s has no - look-alike", s.file, s.line, s.name)
		}
		first := false
		for _, e := range s.examples {
			n, held := neutralize(fold.String(e), true)
			if !decisionRules[i].match(n) {
				t.Errorf("%s:%d: rule %s does not match its example %q", s.file, s.line, s.name, e)
			}
			if matchRules(n, held, true) == s.name {
				first = true
			}
		}
		if len(s.examples) > 0 && !first {
			t.Errorf("%s:%d: rule %s is the first to match none of its examples", s.file, s.line, s.name)
		}
		for _, l := range s.lookalikes {
			n, _ := neutralize(fold.String(l), true)
			if decisionRules[i].match(n) {
				t.Errorf("%s:%d: rule %s matches its look-alike %q", s.file, s.line, s.name, l)
			}
		}
	}
}

// TestRulePrefilter checks that a rule's derived literals are held by
// every example it matches: a literal set that misses a match would make
// the rule silently skip questions it was written for.
func TestRulePrefilter(t *testing.T) {
	for i, s := range ruleSpecs {
		if len(s.any) == 0 {
			continue
		}
		for _, e := range s.examples {
			n, held := neutralize(fold.String(e), true)
			if decisionRules[i].match(n) && !held.has(i) {
				t.Errorf("%s:%d: rule %s matches %q but holds none of its literals %q", s.file, s.line, s.name, e, s.any)
			}
		}
	}
}

func TestParseRulesErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"directive before a rule", "re \\bx\\b\n", "before the first rule"},
		{"bad name", "rule Bad-Name\n", "bad rule name"},
		{"no pattern", "rule empty\n+ an example\n", "has no re and no go"},
		{"two patterns", "rule two\nre a\nre b\n", "second re"},
		{"bad pattern", "rule bad\nre (unclosed\n", "missing closing"},
		{"unknown go rule", "rule g\ngo no_such_rule\n", "no Go rule"},
		{"unknown check", "rule c\nre ab\ncheck no_such_check\n", "no check"},
		{"unknown matcher", "rule m\nre ab\nctx @no_such_matcher\n", "no matcher"},
		{"unknown list", "rule l\nre ab\nctx list no_such_list\n", "no list"},
		{"unknown fragment", "rule f\nre a{noSuchFragment}b\n", "no fragment"},
		{"unknown directive", "rule d\nre ab\nwhen always\n", "unknown directive"},
		{"bad length", "rule n\nre ab\nctx re<x ab\n", "bad length"},
		{"value missing", "rule v\nre\n", "without a value"},
		{"rewrite without with", "rewrite w\nre ab\n", "needs a re and a with"},
		{"rewrite with a check", "rewrite w\nre ab\nwith x\ncheck at_clause_start\n", "needs a re and a with"},
		{"rule with a with", "rule w\nre ab\nwith x\n", "only a rewrite"},
	}
	for _, tt := range tests {
		_, err := parseRules("test.rules", tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: parseRules = %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
}

func TestParseRules(t *testing.T) {
	specs, err := parseRules("test.rules", "# a comment\nrule spaced\n  re `because `\n  unless words `as |so `\n  + x\n  - y\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) != 1 || specs[0].re.String() != "because " || specs[0].name != "spaced" {
		t.Fatalf("parseRules = %+v", specs)
	}
	if got := specs[0].unless.(wordSet); len(got) != 2 || got[0] != "as " || got[1] != "so " {
		t.Errorf("a quoted word list keeps its spaces: %q", got)
	}
	if !specs[0].match("i came because i could") || specs[0].match("just because") {
		t.Error("a quoted pattern keeps its final space")
	}
}

func TestParseLists(t *testing.T) {
	if _, _, err := parseLists("l.rules", "list a x|y\nlist a z\n"); err == nil {
		t.Error("a name defined twice is accepted")
	}
	if _, _, err := parseLists("l.rules", "fragment f (x\n"); err == nil {
		t.Error("a fragment that is not an expression is accepted")
	}
	lists, frags, err := parseLists("l.rules", "# c\nlist a x|y z\nfragment f x|y\n")
	if err != nil || len(lists["a"]) != 2 || lists["a"][1] != "y z" || frags["f"] != "x|y" {
		t.Errorf("parseLists = %v, %v, %v", lists, frags, err)
	}
}

// FuzzParseRules checks that the rule parser never panics and that what it
// accepts can run.
func FuzzParseRules(f *testing.F) {
	for _, s := range []string{"rule a\nre \\bab\\b\n+ ab\n", "rule b\nre `x `\nctx words a|b\nunless map c|d\n", "rule c\ngo es_first_verb\n", "list x a|b\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		specs, err := parseRules("fuzz.rules", text)
		if err != nil {
			return
		}
		for _, s := range specs {
			s.match("is this rash eczema on my arm?")
		}
	})
}

// TestRewriteExamples checks every neutral rewrite against its examples: it
// changes each "+" question and leaves each "-" one as it is.
func TestRewriteExamples(t *testing.T) {
	if len(rewriteSpecs) != len(neutral) || len(neutral) == 0 {
		t.Fatalf("%d rewrites read, %d in use", len(rewriteSpecs), len(neutral))
	}
	checkRewriteExamples(t, rewriteSpecs)
}

// checkRewriteExamples checks that each rewrite has examples and
// look-alikes, changes each "+" question and leaves each "-" one as it is.
func checkRewriteExamples(t *testing.T, specs []ruleSpec) {
	t.Helper()
	for _, s := range specs {
		if len(s.examples) == 0 || len(s.lookalikes) == 0 {
			t.Errorf("%s:%d: rewrite %s needs a + example and a - look-alike", s.file, s.line, s.name)
		}
		for _, e := range s.examples {
			if f := fold.String(e); s.re.ReplaceAllLiteralString(f, s.with) == f {
				t.Errorf("%s:%d: rewrite %s leaves its example %q as it is", s.file, s.line, s.name, e)
			}
		}
		for _, l := range s.lookalikes {
			if f := fold.String(l); s.re.ReplaceAllLiteralString(f, s.with) != f {
				t.Errorf("%s:%d: rewrite %s changes its look-alike %q", s.file, s.line, s.name, l)
			}
		}
	}
}
