package abstain

import (
	"regexp"
	"strings"
	"testing"
)

// decisionCases are shared by TestIsClinicalDecision and the fuzz seeds.
var decisionCases = []struct {
	question string
	want     bool
	reason   string
}{
	// Decisions about a particular person.
	{"Should I stop my methotrexate before surgery?", true, "a personal treatment decision"},
	{"Do I have ringworm?", true, "a personal diagnosis"},
	{"Is this mole cancer? It is 7 mm and growing.", true, "a lesion in front of the asker, with its size"},
	{"How much hydrocortisone should I put on my 2-year-old's rash?", true, "a dose for a particular child"},
	{"Which biologic should I start for my patient who failed methotrexate?", true, "a clinician's treatment choice for one patient"},
	{"A 45-year-old man with a bleeding mole: biopsy or watch?", true, "a case vignette asking for the next step"},
	{"What is this rash in the attached photo?", true, "a diagnosis from an image"},
	{"Can I use my sister's steroid cream on my face?", true, "a personal treatment decision about someone else's medicine"},
	{"My son has impetigo, should he stay home and which antibiotic does he need?", true, "triage and treatment for a child"},
	{"What should I put on my baby's diaper rash?", true, "treatment for a particular baby"},
	// Ours.
	{"I have a red itchy rash on my arm, what is it?", true, "a described lesion and a request to name it (was missed)"},
	{"Is it safe for me to use clobetasol on my eyelids?", true, "safety of a treatment for the asker (was missed)"},
	{"I'm on isotretinoin, can I drink alcohol?", true, "advice tied to the asker's medication (was missed)"},
	{"Do you think my mole looks like melanoma?", true, "asks for an opinion on the asker's lesion (was missed)"},
	{"Does this look like melanoma to you?", true, "asks to judge a lesion in front of the asker (was missed)"},
	{"I've had a sore on my lip for 3 weeks that won't heal. Is it cancer?", true, "personal history before the question (was missed: only 'Is it cancer ... my' matched)"},
	{"Please diagnose this lesion on my back.", true, "an explicit diagnosis request (was missed)"},
	{"Can you tell me what this bump on my neck is?", true, "asks to name a lesion (was missed)"},
	{"What antibiotic would you prescribe for my cellulitis?", true, "asks for a prescription (was missed)"},
	{"My baby has a rash after starting amoxicillin. Is he allergic?", true, "a drug-allergy judgement about a child (was missed)"},
	{"My patient has a 4 mm pigmented lesion with irregular borders; excise or monitor?", true, "a clinician's management choice (was missed)"},
	{"Is the spot on my nose a basal cell carcinoma?", true, "a diagnosis of the asker's lesion (was missed)"},
	{"Can my husband keep using clobetasol for another month?", true, "continuing a treatment for a particular person (was missed)"},
	{"What cream would you recommend for my son's eczema?", true, "a treatment choice for a child (was missed)"},
	{"Is it normal that my tattoo is still swollen after two weeks?", true, "triage of the asker's tattoo (was missed)"},
	{"I’m pregnant – is it safe to keep using my retinol serum?", true, "curly apostrophe, personal situation first (was missed)"},
	{"Could the lump under my arm be a cyst?", true, "diagnosis of a lump on the asker's body (was missed)"},
	{"IS THIS MOLE CANCER?", true, "capitals fold"},
	{"Do I need to see a dermatologist for this spot?", true, "triage of one lesion"},
	{"Is my rash shingles?", true, "diagnosis of the asker's rash"},
	{"My mole changed colour last month. Do I need a biopsy?", true, "triage of a changing mole"},

	// Reference questions that look like decisions.
	{"Should sunscreen be reapplied every two hours?", false, "'should' about a product, not a person"},
	{"Do I have to wear sunscreen in winter?", false, "'do I have to' asks for a rule, not a diagnosis"},
	{"My dermatologist prescribed tretinoin; how does it work?", false, "asks how a drug works"},
	{"How is scabies diagnosed?", false, "asks how diagnosis is made in general"},
	{"What are common treatments for psoriasis?", false, "general treatment options"},
	{"I am not asking for a diagnosis: what does guttate psoriasis look like?", false, "explicit disclaimer, then a description question"},
	{"When should I see a doctor about a mole?", false, "general triage advice, not one lesion"},
	{"What makes atopic dermatitis flare?", false, "triggers in general"},
	{"Is impetigo contagious?", false, "a fact about a disease"},
	{"How much sunscreen is needed to cover the body?", false, "a general quantity, no person"},
	{"Can eczema be cured?", false, "prognosis in general"},
	{"What does a melanoma look like?", false, "a description"},
	// Ours.
	{"What is the recommended dose of isotretinoin for acne?", false, "a labelled dose, not a dose for someone"},
	{"Should children with impetigo stay home from school?", false, "a public-health rule for a group"},
	{"Can I get scabies from my cat?", false, "asks how a disease spreads"},
	{"How do I know if a mole is cancerous?", false, "asks for the warning signs in general"},
	{"Which antifungal creams treat ringworm?", false, "lists treatments without choosing one for anyone"},
	{"What do dermatologists look for when they examine a mole?", false, "asks about examination in general"},
	{"Is this true: does sunscreen cause vitamin D deficiency?", false, "'is this' about a claim, not a lesion"},
	{"Do I have to avoid the sun while using retinoids?", false, "a rule for a drug class"},
	{"Could a new mole in adulthood be a sign of melanoma?", false, "a general warning sign"},
	{"What should you do if you get a sunburn?", false, "generic first aid"},
	{"Is it safe to use hydrocortisone during pregnancy?", false, "safety in a group, no particular person"},
	{"How should sunscreen be applied to children?", false, "how to apply a product"},
	{"When should a child with chickenpox go back to school?", false, "a general rule"},
	{"What should I know about biologics for psoriasis?", false, "'should I know' asks for information (was abstained)"},
	{"Sunscreens expire; should they be thrown away after a year?", false, "'should they be thrown away' is about things (was abstained)"},
	{"My doctor mentioned seborrheic keratosis; what is it?", false, "asks what a named condition is"},
	{"Warts: are they contagious?", false, "a fact about a disease"},
	{"Which sunscreen do dermatologists recommend for babies?", false, "a general recommendation, no particular baby"},
	{"Is it normal for moles to itch?", false, "a general question, no particular mole"},
	{"Is a rash on the palms a sign of syphilis?", false, "a sign in general, not on the asker's palms"},
	{"How is melanoma treated in a 70-year-old patient?", false, "treatment by age group, no decision asked"},
	{"Does the skin heal faster when a wound is kept moist?", false, "wound care in general"},
	{"Is it OK to use expired sunscreen?", false, "product advice without a person"},
}

