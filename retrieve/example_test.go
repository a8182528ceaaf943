package retrieve_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
)

// A version opened by package evidence in a program that links this package
// is indexed by it; Of returns the index to search.
func ExampleOf() {
	const corpus = `{"source_id": "src_notes", "source_version": "1", "source_title": "Hives", "section": "Overview", "paragraph": 1, "text": "Hives are itchy raised welts on the skin.", "license": "CC0-1.0"}
{"source_id": "src_notes", "source_version": "1", "source_title": "Sunburn", "section": "Causes", "paragraph": 1, "text": "Sunburn follows too much ultraviolet light.", "license": "CC0-1.0"}`
	recs, err := evidence.ReadCorpus(strings.NewReader(corpus))
	if err != nil {
		log.Fatal(err)
	}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_example", Released: "2026-01-01"})
	if err != nil {
		log.Fatal(err)
	}
	kv, err := b.Open() // evidence.OpenDir(dir) for a bundle written to dir
	if err != nil {
		log.Fatal(err)
	}
	defer kv.Close() // releases the index too
	ix, err := retrieve.Of(kv)
	if err != nil {
		log.Fatal(err)
	}
	hits, err := ix.Search(context.Background(), "what causes sunburn", 3)
	if err != nil {
		log.Fatal(err)
	}
	for _, h := range hits {
		fmt.Println(h.ID)
	}
	// Output:
	// ev_src_notes_causes_1
}
