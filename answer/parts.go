package answer

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/retrieve"
)

// maxParts bounds the parts a question is split into.
const maxParts = 3

// partBreakRE finds where a question's next part begins: a conjunction
// before a question word ("... and how is it treated?", typed "n whats"
// or "+ what"; "and must", "and will"), after a clause that says when the
// part applies ("and if not, what are they treated with?", "? if not,
// what else", "and once you know your allergen how do you stop it coming
// back?", "and if one does decide to treat them, what is tried?"), after
// a preposition ("and on which parts of the face", "and at what age"), or
// a second
// question after a question mark, or a terse one after "? +" ("risk
// factors? + name of the tool?") or after "? " and a capital ("common
// triggers? First-line topicals?"; not "I", which opens an account). The
// part begins at the first submatch that is set.
var partBreakRE = regexp.MustCompile(`(?i)(?:(?:,?\s+(?:and|or|also|plus|n|&|\+)\s+|\?\s+)(?:(?:if\s+(?:not|so)|otherwise|in\s+that\s+case|after\s+that)\s*,?\s+)?((?:how|hows|what|whats|what's|where|when|why|who|which|is|are|does|do|can|should|must|will|could|would|might)\b)|(?:,?\s+(?:and|or|also|plus|n|&|\+)\s+|\?\s+)(?:once|if|when|after)\s+[^,?.]{3,40}?\s*,?\s+((?:how|hows|what|whats|what's|where|when|why|who|which)\b)|,?\s+(?:and|or)\s+(?:on|in|at|for|from|to|with|by|of)\s+((?:which|what|whom)\b)|\?\s*(?:\+|&)\s*(\w)|\?\s+((?-i:[A-HJ-Z0-9]|I[a-z]))[^?.!]{3,}\?)`)

// pronounRE finds a word that stands for the question's topic in a later
// part: "what are its symptoms?".
var pronounRE = regexp.MustCompile(`(?i)\b(?:its|it|they|them|their|this|these)\b`)

// demonstrativeRE finds "that" or "this" standing alone for what was just
// asked: before a verb of the question or at its end ("how is that
// handled", "what causes this").
var demonstrativeRE = regexp.MustCompile(`(?i)\b(that|this)\b(?:\s+(?:is|was|be|been|gets?|happens?|handled|treated|managed|done|prevented|stopped|caused|helped|means?|looks?|last|lasts)\b|\s*$)`)

// questionOpenRE is the question words and auxiliaries that open a part.
var questionOpenRE = regexp.MustCompile(`(?i)^(?:(?:what|how|why|when|where|who|which|is|are|does|do|did|can|could|should|will|would|may|might)\s+)+`)

// subjectOf returns what a part asks about: the part without its opening
// question words ("Can rosacea affect your eyes" -> "rosacea affect your
// eyes").
func subjectOf(part string) string {
	return strings.TrimSpace(questionOpenRE.ReplaceAllString(part, ""))
}

// Parts splits a question that asks several things in turn ("What causes
// intertrigo and what are its symptoms?") into its parts, each a question
// of its own that names the answer's focus: a pronoun standing for it is
// replaced by the focus's name ("what are intertrigo symptoms?"), and a
// part that names neither gets the name added, as the question writes it
// ("hot tub folliculitis", not "Folliculitis"). It returns nil when the
// question has one part, when its focus is not named, or when a part is
// too short to ask anything.
func (c *Composer) Parts(a Answer, question string) []string {
	if !a.Named || len(a.Focus) == 0 {
		return nil
	}
	locs := partBreakRE.FindAllStringSubmatchIndex(question, maxParts-1)
	if len(locs) == 0 {
		return c.verbParts(a, question)
	}
	var parts []string
	start := 0
	for _, l := range locs {
		parts = append(parts, strings.TrimSpace(question[start:l[0]]))
		start = l[2]
		for g := 4; start < 0 && g < len(l); g += 2 {
			start = l[g]
		}
	}
	parts = append(parts, strings.TrimSpace(question[start:]))
	name := a.Focus[0]
	if written, ok := c.writtenName(a.focus[0], question, a.concepts); ok {
		name = written
	}
	for i, p := range parts {
		// "A new boy in Year 3 has vitiligo and the others won't hold his
		// hand. What causes it?" asks what causes vitiligo: the account
		// before a part's question is no part of what it asks.
		// A question that points back with "that" ("Why is that?"), or
		// names no topic by a pronoun, keeps its account.
		if tail, ok := retrieve.QuestionAfterAccount(p); ok && pronounRE.MatchString(tail) && !demonstrativeRE.MatchString(tail) {
			p = tail
		}
		p = strings.TrimRight(p, " ?.!,;")
		if len(strings.Fields(p)) < 2 {
			return nil
		}
		// "that" standing for what the part before asked about: "Can
		// rosacea affect the eyes, and how is that handled?" asks how
		// rosacea of the eyes is handled.
		if i > 0 {
			if loc := demonstrativeRE.FindStringSubmatchIndex(p); loc != nil {
				p = p[:loc[2]] + subjectOf(strings.TrimRight(parts[i-1], " ?.!,;")) + p[loc[3]:]
			}
		}
		if !c.namesFocus(a, p) {
			if loc := pronounRE.FindStringIndex(p); loc != nil {
				p = p[:loc[0]] + name + p[loc[1]:]
			} else {
				p += " (" + name + ")"
			}
		}
		parts[i] = p + "?"
	}
	return parts
}

