package nearwords_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/internal/nearwords"
	"github.com/google/go-cmp/cmp"
)

func TestNear(t *testing.T) {
	terms, err := nearwords.Terms(strings.NewReader("# a comment: miles\nmelanocytic nevus, mole, moles\nhives, urticaria\nonychomycosis\n"))
	if err != nil {
		t.Fatal(err)
	}
	dict := strings.Join([]string{
		"miles",        // one edit from "moles"
		"mole",         // a term itself
		"Mildred",      // a name, not a lower-case word
		"mile's",       // not a plain word
		"hides",        // one edit from "hives"
		"dives",        // one edit from "hives", though its first letter differs
		"nexus",        // two edits from "nevus"
		"bolt",         // two edits from "mole": too many for four letters
		"zebra",        // nowhere near
		"onicomicosis", // three edits from a long term, its first two letters kept
		"anicomicosis", // three edits, its first two letters not kept
		"miles",        // listed twice
	}, "\n")
	got, err := nearwords.Near(strings.NewReader(dict), terms)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"dives", "hides", "miles", "nexus", "onicomicosis"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Near (-want +got):\n%s", diff)
	}
}

// TestEnglishNearGenerated checks that answer/english_near.txt is what the
// generator writes from the thesaurus and the system's word list, when the
// word list is installed.
func TestEnglishNearGenerated(t *testing.T) {
	text, n, err := nearwords.Generate(nearwords.DictPath, filepath.Join("..", "..", "lexicon", "thesaurus.txt"))
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("no word list at %s (apt-get install wamerican)", nearwords.DictPath)
	}
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(filepath.Join("..", "..", "answer", "english_near.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, text) {
		t.Errorf("answer/english_near.txt differs from what the generator writes (%d words): run go generate ./answer/", n)
	}
}
