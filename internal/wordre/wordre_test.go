package wordre

import (
	"strings"
	"testing"
)

// exprs are expressions of the shapes the question classifiers use, each
// with the reason it is here.
var exprs = []struct{ expr, reason string }{
	{`(?i)\b(?:caus\w*|trigger\w*|why\b|due\s+to|what\s+makes)`, "\\b then a case-folded alternation: the fast path"},
	{`(?i)(?:^\W*where\b|\bwhere\s+(?:on|does)\b|\bwhich\s+(?:part|area)s?\b|\bon\s+which\b)`, "branches at the start and at words"},
	{`(?i)^\W*(?:is|are|does|do|can)\b`, "the start only"},
	{`(?i)\b(?:sk|k)in\b`, "k folds to the Kelvin sign, which is no word character"},
	{`(?i)\bss?t\w*`, "s folds to the long s"},
	{`(?i)\b(?:a?b|c*d)x`, "optional first letters"},
	{`\b[a-c]+\d`, "a class, case kept"},
	{`(?i)\b(?:research\w*|clinical\s+trials?)\b`, "a final \\b"},
	{`\bfoo|bar`, "a branch that is not at a word: the plain path"},
	{`(?i)\b(?:x|\by)`, "an assertion before the first letter: the plain path"},
	{`(?m)^foo|\bbar`, "a line start: the plain path"},
	{`(?i)\b(?:x|)`, "a branch that matches empty: the plain path"},
}

var texts = []string{
	"", "a", "What causes hives?", "why", "WHY?", "Where on the body does it show?", "  where is it",
	"Is it contagious?", "nowhere", "skin", "SKIN", "\u212ain", "x\u212ain", "é\u212ain", "\u017ftop", "ſt", "ab",
	"\xe2\x82why", "\xffcause", "cause\xff", "a\u0301why", "b2", "xc3", "ccc9", "foobar", "afoo", "clinical  trial",
	"researcher", "the research", "onwhich", "on which", "1why", "_why", "x", "y", "xy", " y", "due to", "due\tto",
}

func TestMatchesPlain(t *testing.T) {
	for _, e := range exprs {
		r := MustCompile(e.expr)
		for _, s := range texts {
			for _, v := range []string{s, strings.ToUpper(s), "- " + s, s + " x", "x" + s} {
				if got, want := r.MatchString(v), r.Plain().MatchString(v); got != want {
					t.Errorf("%s (%s) on %q: %v, plain %v", e.expr, e.reason, v, got, want)
				}
			}
		}
	}
}

func FuzzMatchString(f *testing.F) {
	for _, s := range texts {
		f.Add(s)
	}
	rs := make([]*Regexp, len(exprs))
	for i, e := range exprs {
		rs[i] = MustCompile(e.expr)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range rs {
			if got, want := r.MatchString(s), r.Plain().MatchString(s); got != want {
				t.Fatalf("%s on %q: %v, plain %v", r, s, got, want)
			}
		}
	})
}
