// Package screentest holds what the screens' tests share: reading the
// labelled sets of testdata/screens and the generated identifier set, the
// awkward inputs the fuzz targets start from, the check of a fastre.Regexp
// against package regexp, and the ratios figures are reported in.
package screentest

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/abstain/internal/labelled"
	"github.com/dermliving/dermliving/internal/fuzzseeds"
	"github.com/google/go-cmp/cmp"
)

// ReadJSONL reads a file of JSON values, one a line, and reports whether it
// exists; any other error fails the test.
func ReadJSONL[T any](t testing.TB, path string) ([]T, bool) {
	t.Helper()
	out, err := labelled.ReadJSONL[T](path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return out, true
}

// Manifest reads the manifest of the labelled sets in dir, for a test's
// package variables: it panics when it cannot.
func Manifest(dir string) []labelled.File {
	m, err := labelled.ReadManifest(dir)
	if err != nil {
		panic("abstain tests: " + err.Error())
	}
	return m
}

// DevTexts returns the development questions of the labelled sets in dir,
// dev.jsonl and dev2.jsonl (never the held-out splits).
func DevTexts(t testing.TB, dir string) []string {
	t.Helper()
	var texts []string
	for _, split := range []string{"dev", "dev2"} {
		if qs, ok := ReadJSONL[labelled.Question](t, filepath.Join(dir, split+".jsonl")); ok {
			for _, q := range qs {
				texts = append(texts, q.Text)
			}
		}
	}
	return texts
}

// FuzzSeeds are awkward inputs beyond the table cases, for every fuzz
// target of the screens (see package fuzzseeds).
var FuzzSeeds = fuzzseeds.Awkward

// CheckFastRE fails if a fastre.Regexp and its plain expression disagree on
// s.
func CheckFastRE(t *testing.T, name string, f *fastre.Regexp, s string) {
	t.Helper()
	re := f.Plain()
	if got, want := f.MatchString(s), re.MatchString(s); got != want {
		t.Errorf("%s: Regexp.MatchString(%q) = %v, regexp says %v", name, s, got, want)
	}
	if d := cmp.Diff(re.FindStringSubmatchIndex(s), f.FindStringSubmatchIndex(s)); d != "" {
		t.Errorf("%s (%s): FindStringSubmatchIndex(%q) differs (-regexp +fastre):\n%s", name, f, s, d)
	}
	if d := cmp.Diff(re.FindStringIndex(s), f.FindStringIndex(s)); d != "" {
		t.Errorf("%s: FindStringIndex(%q) differs (-regexp +fastre):\n%s", name, s, d)
	}
	if d := cmp.Diff(re.FindAllStringSubmatchIndex(s, -1), f.FindAllStringSubmatchIndex(s)); d != "" {
		t.Errorf("%s: FindAllStringSubmatchIndex(%q) differs (-regexp +fastre):\n%s", name, s, d)
	}
	if got, want := f.ReplaceAllLiteralString(s, "<x>"), re.ReplaceAllLiteralString(s, "<x>"); got != want {
		t.Errorf("%s: ReplaceAllLiteralString(%q) = %q, regexp says %q", name, s, got, want)
	}
}

// Ratio is hits out of n.
type Ratio struct{ Hit, N int }

// Value is the ratio, 1 when N is 0.
func (r Ratio) Value() float64 {
	if r.N == 0 {
		return 1
	}
	return float64(r.Hit) / float64(r.N)
}

// String writes the ratio and its counts: "0.982 (54/55)".
func (r Ratio) String() string {
	if r.N == 0 {
		return "   -   (0/0)"
	}
	return fmt.Sprintf("%.3f (%d/%d)", r.Value(), r.Hit, r.N)
}
