package dermliving_test

import (
	"context"
	"fmt"
	"log"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/sandbox"
)

// A Spanish question is answered from the English passages: the claims are
// the passages' own English sentences, and the metadata says which
// languages met and how the question was read in English. A question in a
// language DermLiving does not answer abstains, saying so.
func ExampleAsk_spanish() {
	kv, err := sandbox.Open()
	if err != nil {
		log.Fatal(err)
	}
	defer kv.Close()
	for _, q := range []string{"¿Qué causa el acné?", "Qu'est-ce qui cause l'acné ?"} {
		res, err := dermliving.Ask(context.Background(), q, kv)
		if err != nil {
			log.Fatal(err)
		}
		switch r := res.(type) {
		case *dermliving.Grounded:
			md := r.Metadata
			fmt.Printf("%s -> %s (%s question, %s passages)\n", q, md.EnglishQuestion, md.QuestionLanguage, md.PassageLanguage)
			fmt.Println(r.Claims[1].Text)
		case *dermliving.Abstained:
			fmt.Printf("%s -> %s (%s): %v\n", q, r.Reason, r.Metadata.QuestionLanguage, r.Message == dermliving.MessageUnsupportedLanguage)
		}
	}
	// Output:
	// ¿Qué causa el acné? -> What causes acne? (es question, en passages)
	// Acne develops from a combination of increased oil (sebum) production, pores blocked by sticky skin cells, the skin bacterium Cutibacterium acnes, and inflammation.
	// Qu'est-ce qui cause l'acné ? -> insufficient_evidence (fr): true
}
