package abstain

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/abstain/internal/screentest"
)

// screensDir holds the labelled screen sets.
var screensDir = filepath.Join("..", "testdata", "screens")

// screenFiles is the manifest of the labelled screen sets, read once.
var screenFiles = screentest.Manifest(screensDir)

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
		case "train", "tune", "held_out", "urgent_train", "sealed":
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
