// Package manifest reads the manifest.json of a directory of labelled sets
// (testdata/answers, testdata/verifier, testdata/screens): which file plays
// which role, written in which round, with how many records and which
// SHA-256. Generators and tests read it to decide what they may train or
// tune on; held-out files are read only to be measured.
package manifest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// Entry is one file of a manifest.
type Entry struct {
	File string `json:"file"`
	// Kind is what the file holds where a directory mixes kinds
	// (testdata/verifier: "pairs" or "answers"); empty elsewhere.
	Kind string `json:"kind,omitempty"`
	// Role is "tune", "train", "held_out", "urgent_train" or "sealed" (see
	// each directory's README).
	Role   string `json:"role"`
	Round  int    `json:"round"`
	Count  int    `json:"count"`
	SHA256 string `json:"sha256"`
}

// Read reads dir's manifest.json.
func Read(dir string) ([]Entry, error) {
	path := filepath.Join(dir, "manifest.json")
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m []Entry
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// Files returns, in the manifest's order, the files of dir's manifest that
// keep accepts.
func Files(dir string, keep func(Entry) bool) ([]string, error) {
	m, err := Read(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range m {
		if keep(e) {
			out = append(out, e.File)
		}
	}
	return out, nil
}
