package answer

import (
	"regexp"

	"github.com/dermliving/dermliving/retrieve"
)

// This file gathers what an answer draws from several passages: a
// question of several parts (a sentence for each kind asked), one that
// compares two topics (a sentence of each) and one that compares groups or
// forms within a topic (a sentence about each).

// multiPartRE joins two questions in one: "what causes it and how is it
// treated?".
var multiPartRE = regexp.MustCompile(`(?i)(?:\b(?:and|or|also|plus|n)|\s&|\s\+)\s+(?:(?:on|in|at|for|from|to|with|by)\s+)?(?:how|hows|what|whats|what's|where|when|why|who|which|is|are|does|do|can|should)\b|\?\s*\S`)

// compareRE asks how two things differ: "irritant vs allergic contact
// dermatitis", "what's the difference between X and Y?".
var compareRE = regexp.MustCompile(`(?i)\b(?:vs\.?|versus|differen(?:ce|ces|t)\s+(?:between|from)|differ\w*\s+from|diff\b|\b(?:the\s+)?two\s+(?:conditions|diseases|disorders|illnesses|rashes)\s+differ\b|how\s+do\s+[^?]{1,60}\s+differ\b|compared?\s+(?:to|with)|tell\s+(?:them|the\s+two|\w+\s+and\s+\w+)\s+apart)`)

// contrastRE marks a sentence that sets one thing against another.
var contrastRE = regexp.MustCompile(`(?i)\b(?:differs?\s+from|different\s+from|unlike|whereas|rather\s+than|in\s+contrast|by\s+contrast|compared\s+with|while)\b`)

// perAspect returns, for each aspect, the best of the candidates (sorted
// best first) of the kind of answer asked for, by section or wording, that
// holds it and no other aspect; none unless two or more aspects have one.
func (c *Composer) perAspect(cands []candidate, aspects []retrieve.Weighted) []Sentence {
	var out []Sentence
	for i := range aspects {
		for _, k := range cands {
			if k.s.anaphoric || !k.sec && !k.cue {
				continue
			}
			holds := func(j int) bool {
				cov, _ := retrieve.Coverage(aspects[j:j+1], k.s.terms)
				return cov > 0
			}
			if !holds(i) {
				continue
			}
			other := false
			for j := range aspects {
				if j != i && holds(j) {
					other = true
					break
				}
			}
			if other {
				continue
			}
			out = append(out, Sentence{PassageID: c.topics.passages[k.p].id, Start: k.s.start, End: k.s.end, Text: k.text, Score: k.score})
			break
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// ForAspects returns, when the question compares groups or forms within
// one topic ("in men compared with women"), the best sentence of the kind
// asked for about each.
func (a Answer) ForAspects() []Sentence { return a.perAspect }

// ForTopics returns, when the question compares the topics of its focus
// ("irritant vs allergic contact dermatitis"), the best sentence of each,
// in the order of the focus.
func (a Answer) ForTopics() []Sentence {
	return a.perTopic
}

// Contrasts returns, when the question compares the topics of its focus,
// the sentences of the focus that set one of them against another, best
// first.
func (a Answer) Contrasts() []Sentence { return a.contrasts }

// ForIntent returns the best sentence of the answer's focus for one kind of
// answer asked for, from a passage whose section holds that kind, when the
// question asks several things at once.
func (a Answer) ForIntent(in Intent) (Sentence, bool) {
	s, ok := a.perIntent[in]
	return s, ok
}
