package claims

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// This file holds the comparison check: whether the span makes the
// comparison a claim makes at all. A comparison ranks one thing, group,
// site or time over another ("more common in women than in men", "works
// better on darker skin", "more effective than immunotherapy"); a
// generator adds one freely to a passage that only lists or describes
// both, and the comparative words weigh little in coverage, so without
// this check a span naming both things would hold the claim.

// thanRE finds "than" with up to four words before it (group 1) and
// the word just before it (group 2).
var thanRE = regexp.MustCompile(`(?i)((?:[\pL'-]+\s+){0,3}?([\pL'-]+))\s+than\b`)

// comparativeRE finds a comparative word: "more", "less", "fewer",
// "better", "worse" or an adjective in "-er" ("itchier", "easier").
var comparativeRE = regexp.MustCompile(`(?i)\b(?:more|less|fewer|better|worse|\pL{2,}er)\b`)

// boundAfterRE opens the text after a "than" that bounds a quantity
// ("more than six weeks", "less than 2 cm", "more than a few days"), which
// states a number, not a comparison of two things.
var boundAfterRE = regexp.MustCompile(`(?i)^\s+(?:about\s+|around\s+|roughly\s+)?(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a few|a couple|a day|a week|a month|a year|half|once|twice)\b)`)

// limiterRE ends the text of a "than" that limits rather than compares:
// "needs nothing more than gentle washing" says "needs only gentle
// washing".
var limiterRE = regexp.MustCompile(`(?i)\b(?:nothing|no|not|little|none|anything)\s+(?:more|less|better|other)\s+than$`)

// groupComparisonRE finds a comparative that ranks a group, site or time
// over the rest without its "than" ("more common in women", "works better
// on darker skin", "less severe in children", "worse at night").
var groupComparisonRE = regexp.MustCompile(`(?i)\b(?:more|less|better|worse)\s+(?:[\pL-]+\s+)?(?:in|among|on|at|during|for)\b`)

// spanComparisonRE finds what makes a span's stretch a comparison, an
// exclusive ranking or a preference: the comparative and superlative
// words, "than", "compared", "unlike", "rather", words that rank one
// group over the rest ("mainly", "especially"), verbs of change, which
// compare a thing with itself at another time ("worsens in winter" says
// what "gets worse in winter" says), and an adjective in "-er" or "-est"
// after a copula ("is higher in", "are usually larger").
// A bare "higher-stage" or "lower the chance" names no comparison.
var spanComparisonRE = regexp.MustCompile(`(?i)\b(?:more|less|fewer|most|least|better|best|worse|worst|than|compared|comparison|unlike|rather|mainly|mostly|predominantly|chiefly|especially|particularly|commoner|commonest|exceeds?|outnumbers?|predominates?|twice|double|equally|alike)\b|\b(?:worsen|improv|increas|decreas|intensif|exacerbat|aggravat)\pL*|\b(?:is|are|was|were|be|been|being|seems?|tends? to be)\s+(?:\pL+ly\s+)?\pL{2,}(?:er|est)\b`)

// claimComparison reports whether text makes a comparison: a "than"
// with a comparative in the four words before it (thanRE,
// comparativeRE), or a comparison without its "than"
// (groupComparisonRE). "rather than" and "other than" compare nothing,
// nor does a "than" that bounds a quantity (boundAfterRE) or limits
// (limiterRE).
func claimComparison(text string) bool {
	if mayHoldFold(text, "more", "less", "better", "worse") && groupComparisonRE.MatchString(text) {
		return true
	}
	if !mayHoldFold(text, "than") {
		return false
	}
	for _, m := range thanRE.FindAllStringSubmatchIndex(text, -1) {
		if w := strings.ToLower(text[m[4]:m[5]]); w == "rather" || w == "other" {
			continue
		}
		if boundAfterRE.MatchString(text[m[1]:]) || limiterRE.MatchString(text[:m[1]]) || !comparativeRE.MatchString(text[m[2]:m[3]]) {
			continue
		}
		return true
	}
	return false
}

