package claims

import (
	"regexp"

	"github.com/dermliving/dermliving/lexicon"
)

// groupRE finds a group of people a claim restricts what it says to, by
// what they have ("in people with diabetes", "among patients who have
// HIV", "for those with darker skin"): group 1 is what they have.
var groupRE = regexp.MustCompile(`(?i)\b(?:in|among|for)\s+(?:people|persons|patients|those|adults|children|women|men|someone|anyone)\s+(?:with|who\s+have|who\s+has|who\s+had)\s+([^,.;:()]+)`)

// groupUnheld reports whether the claim restricts what it says to a group
// of people by something they have (groupRE) of which the span holds no
// content term: "The most common pattern is most common in people with
// diabetes" against a span that names no diabetes says it of a group the
// span does not. A general term ("a condition", "the rash") is no content.
func (v *Lexical) groupUnheld(claim, span string) bool {
	ms := groupRE.FindAllStringSubmatch(claim, -1)
	if ms == nil {
		return false
	}
	st := lexicon.NewTermSet(v.unitTerms(span))
	for _, m := range ms {
		content, held := 0, false
		for _, t := range v.unitTerms(m[1]) {
			if v.lightTerms.Has(t) || v.hedgeTerms.Has(t) {
				continue
			}
			content++
			if st.Has(t) {
				held = true
				break
			}
		}
		if content > 0 && !held {
			return true
		}
	}
	return false
}
