package decision

import (
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/lex"
	"github.com/dermliving/dermliving/internal/fold"
)

// The language of a question, as the screens read it: English or Spanish,
// the two languages their rules are written in.

// spanishWords and englishWords are the lists of rules/lists.rules that
// tell the two apart.
var (
	spanishWords = lex.SetOf(strings.Join(ruleList("spanish_words"), "|"))
	englishWords = lex.SetOf(strings.Join(ruleList("english_words"), "|"))
)

// Language returns "es" when question reads as Spanish and "en" otherwise:
// when it opens a question or an exclamation the Spanish way ("¿", "¡") or
// holds an "ñ", or holds more words of the Spanish list than of the
// English one. A question in neither language reads as English. It is a
// small check for choosing the language of a message, not a language
// detector.
func Language(question string) string {
	if strings.ContainsAny(question, "¿¡ñÑ") {
		return "es"
	}
	es, en := 0, 0
	// "y/o" (years old) is no Spanish "y" and "o".
	q := strings.ReplaceAll(fold.String(question), "y/o", " ")
	for _, w := range strings.FieldsFunc(q, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r == '\'')
	}) {
		w = strings.Trim(w, "'")
		if spanishWords[w] {
			es++
		}
		if englishWords[w] {
			en++
		}
	}
	if es > en {
		return "es"
	}
	return "en"
}
