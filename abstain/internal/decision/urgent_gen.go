//go:build ignore

// Urgent_gen trains the urgent model on the urgent splits of the labelled
// question sets (../../../testdata/screens: the tuning splits that carry
// urgent labels and the splits whose role in manifest.json is
// urgent_train) and writes its files: urgent_model.txt, the features and
// their weights, and urgent_model_consts.go, the model's threshold, veto
// and bias and the data file's SHA-256. The training is urgent_train.go's
// (GenerateUrgentModel), which TestUrgentModelGenerated runs too to check
// the files. Run it with
//
//	go generate ./abstain/...
//
// or go run urgent_gen.go in this directory.
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/dermliving/dermliving/abstain/internal/decision"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("urgent_gen: ")
	data, src, err := decision.GenerateUrgentModel(filepath.Join("..", "..", "..", "testdata", "screens"))
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("urgent_model.txt", data, 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("urgent_model_consts.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
}
