//go:build ignore

// Gen trains the extractive answer's confidence and writes
// confidence_model.txt: the features' weights, the bias and the Balanced
// cut-off, with the cross-validated figures in its header. The training is
// internal/confmodel's, which the package's tests run too to check
// the file. It asks the key-fact tuning sets of ../testdata/answers (never
// the held-out ones) of the sandbox. Run it with
//
//	go generate ./answer/
package main

import (
	"context"
	"log"
	"os"
	"path/filepath"

	"github.com/dermliving/dermliving/internal/confmodel"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	ex, err := confmodel.Examples(context.Background(), filepath.Join("..", "testdata", "answers"))
	if err != nil {
		log.Fatal(err)
	}
	r, err := confmodel.Train(ex)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("confidence_model.txt", r.Text, 0o644); err != nil {
		log.Fatal(err)
	}
	os.Stdout.Write(r.Text)
}
