package abstain_test

import (
	"fmt"

	"github.com/dermliving/dermliving/abstain"
)

func ExampleScreenPatientData() {
	q := "Patient MRN 48213377, DOB 03/14/1962, has a scaly rash on the elbows. What is it?"
	found := abstain.ScreenPatientData(q)
	// Report kinds only: a finding never carries the identifier's value, and
	// neither should anything that reports it.
	for _, k := range abstain.Kinds(found) {
		fmt.Println(k)
	}
	// Output:
	// medical_record_number
	// date_of_birth
}

func ExampleRedact() {
	fmt.Println(abstain.Redact("My name is Maria Lopez, DOB 14 March 1962; call (555) 123-4567."))
	fmt.Println(abstain.Redact("What makes atopic dermatitis flare?"))
	// Output:
	// My name is [name], DOB [date_of_birth]; call [phone].
	// What makes atopic dermatitis flare?
}

func ExampleIsClinicalDecision() {
	for _, q := range []string{
		"Should I stop my methotrexate before surgery?",
		"Should sunscreen be reapplied every two hours?",
		"A 45-year-old man with a bleeding mole: biopsy or watch?",
		"How is scabies diagnosed?",
	} {
		fmt.Println(abstain.IsClinicalDecision(q), q)
	}
	// Output:
	// true Should I stop my methotrexate before surgery?
	// false Should sunscreen be reapplied every two hours?
	// true A 45-year-old man with a bleeding mole: biopsy or watch?
	// false How is scabies diagnosed?
}

func ExampleReason() {
	r, err := abstain.ParseReason("clinical_decision")
	if err != nil {
		panic(err)
	}
	text, _ := r.MarshalText()
	fmt.Println(r == abstain.ClinicalDecision, string(text))
	// Output:
	// true clinical_decision
}
