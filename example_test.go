package dermliving_test

import (
	"context"
	"fmt"
	"log"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/sandbox"
)

// Ask a reference question of the embedded sandbox: the answer's claims each
// cite a checksummed passage, and a draft sentence no passage supports is
// listed as removed.
func ExampleAsk() {
	kv, err := sandbox.Open()
	if err != nil {
		log.Fatal(err)
	}
	defer kv.Close()
	res, err := dermliving.Ask(context.Background(), "What makes atopic dermatitis flare?", kv)
	if err != nil {
		log.Fatal(err)
	}
	g := res.(*dermliving.Grounded)
	for _, c := range g.Claims {
		cit := g.Citations[0]
		for _, x := range g.Citations {
			if x.ID == c.Citations[0] {
				cit = x
			}
		}
		fmt.Printf("%s\n  %s %s, %s ¶%d\n", c.Text, c.Citations[0], cit.EvidenceID, cit.Locator.Section, cit.Locator.Paragraph)
	}
	for _, r := range g.RemovedClaims {
		fmt.Printf("removed (%s): %s\n", r.Reason, r.Text)
	}
	// Output:
	// Impaired skin barrier function contributes to disease activity.
	//   cit_1 ev_atopic_dermatitis_causes_1, Causes and triggers ¶1
	// Wool, harsh soaps and sweat are commonly reported to worsen symptoms.
	//   cit_2 ev_atopic_dermatitis_causes_2, Causes and triggers ¶2
	// removed (unsupported): Food allergy is the main trigger of flares in adults.
}

// An abstention is a result with a typed reason, not an error. The seed's
// version, kv_2026_10_01, deliberately lacks rosacea.
func ExampleAsk_abstained() {
	kv, err := sandbox.OpenVersion(sandbox.SeedVersion)
	if err != nil {
		log.Fatal(err)
	}
	defer kv.Close()
	for _, q := range []string{
		"Where does rosacea usually appear?",
		"Should I stop my methotrexate before surgery?",
		"Patient MRN 48213377 has a rash on the arm.",
	} {
		res, err := dermliving.Ask(context.Background(), q, kv)
		if err != nil {
			log.Fatal(err)
		}
		a := res.(*dermliving.Abstained)
		fmt.Println(a.Reason)
	}
	// Output:
	// insufficient_evidence
	// clinical_decision
	// patient_data
}

// Look up a cited passage: its checksum lets a reviewer confirm the words.
func ExampleEvidence() {
	kv, err := sandbox.OpenVersion(sandbox.SeedVersion)
	if err != nil {
		log.Fatal(err)
	}
	defer kv.Close()
	ev, err := dermliving.Evidence(kv, "ev_atopic_dermatitis_causes_2")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ev.Source.Title, "/", ev.Locator.Section, ev.Locator.Paragraph)
	fmt.Println(ev.License.ID, ev.License.Holder, ev.KnowledgeVersion)
	// Output:
	// Atopic dermatitis / Causes and triggers 2
	// CC-BY-4.0 DermLiving kv_2026_10_01
}

// A host application plugs in its own text generator; every sentence it
// drafts is verified, and unsupported ones are removed.
func ExampleWithDraft() {
	kv, err := sandbox.Open()
	if err != nil {
		log.Fatal(err)
	}
	defer kv.Close()
	res, err := dermliving.Ask(context.Background(), "What are hives?", kv, dermliving.WithDraft(
		"Urticaria, commonly called hives, is a skin reaction that causes raised, itchy welts.",
		"Hives always last for years.",
	))
	if err != nil {
		log.Fatal(err)
	}
	g := res.(*dermliving.Grounded)
	fmt.Println(g.Metadata.Mode, len(g.Claims), g.RemovedClaims[0].Reason)
	// Output:
	// generated 1 unsupported
}
