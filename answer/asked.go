package answer

import (
	"regexp"
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
	// A word the question sentences hold only inside a phrase asked as one
	// ("creams" of "if steroid creams are used for too long") is not asked
	// by itself: "We sell hydrocortisone 1% cream. What can happen ...?"
	// asks about steroid creams, and "cream" alone is the context's.
	free := freeTerms(c.an.Terms(asked), aspects)
	out := slices.Clone(aspects)
	for i, w := range out {
		if !w.MatchedBy(held) || len(w.Terms) == 1 && !strings.Contains(w.Terms[0], " ") && !w.MatchedBy(free) {
			out[i].Weight *= contextWeight
		}
	}
	return out
}

// freeTerms returns the terms of words outside every run of words that
// spells an aspect of several words.
func freeTerms(words []string, aspects []retrieve.Weighted) lexicon.TermSet {
	used := make([]bool, len(words))
	for _, w := range aspects {
		var run []string
		for _, t := range w.Terms {
			run = append(run, strings.Fields(t)...)
		}
		if len(run) < 2 {
			continue
		}
		for i := 0; i+len(run) <= len(words); i++ {
			if slices.Equal(words[i:i+len(run)], run) {
				for j := i; j < i+len(run); j++ {
					used[j] = true
				}
			}
		}
	}
	free := lexicon.TermSet{}
	for i, t := range words {
		if !used[i] {
			free[t] = struct{}{}
		}
	}
	return free
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

// phrasingWords say what kind of answer is wanted, or are verbs of any
// answer; they are no part of what is asked about.
var phrasingWords = []string{"cause", "causes", "caused", "trigger", "triggers", "treat", "treated", "treatment", "treatments", "therapy", "therapies", "option", "options",
	"symptom", "symptoms", "sign", "signs", "diagnose", "diagnosed", "diagnosis", "prevent", "prevention", "prevented", "preventing", "form", "forms", "develop", "develops", "occur", "occurs",
	"tend", "tends", "show", "shows", "affect", "affects", "type", "types", "help", "helps", "happen", "problem", "problems", "condition", "conditions", "manage", "managed", "management",
	"research", "clinical", "trial", "trials", "study", "studies", "available", "done", "doctor", "doctors", "clinician", "clinicians", "usual", "appear", "appears", "cure", "there", "work", "out", "which", "what", "someone", "anything", "something", "would", "should", "could", "give", "gives", "given", "prescribe", "prescribed", "stand", "two", "both", "lifestyle", "known", "generally", "speaking", "genetic", "inherited", "hereditary", "pass", "passed", "passes", "passing", "around", "round"}

// Phrasing reports whether the concept only says what kind of answer is
// wanted or is a verb of any answer ("causes", "treatment", "done",
// "give"): no part of what is asked about.
func (c *Composer) Phrasing(w lexicon.Concept) bool { return c.phrasingGroup(w) }

// phrasing reports whether c is a phrasing word.
func (c *Composer) phrasing(w lexicon.Concept) bool {
	return len(w.Terms) == 1 && w.Group < 0 && c.phrasingTerm(w.Terms[0])
}

// phrasingTerm reports whether term is the term of a phrasing word.
func (c *Composer) phrasingTerm(term string) bool {
	c.phrasingOnce.Do(func() {
		c.phrasingSet = lexicon.TermSet{}
		for _, p := range phrasingWords {
			if t := c.an.Term(p); t != "" {
				c.phrasingSet[t] = struct{}{}
			}
		}
	})
	return c.phrasingSet.Has(term)
}

// phrasingGroup reports whether c is a phrasing word or a thesaurus group
// of phrasing words only (treat and treatment). Such a group still counts
// as what is asked of a focus ("What are the treatments for X?" is answered
// by a sentence on treatment), but it says nothing of which topic a
// question is about.
func (c *Composer) phrasingGroup(w lexicon.Concept) bool {
	if c.phrasing(w) {
		return true
	}
	if w.Group < 0 {
		return false
	}
	for _, alt := range w.Alternatives {
		if len(alt) != 1 || !c.phrasingTerm(alt[0]) {
			return false
		}
	}
	return len(w.Alternatives) > 0
}

// formNames returns the names (their terms joined by spaces) a question
// gives a topic of its focus besides the topic's title, when it writes the
// title too: "cradle cap in infant seborrheic dermatitis" asks about the
// form of the topic the other name is given to, so that name stays among
// what is asked and its sentences rank first.
func (c *Composer) formNames(focus []int, own lexicon.TermSet) map[string]bool {
	var out map[string]bool
	for _, ti := range focus {
		tp := c.topics.topics[ti]
		title := tp.title
		if len(title) == 0 || !hasAll(own, title) {
			continue
		}
		for _, name := range tp.names {
			if !hasAll(own, name) || !slices.ContainsFunc(name, func(t string) bool { return !slices.Contains(title, t) }) {
				continue
			}
			if out == nil {
				out = map[string]bool{}
			}
			out[strings.Join(name, " ")] = true
		}
	}
	return out
}

// exceptRE finds what a question sets aside ("Apart from the skin, which
// other health problems ...?"): one or two words after the phrase.
var exceptRE = regexp.MustCompile(`(?i)\b(?:apart\s+from|aside\s+from|besides|other\s+than|except(?:\s+for)?)\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+|his\s+|her\s+)?([\w'-]+(?:\s+[\w'-]+)?)`)

// withoutExcepted drops the aspects the question sets aside: they say
// what is not asked.
func (c *Composer) withoutExcepted(question string, aspects []retrieve.Weighted) []retrieve.Weighted {
	m := exceptRE.FindAllStringSubmatch(question, -1)
	if m == nil {
		return aspects
	}
	set := lexicon.NewTermSet()
	for _, g := range m {
		for _, t := range c.an.Terms(g[1]) {
			set[t] = struct{}{}
		}
	}
	return slices.DeleteFunc(slices.Clone(aspects), func(w retrieve.Weighted) bool { return hasAll(set, w.Terms) })
}

// hasAll reports whether the set holds every term.
func hasAll(set lexicon.TermSet, terms []string) bool {
	return !slices.ContainsFunc(terms, func(t string) bool { return !set.Has(t) })
}

// PartOfFocusName reports whether the concept is written with some of the
// words of a longer name of the answer's focus ("candida" of "candida on
// the skin"), which a sentence of the focus need not hold: it may write
// "cutaneous candidiasis". A concept that is a whole name ("cradle cap")
// may name a form of the focus its sentences should name.
func (c *Composer) PartOfFocusName(a Answer, w lexicon.Concept) bool {
	for _, ti := range a.focus {
		for _, name := range c.topics.topics[ti].names {
			if len(name) > len(w.Terms) && !slices.ContainsFunc(w.Terms, func(t string) bool { return !slices.Contains(name, t) }) {
				return true
			}
		}
	}
	return false
}
