package answer

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

// This file reads which of the version's topics a question names: the
// terms it asks, how much of a topic's name they hold, and which of two
// named topics it asks about.

// nameCover is the largest share, weighted by rarity among topic names, of
// one of the topic's names that the question's terms hold.
func (t *Topics) nameCover(ti int, asked askedNames) float64 {
	tp := &t.topics[ti]
	best := 0.0
	for k, ids := range tp.ids {
		ws, sites := tp.weights[k], tp.sites[k]
		var have, all float64
		named := false
		for i, id := range ids {
			w := ws[i]
			all += w
			if asked.has(id, len(ids), k == 0) {
				have += w
				named = named || !sites[i]
			}
		}
		// "red cheeks and nose" does not ask for rosacea by its alias
		// "rum nose".
		if all > 0 && named && (have == all || !tp.subject[k]) {
			best = max(best, have/all)
		}
	}
	return best
}

// askedNames is the terms asked (see askedTerms) as nameCover reads them:
// which name terms, by number (Topics.termID), the question asks by
// themselves and which only inside a longer phrase.
type askedNames struct {
	plain, inner []uint64 // bit sets
}

// asked returns the name terms of the terms asked.
func (t *Topics) asked(asked lexicon.TermSet) askedNames {
	words := (len(t.termID) + 63) / 64
	bits := make([]uint64, 2*words)
	a := askedNames{plain: bits[:words:words], inner: bits[words:]}
	for term := range asked {
		set := a.plain
		if rest, ok := strings.CutPrefix(term, innerMark); ok {
			term, set = rest, a.inner
		}
		if id, ok := t.termID[term]; ok {
			set[id/64] |= 1 << (id % 64)
		}
	}
	return a
}

// has is hasTerm for the term numbered id.
func (a askedNames) has(id int32, nameLen int, title bool) bool {
	return a.plain[id/64]&(1<<(id%64)) != 0 || (nameLen > 1 || title) && a.inner[id/64]&(1<<(id%64)) != 0
}

// namedBy reports whether one of names is a way of writing c, or holds it.
func namedBy(c lexicon.Concept, names [][]string) bool {
	for _, n := range names {
		set := lexicon.NewTermSet(n)
		if c.MatchedBy(set) {
			return true
		}
	}
	return false
}

// Names reports whether the question names a topic of the version, by
// any of its names ("hives" names urticaria).
func (c *Composer) Names(concepts []retrieve.Weighted) bool {
	return c.namesTopic(askedTerms(concepts))
}

// askedTerms returns every term of every way of writing the question's
// concepts, fillers aside.
func askedTerms(concepts []retrieve.Weighted) lexicon.TermSet {
	asked := lexicon.NewTermSet()
	for _, w := range concepts {
		if w.Filler {
			continue
		}
		// A word asked only inside a longer phrase ("eczema" in
		// "asteatotic eczema" and "eczema craquelé") is marked: it
		// names no topic by itself (see hasTerm).
		inner := !slices.ContainsFunc(w.Alternatives, func(alt []string) bool { return len(alt) == 1 })
		for _, alt := range w.Alternatives {
			for _, t := range alt {
				if inner {
					t = innerMark + t
				}
				asked[t] = struct{}{}
			}
		}
	}
	return asked
}

// innerMark marks, in the terms asked, a word asked only inside a phrase of
// several words.
const innerMark = "\x00"

// hasTerm reports whether asked holds term of a topic name of nameLen terms,
// the topic's title when title is set: a word asked only inside a longer
// phrase counts toward a name of several words ("atopic dermatitis") and
// toward a title ("folliculitis" in "hot tub folliculitis"), not toward
// another name of one word ("eczema", another name of atopic dermatitis, in
// "asteatotic eczema").
func hasTerm(asked lexicon.TermSet, term string, nameLen int, title bool) bool {
	return asked.Has(term) || (nameLen > 1 || title) && asked.Has(innerMark+term)
}

// namesTopic reports whether the terms asked hold enough of a topic's name
// to name it.
func (c *Composer) namesTopic(asked lexicon.TermSet) bool {
	names := c.topics.asked(asked)
	for _, ti := range c.candidateTopics(asked) {
		if c.topics.nameCover(ti, names) >= namedCover {
			return true
		}
	}
	return false
}

// namedTopics returns the topics the terms asked name.
func (c *Composer) namedTopics(asked lexicon.TermSet) map[int]bool {
	out := map[int]bool{}
	names := c.topics.asked(asked)
	for _, ti := range c.candidateTopics(asked) {
		if c.topics.nameCover(ti, names) >= namedCover {
			out[ti] = true
		}
	}
	return out
}

// candidateTopics returns the topics one of whose names holds a term asked.
func (c *Composer) candidateTopics(asked lexicon.TermSet) []int {
	var out []int
	seen := map[int]bool{}
	for t := range asked {
		for _, ti := range c.topics.byTerm[strings.TrimPrefix(t, innerMark)] {
			if !seen[ti] {
				seen[ti] = true
				out = append(out, ti)
			}
		}
	}
	return out
}

