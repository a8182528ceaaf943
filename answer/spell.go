package answer

import (
	"strings"
	"unicode"
	"unicode/utf8"
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
// long and the slip single.
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
	return b.String(), fixes
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
		d := distance(w, cand, limit)
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

// distance is the optimal string alignment distance between a and b (edits:
// insert, delete, substitute, swap two neighbours), or limit+1 once it
// exceeds limit.
func distance(a, b string, limit int) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
