package claims

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// labelRE matches a telegraphic sentence that names a thing and then,
// after a colon, says what it is or what holds of it: "Shawl sign:
// redness over the upper back", "Hot tub folliculitis: Pseudomonas in
// poorly kept tubs". The label has no clause break of its own.
var labelRE = regexp.MustCompile(`^([^:;,.()]+):\s+(\S.*)$`)

// maxLabelWords is the most words a telegraphic sentence's label may have.
const maxLabelWords = 6

// labelled reads a telegraphic "Label: description" claim as "Label is
// description" when the passages name the label's thing (each of its
// terms stands in one passage), so that the checks which bind a
// description to the thing it describes see which thing the claim gives
// it to: "Shawl sign: redness over the front of the neck" against a
// passage that gives that redness to the V-sign. A label the passages do
// not name ("Limited disease: topical corticosteroids ...", where the
// passage says "limited vitiligo") heads a row of a list, not a thing
// described, and the claim is returned unchanged, as is one with more
// than one colon or a label longer than maxLabelWords words.
func (v *Lexical) labelled(claim string, passages []Passage) string {
	if strings.Count(claim, ":") != 1 {
		return claim
	}
	m := labelRE.FindStringSubmatch(claim)
	if m == nil || len(strings.Fields(m[1])) > maxLabelWords {
		return claim
	}
	label := v.an.Terms(m[1])
	if len(label) == 0 {
		return claim
	}
	for _, p := range passages {
		terms := lexicon.NewTermSet(v.an.Terms(p.Text))
		if !slices.ContainsFunc(label, func(t string) bool { return !terms.Has(t) }) {
			return m[1] + " is " + m[2]
		}
	}
	return claim
}