// coordVerbsRE asks two things of one subject with two verbs: "How is
// onychomycosis diagnosed and treated?". Submatches: the opening, the
// subject, the first verb, the second.
var coordVerbsRE = regexp.MustCompile(`(?i)^\W*((?:how|when|why|where)\s+(?:is|are|can|should|do|does|would|will|could|might)(?:\s+(?:it|they))?)\s+(.{3,80}?)\s+(\w+(?:ed|en|wn|ht|ld))\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s+or\s+)(\w+(?:ed|en|wn|ht|ld))\s*\??\s*$`)

// verbParts splits a question that asks two things of one subject with two
// verbs into a question for each ("How is onychomycosis diagnosed?", "How
// is onychomycosis treated?"), or returns nil.
func (c *Composer) verbParts(a Answer, question string) []string {
	m := coordVerbsRE.FindStringSubmatch(question)
	if m == nil || strings.EqualFold(m[3], m[4]) || !c.namesFocus(a, m[2]) {
		return nil
	}
	return []string{m[1] + " " + m[2] + " " + m[3] + "?", m[1] + " " + m[2] + " " + m[4] + "?"}
}

// namesFocus reports whether text names one of the answer's focus topics.
func (c *Composer) namesFocus(a Answer, text string) bool {
	asked := c.topics.asked(askedTerms(c.ix.Analyze(text)))
	for _, ti := range a.focus {
		if c.topics.nameCover(ti, asked) >= namedCover {
			return true
		}
	}
	return false
}

// writtenName returns the longest run of the question's words that writes
// a name of topic ti of two words or more ("hot tub folliculitis"), or ok
// false when it writes none; concepts are the question's analysis.
func (c *Composer) writtenName(ti int, question string, concepts []retrieve.Weighted) (string, bool) {
	type word struct {
		start, end int
		term       string
	}
	var words []word
	for _, loc := range wordRE.FindAllStringIndex(question, -1) {
		t := c.an.Term(strings.ToLower(question[loc[0]:loc[1]]))
		words = append(words, word{loc[0], loc[1], t})
	}
	// The topic's names of its own, and the question's phrases that end
	// in one of them ("hot tub folliculitis").
	var targets [][]string
	tp := c.topics.topics[ti]
	for _, n := range tp.names {
		if len(n) >= 2 && !c.sharedName(ti, n) {
			targets = append(targets, n)
		}
	}
	for _, w := range concepts {
		if len(w.Terms) < 2 || w.Filler {
			continue
		}
		if slices.ContainsFunc(tp.names, func(n []string) bool {
			// A name's head noun comes last: "hot tub folliculitis" is a
			// folliculitis, "herpes simplex virus" no herpes simplex.
			return len(n) < len(w.Terms) && !c.sharedName(ti, n) && slices.Equal(w.Terms[len(w.Terms)-len(n):], n)
		}) {
			targets = append(targets, w.Terms)
			continue
		}
		// A kind of the topic the thesaurus names otherwise, in words that
		// hold none of its names: "Bowen disease" is squamous cell
		// carcinoma in situ ("herpes simplex virus" holds a name).
		holds := slices.ContainsFunc(tp.names, func(n []string) bool { return containsRun(w.Terms, n) })
		if w.Group >= 0 && !holds && slices.ContainsFunc(w.Alternatives, func(alt []string) bool {
			return slices.ContainsFunc(tp.names, func(n []string) bool {
				return len(n) >= 2 && len(n) < len(alt) && !c.sharedName(ti, n) && containsRun(alt, n)
			})
		}) {
			targets = append(targets, w.Terms)
		}
	}
	best, bestLen := "", 0
	for i := range words {
		var terms []string
		for j := i; j < len(words) && j < i+maxNameWords; j++ {
			if words[j].term == "" {
				if j == i {
					break
				}
				continue
			}
			terms = append(terms, words[j].term)
			if len(terms) < 2 || len(terms) <= bestLen {
				continue
			}
			if slices.ContainsFunc(targets, func(n []string) bool { return slices.Equal(n, terms) }) {
				best, bestLen = question[words[i].start:words[j].end], len(terms)
			}
		}
	}
	return best, bestLen > 0
}

// wordRE finds a word of a question.
var wordRE = regexp.MustCompile(`[\p{L}\p{N}'-]+`)

// maxNameWords bounds the words of a name written in a question.
const maxNameWords = 6

// sharedName reports whether another topic than ti, of which n is a
// name, has it too ("skin cancer" names three).
func (c *Composer) sharedName(ti int, n []string) bool {
	return c.topics.nameTopics[strings.Join(n, " ")] > 1
}
