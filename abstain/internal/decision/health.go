package decision

import (
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/fold"
	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// healthWords are the words of the list health of rules/lists.rules.
var healthWords = lex.NewWordMap(lex.SetOf(strings.Join(ruleList("health"), "|")))

// NamesHealth reports whether question names something of a person's
// health or care: a part of the body, a finding, a condition or a drug the
// rules know, a symptom, a clinician or a place of care, a dose, a photo,
// in English or Spanish (the list health of rules/lists.rules). A question
// the screen refuses that names none ("how often should I change the oil
// in my car?") asks about something else.
func NamesHealth(question string) bool {
	q := fold.String(question)
	return healthWords.MatchString(q) || lesionSet.MatchString(q) || lesionESSet.MatchString(q) ||
		bodySet.MatchString(q) || conditionSet.MatchString(q) || patientWords.MatchString(q) || drugNamed(q)
}

// conditionSet holds conditionWords.
var conditionSet = lex.NewWordMap(lex.SetOf(conditionWords))
