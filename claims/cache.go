package claims

import (
	"sync"
	"sync/atomic"

	"github.com/dermliving/dermliving/lexicon"
)

// analysed is a passage text split into sentences, each with its terms.
type analysed struct {
	sents []Sentence
	sets  []lexicon.TermSet
	seqs  [][]string // each sentence's terms in order
	// whole holds every term of the text, and prefixes the first
	// softPrefix letters of each term at least that long.
	whole    lexicon.TermSet
	prefixes map[string]bool
}

// sentenceCache remembers the analysed sentences of passage texts, so that a
// passage is split and analysed once, not once per claim. It holds at most
// max texts; past that, texts are analysed without being kept.
type sentenceCache struct {
	an      *lexicon.Analyzer
	m       sync.Map // text -> *analysed
	n       atomic.Int64
	clauses memo[[]clause]          // span text -> its clauses
	units   memo[[]unit]            // span text -> its entity units
	lists   memo[[]unit]            // span text -> its entity units with list runs joined (see listRuns)
	rels    memo[[]relation]        // span text -> its directed relations
	items   memo[[]listItem]        // span text -> its list items
	cls     memo[[]lexicon.TermSet] // span text -> its clauses' terms (see clauseTerms)
	owners  memo[[][]ownedUnit]     // span text -> its sentences' units (see ownerUnits)
	facts   memo[*spanFacts]        // span or span clause text -> its facts
	words   memo[[]string]          // word -> its analysed terms
	max     int64
}

// memo remembers values built from texts, up to a number of texts; past
// that, values are built without being kept.
type memo[T any] struct {
	m sync.Map // text -> T
	n atomic.Int64
}

// get returns build(text), built once while fewer than max texts are kept.
func (mm *memo[T]) get(text string, max int64, build func(string) T) T {
	if v, ok := mm.m.Load(text); ok {
		return v.(T)
	}
	v := build(text)
	if mm.n.Load() < max {
		if _, loaded := mm.m.LoadOrStore(text, v); !loaded {
			mm.n.Add(1)
		}
	}
	return v
}

// maxCachedTexts bounds the cache: about the size of a large corpus's set of
// passages that questions actually reach.
const maxCachedTexts = 50_000

func newSentenceCache(an *lexicon.Analyzer) *sentenceCache {
	return &sentenceCache{an: an, max: maxCachedTexts}
}

func analyse(an *lexicon.Analyzer, text string) *analysed {
	sents := Split(text)
	a := &analysed{sents: sents, sets: make([]lexicon.TermSet, len(sents)), seqs: make([][]string, len(sents)), whole: lexicon.TermSet{}, prefixes: map[string]bool{}}
	for i, s := range sents {
		a.seqs[i] = an.Terms(s.Text)
		a.sets[i] = lexicon.NewTermSet(a.seqs[i])
		for _, t := range a.seqs[i] {
			a.whole[t] = struct{}{}
			if len(t) >= softPrefix {
				a.prefixes[t[:softPrefix]] = true
			}
		}
	}
	return a
}

func (c *sentenceCache) get(text string) *analysed {
	if c == nil {
		return nil
	}
	if v, ok := c.m.Load(text); ok {
		return v.(*analysed)
	}
	a := analyse(c.an, text)
	if c.n.Load() < c.max {
		if _, loaded := c.m.LoadOrStore(text, a); !loaded {
			c.n.Add(1)
		}
	}
	return a
}

// spanClauses returns the clauses of a supporting span, one or two passage
// sentences, analysed once and kept like the sentences are.
func (c *sentenceCache) spanClauses(v *Lexical, text string) []clause {
	if c == nil {
		return v.clauses(text)
	}
	return c.clauses.get(text, c.max, v.clauses)
}

// spanUnits returns the entity units of a supporting span (see bindUnits),
// found once and kept like its clauses.
func (c *sentenceCache) spanUnits(v *Lexical, text string) []unit {
	build := func(t string) []unit { return v.bindUnits(t, true) }
	if c == nil {
		return build(text)
	}
	return c.units.get(text, c.max, build)
}

// spanListUnits returns the entity units of a supporting span with its
// list runs joined (see listRuns), found once and kept like its clauses.
func (c *sentenceCache) spanListUnits(v *Lexical, text string) []unit {
	build := func(t string) []unit { return listRuns(c.spanUnits(v, t)) }
	if c == nil {
		return build(text)
	}
	return c.lists.get(text, c.max, build)
}

// spanRelations returns the directed relations of a supporting span (see
// relations), found once and kept like its clauses.
func (c *sentenceCache) spanRelations(v *Lexical, text string) []relation {
	if c == nil {
		return v.relations(text)
	}
	return c.rels.get(text, c.max, v.relations)
}

// spanItems returns the list items of a supporting span (see listItems),
// found once and kept like its clauses.
func (c *sentenceCache) spanItems(v *Lexical, text string) []listItem {
	if c == nil {
		return v.listItems(text)
	}
	return c.items.get(text, c.max, v.listItems)
}

// spanClauseTerms returns the terms of a supporting span's clauses (see
// clauseTerms), found once and kept like its clauses.
func (c *sentenceCache) spanClauseTerms(v *Lexical, text string) []lexicon.TermSet {
	if c == nil {
		return v.clauseTerms(text)
	}
	return c.cls.get(text, c.max, v.clauseTerms)
}

// spanOwnerUnits returns the units of a supporting span's sentences (see
// ownerUnits), found once and kept like its clauses.
func (c *sentenceCache) spanOwnerUnits(v *Lexical, text string) [][]ownedUnit {
	if c == nil {
		return v.ownerUnits(text)
	}
	return c.owners.get(text, c.max, v.ownerUnits)
}

// spanFacts returns the facts of a span's text, or of one of its clauses
// (see spanFacts), kept like its clauses.
func (c *sentenceCache) spanFacts(text string) *spanFacts {
	build := func(t string) *spanFacts { return &spanFacts{text: t} }
	if c == nil {
		return build(text)
	}
	return c.facts.get(text, c.max, build)
}

// wordTerms returns the analysed terms of one word, kept for every word
// the verifier reads one by one (a vocabulary, not texts). The slice is
// shared: callers must not modify it.
func (c *sentenceCache) wordTerms(v *Lexical, word string) []string {
	if c == nil {
		return v.an.Terms(word)
	}
	return c.words.get(word, c.max, v.an.Terms)
}
