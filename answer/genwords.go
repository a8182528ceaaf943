//go:build ignore

// Genwords writes english_near.txt: the English words within a spelling
// slip of a term of the thesaurus, which the spelling correction leaves as
// they are (see internal/nearwords). It reads the system's word list
// (Debian's wamerican); without it the file is left as it is. Run it with
//
//	go generate ./answer/
package main

import (
	"bytes"
	"errors"
	"io/fs"
	"log"
	"os"
	"path/filepath"

	"github.com/dermliving/dermliving/internal/nearwords"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("genwords: ")
	dict, err := os.Open(nearwords.DictPath)
	if errors.Is(err, fs.ErrNotExist) {
		log.Printf("no word list at %s (apt-get install wamerican): english_near.txt left as it is", nearwords.DictPath)
		return
	}
	if err != nil {
		log.Fatal(err)
	}
	defer dict.Close()
	th, err := os.Open(filepath.Join("..", "lexicon", "thesaurus.txt"))
	if err != nil {
		log.Fatal(err)
	}
	defer th.Close()
	terms, err := nearwords.Terms(th)
	if err != nil {
		log.Fatal(err)
	}
	words, err := nearwords.Near(dict, terms)
	if err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	if err := nearwords.Render(&b, words); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("english_near.txt", b.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d words", len(words))
}
