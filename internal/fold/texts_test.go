package fold

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/dermliving/dermliving/internal/fuzzseeds"
)

// screensDir holds the labelled screen sets.
var screensDir = filepath.Join("..", "..", "testdata", "screens")

// devTexts returns the development questions of the labelled sets in dir,
// dev.jsonl and dev2.jsonl (never the held-out splits), as
// abstain/internal/screentest.DevTexts does; this package is outside
// abstain and cannot import it.
func devTexts(t testing.TB, dir string) []string {
	t.Helper()
	var texts []string
	for _, split := range []string{"dev", "dev2"} {
		f, err := os.Open(filepath.Join(dir, split+".jsonl"))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var q struct {
				Text string `json:"text"`
			}
			if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
				t.Fatal(err)
			}
			texts = append(texts, q.Text)
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	if len(texts) == 0 {
		t.Fatalf("no development texts in %s", dir)
	}
	return texts
}

// fuzzSeeds are awkward inputs for the fold's fuzz targets, those of the
// screens.
var fuzzSeeds = fuzzseeds.Awkward
