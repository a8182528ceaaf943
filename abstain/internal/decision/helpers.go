package decision

// Entry points the model's trainer, the evaluation and the tests use, each
// one step of decisionRule.

// matchingRule returns the name of the first hand-written rule that
// matches folded question q, or "".
func matchingRule(q string, precheck bool) string {
	n, held := neutralize(q, precheck)
	return matchRules(n, held, precheck)
}

// neutralized returns folded question q with the neutral rewrites applied,
// as the rules and the model read it.
func neutralized(q string) string {
	n, _ := neutralize(q, true)
	return n
}

// modelAsked reports whether the screen asks the model about folded
// question q when no rule matches: not for everyday care asked about in
// general (genericAdvice), as decisionRule.
func modelAsked(q string) bool { return !genericAdvice.MatchString(neutralized(q)) }

// decisionModelScore returns the model's probability that folded question
// q asks for a decision about a particular person.
func decisionModelScore(q string) float64 {
	return scoreNeutralized(neutralized(q))
}
