package decision

import (
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/lex"
	"github.com/dermliving/dermliving/internal/fold"
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
	return healthWords.MatchString(q) || lesionSet.MatchString(q) || spanishFindings.MatchString(q) ||
		bodySet.MatchString(q) || conditionSet.MatchString(q) || patientWords.MatchString(q) || drugNamed(q)
}

// spanishFindings are lesionES's words but "una" and "unas" (folded
// "uña", "uñas"), which are also the Spanish "a" and "some": those count
// after an article or a possessive ("mis uñas", "la uña del pie").
var spanishFindings = func() *lex.WordMap {
	set := lex.SetOf(lesionES)
	delete(set, "una")
	delete(set, "unas")
	for _, det := range []string{"la", "las", "mi", "mis", "tu", "tus", "su", "sus", "esta", "estas", "esa", "esas"} {
		set[det+" una"], set[det+" unas"] = true, true
	}
	return lex.NewWordMap(set)
}()

// conditionSet holds conditionWords.
var conditionSet = lex.NewWordMap(lex.SetOf(conditionWords))
