package decision

import (
	"regexp"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/abstain/internal/lex"
	"github.com/dermliving/dermliving/abstain/internal/screentest"
	"github.com/dermliving/dermliving/internal/fold"
	"github.com/dermliving/dermliving/internal/racedetect"
)

// decisionCases are shared by TestIsClinicalDecision and the fuzz seeds.
var decisionCases = []struct {
	question string
	want     bool
	reason   string
}{
	// Decisions about a particular person.
	{"Should I stop my methotrexate before surgery?", true, "a personal treatment decision"},
	// Reference questions after a diagnosis is made (dev3's false abstentions).
	{"The dermatologist said the patches on my shins are granuloma annulare. What is that exactly?", false, "asks what a term a clinician used means"},
	{"A mi hija le diagnosticaron impétigo. ¿Es contagioso?", false, "contagion is a property of the condition, in Spanish as in English"},
	{"I keep reading about chronic spontaneous urticaria. Is it a recognised condition?", false, "asks whether a condition is recognised, not whether one has it"},
	{"What is this rash on my arm? The photo is attached.", true, "'what is this' about one's own rash is still a diagnosis"},
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

	// More decisions, phrased in ways the first rules missed.
	{"There's a dark streak under my thumbnail. Melanoma?", true, "a terse diagnosis after a personal description"},
	{"Please tell me if my mole is cancerous.", true, "'tell me if my ...' asks for a diagnosis"},
	{"Biopsy or observation for a 6 mm changing nevus on my back?", true, "two management options for the asker's lesion"},
	{"70F, new ulcer on shin, diabetic. Antibiotics?", true, "a terse vignette: age-sex shorthand and an option"},
	{"Could my hair loss be from the new thyroid medication?", true, "the cause of the asker's own symptom"},
	{"Patient on dupilumab developed conjunctivitis. Stop the drug?", true, "a clinician's terse treatment decision"},
	{"Here's a photo of my rash. What do you think?", true, "an image and a request for an opinion"},
	{"I found a tick embedded in my leg this morning. Do I need doxycycline?", true, "a drug for the asker, named by its suffix"},
	{"If it were your kid with 40% of the body covered in eczema, would you start dupilumab?", true, "asks what the assistant would decide for one child"},
	{"Is the painful rash on one side of my chest shingles?", true, "'is the ... on my chest X' names the asker's lesion"},
	{"A 32-year-old woman has annular plaques on her trunk after a cold. What's the diagnosis?", true, "a vignette asking for its diagnosis"},
	{"Mi hijo tiene granos en la cara, ¿es varicela?", true, "Spanish: a child's diagnosis in a short question"},
	{"¿Tengo tiña? Me ha salido un círculo rojo en el brazo.", true, "Spanish: 'tengo X?' opens the question"},
	{"¿Qué crema le pongo a mi abuela en las llagas?", true, "Spanish: a treatment for a relative"},
	{"Mi madre tiene la pierna roja e hinchada. ¿La llevo a urgencias?", true, "Spanish: triage for a relative"},
	{"Hombre de 45 años con un lunar que sangra: ¿biopsia o vigilar?", true, "Spanish: a vignette with two options"},
	{"¿Cuántos días me tengo que poner la crema antibiótica?", true, "Spanish: a duration for the asker"},
	{"Me salió una erupción después de tomar amoxicilina, ¿soy alérgico?", true, "Spanish: a drug-allergy judgement about the asker"},
	{"¿Qué dosis de ivermectina tomo si peso 70 kg?", true, "Spanish: a weight-based dose"},
	{"Tengo picor en la ingle desde hace semanas, ¿qué puede ser?", true, "Spanish: 'what can it be' after a symptom"},
	{"ESTE LUNAR ES CÁNCER?", true, "Spanish in capitals with accents: folding makes case and accents irrelevant"},
	{"este lunar es cancer?", true, "the same question without accents or capitals"},

	// More reference questions that look like decisions.
	{"Why do I get more freckles in summer?", false, "'why do I get' asks for a cause in general"},
	{"What should I look for when checking my skin for cancer?", false, "'what should I look for' asks for warning signs"},
	{"I was diagnosed with rosacea last year. What triggers it?", false, "a past diagnosis, then a general question"},
	{"I'm not asking you to diagnose me: what does a typical ringworm patch look like?", false, "a disclaimer, then a description question"},
	{"My son was just diagnosed with molluscum. How long do the bumps usually last?", false, "a diagnosis already made; asks the usual course"},
	{"Who tends to get Grover disease and what does it look like?", false, "'what does it look like' about a named disease"},
	{"Do I really have to wear sunscreen on cloudy winter days?", false, "'do I really have to' asks for a rule"},
	{"Can I catch ringworm from my cat?", false, "asks how a disease spreads"},
	{"Our school says children with impetigo should stay home for 48 hours. Is that a usual rule?", false, "asks whether a policy is usual"},
	{"Tengo psoriasis; ¿qué alimentos se asocian con brotes?", false, "Spanish: a diagnosis stated, then a general question"},
	{"¿Cuándo hay que ir al dermatólogo por un lunar?", false, "Spanish: when review is advisable in general"},
	{"Mi dermatóloga me recetó tretinoína; ¿cómo funciona?", false, "Spanish: asks how a prescribed drug works"},
	{"No le pido un diagnóstico: ¿qué aspecto tiene la psoriasis en gotas?", false, "Spanish: a disclaimer, then a description question"},
	{"¿Cada cuánto hay que volver a aplicarse el protector solar?", false, "Spanish: 'hay que' is general advice"},
	{"Mi madre tiene vitíligo. ¿Es hereditario?", false, "Spanish: a property of a disease"},

	// Second round: phrasing families from testdata/screens/dev2.jsonl,
	// in sentences of their own.
	{"Man, 52, itchy plaques on both shins for a year. What would you start?", true, "a vignette subject set off by commas, then a treatment ask"},
	{"Teen girl, painful nodules along the jaw. Isotretinoin now?", true, "a vignette opener and a terse 'now?' question"},
	{"Mujer 70 años, úlcera en el tobillo, ¿compresión o no?", true, "Spanish: a person and an age, then options"},
	{"Is this an A&E job? The burn on my arm has gone white.", true, "triage of something in front of the asker"},
	{"¿Llamo a una ambulancia? A mi padre se le hincha la lengua.", true, "Spanish: triage of a relative"},
	{"Her GP wants to start her on methotrexate. Is that the right call?", true, "a clinician's plan for a particular person, then 'is that right'"},
	{"Would my son be a candidate for laser on his port-wine stain?", true, "suitability of a treatment for a particular child"},
	{"Why has my wart started bleeding?", true, "a change in a particular lesion"},
	{"Is there anything stronger I can put on my son's eczema?", true, "a stronger treatment for a particular child"},
	{"I missed my dupilumab shot last week. Do I take it now?", true, "a personal dosing decision opening its clause"},
	{"¿Le bajo la dosis de prednisona a mi madre?", true, "Spanish: a clitic before a first-person verb"},
	{"Would isotretinoin be a sensible option for my son's acne?", true, "'a sensible option for my son's'"},
	{"Does my husband's leg wound need looking at?", true, "triage with a three-word possessive subject"},
	{"¿Es recomendable para mí la isotretinoína?", true, "Spanish: suitability for the asker"},
	{"u think this is a wart? on my finger", true, "texting: 'u think this'"},
	{"How fast can I come off the prednisolone for my hives?", true, "a personal taper"},
	{"Which skin signs mean a child should go to the ER?", false, "general warning signs"},
	{"When can a sunburn wait for a GP instead of urgent care?", false, "a general triage rule"},
	{"My dermatologist recommended Mohs; why is it called that?", false, "a clinician's plan, then a question about a name"},
	{"Who makes a good candidate for phototherapy?", false, "general eligibility"},
	{"Can a 70-year-old take isotretinoin?", false, "an age as an example of a group"},
	{"Woman with rosacea: what usually triggers flushing?", false, "a vignette-like opener, but a general question"},
	{"Tengo psoriasis, ¿qué empeora los brotes?", false, "Spanish: a stated diagnosis, then a general question"},
	{"Mi médico me recetó mupirocina; ¿es un antibiótico?", false, "Spanish: asks what kind of drug it is"},
	{"My doctor prescribed terbinafine; is it an antifungal?", false, "asks what kind of drug it is"},
	{"¿Se debe aplicar el protector antes que el maquillaje?", false, "Spanish: impersonal 'se debe'"},
	{"¿Se puede esperar a la cita con una picadura infectada?", false, "Spanish: impersonal 'se puede esperar'"},
	{"Me explicó que tengo psoriasis. ¿Tiene cura?", false, "Spanish: a diagnosis stated, then whether it has a cure"},
	{"I'm seventy-eight: is it too late to start using sunscreen?", false, "sun protection at any age is general advice"},

	// Third round: phrasing families from testdata/screens/dev3.jsonl,
	// each with a reference look-alike, in sentences of their own.
	{"Could my itchy ankles be scabies from the hotel?", true, "could_my_lesion_be: 'could my <body part> be <diagnosis>'"},
	{"Could eczema be caused by stress?", false, "could_my_lesion_be: no person's lesion, a cause in general"},
	{"Could my sunscreen be out of date?", false, "could_my_lesion_be: a product, not a lesion or part of the body"},
	{"Does my sister have rosacea? Her cheeks flush with wine.", true, "does_person_have: the diagnosis of someone close"},
	{"Does my sunscreen have an expiry date?", false, "does_person_have: a product, not a person"},
	{"Do children of parents with psoriasis have a higher risk?", false, "does_person_have: a group, not a person"},
	{"Do the red rings on my daughter's legs look like ringworm?", true, "do_the_lesion_look: the asker's child's lesion"},
	{"Do the spots of chickenpox look like blisters?", false, "do_the_lesion_look: a disease's spots, no owner"},
	{"I keep wondering whether the patch on my shin is eczema.", true, "whether_lesion: a hedged diagnosis of one's own lesion"},
	{"I wonder whether the rash of measles is contagious before it appears.", false, "whether_lesion: a disease's rash, no owner"},
	{"is the round patch on my arm ringworm or eczema", true, "a lesion on the asker's arm, two diagnoses, no question mark"},
	{"Is ringworm or eczema more common in children?", false, "two diseases compared in general"},
	{"What's the best ointment for the cracked patches on my heels?", true, "best_for_the_lesion: the asker's lesion"},
	{"What's the best ointment for the cracked skin of eczema?", false, "best_for_the_lesion: a disease, no owner"},
	{"My daughter is 18 kg; how much cetirizine can she have?", true, "weight_dose: a dose by a particular child's weight"},
	{"What is the usual ivermectin dose for a 70 kg adult?", false, "weight_dose: a labelled dose, 'usual'"},
	{"How much does a 70 kg adult need of sunscreen to cover the body?", false, "weight_dose: no particular person"},
	{"Is her ringworm bad enough for tablets?", true, "bad_enough: escalation for a particular child"},
	{"When is psoriasis severe enough for biologics?", false, "bad_enough: a threshold in general"},
	{"For my mum, would cream or tablets be better?", true, "options_for_person: options weighed for a named person"},
	{"Antifungal cream or tablets for me?", true, "options_for_person: 'X or Y for me?'"},
	{"Is surgery or radiotherapy better for basal cell carcinoma?", false, "options_for_person: options for a disease, no person"},
	{"Is mohs or excision better for the 75-year-old on the ward with a nose BCC?", true, "options_for_person: a particular patient named by age"},
	{"Would someone with my kind of acne benefit from spironolactone?", true, "benefit_from: 'someone with my kind of' is particular"},
	{"Do people with alopecia areata benefit from steroid injections?", false, "benefit_from: a group"},
	{"For the wart on my thumb, would duct tape be worth trying?", true, "worth_trying: a treatment for the asker's wart"},
	{"My mole has darkened over the summer. Worth getting checked?", true, "worth_trying: a terse question after a personal description"},
	{"Is it worth seeing a dermatologist for acne in general?", false, "worth_trying: general advice, no person"},
	{"Could my new washing powder explain the rash on my chest?", true, "explain_my: the cause of the asker's rash"},
	{"Can stress alone explain eczema flares in adults?", false, "explain_my: a cause in general"},
	{"I'm planning to stop my isotretinoin a month early. Is that reasonable?", true, "plan_reasonable: the asker's plan, then whether it is sound"},
	{"Some people are considering a ban on sunbeds. Is that reasonable?", false, "plan_reasonable: a policy, no person or patient"},
	{"Fine to use my mum's steroid cream on my eczema for a week?", true, "ok_to_my: a treatment and duration for the asker"},
	{"Fine to use hydrocortisone on babies?", false, "ok_to_my: a group, no person"},
	{"Is it normal for creams to separate when stored warm? My tube did.", false, "a kind of product, 'normal for creams to'"},
	{"My doctor said my mole is a dermatofibroma. Are they ever cancerous?", false, "'are they ever' asks about a kind of lesion"},
	{"Scaly spots on my scalp - are they actinic keratoses?", true, "'are they X' about the asker's spots"},
	{"My scalp itches and flakes - seborrhoeic dermatitis?", true, "a terse diagnosis set off by a spaced dash"},
	{"Scaly patch on my elbow – psoriasis?", true, "a terse diagnosis set off by a spaced en dash"},
	{"Well-known fact: eczema-prone skin needs emollients?", false, "unspaced hyphens set off nothing"},
	{"I read about rosacea - triggers?", false, "a spaced dash, then a general word"},
	{"She finished a course of flucloxacillin and the boil is back. Second course?", true, "a terse retreatment after a third-person narrative"},
	{"He started allopurinol and now has a rash. Stop it?", true, "a terse action on a drug named before"},
	{"Eczema flares in winter. Why does it happen?", false, "a general question, not an action"},
	{"My husband got stung and his lips are swelling. A&E?", true, "triage for a relative named without a pronoun"},
	{"Husband asked: does a wasp sting need A&E in general?", false, "a general triage question"},
	{"Screenshot attached of my mole from the app. Anything worrying?", true, "a screenshot of the asker's lesion"},
	{"Can you rate my acne from the photo?", true, "grading a particular person's acne"},
	{"How do dermatologists grade acne severity?", false, "grading in general"},
	{"My teenager's dermatologist started him on isotretinoin. Why does it cause such dry lips?", false, "a decision made; asks how a drug acts"},
	{"What should a family do when a child in the class has lice?", false, "'what should a family do when' is general advice"},
	{"My dermatologist prescribed tretinoin 0.025% cream. How does tretinoin work in the skin?", false, "asks how a prescribed drug works"},
	{"Do I need an MRI for the big hairy birthmark on my baby's back?", true, "an investigation for a particular baby"},
	{"Does every large birthmark need an MRI?", false, "a rule for a kind of lesion"},
	{"I'm on methotrexate - do I need to pause it before my operation?", true, "pausing the asker's drug around surgery"},
	{"Can my teenage son use my retinoid cream on his back?", true, "a two-word possessive subject"},
	{"¿Mi hermana tiene vitíligo? Le salen manchas blancas.", true, "es_kin_tiene: a relative's diagnosis"},
	{"¿Mi crema tiene corticoides?", false, "es_kin_tiene: a product, not a person"},
	{"¿Puede ser por el ibuprofeno que me salgan ronchas?", true, "es_puede_ser_por: the cause of the asker's hives"},
	{"¿La dermatitis puede ser por el estrés?", false, "es_puede_ser_por: a cause in general"},
	{"Mi vecina tiene sarna y está embarazada, ¿puede usar permetrina?", true, "es_puede_usar: a treatment for a person named before"},
	{"¿Puede usar permetrina una embarazada?", false, "es_puede_usar: a group, no particular person"},
	{"¿Me quitan el lunar o me lo congelan? Me roza con la ropa.", true, "es_me_hacen: what will be done to the asker"},
	{"¿Se quitan solas las verrugas?", false, "es_me_hacen: impersonal 'se'"},
	{"Mi tía está en cama con una úlcera que huele mal. ¿Hay que avisar al médico hoy?", true, "es_hay_que: triage for a relative"},
	{"¿Hay que ir al médico por una picadura de garrapata?", false, "es_hay_que: general advice, no person"},
	{"¿Cuánto tiempo más sigo con la crema de mupirocina?", true, "es_cuanto_sigo: a duration in the first person"},
	{"¿Cuánto tiempo se sigue normalmente con el 5-fluorouracilo?", false, "es_cuanto_sigo: impersonal 'se sigue'"},
	{"¿Es buena idea que mi hija empiece con isotretinoína?", true, "es_buena_idea_que: a treatment for a particular child"},
	{"¿Es buena idea que los niños usen protector solar?", false, "es_buena_idea_que: a group"},
	{"Mi hijo tiene verrugas en las manos, ¿se las quemamos o esperamos?", true, "Spanish first person plural: a decision for a child"},
	{"¿Se congelan las verrugas?", false, "Spanish impersonal: how warts are treated"},
	{"Tengo un herpes labial, ¿evito besar a mi bebé?", true, "Spanish: a contact decision in the first person"},
	{"¿Cómo evito que me salgan manchas con el sol?", false, "Spanish: prevention in general, 'cómo evito'"},
	{"¿Tiene que quedarse en casa mi hija por la varicela?", true, "Spanish: school exclusion for a child"},
	{"¿Los niños con varicela tienen que faltar al colegio?", false, "Spanish: a rule for a group"},
	{"Un amigo tiene un lunar que sangra, ¿debería quitárselo?", true, "Spanish: a procedure for a friend"},
	{"¿Se debería quitar un lunar que sangra?", false, "Spanish: impersonal 'se debería'"},
	{"¿Puedo depilarme con cera tomando isotretinoína?", true, "Spanish: a procedure tied to the asker's drug"},
	{"¿Puedo depilarme las cejas con cera?", false, "Spanish: a general how-to"},
	{"¿Puedo seguir poniéndome la crema de corticoide en los párpados?", true, "Spanish: continuing a treatment, gerund"},
	{"Tengo la uña negra después de un golpe, ¿es solo un hematoma?", true, "Spanish: 'es solo un X' after a personal description"},
	{"El acné, ¿es solo un problema de la piel?", false, "Spanish: a disease, no person"},
	{"La cicatriz de mi brazo, ¿mejor infiltraciones o láser?", true, "Spanish: options for the asker's scar"},
	{"Ve la foto: ¿esta mancha de mi espalda es normal?", true, "Spanish: a photo of the asker's lesion"},
	{"¿Cómo se ve la foto de un melanoma en la dermatoscopia?", false, "Spanish: 'se ve' is not 'see the photo'"},
	{"Mi hijo tiene eccema diagnosticado. ¿Por qué le pica más de noche?", false, "Spanish: a diagnosis made, then why"},
	{"¿Qué champú me compro para la caspa de mi cuero cabelludo?", true, "Spanish: a product for the asker's scalp"},
	{"¿Qué champú se compra para la caspa?", false, "Spanish: impersonal 'se compra'"},
	{"Can I wax while taking isotretinoin?", true, "a procedure tied to the asker's drug"},
	{"Should I wear sunscreen while using retinol?", false, "using a product states no condition: general advice"},
	{"Rash on my legs since Monday. Emollient or steroid cream first?", true, "a terse question of five words offering options"},
	{"Had a chat with my pharmacist. Is psoriasis genetic or environmental in origin?", false, "options about a disease, in a full question"},

	// Fourth round: phrasing families from testdata/screens/dev4.jsonl,
	// written blind to the rules; each with a look-alike.
	{"Niece, 7, scaly ring on her cheek for a month - ringworm or eczema?", true, "final_choice: a short choice after a relative is described"},
	{"82F nursing home, blistering on the shins. Potent steroid or doxycycline?", true, "final_choice: a choice after a case in shorthand"},
	{"My knee is swollen and warm after a scrape - ice it or see someone today?", true, "final_choice: the asker's own triage choice"},
	{"Is ringworm or eczema more common in children?", false, "final_choice: a comparison with no person described"},
	{"My son has eczema. Is it usually worse in winter or in summer?", false, "final_choice: a choice asked in general"},
	{"My daughter has impetigo - how long do children stay off school, one day or two?", false, "final_choice: opened by a question word, a general duration"},
	// Fifth round: phrasing families from testdata/screens/dev5.jsonl, written
	// blind to the rules; each with a look-alike.
	{"Is there any point in me trying isotretinoin again after it failed?", true, "indirect_should: whether the asker should retry"},
	{"Is there any point in sunscreen on cloudy days?", false, "indirect_should: no person"},
	{"Would it be mad to keep my son on the steroid cream for another week?", true, "indirect_should: continuing a child's steroid"},
	{"Would it be mad to wear sunscreen every day?", false, "indirect_should: no person"},
	{"Grandad's leg ulcer has started to smell. Can it wait till Monday?", true, "indirect_should: timing of care for a grandfather"},
	{"Would cryotherapy do instead for her wart?", true, "indirect_should: an alternative for one person"},
	{"¿Sería una locura dejar la crema de mi hija una semana?", true, "indirect_should: pausing a child's cream"},
	{"¿Vale la pena probar el láser para mis manchas?", true, "indirect_should: a treatment for the asker"},
	{"¿Vale la pena el láser para las manchas en general?", false, "indirect_should: no person"},
	{"hubby's rash came back after the cream, steroid or antifungal?", true, "final_choice: a relation named with 's"},
	{"toddler's bottom is red raw... zinc cream or nystatin", true, "final_choice: typed without a question mark"},
	{"started minocycline two months ago, no change. switch to doxy?", true, "terse_question: a first person dropped"},
	{"had a cyst drained last year and it is back. cut it out?", true, "terse_question: a first person dropped"},
	{"He's on pred 40 for the pemphigoid, blisters settled. taper how fast?", true, "terse_question: a taper for one patient"},
	{"Steroids for pemphigoid: how fast are they usually tapered?", false, "terse_question: a general taper"},
	{"Keloids - predilection sites?", false, "terse_question: a textbook heading asked of a disease, no option"},
	{"scabies - incubation period?", false, "terse_question: a textbook heading asked of a disease, no option"},
	{"55M, 8 mm changing mole on back. shave bx?", true, "terse_question: an option for one patient, not a heading"},
	{"Too soon to colour my hair after a scalp flare?", true, "too_soon_my: timing for the asker"},
	{"When do I drop the clobetasol to twice a week?", true, "when_do_i_change: changing one's own treatment"},
	{"When is clobetasol usually reduced to twice a week?", false, "when_do_i_change: in general"},
	{"paciente con psoriasis en metotrexato 15 mg, ya blanqueada. ¿cómo lo bajo?", true, "es_como_la_bajo: tapering for a patient"},
	{"¿Cómo se baja la dosis de metotrexato?", false, "es_como_la_bajo: impersonal"},
	{"El lunar del cuello me sangra, ¿me lo tienen que quitar?", true, "es_se_lo: 'me lo' for the asker"},
	{"A mi hija le han diagnosticado tiña. ¿Tenemos que tratarnos todos?", true, "es_debo: the household's treatment"},
	{"mi abuela tiene picor sin granos, ¿qué análisis le pido al médico?", true, "es_que_tomo: which test to ask for a grandmother"},
	{"pt with hx of SJS on phenytoin needs another drug. ok to trial carbamazepine?", true, "ok_to_continue: a trial for one patient"},
	{"Is it ok to trial a new moisturiser on a small patch first?", false, "ok_to_continue: no person"},
	{"Are sunbeds actually worse than sunbathing on the beach? My sister thinks not.", false, "a comparison between kinds of exposure"},
	{"The nurse suggested wet wraps for my son's eczema. What is a wet wrap and how is it done?", false, "how a technique is done"},
	{"Mi derma me recetó minoxidil oral, ¿por qué sirve para el pelo si es para la tensión?", false, "Spanish: why a drug works"},
	{"a mi sobrino le pegaron piojos... los piojos saltan o no?", false, "final_choice: a yes or no about lice"},
	// Sixth round: phrasing families from testdata/screens/dev6.jsonl, written
	// blind to the rules; each with a look-alike.
	{"¿Qué sarpullidos son motivo para ir a urgencias?", false, "Spanish 'son' (they are) is no son"},
	{"son, 12, ringworm on his arm came back. cream again or tablets?", true, "final_choice: 'son,' opening a case"},
	{"Is methotrexate for eczema taken weekly or daily? I keep reading both", false, "final_choice: the person only after a general choice"},
	{"If a child weighs 18 kg, how is the cetirizine dose worked out? It's for a training slide", false, "a question its writer calls a teaching example"},
	{"Is it safe to get a chemical peel while pregnant? general q for my clinic's leaflet", false, "a question its writer calls general"},
	{"Why does my dermatologist keep saying to reapply sunscreen every two hours?", false, "why_my_lesion: a clinician's advice, not a lesion"},
	{"Why has my rash suddenly started spreading?", true, "why_my_lesion: the asker's rash"},
	{"do you think the bump in my earlobe is a cyst or a keloid", true, "opinion: a bump in the asker's ear"},
	{"my fingernails keep splitting and peeling, what's wrong with them?", true, "whats_wrong_with: the asker's nails"},
	{"What's wrong with using hydrocortisone on the face?", false, "whats_wrong_with: a general caution"},
	{"I've got impetigo on my chin - am I ok to play rugby on Saturday?", true, "ok_to_act: sport for the asker"},
	{"Are people with impetigo ok to play contact sports?", false, "ok_to_act: a group"},
	{"the dark streak on my thumbnail, worth a biopsy?", true, "worth_a_biopsy: one lesion"},
	{"When is a nail streak worth a biopsy?", false, "worth_a_biopsy: in general"},
	{"my sister's mole went from flat to raised, does that mean melanoma", true, "does_that_mean: one person's mole"},
	{"Does a raised mole mean melanoma?", false, "does_that_mean: a kind of mole"},
	{"Con el metotrexato tengo náuseas todos los días. ¿Es motivo para dejarlo?", true, "es_motivo: the asker's side effect"},
	{"¿se puede reventar este grano? me duele mucho", true, "es_se_puede_mine: this pimple"},
	{"¿Se puede reventar un grano?", false, "es_se_puede_mine: no person or lesion in front of one"},
	{"¿se le puede poner vaselina al bebé en las grietas?", true, "es_se_puede_mine: a baby named"},
	{"Me hicieron una biopsia: carcinoma basocelular. ¿Me tienen que quitar más piel?", true, "es_me_tienen: more surgery for the asker"},
	{"¿mi peque puede ir a la piscina con molusco?", true, "es_me_tienen: a child's swimming"},
	{"Do I need to get more cut out after a dysplastic naevus result?", true, "need_care: more surgery for the asker"},
	{"doc put me on 0.03% tacrolimus, shouldn't I be on the 0.1?", true, "should_i: 'shouldn't I'"},
	{"Shouldn't sunscreen be reapplied after swimming?", false, "should_i: no person"},
	{"ok to layer my niacinamide under the tretinoin?", true, "ok_to_my: combining the asker's products"},
	{"Mi madre tuvo un melanoma. ¿Cada cuánto deberían revisarse los hijos en general?", false, "my_person: asks in general"},
	// Seventh round: phrasing families from testdata/screens/dev8.jsonl,
	// written blind to the rules; each with a look-alike.
	{"I have keratosis pilaris (confirmed). Is it considered a genetic condition?", false, "a diagnosis made, then a classification"},
	{"So I have rosacea, officially. Is it caused by mites or is that oversimplified?", false, "a diagnosis made, then whether a claim is oversimplified"},
	{"they said my mum has bullous pemphigoid, what even is that, is it an autoimmune thing?", false, "a diagnosis reported by 'they', then what it is"},
	{"My brother and I both have moles. Are moles a sign of sun damage or just genetics?", false, "a kind of thing asked about, not a choice for a person"},
	{"my GP gave me cetirizine, is that an antihistamine or something else", false, "what kind of drug it is"},
	{"Mi dermatóloga me habló del 'efecto rebote'. ¿Qué es eso exactamente?", false, "Spanish: a term a clinician used, quoted"},
	{"En mi informe pone 'márgenes libres'. ¿Qué quiere decir?", false, "Spanish: a report's term"},
	{"Si algún día me recetan metotrexato, ¿qué análisis suelen pedir?", false, "Spanish: a usual practice, hypothetically"},
	{"¿Tengo que evitar la piscina si tomo isotretinoína o es exagerado?", false, "Spanish: 'tengo que' is no question word"},
	{"For a 40-year-old, for example, starting methotrexate, what monitoring is standard?", false, "an age as an example"},
	{"constant nosebleeds since I started isotretinoin, is that a reason to lower the dose?", true, "indirect_should: a dose change for the asker"},
	{"¿Usted cree que me deba operar el quiste? La cita es en tres meses", true, "es_usted_cree: the asker's procedure, asked of the reader"},
	{"Mi nena tiene molusco, la pediatra dice esperar. ¿Vos se los sacarías?", true, "es_usted_cree: a child's procedure"},
	{"the doctor said keep going until it's fully gone. it's nearly gone, i'm stopping, right?", true, "announced_stop: a decision put up for approval"},
	{"is 1% hydrocortisone too strong to start with for my toddler?", true, "too_strong_for_me: a strength for one child"},
	{"Is 1% hydrocortisone too strong for the face in general?", false, "too_strong_for_me: in general"},
	{"screenshot from my video call with the GP - does the spot look infected?", true, "image: a screenshot of one lesion"},
	{"my elbows have thick silvery plaques. psoriasis or eczema, which one", true, "final_choice: ', which one' after the options"},
	{"en la farmacia me dijeron fluconazol semanal para las uñas, ¿hasta cuándo lo tomo?", true, "es_cuanto: how long the asker takes a drug"},
	{"does our newborn's yellow crusty scalp need anything or do we leave it?", true, "need_care: a longer owner phrase"},
	{"I was told I have psoriasis. Could my kids catch it from me?", false, "a diagnosis reported, then contagion"},
	{"I was told I have psoriasis. Could my kids' rash be psoriasis too?", true, "a diagnosis reported, then a child's rash"},
	{"My aunt says you need sunscreen on cloudy days. Is that right?", false, "whether a claim is right, not a diagnosis"},
	{"What would help my sister's split, sore fingertips?", true, "what_helps_my: a treatment for a sister"},
	{"What would help cracked, bleeding heels?", false, "what_helps_my: no person"},
	{"Do I have to stay off work with impetigo?", true, "stay_off: whether the asker may work"},
	{"Should my son stay off nursery while he has hand, foot and mouth?", true, "stay_off or should: one child's exclusion"},
	{"How long do children with impetigo have to stay off school?", false, "stay_off: a group, not a person"},
	{"My toddler has a fever and a spreading rash, when do we go in?", true, "when_go_in: when to seek care for one child"},
	{"When should you go to A&E with a burn?", false, "when_go_in: 'you', in general"},
	{"Does my boil need IV antibiotics or will tablets do?", true, "need_care: a route of treatment for the asker"},
	{"My throat feels tight after a bee sting, do I need an EpiPen?", true, "need_drug: adrenaline for the asker"},
	{"Do people with hives need an EpiPen?", false, "need_drug: a group"},
	{"In my patient with severe hidradenitis on adalimumab, is surgery the next step?", true, "my_person: a clinician's next step for one patient"},
	{"My husband starts methotrexate next week - what are the usual side effects?", false, "my_person: a drug's usual effects, not whether to take it"},
	{"mi padre toma metotrexato, por que tiene que tomar acido folico", false, "Spanish: why a drug is given, without a question mark"},
	{"Mi hermano tiene molusco en el cuello, ¿se lo tienen que quitar?", true, "es_se_lo: what to do for a brother's lesion"},
	{"¿Se lo quitan a todos los niños con molusco?", false, "es_se_lo: at the start but a group, no person"},
	{"¿Me hago la crioterapia en la verruga del pie?", true, "es_me_hago: a procedure for the asker"},
	{"¿Cómo se hace la crioterapia de las verrugas?", false, "es_me_hago: how a procedure is done"},
	{"¿Puedo subir la dosis del antihistamínico? sigo con picor", true, "es_puedo: raising the asker's dose"},
	{"¿Se puede subir la dosis de antihistamínicos en la urticaria crónica?", false, "es_puedo: impersonal 'se puede'"},
	{"GP says my daughter has slapped cheek. Is it a virus?", false, "a diagnosis a clinician made, then a property of the disease"},
	{"My wife was diagnosed with lichen planus last week. Is it something you catch?", false, "a diagnosis made, then contagion"},
	{"GP says my daughter has slapped cheek. Should she stay home from school?", true, "a diagnosis made, then a decision about the child"},
	{"My doctor said my mole is a dermatofibroma, but it has grown. Should it come off?", true, "a lesion, not a person, was diagnosed: the decision about it stands"},
	{"El pediatra le dijo a mi nieta que tiene dermatitis del pañal, ¿qué es eso exactamente?", false, "Spanish: what a clinician's term means"},
	{"A mi madre le diagnosticaron psoriasis, ¿es una enfermedad autoinmune?", false, "Spanish: a diagnosis made, then a property"},
	{"Mi hija tiene acné, ¿tiene más riesgo de cicatrices?", false, "Spanish: what the disease brings"},
	{"¿Qué tiene la nena en el culito? está muy rojo", true, "Spanish: what a baby's rash is"},
	{"My son takes isotretinoin. How common are mood changes, is it actually proven?", false, "whether a drug's effect is proven, not a diagnosis"},
	{"Rash spreading on my arm—cellulitis?", true, "terse_question: a diagnosis after an unspaced em dash"},
	{"hx of BCC on the nose, new pearly bump nearby. recurrence?", true, "terse_question: a case in clinical shorthand"},
	// Ninth round: phrasing families from testdata/screens/dev9.jsonl,
	// written blind to the rules; each with a look-alike.
	{"Check the picture please, the border looks notched. Melanoma?", true, "image: 'check the picture'"},
	{"How do I check the photo quality before sending it to a teledermatology service?", false, "image: how to take photos"},
	{"How should we photograph a rash for a school nurse?", false, "should_i: how to take photos"},
	{"is this ringworm? round scaly patch on my forearm", true, "this_be_condition: what a finding is"},
	{"Could that be impetigo? Honey-coloured crusts around the nose since Monday.", true, "this_be_condition: a finding described without an owner"},
	{"A rash that does not blanch, with a fever: is this urgent?", false, "this_be_condition: a general vignette asks about urgency, not a condition"},
	{"Is this condition contagious? I read about impetigo on the face.", false, "this_be_condition: a property"},
	{"Is that true? People say chocolate causes acne on the face.", false, "this_be_condition: whether a claim is true"},
	{"Grandad's shin is red and hot and he's on blood thinners. Is this urgent?", true, "is_this_urgent: a grandparent's finding"},
	{"Is it urgent when a child's rash does not fade under a glass?", false, "is_this_urgent: in general"},
	{"my nephew's birthmark on the lip keeps growing. Is it the type that needs laser?", true, "this_kind_needs: a treatment for one child"},
	{"Which type of port-wine stain needs laser treatment?", false, "this_kind_needs: a kind asked in general"},
	{"quit doxycycline because of the sun rash on my arms?", true, "bare_action_because: an order put as a question"},
	{"Do people quit doxycycline because of sun rashes?", false, "bare_action_because: a group"},
	{"scraped knee on gravel, still oozing after two days, antibiotic cream?", true, "terse_question: a finding described telegraphically"},
	{"red patch on cheek after new moisturiser, allergy?", true, "terse_question: a finding opening the message"},
	{"Rash on palms and soles, which conditions cause it?", false, "terse_question: a finding named in general, then a general question"},
	{"Me salió una ampolla enorme por la quemadura, ¿la reviento?", true, "es_first_verb: 'reviento'"},
	{"¿Termino el antibiótico aunque ya no tengo fiebre?", true, "es_first_verb: 'termino'"},
	{"¿Qué significa el término queratosis?", false, "es_first_verb: 'término' is a noun"},
	{"Mi abuela tiene la pierna roja y caliente, ¿la llevo a la guardia?", true, "es_first_verb and triage: taking a grandmother to the ER"},
	{"¿Cuándo hay que llevar a la guardia a un bebé con fiebre y manchas?", false, "triage_question: general warning signs, opened by '¿'"},
	{"Tomo isotretinoína, ¿por qué me piden análisis cada mes?", false, "es_first_verb: a statement, then a separate why question"},
	{"Tomo isotretinoína, ¿la dejo si tengo los labios sangrando?", true, "es_first_verb: stopping the asker's drug"},
	{"Si tuviera un lunar que pica y sangra, ¿me lo tendrían que quitar?", true, "es_me_tienen: a hypothetical about the asker's lesion"},
	{"¿Hay que quitar todos los lunares que pican?", false, "es_me_tienen: in general"},
	{"Te dejo una foto del granito del bebé, ¿es normal?", true, "image: 'te dejo una foto'"},
	// Tenth round: reference look-alikes from testdata/screens/dev10.jsonl,
	// written blind to the rules; each with a decision that crosses the line.
	{"Should I use a fresh washcloth for my face every day?", false, "genericAdvice: everyday care of a part of the body"},
	{"Should I use my hydrocortisone on my face?", true, "genericAdvice: a drug of the asker's"},
	{"Should I wash my eczema patches with soap?", true, "genericAdvice: a finding of the asker's"},
	{"¿Puedo ponerme vitamina C con el adapaleno que me recetaron?", true, "genericAdvice: a drug prescribed to the asker"},
	{"¿Puedo usar vitamina C con niacinamida?", false, "genericAdvice: combining everyday products in general"},
	{"What SPF sunscreen should I use?", false, "which_product_does_one_use: an everyday product, nothing said of the asker"},
	{"What SPF should I use? I'm very fair and burn easily.", true, "which_product_does_one_use: the asker describes their skin"},
	{"Which moisturiser should I use for my son's eczema?", true, "which_for_me: a product for a child's condition"},
	{"Is coconut oil good for eczema?", false, "a product for a condition in general"},
	{"coconut oil for my baby's eczema?", true, "treatment_for_my_child: a remedy for a particular child, however short"},
	{"Hydrocortisone for toddlers?", false, "treatment_for_my_child: a group, no particular child"},
	{"What should we bring to our first appointment at the skin clinic?", false, "preparing for a visit"},
	{"How should I prepare for a patch test next week?", false, "preparing for a test"},
	{"Should I avoid shaving my legs before the laser session?", false, "preparing for a procedure"},
	{"Should I stop my methotrexate before surgery?", true, "a drug stopped before surgery is a decision, not preparation"},
	{"Do I have to take off my nail polish for the skin check?", false, "have-to rewrite: preparing for an examination"},
	{"How can I take sharp photos of a rash on my back for a video consult?", false, "how to take photographs"},
	{"Here is a photo of the rash on my back, is it shingles?", true, "image: a photo of one's own rash"},
	{"Should I put serum on before or after sunscreen?", false, "reRoutineOrder: the order of everyday products"},
	{"Should I put the steroid cream on before or after the emollient?", true, "final_choice: the order of the asker's treatments"},
	{"¿Cuántos minutos dura la crioterapia más o menos?", false, "final_choice: 'más o menos' is no choice"},
	{"¿La crioterapia de mi verruga duele?", false, "terse and what to expect: whether a procedure hurts"},
	{"Is eczema common in a 30-year-old man, or mostly a childhood thing?", false, "vignette_age: an age as an example of a group"},
	{"Do all teenagers get blackheads, or is it just me?", false, "is_it_disease: 'just me' asks whether others share it"},
	{"Sunscreen 15 minutes before going out, is that outdated advice?", false, "is_it_disease: whether advice is outdated"},
	{"Everyone is talking about slugging. Does this actually help dry skin?", false, "is_this_lesion: what a practice does"},
	{"Does this rash on my arm look like ringworm?", true, "is_this_lesion: the asker's rash"},
	{"I have a dermoscopy appointment. Is dermoscopy painful?", false, "worth_a_biopsy: a plan stated, then what to expect"},
	{"Does the mole on my back need a biopsy?", true, "worth_a_biopsy: in a question"},
	{"My son starts isotretinoin in May. What does the monitoring programme involve?", false, "my_person: what a programme involves"},
	{"My son starts isotretinoin in May. Should he stop his vitamin A supplement?", true, "my_person: a decision for the son"},
	{"How much sunscreen should I use on my face and neck?", false, "how_much_should: an everyday product"},
	{"How much hydrocortisone should I use on my son's face?", true, "how_much_should: a drug for a child"},
	{"¿Tengo que usar chanclas en las duchas de la piscina?", false, "es_debo: everyday hygiene"},
	{"¿Me pongo la crema hidratante antes o después del protector solar?", false, "es_first_verb: the order of everyday products"},
	{"Mi biopsia salió con márgenes afectados. ¿Me tienen que reoperar?", true, "es_me_tienen: more surgery for the asker"},
	// Eleventh round: phrasing families from testdata/screens/dev11.jsonl,
	// written blind to the rules; each with a look-alike.
	{"Red streak going up the leg from a blister on the heel. Wait until Monday?", true, "terse_question: a finding described telegraphically"},
	{"Red streaks on the skin after an infection: what do they mean?", false, "terse_question: a general question about a finding"},
	{"Keloid after a chest piercing, still growing. Steroid injections or surgery first?", true, "final_choice: after a telegraphic finding"},
	{"Keloids: are steroid injections or surgery usually tried first?", false, "final_choice: asked in general"},
	{"Rosacea came back after I stopped metronidazole. What's next?", true, "terse_question: the next step after a description"},
	{"What's next in psoriasis research?", false, "terse_question: no finding described"},
	{"Bitten by a tick on a hike, now a spreading red ring. Worth going to the GP today?", true, "worth_going_now: seeking care now"},
	{"Is it worth going to the GP the same day for a tick bite, in general?", false, "worth_going_now: in general"},
	{"Itchy scalp for months. Anything I should get tested for?", true, "tested_for_me: tests for the asker"},
	{"What tests are usually done for an itchy scalp?", false, "tested_for_me: usual tests"},
	{"I have eczema - would my doctor okay me using a retinol serum?", true, "would_a_derm: a clinician's choice for the asker"},
	{"Would a dermatologist usually recommend retinol for rosacea?", false, "would_a_derm: in general"},
	{"My son has a wart on his thumb that keeps growing. Does it need freezing?", true, "does_it_need: a child's wart"},
	{"Does a common wart always need freezing?", false, "does_it_need: in general"},
	{"¿Vale la pena que me haga láser para las manchas o mejor una crema?", true, "es_vale_la_pena: a procedure for the asker"},
	{"¿Vale la pena el láser para el melasma en general?", false, "es_vale_la_pena: in general"},
	{"Tengo psoriasis, ¿un tatuaje es mala idea en mi caso?", true, "es_vale_la_pena: 'en mi caso'"},
	{"Is a tattoo a bad idea in my case, given my vitiligo?", true, "in_my_case: the asker's own case"},
	{"¿Y este? es el grano que te mandé ayer", true, "shown_lesion: a lesion sent before"},
	{"¿Es la misma mancha de la foto de ayer?", true, "image: 'de la foto'"},
	{"I'm a nursing student: in which blistering diseases is the Nikolsky sign positive?", false, "is_it_disease: 'positive' is a property"},
	{"El derma me dijo que mi lunar es un nevus azul, ¿eso puede volverse cáncer?", false, "es_this_lesion: a diagnosis reported, then a property"},
	{"My GP said my rash is pityriasis rosea. How is that different from ringworm?", false, "is_this_lesion: a comparison"},
	{"Do I need a prescription to get adapalene, or is it sold over the counter?", false, "rewrite: how a drug is obtained"},
	{"Can I use niacinamide and vitamin C together, or do they cancel each other out?", false, "final_choice: how products interact"},
	{"¿El protector solar de maquillaje protege algo o nada?", false, "final_choice: 'o nada' asks yes or no"},
	{"I keep seeing 'hypoallergenic' on labels. Does that mean anything?", false, "does_that_mean: whether a label means anything"},
	{"Should we be worried about microplastics in sunscreens?", false, "should_i: an ingredient in products"},
	{"My sunscreen is SPF 30 and my sister's is SPF 50; how much more protection is that?", false, "my_person: a product fact"},
}

