package fastre

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

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
		f := New(tc.expr)
		f.prep.Do(f.analyse)
		got := slices.Clone(f.starts)
		slices.Sort(got)
		want := slices.Clone(tc.starts)
		slices.Sort(want)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("New(%q).starts (%s) mismatch (-want +got):\n%s", tc.expr, tc.reason, d)
		}
	}
}

// TestFastRELazy checks that a bad expression fails when the Regexp is made,
// as regexp.MustCompile would, although it compiles on first use, and that
// first uses from several goroutines at once agree.
func TestFastRELazy(t *testing.T) {
	func() {
		defer func() {
			if recover() == nil {
				t.Error("New(`(`) did not panic")
			}
		}()
		New(`(`)
	}()
	f := New(`\b(ab|cd)e\b`)
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
