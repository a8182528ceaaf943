package manifest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadAndFiles(t *testing.T) {
	dir := t.TempDir()
	text := `[
  {"file": "dev.jsonl", "kind": "pairs", "role": "tune", "round": 1, "count": 3, "sha256": "aa"},
  {"file": "holdout.jsonl", "role": "held_out", "round": 2, "count": 4, "sha256": "bb"}
]`
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{
		{File: "dev.jsonl", Kind: "pairs", Role: "tune", Round: 1, Count: 3, SHA256: "aa"},
		{File: "holdout.jsonl", Role: "held_out", Round: 2, Count: 4, SHA256: "bb"},
	}
	if diff := cmp.Diff(want, m); diff != "" {
		t.Errorf("Read (-want +got):\n%s", diff)
	}
	got, err := Files(dir, func(e Entry) bool { return e.Role == "tune" })
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"dev.jsonl"}, got); diff != "" {
		t.Errorf("Files (-want +got):\n%s", diff)
	}
	if _, err := Read(t.TempDir()); !os.IsNotExist(err) {
		t.Errorf("Read of a directory without a manifest: %v, want not-exist", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(dir); err == nil {
		t.Error("Read of a malformed manifest: nil error")
	}
}