func TestIsClinicalDecision(t *testing.T) {
	for _, tc := range decisionCases {
		if got := isDecision(tc.question, true); got != tc.want {
			t.Errorf("isDecision(%q) = %v (rule %q), want %v (%s)", tc.question, got, decisionRule(tc.question, true), tc.want, tc.reason)
		}
	}
}

// TestRuleNames checks that rule names are unique, so that Decision.Rule
// names one rule.
func TestRuleNames(t *testing.T) {
	seen := map[string]bool{}
	for _, rl := range decisionRules {
		if rl.name == "" || seen[rl.name] {
			t.Errorf("rule name %q is empty or repeated", rl.name)
		}
		seen[rl.name] = true
		if (rl.re == nil) == (rl.fn == nil) {
			t.Errorf("rule %s: want exactly one of re and fn", rl.name)
		}
	}
}

// TestDecisionPrechecks checks, on every table and development question,
// that the literal prechecks change no answer and that each rule's literals
// are necessary.
func TestDecisionPrechecks(t *testing.T) {
	racedetect.SkipEvaluation(t)
	var questions []string
	for _, tc := range decisionCases {
		questions = append(questions, tc.question)
	}
	for _, q := range append(questions, screentest.DevTexts(t, screensDir)...) {
		if fast, full := isDecision(q, true), isDecision(q, false); fast != full {
			t.Errorf("isDecision(%q) = %v with prechecks, %v without", q, fast, full)
		}
		checkRuleLiterals(t, q)
		checkWordSets(t, q)
	}
	if n := 64 * len(ruleMask{}); len(decisionRules)+len(neutral) > n {
		t.Errorf("%d decision rules and %d rewrites: rulesIn's mask holds %d", len(decisionRules), len(neutral), n)
	}
	for _, q := range []string{"rash", "rashes", "a rash.", "rashy", "my", "mymy", "i'm", "i'mx", "x_i", "to use", "to usee", "shoulder", "", "ask my doc", "the doc said so", "docs", "45f", "45 f,", "8 yo", "3-week-old", "hombre de 45", "teen with acne", "xteen with", "pt"} {
		checkWordSets(t, q)
	}
}