// comparedUnheld reports whether a stretch of the claim (between side
// ends, see sideEndRE) makes a comparison (claimComparison) where the
// span's sentence (or stretch between semicolons) that shares most of its
// terms makes none (spanComparisonRE). The span is read by the sentence,
// not by the stretch: a sentence's comparison often stands in a clause
// that shares its subject (", and were 1.4-2.7 times higher than ..."): "Targeted therapy is more effective than
// immunotherapy at preventing recurrence" against "Immunotherapy or
// targeted therapy may be offered after surgery to lower the chance of
// recurrence"; "Light therapy works better on darker skin" against a span
// whose stretch on light therapy says nothing of skin colour. A span
// whose stretch ranks the claim's things in any way ("more common in
// women", "mainly affects women", "is higher in") is left to the
// role and contrast checks, which read which way it ranks them.
func (v *Lexical) comparedUnheld(claim, span string) bool {
	if !claimComparison(claim) {
		return false
	}
	spanParts := sentenceParts(span)
	for _, part := range sideParts(claim) {
		if !claimComparison(part) {
			continue
		}
		ct := lexicon.NewTermSet(v.unitTerms(part))
		best := v.mostShared(ct, spanParts, "")
		if best != "" && !spanComparisonRE.MatchString(best) {
			return true
		}
	}
	return false
}

// sentencePartRE ends a sentence or a stretch between semicolons.
var sentencePartRE = regexp.MustCompile(`;|[.!?](?:\s|$)`)

// sentenceParts splits text at sentence ends and semicolons.
func sentenceParts(text string) []string {
	var out []string
	last := 0
	for _, b := range append(sentencePartRE.FindAllStringIndex(text, -1), []int{len(text), len(text)}) {
		out = append(out, text[last:b[0]])
		last = b[1]
	}
	return out
}

// converseWords are the words of a directed relation (relationRE) that say
// it the other way round, each with its converses: "A before B" says
// what "B after A" says, "A is more itchy than B" what "B is less itchy
// than A" says.
var converseWords = map[string][]string{
	"before": {"after"}, "after": {"before"},
	"more": {"less", "fewer"}, "less": {"more"}, "fewer": {"more"},
	"higher": {"lower"}, "lower": {"higher"},
}

// conversed returns the claim with a relation word written as the span's
// converse of it, when the claim states the span's relation turned round
// together with its word ("Muscle weakness comes after the skin signs"
// against "The skin signs appear before muscle weakness"); otherwise the
// claim itself. The contrast checks read the result, so that "after"
// against "before" is no other member of the same kind when the
// arguments change places with it; the role checks read the claim as it
// is, and see a relation turned round without its word.
//
// The relation must agree: of the span's relations of the same sort, the
// one sharing most terms with the claim's holds terms of each claim
// argument in the same argument, and not terms of each in the other (see
// reversedRole); and the claim must not hold the span's word, nor the
// span the claim's.
func (v *Lexical) conversed(claim, span string) string {
	return v.conversedIn(nil, claim, span)
}

// conversedIn is conversed with the claim's relations kept by memo (which
// may be nil).
func (v *Lexical) conversedIn(memo *clauseMemo, claim, span string) string {
	if !converseAnyCues.in(claim) {
		return claim
	}
	cw, sw := words(claim), v.cache.spanFacts(span).wordsOf()
	from, to := "", ""
	for _, w := range cw {
		for _, c := range converseWords[w] {
			if !slices.Contains(sw, w) && slices.Contains(sw, c) && !slices.Contains(cw, c) {
				from, to = w, c
			}
		}
	}
	if from == "" || !memo.relates(claim) || !v.cache.spanFacts(span).relationOK() {
		return claim
	}
	srs := v.cache.spanRelations(v, span)
	agreed := false
	for _, cr := range memo.relations(v, claim) {
		// The converse word must be the relation's: "before" or "after"
		// itself, or the comparative of a "than".
		if cr.word != from && !(cr.than && from != "before" && from != "after") {
			continue
		}
		best, bestN := -1, 0
		for i, sr := range srs {
			if sr.than != cr.than {
				continue
			}
			if n := cr.first.Shared(sr.first) + cr.second.Shared(sr.second) + cr.first.Shared(sr.second) + cr.second.Shared(sr.first); n > bestN {
				best, bestN = i, n
			}
		}
		if best < 0 {
			continue
		}
		sr := srs[best]
		if cr.first.Shared(sr.second) > 0 && cr.second.Shared(sr.first) > 0 {
			return claim
		}
		if cr.first.Shared(sr.first) > 0 && cr.second.Shared(sr.second) > 0 {
			agreed = true
		}
	}
	if !agreed {
		return claim
	}
	return converseREs[from].ReplaceAllString(claim, to)
}

// converseAnyRE finds any of converseWords.
var converseAnyRE = regexp.MustCompile(`(?i)\b(?:before|after|more|less|fewer|higher|lower)\b`)

// converseAnyCues is converseAnyRE as cueWords.
var converseAnyCues = cueWords{re: converseAnyRE, words: wordsOf(`before after more less fewer higher lower`)}

// converseREs find each of converseWords as a word.
var converseREs = func() map[string]*regexp.Regexp {
	m := map[string]*regexp.Regexp{}
	for w := range converseWords {
		m[w] = regexp.MustCompile(`(?i)\b` + w + `\b`)
	}
	return m
}()

