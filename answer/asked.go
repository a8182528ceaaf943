package answer

import (
	"slices"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

// This file reads what a question asks of its focus: the names it uses and
// what its question sentences, rather than its context, hold.

// usedNames returns the names the question uses, each of whose words it
// writes (own, see ownTerms), or every name when it uses none whole. A word
// of another name is something asked: "how long are kids kept off school
// with impetigo?" asks about school, though impetigo is also called school
// sores.
func usedNames(names [][]string, own lexicon.TermSet) [][]string {
	var used [][]string
	for _, name := range names {
		if hasAll(own, name) {
			used = append(used, name)
		}
	}
	if len(used) == 0 {
		return names
	}
	return used
}

// ownTerms returns the words of the question's concepts as it writes them,
// fillers aside, without their other ways of writing.
func ownTerms(concepts []retrieve.Weighted) lexicon.TermSet {
	own := lexicon.NewTermSet()
	for _, w := range concepts {
		if w.Filler {
			continue
		}
		for _, term := range w.Terms {
			for _, t := range strings.Fields(term) {
				own[t] = struct{}{}
			}
		}
	}
	return own
}

// weighContext returns the aspects with those that only the question's
// context holds weighed down: in "My old barber called it spot baldness,
// them round bald patches. Is it catching?" the description says which
// topic is meant, and the question sentence what is asked of it. A
// question whose question sentences hold none of the aspects ("I get
// welts after hot showers. What causes that?") asks about its context, and
// keeps every aspect's weight.
func (c *Composer) weighContext(question string, aspects []retrieve.Weighted) []retrieve.Weighted {
	asked, ok := questionSentences(question)
	if !ok || len(aspects) == 0 {
		return aspects
	}
	held := lexicon.NewTermSet(c.an.Terms(asked))
	if !slices.ContainsFunc(aspects, func(w retrieve.Weighted) bool { return w.MatchedBy(held) }) {
		return aspects
	}
	out := slices.Clone(aspects)
	for i := range out {
		if !out[i].MatchedBy(held) {
			out[i].Weight *= contextWeight
		}
	}
	return out
}

// contextWeight scales an aspect that only the context of a question holds
// (see weighContext).
const contextWeight = 0.3

// questionSentences returns the sentences of q that end in a question mark,
// joined, when q also holds a sentence that does not, or a lead-in before a
// colon: a context before or after what is asked.
func questionSentences(q string) (string, bool) {
	var asked []string
	context := false
	start := 0
	for i := 0; i <= len(q); i++ {
		if i < len(q) && !strings.ContainsRune(".!?\n", rune(q[i])) {
			continue
		}
		part := strings.TrimSpace(q[start:i])
		if i < len(q) && q[i] == '?' {
			// A lead-in before a colon sets the scene: "For a lesson on
			// sun safety: what does ... stand for?".
			if lead, rest, ok := strings.Cut(part, ": "); ok && strings.Count(lead, " ") >= 2 && strings.Count(rest, " ") >= 2 {
				part, context = rest, true
			}
			asked = append(asked, part)
		} else if strings.Count(part, " ") >= 2 {
			context = true
		}
		start = i + 1
	}
	return strings.Join(asked, " "), context && len(asked) > 0
}