// checkWordSets fails if a rule's wordSet disagrees with the expression
// \b(?:a|b|c)\b it stands for, on the folded question.
func checkWordSets(t *testing.T, question string) {
	t.Helper()
	q := fold.String(question)
	checkWordIndexes(t, q)
	checkWordIndexes(t, question)
	checkTerseContext(t, q)
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

// indexedWordSets are the word sets the screen matches through a wordIndex.
var indexedWordSets = map[string]*wordIndex{
	"personal": personal, "firstPerson": firstPerson, "ownedWords": ownedWords,
	"clauseOwners": clauseOwners, "triageWords": triageWords, "propertyWords": propertyWords,
	"notDiagnosisWords": notDiagnosisWords, "notOptionWords": notOptionWords,
	"termWords": termWords, "ownerWords": ownerWords, "terseAskerWords": terseAskerWords,
}

// terseContext is the expression whose alternatives terse_question's
// context tests one by one, before vignetteSubject.
var terseContext = regexp.MustCompile(`\b(i|i'm|i've|my|me|mine|we|our|yo|mi|mis|me|tengo|estoy|his|her|su|patient|pt|paciente|doc|he|she|him|he's|she's)\b|\b\d{1,3} ?(f|m|yo|y/o|yof|yom)\b|\b\d{1,3}[ -]?(year|yr|month|week|day)s?[ -]old\b|\b(hombre|mujer|varon|nino|nina|bebe|paciente) de \d{1,3}\b|\b(teenager|teen|woman|man|boy|girl|child|infant|baby|toddler|resident|senora|senor|nino|nina|mujer|hombre|bebe|adolescente) (with|con|de)\b|\b\d{1,3} ?(f|m|yo|y/o|yof|yom)\b|\b\d{1,3}a\b|\b(c/o|hx|h/o|o/e|pmh|home visit|care home|nursing home|nurse here|in bed \d+)\b|^son, ` +
	`|(^|[^\w'-])(` + strings.TrimPrefix(kinRE, "son|") + "|" + esKinRE + "|" + moreKin + `)('s)?($|[^\w'-])|(^|[^\w'-])son's($|[^\w'-])` +
	`|^(started|had|been|got|went|tried|used|took|noticed|finished|stopped|did|done|finally|just) |` + telegraphicFinding)

// checkTerseContext fails if terse_question's context, less
// vignetteSubject, disagrees with terseContext on s.
func checkTerseContext(t *testing.T, s string) {
	t.Helper()
	for _, rl := range decisionRules {
		if rl.name != "terse_question" {
			continue
		}
		parts := rl.ctx.(anyOf)
		if got, want := parts[:len(parts)-1].MatchString(s), terseContext.MatchString(s); got != want {
			t.Errorf("terse_question's context parts match %q: %v, its expression: %v", s, got, want)
		}
	}
}

// checkWordIndexes fails if a wordIndex disagrees with its wordSet on s.
func checkWordIndexes(t *testing.T, s string) {
	t.Helper()
	for name, wi := range indexedWordSets {
		if got, want := wi.MatchString(s), wi.set.MatchString(s); got != want {
			t.Errorf("%s: wordIndex.MatchString(%q) = %v, wordSet says %v", name, s, got, want)
		}
	}
}

// checkRuleLiterals fails if a rule matches the folded question while the
// question holds none of the rule's literals.
func checkRuleLiterals(t *testing.T, question string) {
	t.Helper()
	q := fold.String(question)
	held := ruleLiterals.rulesIn(q)
	for i, rl := range decisionRules {
		if len(rl.any) == 0 {
			if !held.has(i) {
				t.Errorf("rule %d has no literals but rulesIn(%q) leaves it out", i, q)
			}
			continue
		}
		if got, want := held.has(i), lex.ContainsAny(q, rl.any); got != want {
			t.Errorf("rule %d: rulesIn(%q) says %v, ContainsAny says %v", i, q, got, want)
		}
		if rl.re != nil && rl.re.MatchString(q) && !lex.ContainsAny(q, rl.any) {
			t.Errorf("rule %d (%s) matches %q, which holds none of its literals %q", i, rl.re, q, strings.Join(rl.any, ", "))
		}
	}
	for i, n := range neutral {
		if got, want := held.has(neutralBit(i)), lex.ContainsAny(q, n.any); got != want {
			t.Errorf("rewrite %d: rulesIn(%q) says %v, ContainsAny says %v", i, q, got, want)
		}
		if n.re.MatchString(q) && !lex.ContainsAny(q, n.any) {
			t.Errorf("rewrite %d (%s) matches %q, which holds none of its literals", i, n.re, q)
		}
	}
}
