//go:build ignore

// Genwords writes english_near.txt: the English words within a spelling
// slip of a term of the thesaurus, which the spelling correction leaves as
// they are (see internal/nearwords). It reads the system's word list
// (Debian's wamerican); without it the file is left as it is. Run it with
//
//	go generate ./answer/
package main

import (
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
	text, n, err := nearwords.Generate(nearwords.DictPath, filepath.Join("..", "lexicon", "thesaurus.txt"))
	if errors.Is(err, fs.ErrNotExist) {
		log.Printf("no word list or thesaurus (%v; apt-get install wamerican): english_near.txt left as it is", err)
		return
	}
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("english_near.txt", text, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d words", n)
}
