package claims_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/claims"
)

// verdictCase is a claim and the verdict it should get.
type verdictCase struct {
	claim string
	want  claims.Verdict
}

// checkVerdicts verifies each claim of tests against ps and compares the
// verdicts with the table's, in its order.
func checkVerdicts(t *testing.T, v *claims.Lexical, ps []claims.Passage, tests []verdictCase) {
	t.Helper()
	var got, want []claims.Verdict
	for _, tt := range tests {
		j, err := v.Verify(context.Background(), tt.claim, ps)
		if err != nil {
			t.Fatal(err)
		}
		got, want = append(got, j.Verdict), append(want, tt.want)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got), in the order of the table:\n%s", diff)
	}
}

// TestLightVerbs checks that a claim may say where a condition shows with
// "affects" or "appears" where the passage says it without a verb.
func TestLightVerbs(t *testing.T) {
	checkVerdicts(t, verifier(t), passages(t, "ev_tinea_pedis_overview_1", "ev_tinea_pedis_symptoms_1"), []verdictCase{
		{"Tinea pedis most often affects the skin between the toes.", claims.Supported},
		{"Tinea pedis always affects the skin between the toes.", claims.Unsupported},
		{"Tinea pedis most often affects the skin of the hands.", claims.Unsupported},
	})
}

// TestNoticeVerbs checks that a leaflet's "you may notice X" and "first
// noticed as X" may stand for the passage's "causes X" and "first seen as
// X", and that the reader's eyes add nothing the passage lacks.
func TestNoticeVerbs(t *testing.T) {
	checkVerdicts(t, verifier(t), passages(t, "ev_scabies_symptoms_1"), []verdictCase{
		{"You may notice intense itching that is often worse at night, with a rash of small red bumps, scratch marks and sometimes tiny blisters.", claims.Supported},
		{"You may notice intense itching that is often worse in the morning.", claims.Unsupported},
		{"You may notice large fluid-filled blisters on the scalp.", claims.Unsupported},
		// Round 24: "see" is the reader's eyes as "notice" is.
		{"You may see intense itching that is often worse at night, with a rash of small red bumps, scratch marks and sometimes tiny blisters.", claims.Supported},
		{"You may see large fluid-filled blisters on the scalp.", claims.Unsupported},
	})
}

// TestShowUpAndFind checks that a leaflet's "shows up" says what
// "appears" says, and its "finding" what the passage's "identifying"
// says, without adding what the passage lacks (round 23).
func TestShowUpAndFind(t *testing.T) {
	checkVerdicts(t, verifier(t), passages(t, "ev_basal_cell_carcinoma_symptoms_1", "ev_cutaneous_lupus_causes_1", "ev_allergic_contact_dermatitis_diagnosis_1"), []verdictCase{
		{"The nodular type typically shows up as a translucent or pearly lump with a rolled border and fine blood vessels visible across its surface.", claims.Supported},
		{"Ultraviolet light is the most important trigger of flares, and new lesions may show up days to weeks after sun exposure.", claims.Supported},
		{"The nodular type typically shows up as a flat red scaly patch on the trunk.", claims.Unsupported},
		{"New lesions may show up days to weeks before sun exposure.", claims.Unsupported},
		{"Finding the allergen matters because avoidance is the key to long-term control.", claims.Supported},
		{"Finding the allergen matters because antihistamines are the key to long-term control.", claims.Unsupported},
	})
}

// TestDiscourseOpeners checks that a summing up or a writer's aside
// that opens a claim ("To summarise, ...", "The good news is that ...",
// an answer's "Yes, ...")
// states nothing the passage must hold, and shields nothing that follows
// it (round 23).
func TestDiscourseOpeners(t *testing.T) {
	checkVerdicts(t, verifier(t), passages(t, "ev_impetigo_overview_2", "ev_epidermoid_cysts_treatment_1"), []verdictCase{
		{"To summarise, epidermoid cysts that cause no symptoms often need no treatment.", claims.Supported},
		{"The good news is that impetigo is generally mild and responds well to treatment.", claims.Supported},
		{"To summarise, epidermoid cysts that cause no symptoms always need surgical excision.", claims.Contradicted},
		{"The good news is that impetigo never leaves scars.", claims.Contradicted},
		// Round 24: an answer's "Yes," states nothing either.
		{"Yes, epidermoid cysts that cause no symptoms often need no treatment.", claims.Supported},
		{"Yes, epidermoid cysts that cause no symptoms always need surgical excision.", claims.Contradicted},
	})
}

// TestFlakeForScale checks that a leaflet's "flake" and "flaky" say what
// the passage's "scale" and "scaly" say, and no more (round 23).
func TestFlakeForScale(t *testing.T) {
	checkVerdicts(t, verifier(t), passages(t, "ev_melasma_symptoms_1", "ev_tinea_pedis_symptoms_1"), []verdictCase{
		{"Melasma patches do not itch, hurt or flake.", claims.Supported},
		{"Tinea pedis commonly causes itchy, flaky or cracked skin between the toes.", claims.Supported},
		{"Melasma patches often itch and flake.", claims.Contradicted},
	})
}

