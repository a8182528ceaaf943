package abstain

import "github.com/dermliving/dermliving/abstain/internal/decision"

// DecideClinical runs the clinical-decision screen alone on question:
// [Decide] without the patient-data screen, for a caller that screened the
// text for identifiers already (Ask screens the whole text, then decides
// on the question without the clauses addressed to the system). Reason is
// ClinicalDecision or zero; Rule, Urgent and Sign are as in Decide.
func DecideClinical(question string) Decision {
	rule := decision.Rule(question)
	if rule == "" {
		return Decision{}
	}
	d := Decision{Reason: ClinicalDecision, Rule: rule}
	if sign := decision.UrgentNow(question); sign != "" {
		d.Urgent, d.Sign = true, sign
	}
	return d
}

// IsUrgent reports whether question asks for a decision about a particular
// person ([IsClinicalDecision]) and describes, in that person and happening
// now, an emergency sign: swelling of the tongue or throat; trouble
// breathing or swallowing with hives, a rash or swelling; widespread
// blistering or peeling with a fever, or with sore eyes and a sore mouth;
// redness spreading fast with a fever; spots with a fever that do not fade
// under pressure (the glass test); swelling of the face, lips or eyes, or
// hives, with faintness (after a sting, a food or a medicine, faintness
// each time the person stands up too); swelling around the eye with a fever and pain on
// moving the eye, double vision or a bulging eye; an eye pushed forward
// with double vision or a fever, whether or not the lid is swollen; a
// serious burn (deep, large, a whole hand, palm or face blistered, or with
// smoke and a hoarse voice), a young child's blistering burn of the hand,
// face or feet, a cleaning or industrial chemical splashed in or near an
// eye, a strong caustic (battery acid, drain cleaner, lye, wet cement) on
// the skin that now feels soapy or slimy, or cleaning products mixed and
// their fumes breathed with a cough or trouble breathing, a chemical (a
// farm or garden spray, a strong cleaning powder) on the skin now turning
// it white or grey, peeling, blistering or burning deep, a burn with white
// parts that do not hurt, however small it is called; pain far worse
// than the skin looks, with a fever; the skin at a wound turning black, or
// a wound swelling and going purple, with a fever; a person who drools or
// cannot swallow their own spit, with a hoarse or muffled voice; a
// shingles rash by the eye (named, or told as blisters on the forehead or
// the tip of the nose) with the eye painful, red or blurred, or a blister
// on the tip of the nose; eczema broken out in punched-out
// sores or little craters, with a fever; lips going blue while the person
// struggles for breath; adrenaline just given; a very unwell, confused or
// drowsy person with a rash; an infected wound, sore or ulcer, a pressure
// sore, a red, hot, swollen leg or shingles in a person now confused or
// hard to rouse; a baby under three months with a fever; a rash or hives
// over much of the body in a person who has just collapsed. A sign denied ("no fever"), in a sentence about
// the past ("last summer my throat swelled"), in hearsay of another family's
// past episode ("my friend told me her son's throat swelled"), in an episode
// over ("she was discharged next morning") or in a hypothesis ("if her lips
// swell", "next time") does not count, nor does an exam question ("for my
// exam: a patient ...", "pub quiz question: what ...", "first-aid course
// question: when ...") or a general
// question about emergencies ("when does tongue swelling need emergency
// treatment?"); an account of a sign now followed by a general question
// ("... she's now hoarse and says it's hard to breathe. In general, why
// do some people react so badly to stings?") is still urgent, as the
// general question asks in general only in its own sentence; "at what
// point does a spreading red leg become an A&E job?", naming nobody, asks
// in general. A sentence of background before or after the sign, of
// other people as a group or of a condition going round ("A few of the
// junior wrestlers picked up impetigo from the mats. Leg red, spreading
// fast, fever, shaking chills. Urgent or GP tomorrow?"), does not take
// the sign away: a condition it names is theirs, not the person's. A sign
// read of in a book or a leaflet, and a training's
// question ("For our cabin crew training, how do you tell ..."), are no
// sign in a person. A bleeding or fast-changing
// mole is worrying but no emergency. The signs are data, with examples and
// look-alikes, in internal/decision/rules/urgent.rules; English and Spanish,
// as the screens read them. A learned model
// (internal/decision/urgent_model.go) reads them too: a question it is sure
// of is urgent though no rule names the sign (its Sign is then
// "emergency_sign_described"), and one it is sure is not overrules a rule.
func IsUrgent(question string) bool { return decision.Urgent(question) != "" }

// Language returns the language a question reads in, as the screens read
// it: "es" for Spanish ("¿", "ñ", or more Spanish function words than
// English ones) and "en" otherwise. It is a small check for choosing the
// language of a message, such as the urgent one, not a language detector:
// a question in any other language reads as English.
func Language(question string) string { return decision.Language(question) }

// NamesHealth reports whether question names something of a person's
// health or care: a part of the body, a finding, a condition, a symptom, a
// drug or a dose, a clinician or a place of care, a photo, in English or
// Spanish. Ask asks it of a question the clinical-decision screen refuses
// but whose words the knowledge does not know as dermatology: one that
// names none ("how often should I change the oil in my car?") is outside
// dermatology, and abstains with InsufficientEvidence, not
// ClinicalDecision.
func NamesHealth(question string) bool { return decision.NamesHealth(question) }
