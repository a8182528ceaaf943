package abstain
import ("testing"; "fmt")
func TestProbe(t *testing.T){
	for _, s := range []string{"Should I stop my methotrexate before surgery?", "Do I have ringworm?", "Is this mole cancer? It is 7 mm and growing.", "How much hydrocortisone should I put on my 2-year-old's rash?", "Which biologic should I start for my patient who failed methotrexate?", "A 45-year-old man with a bleeding mole: biopsy or watch?", "What is this rash in the attached photo?", "Can I use my sister's steroid cream on my face?", "My son has impetigo, should he stay home and which antibiotic does he need?", "What should I put on my baby's diaper rash?",
	"---",
	"Should sunscreen be reapplied every two hours?", "Do I have to wear sunscreen in winter?", "My dermatologist prescribed tretinoin; how does it work?", "How is scabies diagnosed?", "What are common treatments for psoriasis?", "I am not asking for a diagnosis: what does guttate psoriasis look like?", "When should I see a doctor about a mole?", "What makes atopic dermatitis flare?", "Is impetigo contagious?", "How much sunscreen is needed to cover the body?", "Can eczema be cured?", "What does a melanoma look like?"}{
		fmt.Printf("%v  %q\n", IsClinicalDecision(s), s)
	}
}
func TestRace(t *testing.T){
	done := make(chan bool)
	for i:=0;i<8;i++ { go func(){ for j:=0;j<200;j++ { IsClinicalDecision("Is thïs mole cancer? It is 7 mm") }; done<-true }() }
	for i:=0;i<8;i++ { <-done }
}
