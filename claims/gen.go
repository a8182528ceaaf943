//go:build ignore

// Gen trains the claim verifier's support score and writes
// verifier_model.txt: the features' weights, the bias and the Balanced
// operating point's threshold, with the cross-validated figures in its
// header. The training is claims/internal/verifiermodel's, which the
// package's tests run too to check the file. It reads SciFact from
// ../../shared/data/scifact and the dermatology pairs from
// ../testdata/verifier. Run it with
//
//	go generate ./claims/
package main

import (
	"context"
	"log"
	"os"
	"path/filepath"

	"github.com/dermliving/dermliving/claims/internal/verifiermodel"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	ex, err := verifiermodel.Examples(context.Background(), filepath.Join("..", "..", "shared", "data", "scifact"), filepath.Join("..", "testdata", "verifier"))
	if err != nil {
		log.Fatal(err)
	}
	r, err := verifiermodel.Train(ex)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("verifier_model.txt", r.Text, 0o644); err != nil {
		log.Fatal(err)
	}
	os.Stdout.Write(r.Text)
}
