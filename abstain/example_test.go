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
	fmt.Println(abstain.Redact("Mi abuela tiene 94 años; tarjeta sanitaria MNPX123456789012."))
	fmt.Println(abstain.Redact("What makes atopic dermatitis flare? SPF 50, 0.1% cream, ICD-10 L20.9."))
	// Output:
	// My name is [name], DOB [date_of_birth]; call [phone].
	// Mi abuela tiene [age_over_89] años; tarjeta sanitaria [health_plan_number].
	// What makes atopic dermatitis flare? SPF 50, 0.1% cream, ICD-10 L20.9.
}

func ExampleNormalize() {
	fmt.Printf("%q\n", abstain.Normalize("SSN 523\u200b-45\u00ad-6781, MRN ٤٨٢١٣٣٧٧, DOB 14∕03∕1962"))
	fmt.Printf("%q\n", abstain.Normalize("\u200b\ufeff"))
	// Output:
	// "SSN 523-45-6781, MRN 48213377, DOB 14/03/1962"
	// ""
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

func ExampleDecide() {
	for _, q := range []string{
		"Patient Lucas Placeholder, MRN 48213377: what is hand eczema?",
		"¿Este lunar es cáncer? Mide 7 mm y está creciendo.",
		"I am not asking for a diagnosis: what does guttate psoriasis look like?",
	} {
		d := abstain.Decide(q)
		switch d.Reason {
		case abstain.PatientData:
			fmt.Println(d.Reason, abstain.Kinds(d.Findings))
		case abstain.ClinicalDecision:
			fmt.Println(d.Reason, d.Rule)
		default:
			fmt.Println("answer")
		}
	}
	// Output:
	// patient_data [name medical_record_number]
	// clinical_decision es_this_lesion
	// answer
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
