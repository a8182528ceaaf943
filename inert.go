package dermliving

import (
	"regexp"
	"strings"

	"github.com/dermliving/dermliving/claims"
)

// instructionRE matches a sentence addressed to the system rather than asking
// about skin: attempts to override instructions, to change the system's role,
// or to make it run a tool.
var instructionRE = regexp.MustCompile(`(?i)\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|rules|prompts?|guidelines|polic(y|ies)|system|everything)\b|\b(you are now|act as|pretend to be|new instructions|system prompt|developer mode|jailbreak)\b|\b(call|run|execute|invoke|trigger|use)\s+(the\s+)?(tool\s+|function\s+)?` + "`?" + `[a-z]+_[a-z0-9_]+\b`)

// withoutInstructions returns the question without its sentences addressed to
// the system. The question's own sentences are kept as written; when nothing
// else is left, the empty string is returned and nothing is retrieved.
func withoutInstructions(question string) string {
	if !instructionRE.MatchString(question) {
		return question
	}
	var kept []string
	for _, s := range claims.Split(question) {
		if !instructionRE.MatchString(s.Text) {
			kept = append(kept, s.Text)
		}
	}
	return strings.Join(kept, " ")
}
