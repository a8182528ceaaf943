package abstain

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// screenFile is one labelled file of testdata/screens, as its manifest
// records it: its role (train: trains the decision model and its misses
// may be read; tune: rules were developed on it; held_out: measured once
// after its round and never read or tuned on), the round that wrote it,
// its count of questions and its SHA-256.
type screenFile struct {
	File   string `json:"file"`
	Role   string `json:"role"`
	Round  int    `json:"round"`
	Count  int    `json:"count"`
	SHA256 string `json:"sha256"`
}

// screensDir holds the labelled screen sets.
var screensDir = filepath.Join("..", "testdata", "screens")

// screenFiles is the manifest of the labelled screen sets, read once.
var screenFiles = func() []screenFile {
	b, err := os.ReadFile(filepath.Join(screensDir, "manifest.json"))
	if err != nil {
		panic("abstain tests: " + err.Error())
	}
	var m []screenFile
	if err := json.Unmarshal(b, &m); err != nil {
		panic("abstain tests: testdata/screens/manifest.json: " + err.Error())
	}
	return m
}()

// splitRole returns a split's role in the manifest, or "".
func splitRole(split string) string {
	for _, f := range screenFiles {
		if f.File == split+".jsonl" {
			return f.Role
		}
	}
	return ""
}

// splitsWhere returns, in the manifest's order, the splits (file names
// without .jsonl) whose role keep accepts.
func splitsWhere(keep func(role string) bool) []string {
	var out []string
	for _, f := range screenFiles {
		if keep(f.Role) {
			out = append(out, strings.TrimSuffix(f.File, ".jsonl"))
		}
	}
	return out
}

// TestScreensManifest checks that every labelled screen set is the file its
// manifest froze (count and SHA-256), that the manifest names every set in
// the directory, and that roles are known.
func TestScreensManifest(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(screensDir, "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, f := range screenFiles {
		listed[f.File] = true
		switch f.Role {
		case "train", "tune", "held_out":
		default:
			t.Errorf("%s: unknown role %q", f.File, f.Role)
		}
		b, err := os.ReadFile(filepath.Join(screensDir, f.File))
		if err != nil {
			t.Errorf("%s: %v", f.File, err)
			continue
		}
		sum := sha256.Sum256(b)
		if got := hex.EncodeToString(sum[:]); got != f.SHA256 {
			t.Errorf("%s: sha256 %s, the manifest froze %s", f.File, got, f.SHA256)
		}
		n := 0
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if strings.TrimSpace(sc.Text()) != "" {
				n++
			}
		}
		if n != f.Count {
			t.Errorf("%s: %d questions, the manifest says %d", f.File, n, f.Count)
		}
	}
	for _, f := range files {
		if !listed[filepath.Base(f)] {
			t.Errorf("%s is not in testdata/screens/manifest.json", filepath.Base(f))
		}
	}
}
