//go:build ignore

// Gen trains the clinical-decision screen's model on the training splits of
// the labelled question sets (../../../testdata/screens, the splits whose
// role in manifest.json is train) and writes its files: decision_model.txt,
// the features and their weights, and decision_model.go, the model's
// threshold, veto and bias and the data file's SHA-256. The training is
// train.go's (GenerateModel), which TestDecisionModelGenerated runs too to
// check the files. Run it with
//
//	go generate ./abstain/...
//
// or go run gen.go in this directory.
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/dermliving/dermliving/abstain/internal/decision"
	"github.com/dermliving/dermliving/abstain/internal/identifiers"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	dir := filepath.Join("..", "..", "..", "testdata", "screens")
	// The patient-data screen runs first: the trainer's figures leave out
	// the questions it takes.
	patientData := func(text string) bool { return len(identifiers.Find(text)) > 0 }
	data, src, err := decision.GenerateModel(dir, patientData)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("decision_model.txt", data, 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("decision_model.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
}
