package abstain

import (
	"github.com/dermliving/dermliving/abstain/internal/decision"
	"github.com/dermliving/dermliving/abstain/internal/fold"
)

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
}

// Decide runs both screens on question. It does what a caller of
// [ScreenPatientData] and then [IsClinicalDecision] does, and says which
// rule decided.
func Decide(question string) Decision {
	if fs := ScreenPatientData(question); len(fs) > 0 {
		return Decision{Reason: PatientData, Findings: fs}
	}
	if rule := decision.Rule(question); rule != "" {
		return Decision{Reason: ClinicalDecision, Rule: rule}
	}
	return Decision{}
}