func TestIsClinicalDecision(t *testing.T) {
	for _, tc := range decisionCases {
		if got := IsClinicalDecision(tc.question); got != tc.want {
			t.Errorf("IsClinicalDecision(%q) = %v, want %v (%s)", tc.question, got, tc.want, tc.reason)
		}
	}
}

// TestDecisionPrechecks checks, on every table question, that the literal
// prechecks change no answer and that each rule's literals are necessary.
func TestDecisionPrechecks(t *testing.T) {
	for _, tc := range decisionCases {
		if fast, full := isDecision(tc.question, true), isDecision(tc.question, false); fast != full {
			t.Errorf("isDecision(%q) = %v with prechecks, %v without", tc.question, fast, full)
		}
		checkRuleLiterals(t, tc.question)
		checkWordSets(t, tc.question)
	}
	if len(decisionRules) > 64 {
		t.Errorf("%d decision rules: rulesIn's mask holds 64", len(decisionRules))
	}
	for _, q := range []string{"rash", "rashes", "a rash.", "rashy", "my", "mymy", "i'm", "i'mx", "x_i", "to use", "to usee", "shoulder", ""} {
		checkWordSets(t, q)
	}
}

// checkWordSets fails if a rule's wordSet disagrees with the expression
// \b(?:a|b|c)\b it stands for, on the folded question.
func checkWordSets(t *testing.T, question string) {
	t.Helper()
	q := foldText(question)
	for i, rl := range decisionRules {
		for _, m := range []matcher{rl.then, rl.before} {
			ws, ok := m.(wordSet)
			if !ok {
				continue
			}
			quoted := make([]string, len(ws))
			for j, w := range ws {
				quoted[j] = regexp.QuoteMeta(w)
			}
			re := regexp.MustCompile(`\b(?:` + strings.Join(quoted, "|") + `)\b`)
			if got, want := ws.MatchString(q), re.MatchString(q); got != want {
				t.Errorf("rule %d: wordSet.MatchString(%q) = %v, %s says %v", i, q, got, re, want)
			}
		}
	}
}

// checkRuleLiterals fails if a rule matches the folded question while the
// question holds none of the rule's literals.
func checkRuleLiterals(t *testing.T, question string) {
	t.Helper()
	q := foldText(question)
	held := ruleLiterals.rulesIn(q)
	for i, rl := range decisionRules {
		if got, want := held&(1<<i) != 0, containsAny(q, rl.any); got != want {
			t.Errorf("rule %d: rulesIn(%q) says %v, containsAny says %v", i, q, got, want)
		}
		if rl.re.MatchString(q) && !containsAny(q, rl.any) {
			t.Errorf("rule %d (%s) matches %q, which holds none of its literals %q", i, rl.re, q, strings.Join(rl.any, ", "))
		}
	}
	for i, n := range neutral {
		if n.re.MatchString(q) && !containsAny(q, n.any) {
			t.Errorf("rewrite %d (%s) matches %q, which holds none of its literals", i, n.re, q)
		}
	}
}