// TestTumourForTheCancer checks that a generator's "the tumour" may
// stand for the cancer the passage names, and says nothing more (round
// 23).
func TestTumourForTheCancer(t *testing.T) {
	checkVerdicts(t, verifier(t), passages(t, "ev_melanoma_treatment_2"), []verdictCase{
		{"When the tumour has a BRAF mutation, treatment may combine a BRAF inhibitor with a MEK inhibitor as targeted therapy.", claims.Supported},
		{"When the tumour has a BRAF mutation, treatment always combines a BRAF inhibitor with a MEK inhibitor.", claims.Unsupported},
		{"When the tumour has a BRAF mutation, checkpoint inhibitors are never used.", claims.Contradicted},
	})
}

// TestStrepStaph checks that the lay short names "strep" and "staph" say
// what the passage's "streptococcal" and "Staphylococcus" say, and keep
// the other organisms apart (round 23).
func TestStrepStaph(t *testing.T) {
	checkVerdicts(t, verifier(t), passages(t, "ev_psoriasis_causes_2", "ev_cellulitis_causes_1"), []verdictCase{
		{"Common triggers for psoriasis flares include strep throat, skin injury, stress and smoking.", claims.Supported},
		{"Cellulitis is most often caused by strep bacteria, particularly group A strep, or by Staphylococcus aureus.", claims.Supported},
		{"Cellulitis is most often caused by a fungus, particularly Candida.", claims.Unsupported},
	})
}

// TestWorthForAdvisable checks that a leaflet's "it's worth seeing a
// clinician" says what the passage's "review by a clinician is advisable"
// or "worthwhile" says, and no more (round 24).
func TestWorthForAdvisable(t *testing.T) {
	checkVerdicts(t, verifier(t), passages(t, "ev_acne_see_clinician_1", "ev_herpes_simplex_see_clinician_1"), []verdictCase{
		{"If your acne is causing scarring or painful nodules, it's worth a clinical review.", claims.Supported},
		{"If cold sores are very frequent, large or slow to heal, it's worth seeing a clinician.", claims.Supported},
		{"If your acne is causing scarring or painful nodules, it's worth trying a stronger cleanser.", claims.Unsupported},
	})
}

// TestEntryPoints checks that a generator's "entry points" names the
// breaks in the skin a passage lists by their kind, as "ways" or "places"
// would, and shields no item the passage lacks (round 24).
func TestEntryPoints(t *testing.T) {
	checkVerdicts(t, verifier(t), passages(t, "ev_cellulitis_causes_1"), []verdictCase{
		{"Entry points include cuts, bites, ulcers, surgical wounds and cracked skin between the toes from athlete's foot.", claims.Supported},
		{"Entry points include cuts, bites, tattoos, piercings and cracked skin between the toes from athlete's foot.", claims.Unsupported},
	})
}

// TestLeafletHedgesAndQuantities checks that a leaflet's "might" says
// what the passage's "may" says, "a lot of" and "lots of" what its "many"
// or "commonly" say, "happens" what "occurs" or the passage's own verb
// says, and "another" nothing of its own; each still adds nothing the
// passage lacks (round 25).
func TestLeafletHedgesAndQuantities(t *testing.T) {
	checkVerdicts(t, verifier(t), passages(t, "ev_basal_cell_carcinoma_symptoms_2", "ev_general_skin_care_emollients_and_moisturisers_1", "ev_acne_overview_1", "ev_scabies_causes_1", "ev_melanoma_symptoms_1"), []verdictCase{
		// "might": the knowledge writes "may", never "might".
		{"You might see a sore that repeatedly bleeds, crusts and seems to heal without ever clearing.", claims.Supported},
		{"You might see a sore that repeatedly bleeds and is very painful.", claims.Unsupported},
		// "a lot of", "lots of".
		{"Acne, which lots of people call pimples or zits, is a common problem of the hair follicles and the oil glands that go with them.", claims.Supported},
		{"A lot of moisturisers pair a humectant, such as urea or glycerin, with a steroid, such as hydrocortisone.", claims.Unsupported},
		// "happens".
		{"Spread happens mainly through lengthy skin-to-skin contact, for example between sexual partners or within a family.", claims.Supported},
		{"Spread happens mainly through shared towels and swimming pools.", claims.Unsupported},
		// "another".
		{"A spot that looks different from a person's other moles, the so-called ugly duckling sign, is another clue.", claims.Supported},
		{"A mole that itches at night, the so-called ugly duckling sign, is another clue.", claims.Unsupported},
	})
}

// TestHedgeNotSubstituted checks that a hedge ("may", a leaflet's
// "might") standing where the span has a word of its own ("often first
// seen as", "often become") is no substitution, while what it hedges must
// still be the span's (round 25).
func TestHedgeNotSubstituted(t *testing.T) {
	checkVerdicts(t, verifier(t), passages(t, "ev_androgenetic_alopecia_symptoms_2", "ev_molluscum_contagiosum_symptoms_2"), []verdictCase{
		{"In women, you may first notice a widening part, with thinning spread over the top and crown of the scalp.", claims.Supported},
		{"You might notice the bumps turn red, swollen and crusted before they clear, which is commonly a sign of the immune system responding rather than a bacterial infection.", claims.Supported},
		{"In women, you may first notice a receding front hairline, with thinning spread over the top and crown of the scalp.", claims.Unsupported},
		// The span says "rather than a bacterial infection".
		{"You might notice the bumps turn red, swollen and crusted before they clear, which is commonly a sign of a bacterial infection.", claims.Contradicted},
	})
}
