package claims_test

import (
	"context"
	"fmt"

	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/dermliving/dermliving/sandbox"
)

func ExampleSplit() {
	text := "Apply 0.05% cream, e.g. Vaseline, twice a day. [2] Is it contagious? No.\n" +
		"- avoid wool\n- keep nails short"
	for _, s := range claims.Split(text) {
		fmt.Printf("%d-%d %q\n", s.Start, s.End, s.Text)
	}
	// Output:
	// 0-50 "Apply 0.05% cream, e.g. Vaseline, twice a day. [2]"
	// 51-68 "Is it contagious?"
	// 69-72 "No."
	// 75-85 "avoid wool"
	// 88-104 "keep nails short"
}

func ExampleClean() {
	fmt.Println(claims.Clean("Emollients are **the foundation** of care [1, 3]."))
	// Output:
	// Emollients are the foundation of care.
}

func ExampleLexical_Verify() {
	kv, err := sandbox.Open()
	if err != nil {
		panic(err)
	}
	defer kv.Close()
	ix, err := retrieve.Of(kv)
	if err != nil {
		panic(err)
	}
	v := claims.NewLexical(ix.Analyzer(), ix.Thesaurus(), ix.IDF)

	p, err := kv.Evidence("ev_atopic_dermatitis_causes_2")
	if err != nil {
		panic(err)
	}
	passages := []claims.Passage{{ID: p.ID, Text: p.Text}}
	for _, claim := range []string{
		"Wool, harsh soaps and sweat are commonly reported to worsen symptoms.",
		"Food allergy is the main trigger of flares in adults.",
		"Food is a common trigger of eczema in adults.",
	} {
		j, err := v.Verify(context.Background(), claim, passages)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: %s\n", j.Verdict, claim)
		if j.Verdict == claims.Supported {
			s := j.Support[0]
			fmt.Printf("  %s: %q\n", s.PassageID, p.Text[s.Start:s.End])
		}
	}
	// Output:
	// supported: Wool, harsh soaps and sweat are commonly reported to worsen symptoms.
	//   ev_atopic_dermatitis_causes_2: "Wool, harsh soaps and sweat are commonly reported to worsen symptoms of atopic dermatitis."
	// unsupported: Food allergy is the main trigger of flares in adults.
	// contradicted: Food is a common trigger of eczema in adults.
}
