package abstain

import "github.com/dermliving/dermliving/internal/fold"

// Normalize returns text as both screens read it, before they fold it: in
// NFKC, without invisible characters (format characters, Unicode category
// Cf, such as the zero-width space U+200B, the soft hyphen U+00AD, the
// word joiner U+2060 and U+FEFF; other default-ignorable characters and
// variation selectors), with every decimal digit (category Nd: Arabic-Indic,
// Devanagari, full-width ...) as its ASCII digit, and each dash, slash, dot
// and space that people type in several forms in one form. Case and
// accents are kept. A question that is empty once normalised asks nothing.
// Findings name offsets in the text as given, never in Normalize's result.
func Normalize(text string) string { return fold.Normalize(text) }

// Decision is the outcome of both screens for one question, in the order the
// pipeline applies them: patient data first, then clinical decision.
type Decision struct {
	// Reason is PatientData or ClinicalDecision, or zero when the question
	// passes both screens.
	Reason Reason
	// Findings are the identifiers found, when Reason is PatientData. They
	// name kinds and offsets only.
	Findings []Finding
	// Rule names the clinical-decision rule that matched, such as
	// "first_person_should", when Reason is ClinicalDecision. It explains a
	// decision in tests and logs without quoting the question.
	Rule string
	// Urgent reports that the question asks for a decision about a
	// particular person and describes an emergency sign happening now (see
	// [IsUrgent]). It is set whatever the Reason: a question refused for
	// the identifiers it holds may be urgent too, and the person asking
	// should then be told to seek emergency care first.
	Urgent bool
	// Sign names the emergency sign, when Urgent, such as
	// "tongue_or_throat_swelling": a rule of the screens' urgent rule file,
	// named for a sign and never for a diagnosis, or
	// "emergency_sign_described" when the screens' learned urgent model
	// finds a sign no rule names. Like Rule, it quotes nothing of the
	// question.
	Sign string
}

// Decide runs both screens on question. It does what a caller of
// [ScreenPatientData] and then [DecideClinical] does, and says which rule
// decided.
func Decide(question string) Decision {
	if fs := ScreenPatientData(question); len(fs) > 0 {
		d := DecideClinical(question)
		return Decision{Reason: PatientData, Findings: fs, Urgent: d.Urgent, Sign: d.Sign}
	}
	return DecideClinical(question)
}
