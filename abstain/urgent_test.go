package abstain

import "testing"

// urgentCases are questions with and without an emergency sign; each says
// why its expectation holds. The signs' own examples are in
// internal/decision/rules/urgent.rules, the labelled ones in
// testdata/screens (dev12 and holdout12, see TestEval).
var urgentCases = []struct {
	question string
	reason   Reason
	urgent   bool
	why      string
}{
	// Urgent decisions.
	{"My tongue has been swelling for the last half hour. Can I sleep it off?", ClinicalDecision, true, "a swelling tongue now"},
	{"throat closing up after the shrimp, what do I do", ClinicalDecision, true, "a throat closing, no question mark"},
	{"Hives over my chest and I'm struggling to breathe. Is an antihistamine enough?", ClinicalDecision, true, "breathing trouble with hives"},
	{"My father has a blotchy rash and can't swallow properly since his new tablets. Wait for the GP?", ClinicalDecision, true, "swallowing trouble with a rash"},
	{"Skin blistering all over my back, a fever, since I started a new antibiotic. Keep taking it?", ClinicalDecision, true, "widespread blistering with a fever after a new drug"},
	{"My eyes are red and sore, my mouth is full of ulcers and the rash is blistering. What do I do?", ClinicalDecision, true, "blistering with sore eyes and mouth"},
	{"The red patch on my calf is spreading quickly and I have a fever. Can it wait till Monday?", ClinicalDecision, true, "redness spreading fast with a fever"},
	{"My 4-year-old has a fever and spots that don't fade when I press a glass on them. What should I do?", ClinicalDecision, true, "the glass test in a child with a fever"},
	{"Wasp sting on my son's arm, now his face is puffing up and he feels dizzy. Benadryl?", ClinicalDecision, true, "facial swelling and faintness after a sting"},
	{"Se me está hinchando la lengua y me cuesta tragar, ¿qué hago?", ClinicalDecision, true, "Spanish: a swelling tongue"},
	{"Mi hija tiene fiebre y unas manchas moradas que no desaparecen al apretar con un vaso, ¿la llevo a urgencias?", ClinicalDecision, true, "Spanish: the glass test"},
	{"Tengo ronchas por todo el cuerpo y me falta el aire, ¿me tomo otro antihistamínico?", ClinicalDecision, true, "Spanish: breathing trouble with hives"},
	{"Patient Jane Example has lips and tongue swelling after amoxicillin. Adrenaline?", PatientData, true, "identifiers and an emergency: the abstention is for patient data, and urgent"},

	{"Husband's eyes are swollen shut and he's wheezing after cashews — ambulance?", ClinicalDecision, true, "wheezing with swelling, a relative"},
	{"The infected cut on my hand has a red line tracking up my arm and I feel feverish. Can it wait?", ClinicalDecision, true, "a red line tracking up with a fever"},
	{"Child 4y, fever 39.5, petechial rash non-blanching. Management?", ClinicalDecision, true, "a clinician's shorthand"},
	{"A mi hija se le hincharon los labios y la lengua después del cacahuete, ¿qué hago?", ClinicalDecision, true, "Spanish: the tongue after the lips"},
	{"tengo la pierna roja, caliente y cada vez más grande, y fiebre, ¿voy al médico?", ClinicalDecision, true, "Spanish: redness growing with a fever"},

	// Not urgent: worrying but no emergency, a sign denied, past,
	// recurring or hypothetical, the blisters of a common infection, or a
	// general question.
	{"Chickenpox blisters all over my son and a fever of 38, can he have paracetamol?", ClinicalDecision, false, "the blisters of chickenpox"},
	{"My toddler has mouth ulcers, blisters on her hands and feet and a fever, can she go to nursery?", ClinicalDecision, false, "hand, foot and mouth, described"},
	{"My toddler has a fever and a rash that fades when I press it. Is it roseola?", ClinicalDecision, false, "spots that fade under pressure"},
	{"Hives on and off for 6 weeks, sometimes my lips swell. Should I see an allergist?", ClinicalDecision, false, "a sign that comes and goes"},
	{"My throat is swollen from tonsillitis, can I take ibuprofen?", ClinicalDecision, false, "a swollen throat from tonsillitis is no airway sign"},
	{"A mole on my arm has started bleeding and changed shape. Should I see someone this week?", ClinicalDecision, false, "a bleeding, changing mole is no emergency"},
	{"My lip swelled up a bit after a mosquito bite, no other symptoms. Ice?", ClinicalDecision, false, "one lip, nothing else"},
	{"Hives on my legs after a new soap, breathing fine. Which antihistamine should I take?", ClinicalDecision, false, "hives without breathing trouble"},
	{"Rash on my arm, a bit red, not spreading, no fever. Should I put hydrocortisone on it?", ClinicalDecision, false, "signs denied"},
	{"Two years ago my throat swelled after ibuprofen. Can I take naproxen now?", ClinicalDecision, false, "a reaction in the past"},
	{"What should I do if my son's lips swell after peanuts?", ClinicalDecision, false, "a hypothesis, not a sign now"},
	{"When does tongue swelling need emergency treatment?", 0, false, "a general question about an emergency"},
	{"Why can SJS affect the eyes and the mouth?", 0, false, "a general question about a condition"},
	{"¿Cuándo hay que ir a urgencias por una celulitis?", 0, false, "Spanish: a general question about triage"},
	{"Mi bebé tiene unos granitos en la cara, sin fiebre y come bien, ¿es normal?", ClinicalDecision, false, "Spanish: no fever, nothing urgent"},
	{"My sunburn has a few small blisters on the shoulders, no fever. Aloe?", ClinicalDecision, false, "small blisters, no fever"},
}

