package evidence_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/dermliving/dermliving/evidence"
	_ "github.com/dermliving/dermliving/retrieve" // the index WriteOptions.Index writes
)

// Build a knowledge version from corpus lines, write it, and open it again:
// opening verifies every checksum.
func ExampleBuild() {
	const corpus = `{"source_id": "src_notes", "source_version": "2026.10", "section": "Overview", "paragraph": 1, "text": "Urticaria, often called hives, causes raised itchy welts.", "license": "CC-BY-4.0"}`
	recs, err := evidence.ReadCorpus(strings.NewReader(corpus))
	if err != nil {
		log.Fatal(err)
	}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_2026_10_01", Released: "2026-10-01"})
	if err != nil {
		log.Fatal(err)
	}
	tmp, _ := os.MkdirTemp("", "kv")
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "kv_2026_10_01")
	if err := b.WriteDir(context.Background(), dir, &evidence.WriteOptions{Index: true}); err != nil {
		log.Fatal(err)
	}
	kv, err := evidence.OpenDir(dir)
	if err != nil {
		log.Fatal(err)
	}
	defer kv.Close()
	p, _ := kv.Evidence("ev_src_notes_overview_1")
	fmt.Println(kv.ID(), kv.Len())
	fmt.Println(p.ID, p.Locator.Section, p.Locator.Paragraph)
	fmt.Println(p.Checksum == evidence.Checksum(p.Text))
	// Output:
	// kv_2026_10_01 1
	// ev_src_notes_overview_1 Overview 1
	// true
}