// subjectOf returns, of a question that tells of one thing turning into
// another, the topics named before the turn (in before), the best named
// first, when focus holds none of them; otherwise focus.
func (c *Composer) subjectOf(focus []int, before string) []int {
	asked := askedTerms(c.ix.Analyze(before))
	best, cov := -1, 0.0
	names := c.topics.asked(asked)
	for _, ti := range c.candidateTopics(asked) {
		if slices.Contains(focus, ti) {
			return focus
		}
		if cv := c.topics.nameCover(ti, names); cv >= namedCover && (cv > cov || cv == cov && ti < best) {
			best, cov = ti, cv
		}
	}
	if best < 0 {
		return focus
	}
	return []int{best}
}

// intoRE finds one thing turning into another: "turn into", "become",
// "progress to".
var intoRE = regexp.MustCompile(`(?i)\b(?:turn(?:s|ed|ing)?|develop(?:s|ed|ing)?|change(?:s|d)?|progress(?:es|ed|ing)?|transform(?:s|ed|ing)?)\s+(?:in)?to\b|\bbecom(?:e|es|ing)\s+(?:a\s+|an\s+)?(?:cancerous|malignant)?`)

// WithFocusNames returns the question's concepts with the answer's focus
// title added as another way of writing each concept that names the focus by
// another of its names, when the question holds no word of the title:
// "What actually causes dandruff?" is answered by the sentences on what
// causes seborrheic dermatitis, which seldom say "dandruff". A question that
// holds a word of the title ("What is a congenital naevus?") names a kind of
// the topic, and its other words stay its own. The concepts given are not
// changed.
func (c *Composer) WithFocusNames(a Answer, concepts []retrieve.Weighted) []retrieve.Weighted {
	if !a.Named || len(a.focus) == 0 {
		return concepts
	}
	out := concepts
	copied := false
	for _, ti := range a.focus {
		names := c.topics.topics[ti].names
		if len(names) == 0 || len(names[0]) == 0 {
			continue
		}
		title := lexicon.NewTermSet(names[0])
		if slices.ContainsFunc(concepts, func(w retrieve.Weighted) bool {
			return !w.Filler && slices.ContainsFunc(w.Alternatives, func(alt []string) bool { return slices.ContainsFunc(alt, title.Has) })
		}) {
			continue
		}
		for i, w := range concepts {
			if w.Filler || !namedBy(w.Concept, names[1:]) {
				continue
			}
			if !copied {
				out = slices.Clone(concepts)
				copied = true
			}
			out[i].Alternatives = append(slices.Clone(out[i].Alternatives), names[0])
		}
	}
	return out
}

// namedAlone reports whether the terms asked hold the whole of one of topic
// ti's names that no other topic of among has: "scc" names squamous cell
// carcinoma alone, "skin cancer" three topics.
func (t *Topics) namedAlone(ti int, among []int, asked lexicon.TermSet) bool {
	for k, name := range t.topics[ti].names {
		if !nameAsked(name, asked, k == 0) {
			continue
		}
		shared := false
		for _, o := range among {
			if o != ti && slices.ContainsFunc(t.topics[o].names, func(n []string) bool { return slices.Equal(n, name) }) {
				shared = true
				break
			}
		}
		if !shared {
			return true
		}
	}
	return false
}

// namedIn reports whether terms hold the whole of one of topic ti's names.
func (t *Topics) namedIn(ti int, terms lexicon.TermSet) bool {
	return slices.ContainsFunc(t.topics[ti].names, func(name []string) bool { return nameAsked(name, terms, false) })
}

// namedBesidesTitle reports whether the terms asked hold the whole of one of
// topic ti's names other than its title.
func (t *Topics) namedBesidesTitle(ti int, asked lexicon.TermSet) bool {
	tp := &t.topics[ti]
	for k := 1; k < len(tp.names); k++ {
		if !tp.subject[k] && nameAsked(tp.names[k], asked, false) {
			return true
		}
	}
	return false
}

// nameAsked reports whether the terms asked hold every term of name (see
// hasTerm; title is true for a topic's title).
func nameAsked(name []string, asked lexicon.TermSet, title bool) bool {
	return !slices.ContainsFunc(name, func(term string) bool { return !hasTerm(asked, term, len(name), title) })
}

// DescribesSkin reports whether the question holds a word that describes
// the skin, hair or nails or a lesion on them ("lump", "blisters",
// "cracked"), so that a question naming no topic may describe one.
func (c *Composer) DescribesSkin(concepts []retrieve.Weighted) bool {
	c.analyseDomainWords()
	for _, w := range concepts {
		if w.Filler {
			continue
		}
		for _, t := range w.Terms {
			if c.lesionSet.Has(t) || c.skinSet.Has(t) {
				return true
			}
		}
	}
	return false
}
