package answer

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dermliving/dermliving/lexicon"
)

// Correction is one word of a question read as another: a misspelled name
// of something the version holds ("exema" as "eczema").
type Correction struct {
	From, To string
}

// Correct returns the question with misspelled names corrected, and the
// corrections. A word is corrected only when the version's passages never
// use it, it is not a stop word, and one name word of the version's topics
// lies within a small edit distance of it (one edit for words of four
// letters, two for longer ones), the first letter kept unless the word is
// long and the slip single. The corrections stand only when the corrected
// question names one of the version's topics.
func (c *Composer) Correct(question string) (string, []Correction) {
	var fixes []Correction
	var b strings.Builder
	last := 0
	for i := 0; i < len(question); {
		r, size := utf8.DecodeRuneInString(question[i:])
		if !unicode.IsLetter(r) {
			i += size
			continue
		}
		j := i
		for j < len(question) {
			r, size := utf8.DecodeRuneInString(question[j:])
			if !unicode.IsLetter(r) && r != '\'' {
				break
			}
			j += size
		}
		word := question[i:j]
		if to, ok := c.correctWord(strings.ToLower(word)); ok {
			b.WriteString(question[last:i])
			b.WriteString(to)
			last = j
			fixes = append(fixes, Correction{From: word, To: to})
		}
		i = j
	}
	if len(fixes) == 0 {
		return question, nil
	}
	b.WriteString(question[last:])
	corrected := b.String()
	// A correction must make the question name a topic: "roses" is not
	// read as the "rosea" of pityriasis rosea, nor "herbs" as "herpes", in a
	// question that names neither.
	if !c.namesTopic(askedTerms(c.ix.Analyze(corrected))) {
		return question, nil
	}
	return corrected, fixes
}

func (c *Composer) correctWord(w string) (string, bool) {
	if len(w) < 4 || len(w) > 30 {
		return "", false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return "", false
		}
	}
	if _, ok := c.topics.words[w]; ok {
		return "", false
	}
	t := c.an.Term(w)
	if t == "" || c.ix.DocFreq(t) > 0 {
		return "", false
	}
	limit := 1
	if len(w) >= 5 {
		limit = 2
	}
	best, bestD, bestDF, ties := "", limit+1, -1, 0
	for cand, term := range c.topics.words {
		if abs(len(cand)-len(w)) > limit {
			continue
		}
		d := lexicon.EditDistance(w, cand, limit)
		// The first letter is kept, but for one slip in a long word
		// ("zerosis" for "xerosis").
		if cand[0] != w[0] && (d > 1 || len(w) < 6) {
			continue
		}
		// Two edits may add letters a writer dropped ("exema" for
		// "eczema"), not remove letters a writer typed: "rosacea" is not
		// "rosea".
		if d > limit || d == 2 && len(cand) < len(w) {
			continue
		}
		df := c.ix.DocFreq(term)
		switch {
		case d < bestD || d == bestD && df > bestDF:
			best, bestD, bestDF, ties = cand, d, df, 0
		case d == bestD && df == bestDF && cand != best:
			ties++
		}
	}
	if best == "" || ties > 0 {
		return "", false
	}
	return best, true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