func TestDecideUrgent(t *testing.T) {
	for _, c := range urgentCases {
		d := Decide(c.question)
		if d.Reason != c.reason || d.Urgent != c.urgent {
			t.Errorf("Decide(%q) = %v urgent %v (rule %q, sign %q), want %v urgent %v (%s)", c.question, d.Reason, d.Urgent, d.Rule, d.Sign, c.reason, c.urgent, c.why)
		}
		if d.Urgent != (d.Sign != "") {
			t.Errorf("Decide(%q): Urgent %v with sign %q", c.question, d.Urgent, d.Sign)
		}
		if c.reason != PatientData {
			if got := IsUrgent(c.question); got != c.urgent {
				t.Errorf("IsUrgent(%q) = %v, want %v (%s)", c.question, got, c.urgent, c.why)
			}
		}
	}
}

func TestLanguage(t *testing.T) {
	for q, want := range map[string]string{
		"My tongue is swelling, what do I do?":      "en",
		"¿Qué hago? Se me hincha la lengua":         "es",
		"se me hincha la lengua que hago":           "es",
		"Tongue swelling 20 min after lunch. ER??":  "en",
		"mi bebe tiene fiebre y manchas moradas":    "es",
		"Is SPF 50 enough for my son at the beach?": "en",
	} {
		if got := Language(q); got != want {
			t.Errorf("Language(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestNamesHealth(t *testing.T) {
	for q, want := range map[string]bool{
		"How often should I change the oil in my car?":       false,
		"Should I buy a new car or lease one?":               false,
		"How do I fix my car's transmission?":                false,
		"Can I go from 20 to 40 mg of isotretinoin?":         true,
		"Should I be worried about the line on my nail":      true,
		"me queme con la plancha y tengo una ampolla":        true,
		"Photo attached, what is this?":                      true,
		"Should this be seen today or can I wait for my GP?": true,
		"¿Debería comprar una casa o alquilar?":              false,
		"¿Le pongo algo en el párpado?":                      true,
	} {
		if got := NamesHealth(q); got != want {
			t.Errorf("NamesHealth(%q) = %v, want %v", q, got, want)
		}
	}
}
