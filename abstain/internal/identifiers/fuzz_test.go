package identifiers

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dermliving/dermliving/abstain/internal/labelled"
	"github.com/dermliving/dermliving/abstain/internal/screentest"
	"github.com/google/go-cmp/cmp"
)

func FuzzScreenPatientData(f *testing.F) {
	for _, tc := range screenCases {
		f.Add(tc.text)
	}
	for _, s := range screentest.FuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fs := Find(text)
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
			t.Fatalf("Find(%q) = %+v, but %+v without prechecks", text, fs, full)
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

var fuzzScreenFastREs = screenFastREs()

// FuzzRedact checks Redact's promise to hosts that store what it returns:
// no identifier the screen finds survives it, and redacting again changes
// nothing. Failures name kinds and lengths, never text.
func FuzzRedact(f *testing.F) {
	for _, tc := range screenCases {
		f.Add(tc.text)
	}
	for _, s := range screentest.FuzzSeeds {
		f.Add(s)
	}
	if gen, err := labelled.ReadJSONL[labelled.Generated](adversarialPath); err == nil {
		for i, g := range gen {
			if i%25 == 0 {
				f.Add(g.Text)
			}
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		red := Redact(text)
		if fs := Find(red); len(fs) > 0 {
			t.Fatalf("Redact of a %d-byte text leaves findings of kinds %v", len(text), Kinds(fs))
		}
		if again := Redact(red); again != red {
			t.Fatalf("Redact of a %d-byte text is not idempotent (%d bytes, then %d)", len(text), len(red), len(again))
		}
	})
}
