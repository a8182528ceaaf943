package abstain

import "github.com/dermliving/dermliving/abstain/internal/decision"

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
