// Package labelled reads the screens' labelled data: the question sets of
// testdata/screens, each frozen by its manifest (manifest.json) with a role,
// and the lines of the generated identifier set of the identifier screen's
// tests. The decision model's trainer and the screens' tests read them; the
// screens themselves never do.
package labelled

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/dermliving/dermliving/internal/manifest"
)

// Question is one line of a labelled question set.
type Question struct {
	ID     string   `json:"id"`
	Text   string   `json:"text"`
	Label  string   `json:"label"`
	Kinds  []string `json:"kinds"`
	Lang   string   `json:"lang"`
	Tricky bool     `json:"tricky"`
	// Urgent marks a clinical_decision that describes an emergency sign
	// happening now (sets of the twelfth round on).
	Urgent bool `json:"urgent"`
	// Family names the kind of question a set was written to hold, where
	// it says (the twelfth round's: urgent, urgent_lookalike, outside,
	// product, product_person, child_treatment, child_reference).
	Family string `json:"family"`
}

// Generated is one line of the generated identifier set.
type Generated struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	// Kind is the identifier's kind, or "" for a negative that must find
	// nothing.
	Kind  string `json:"kind,omitempty"`
	Start int    `json:"start,omitempty"` // byte offsets of the identifier
	End   int    `json:"end,omitempty"`
	Lang  string `json:"lang"`
	// Note says what a case exercises: its phrasing, position, or why a
	// negative must not trigger.
	Note string `json:"note"`
}

// File is one labelled file of testdata/screens, as its manifest records
// it: its role (train: trains the decision model and its misses may be
// read; tune: rules were developed on it; held_out: measured once after its
// round and never read or tuned on), the round that wrote it, its count of
// questions and its SHA-256.
type File = manifest.Entry

// ReadManifest reads the manifest of the labelled sets in dir.
func ReadManifest(dir string) ([]File, error) { return manifest.Read(dir) }

// Splits returns, in the manifest's order, the splits (file names without
// .jsonl) whose role keep accepts.
func Splits(manifest []File, keep func(role string) bool) []string {
	var out []string
	for _, f := range manifest {
		if keep(f.Role) {
			out = append(out, strings.TrimSuffix(f.File, ".jsonl"))
		}
	}
	return out
}

// Role returns a split's role in the manifest, or "".
func Role(manifest []File, split string) string {
	for _, f := range manifest {
		if f.File == split+".jsonl" {
			return f.Role
		}
	}
	return ""
}

// Round returns a split's round in the manifest, or 0.
func Round(manifest []File, split string) int {
	for _, f := range manifest {
		if f.File == split+".jsonl" {
			return f.Round
		}
	}
	return 0
}

// ReadJSONL reads a file of JSON values, one a line; blank lines are
// skipped. An error names the file and line, never the text. A missing
// file's error satisfies errors.Is(err, fs.ErrNotExist).
func ReadJSONL[T any](path string) ([]T, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []T
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err) // the error names no text
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return out, nil
}
