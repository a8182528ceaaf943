package claims

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/dermliving/dermliving/lexicon"
)

// lazy is a value built on first use, once, whoever asks first.
type lazy[T any] struct {
	once sync.Once
	v    T
}

// get returns the value, built by build on the first call.
func (l *lazy[T]) get(build func() T) T {
	l.once.Do(func() { l.v = build() })
	return l.v
}

// spanFacts are what the checks read of a span's text whatever the claim:
// found once per text, on first use, and kept by the verifier's cache
// with the span's clauses (see sentenceCache.spanFacts). Every value is
// shared: callers must not modify it.
type spanFacts struct {
	text string

	relation    lazy[bool]            // relationRE matches relationText(text)
	negationCue lazy[bool]            // negationCues.in(text)
	avoid       lazy[bool]            // avoidRE matches text
	hyphenNeg   lazy[bool]            // hyphenNegated(text)
	whether     lazy[bool]            // whetherRE matches text
	common      lazy[bool]            // spanCommonRE matches text
	association lazy[bool]            // associationRE matches text
	relClause   lazy[bool]            // relClauseRE matches text
	wordSet     lazy[map[string]bool] // wordSet(text)
	words       lazy[[]string]        // words(text)
	numbers     lazy[map[string]bool] // the numbers of numberWords(text)
	hasNumber   lazy[bool]            // hasNumber(numberWords(text))
	lowerWords  lazy[map[string]bool] // text's words, lowercased (see strongAgree)
	positioned  lazy[positioned]      // positionedWords(text)
	namedOnly   lazy[lexicon.TermSet] // Lexical.namedOnly(text)
	// clauseTerms are the terms of text's clauses, and their free terms
	// (see clause.free), each gathered into one set.
	clauseTerms lazy[[2]lexicon.TermSet]
	negation    lazy[negationFacts]
	free        lazy[lexicon.TermSet] // v.canonical(v.freeOf(text))
}

// negationFacts are what negatedElsewhere reads of a span, each set made
// canonical (see Lexical.canonical): the heads and terms it denies (see
// negatedTerms) and all its terms.
type negationFacts struct {
	heads, negated, terms lexicon.TermSet
}

// negationOf returns the span's negationFacts.
func (f *spanFacts) negationOf(v *Lexical) negationFacts {
	return f.negation.get(func() negationFacts {
		heads, negated := v.negatedTerms(f.text)
		return negationFacts{heads: v.canonical(heads), negated: v.canonical(negated), terms: v.canonical(lexicon.NewTermSet(v.an.Terms(f.text)))}
	})
}

// freeOf is v.canonical(v.freeOf(f.text)).
func (f *spanFacts) freeOf(v *Lexical) lexicon.TermSet {
	return f.free.get(func() lexicon.TermSet { return v.canonical(v.freeOf(f.text)) })
}

// positioned is what positionedWords returns.
type positioned struct {
	words [][]string
	bars  []int
}

func (f *spanFacts) relationOK() bool {
	return f.relation.get(func() bool { return relationRE.MatchString(relationText(f.text)) })
}

func (f *spanFacts) negationCueIn() bool {
	return f.negationCue.get(func() bool { return negationCues.in(f.text) })
}

func (f *spanFacts) avoidIn() bool {
	return f.avoid.get(func() bool { return avoidRE.MatchString(f.text) })
}

func (f *spanFacts) hyphenNegated() bool {
	return f.hyphenNeg.get(func() bool { return hyphenNegated(f.text) })
}

func (f *spanFacts) whetherIn() bool {
	return f.whether.get(func() bool { return whetherRE.MatchString(f.text) })
}

func (f *spanFacts) commonIn() bool {
	return f.common.get(func() bool { return spanCommonRE.MatchString(f.text) })
}

func (f *spanFacts) associationIn() bool {
	return f.association.get(func() bool { return associationRE.MatchString(f.text) })
}

func (f *spanFacts) relClauseIn() bool {
	return f.relClause.get(func() bool { return relClauseRE.MatchString(f.text) })
}

func (f *spanFacts) wordSetOf() map[string]bool {
	return f.wordSet.get(func() map[string]bool { return wordSet(f.text) })
}

func (f *spanFacts) wordsOf() []string {
	return f.words.get(func() []string { return words(f.text) })
}

func (f *spanFacts) positionedWords() ([][]string, []int) {
	p := f.positioned.get(func() positioned {
		w, b := positionedWords(f.text)
		return positioned{w, b}
	})
	return p.words, p.bars
}

// numbersAgree is numbersAgree(nums, f.text).
func (f *spanFacts) numbersAgree(nums []string) bool {
	if len(nums) == 0 {
		return true
	}
	have := f.numbers.get(func() map[string]bool {
		have := map[string]bool{}
		for _, n := range numberRE.FindAllString(numberWords(f.text), -1) {
			have[n] = true
		}
		return have
	})
	for _, n := range nums {
		if !have[n] {
			return false
		}
	}
	return true
}

// hasNumberWords is hasNumber(numberWords(f.text)).
func (f *spanFacts) hasNumberWords() bool {
	return f.hasNumber.get(func() bool { return hasNumber(numberWords(f.text)) })
}

// strongAgree is strongAgree(strong, f.text).
func (f *spanFacts) strongAgree(strong []string) bool {
	if len(strong) == 0 {
		return true
	}
	return strongHeld(strong, f.lowerWords.get(func() map[string]bool { return lowerWords(f.text) }))
}

// clauseTermsOf returns the terms of the text's clauses, which are
// clauses, and their free terms, each gathered into one set.
func (f *spanFacts) clauseTermsOf(clauses []clause) (terms, free lexicon.TermSet) {
	ts := f.clauseTerms.get(func() [2]lexicon.TermSet {
		terms, free := lexicon.TermSet{}, lexicon.TermSet{}
		for _, c := range clauses {
			for t := range c.terms {
				terms[t] = struct{}{}
			}
			for t := range c.free {
				free[t] = struct{}{}
			}
		}
		return [2]lexicon.TermSet{terms, free}
	})
	return ts[0], ts[1]
}

// namedOnlyOf is v.namedOnly(f.text).
func (f *spanFacts) namedOnlyOf(v *Lexical) lexicon.TermSet {
	return f.namedOnly.get(func() lexicon.TermSet { return v.namedOnly(f.text) })
}

// lowerWords returns the words of text, lowercased: runs of letters and
// digits.
func lowerWords(text string) map[string]bool {
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		words[w] = true
	}
	return words
}

// mayHoldFold reports whether text may hold one of lits (lowercase ASCII)
// in any case: a cheap test that a (?i) regexp whose every match holds
// one of lits cannot match when it is false. Text beyond ASCII is left to
// the regexp (case folding pairs "k" with the Kelvin sign, "s" with the
// long s), so the answer is then true.
func mayHoldFold(text string, lits ...string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			return true
		}
	}
	for _, lit := range lits {
		if indexFoldASCII(text, lit) >= 0 {
			return true
		}
	}
	return false
}

// indexFoldASCII is the index of the first instance of lit (lowercase
// ASCII) in the ASCII text, in any case, or -1.
func indexFoldASCII(text, lit string) int {
	for i := 0; i+len(lit) <= len(text); i++ {
		j := 0
		for j < len(lit) {
			c := text[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lit[j] {
				break
			}
			j++
		}
		if j == len(lit) {
			return i
		}
	}
	return -1
}