// clauseOpposite reports whether some clause of the claim says the
// reverse of the span clause that best matches it (see clauseClash):
// that span clause holds the opposite (opposites.txt) of a term of the
// claim clause which it lacks itself, and the claim holds neither that
// opposite nor another of the term's opposites ("Squeezing spots lowers
// the risk of scarring" against "Squeezing spots can increase
// inflammation and the risk of scarring"). Unlike oppositeSwap, the
// claim's word need not stand in the place of the span's.
//
// A participle before a noun ("inflamed seborrheic dermatitis", see
// attributiveRE) names the state of the thing the clause is about, not
// what the clause says happens to it: it says nothing against the
// claim's "calm redness". A list's later item is read with the clause
// whose verb it shares (clause.lead): "... or oestrogen-containing
// medicines" after "Attacks can be triggered by minor injury" says the
// medicines trigger attacks, against a claim that they prevent them.
func (v *Lexical) clauseOpposite(memo *clauseMemo, claim, span string) bool {
	var claimTerms lexicon.TermSet
	return v.clauseClash(memo, claim, span, func(cc, sc clause) bool {
		if claimTerms == nil {
			claimTerms = lexicon.NewTermSet(v.an.Terms(claim))
		}
		part := sc.terms
		named := v.cache.spanFacts(sc.text).namedOnlyOf(v)
		if ms := attributiveRE.FindAllStringSubmatch(sc.text, -1); ms != nil || sc.lead != nil || len(named) > 0 {
			part = lexicon.NewTermSet()
			for t := range sc.terms {
				part[t] = struct{}{}
			}
			for t := range sc.lead {
				part[t] = struct{}{}
			}
			for _, m := range ms {
				if !notNounRE.MatchString(m[2]) {
					for _, t := range v.an.Terms(m[1]) {
						delete(part, t)
					}
				}
			}
			for t := range named {
				delete(part, t)
			}
		}
		return v.holdsOpposite(claimTerms, cc.terms, part)
	})
}

// mayOppose reports whether some clause of the span (from memo, which
// the polarity checks have filled) holds the opposite of a term of the
// claim that it lacks: without one, no clause can (see clauseOpposite),
// and the claim's clauses need not be matched.
func (v *Lexical) mayOppose(memo *clauseMemo, ci claimInfo, span string) bool {
	for _, sc := range memo.of(v, span) {
		var named lexicon.TermSet
		for _, c := range ci.concepts {
			for _, t := range c.Terms {
				if sc.terms.Has(t) {
					if named == nil {
						named = v.cache.spanFacts(sc.text).namedOnlyOf(v)
					}
					if !named.Has(t) {
						continue
					}
				}
				for p := range sc.terms {
					if v.opposites.opposed(t, p) {
						return true
					}
				}
			}
		}
	}
	return false
}

// namedOnly returns the terms of text that stand only inside a name of
// two or more words of the thesaurus ("loss" in "female pattern hair
// loss"): there they name a thing, not what the clause says of it. The
// span clause "Women with female pattern hair loss usually keep the front
// hairline" holds the opposite of the claim's "loss of the front
// hairline", though it holds the word "loss" too.
func (v *Lexical) namedOnly(text string) lexicon.TermSet {
	terms := v.an.Terms(text)
	var in []bool
	for i := 0; i < len(terms); {
		if _, n, ok := v.th.Match(terms, i); ok && n > 1 {
			if in == nil {
				in = make([]bool, len(terms))
			}
			for k := i; k < i+n; k++ {
				in[k] = true
			}
			i += n
			continue
		}
		i++
	}
	if in == nil {
		return nil
	}
	out := lexicon.NewTermSet(nil)
	for i, t := range terms {
		if in[i] {
			out[t] = struct{}{}
		}
	}
	for i, t := range terms {
		if !in[i] {
			delete(out, t)
		}
	}
	return out
}

// attributiveRE finds a participle in "-ed" and the word after it (group
// 2): before a noun the participle is attributive ("inflamed skin").
var attributiveRE = regexp.MustCompile(`(?i)\b(\pL{3,}ed)\s+(\pL+)`)

// notNounRE matches a word after a participle that makes it no
// attribute: a preposition, a conjunction, an article or an adverb
// ("inflamed by", "raised and", "damaged the").
var notNounRE = regexp.MustCompile(`(?i)^(?:by|with|in|on|at|to|for|from|into|after|before|during|when|if|as|than|and|or|but|the|a|an|its|their|this|that|which|who|\pL+ly)$`)
