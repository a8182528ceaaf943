package abstain

import "github.com/dermliving/dermliving/abstain/internal/decision"

// IsClinicalDecision reports whether question asks for a decision about a
// particular person: a diagnosis, a treatment choice or dose, or triage,
// including third-person and case-vignette framings and references to an
// image, in English or Spanish. Reference questions that only look similar
// ("should sunscreen be reapplied every two hours?", "do I have to wear
// sunscreen in winter?") are not decisions. Hand-written rules decide
// first, unless a small learned model
// (internal/decision/decision_features.go) is sure the question is a
// reference one; a question no rule matches is a decision when the model
// is confident it is one.
func IsClinicalDecision(question string) bool {
	return decision.Rule(question) != ""
}

// WithoutFraming returns the question folded (lower case, no diacritics)
// without what frames it, by the screens' own rewrites: a disclaimer about
// what it does not ask ("I am not asking for a diagnosis:", "no pido
// diagnostico") and a report of who asked it ("a customer asked me
// whether"), and true; or the question as it is and false when it holds
// neither, or nothing else. Read whole, such a question would seem to ask
// about diagnosis, or about the customer.
func WithoutFraming(question string) (string, bool) {
	return decision.WithoutFraming(question)
}

// WithoutDisclaimer is WithoutFraming.
//
// Deprecated: use WithoutFraming, which also removes a report of who asked.
func WithoutDisclaimer(question string) (string, bool) {
	return decision.WithoutFraming(question)
}
