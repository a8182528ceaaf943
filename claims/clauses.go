package claims

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// clauseRE splits text into clauses, so that a negation in one clause is
// compared with the clause it belongs to. A stop followed by a space ends
// a clause too: a span of two sentences ("X is not contagious. X can
// affect people of any age") holds a clause in each.
var clauseRE = regexp.MustCompile(`(?i)[,;:()]|\.\s+|\b(although|though|but|whereas|while|however|except|unless)\b`)

// clauseMemo keeps the clauses of the claim one Verify call judges, so that
// the checks that read clauses split and analyse it once; a span's clauses
// are kept by the verifier's cache, as its sentences are.
type clauseMemo struct {
	claim   string
	clauses []clause
	// The claim's relationText and relationRE's matches there, once
	// relDone; its relations, once relsDone.
	relDone, relsDone bool
	relText           string
	relMatches        [][]int
	rels              []relation
}

// relationMatches returns relationText(text) and the matches of
// relationRE there: the claim's found once, any other text's anew. m may
// be nil.
func (m *clauseMemo) relationMatches(text string) (string, [][]int) {
	if m == nil || text != m.claim {
		rt := relationText(text)
		return rt, relationMatches(rt)
	}
	if !m.relDone {
		m.relText = relationText(text)
		m.relMatches = relationMatches(m.relText)
		m.relDone = true
	}
	return m.relText, m.relMatches
}

// relates reports whether relationRE matches relationText(text).
func (m *clauseMemo) relates(text string) bool {
	_, ms := m.relationMatches(text)
	return len(ms) > 0
}

// relations returns v.relations(text): the claim's found once. The slice
// is shared: callers must not modify it.
func (m *clauseMemo) relations(v *Lexical, text string) []relation {
	if m == nil || text != m.claim {
		return v.relations(text)
	}
	if !m.relsDone {
		rt, ms := m.relationMatches(text)
		m.rels, m.relsDone = v.relationsIn(text, rt, ms), true
	}
	return m.rels
}

// of returns the clauses of text: the claim's, analysed once, or a span's
// from the verifier's cache.
func (m *clauseMemo) of(v *Lexical, text string) []clause {
	if text != m.claim {
		return v.cache.spanClauses(v, text)
	}
	if m.clauses == nil {
		m.clauses = v.clauses(text)
	}
	return m.clauses
}

type clause struct {
	text    string
	terms   lexicon.TermSet
	negated bool
	// free are the terms outside every negation cue's scope (see
	// negatesOver): terms, when the clause has no cue.
	free lexicon.TermSet
	// subject, for a clause that opens with its verb ("..., and usually
	// occurs with hives"), are the terms of its sentence's subject: what
	// the clause says it of. Nil for other clauses.
	subject lexicon.TermSet
	// lead, for a clause with no verb of its own after the first of its
	// sentence (a list's later items: "X can be triggered by minor injury,
	// dental work, stress or medicines"), are the terms of the last clause
	// before it that has one: the items share its verb. Nil for other
	// clauses.
	lead lexicon.TermSet
}

// has reports whether the clause holds t, in its own words or in its
// sentence's subject.
func (c clause) has(t string) bool {
	return c.terms.Has(t) || c.subject.Has(t)
}

func (v *Lexical) clauses(text string) []clause {
	var out []clause
	last := 0
	// subject is the current sentence's subject, read from its first
	// clause; first is true until that clause is read.
	var subject lexicon.TermSet
	first := true
	// verbed are the terms of the sentence's last clause with a verb.
	var verbed lexicon.TermSet
	bounds := append(clauseRE.FindAllStringIndex(text, -1), []int{len(text), len(text)})
	for _, b := range bounds {
		c := text[last:b[0]]
		last = b[1]
		terms := v.an.Terms(c)
		if len(terms) > 0 {
			cl := clause{text: c, terms: lexicon.NewTermSet(terms), negated: negationCues.in(c)}
			cl.free = cl.terms
			if cl.negated {
				cl.free = v.clauseFree(c)
			}
			trimmed := strings.TrimSpace(c)
			switch {
			case first:
				first = false
				if !ellipticRE.MatchString(trimmed) && clauseVerbCues.in(c) {
					subject = lexicon.NewTermSet(v.subjectTerms(c))
				}
			case len(subject) > 0 && ellipticRE.MatchString(trimmed):
				cl.subject = subject
			}
			if clauseVerbCues.in(c) {
				verbed = cl.terms
			} else {
				cl.lead = verbed
			}
			out = append(out, cl)
		}
		if b[0] < len(text) && text[b[0]] == '.' {
			subject, first, verbed = nil, true, nil
		}
	}
	return out
}

// polarityClash reports whether some clause of the claim and the span clause
// that best matches it differ in negation.
func (v *Lexical) polarityClash(memo *clauseMemo, claim, span string) bool {
	// Without a negation cue on either side, and without a word whose
	// prefixed opposite the other side holds, no clause can clash: skip
	// analysing the clauses.
	sf := v.cache.spanFacts(span)
	if !negationCues.in(claim) && !sf.negationCueIn() && !mayHoldOpposites(wordSet(claim), sf.wordSetOf()) {
		return false
	}
	spanClauses := memo.of(v, span)
	if len(spanClauses) == 0 {
		return false
	}
	spanTerms, spanFree := sf.clauseTermsOf(spanClauses)
	for _, cc := range memo.of(v, claim) {
		shares, best, bestShared := sharedTerms(cc, spanClauses)
		// A negation counts where it reaches the other side's content: the
		// span clause's over the claim's terms, the claim's over anything the
		// span says. When several span clauses share as much with the claim
		// clause, it clashes only if it clashes with each of them: "without
		// treatment, scabies does not clear" matches "scabies is not a sign
		// of poor hygiene" as well as "the infestation does not clear without
		// treatment".
		//
		// A claim clause that joins two of the span's ("it is not
		// contagious and typically goes through flares" for "X is not
		// contagious, and the condition typically follows a course of
		// flares") may share most with a clause its negation does not
		// reach: it agrees when another span clause denies what it denies
		// and nothing more (each negation reaches the other's terms).
		clashes := func(sc clause) bool {
			if antonymClash(cc.text, sc.text) {
				return true
			}
			spanNeg, claimNeg := v.negatesOver(sc.text, cc.terms, cc.free), v.negatesOver(cc.text, spanTerms, spanFree)
			if spanNeg == claimNeg {
				return false
			}
			if claimNeg && !v.negatesOver(cc.text, sc.terms, sc.free) && slices.ContainsFunc(spanClauses, func(sc2 clause) bool {
				return sc2.negated && v.negatesOver(sc2.text, cc.terms, cc.free) && v.negatesOver(cc.text, sc2.terms, sc2.free)
			}) {
				return false
			}
			return true
		}
		if bestShared > 0 {
			all := true
			for i, sc := range spanClauses {
				if shares[i] == bestShared && !clashes(sc) {
					all = false
					break
				}
			}
			if all {
				return true
			}
		}
		if bestShared == 0 && cc.negated {
			return true // a negated claim clause with nothing to match
		}
		// The clause that holds the rarest word the two share carries what
		// the claim predicates ("... which is not itself infectious"), even
		// when another clause shares more common words.
		// Both negations are read over that clause's content alone: "not a
		// sign of dirtiness" says nothing of whether ringworm goes away.
		// Content the best clause shares with the claim clause is left out:
		// the best clause has already been compared over it ("since most
		// inflamed cysts are not infected" agrees with the claim on
		// infection, whatever another clause says of "signs of infection").
		if k := v.rarestSharedClause(cc, spanClauses, spanClauses[best], shares); k >= 0 && k != best {
			claimRest := without(cc.terms, spanClauses[best].terms)
			spanRest := without(spanClauses[k].terms, spanClauses[best].terms)
			if v.negatesOver(spanClauses[k].text, claimRest, nil) != v.negatesOver(cc.text, spanRest, nil) {
				return true
			}
		}
	}
	return false
}

// contrastClash reports whether the span names another member of a
// contrast set the claim names (see contrasts.clash and
// comparedOtherwise), or whether some clause of the claim does where the
// span clause that best matches it names another: "irritant diaper rash
// involves the folds" against "candidal rash involves the creases, whereas
// irritant diaper rash spares the folds". The span as a whole names both,
// so only its clauses tell them apart.
func (v *Lexical) contrastClash(memo *clauseMemo, claim, span string) bool {
	cw, sw := words(claim), v.cache.spanFacts(span).wordsOf()
	if v.contrasts.clash(cw, sw) || v.contrasts.comparedOtherwise(claim, span, v.an) || comparedOn(claim, span) || rankedOtherwise(claim, span) {
		return true
	}
	// Only a span naming another class of a set the claim names can clash
	// clause by clause.
	claimSets, claimClasses := map[int]bool{}, map[[2]int]bool{}
	for _, w := range cw {
		if k, ok := v.contrasts[w]; ok {
			claimSets[k[0]], claimClasses[k] = true, true
		}
	}
	if len(claimSets) == 0 || !slices.ContainsFunc(sw, func(w string) bool {
		k, ok := v.contrasts[w]
		return ok && claimSets[k[0]] && !claimClasses[k]
	}) {
		return false
	}
	return v.clauseClash(memo, claim, span, func(cc, sc clause) bool {
		return v.contrasts.clash(words(cc.text), v.cache.spanFacts(sc.text).wordsOf())
	})
}

// clauseNumbers reports whether some clause of the claim states a number
// that the span clause best matching it lacks while stating another: "stage
// 2 injuries extend into fat" against "stage 2 injuries involve partial
// thickness, and stage 3 injuries extend into fat".
// nums are the claim's numbers.
func (v *Lexical) clauseNumbers(memo *clauseMemo, nums []string, claim, span string) bool {
	// Only a span stating a number the claim does not can clash.
	if len(nums) == 0 || !slices.ContainsFunc(numberRE.FindAllString(numberWords(span), -1), func(n string) bool {
		return !slices.Contains(nums, n)
	}) {
		return false
	}
	if v.clauseClash(memo, claim, span, func(cc, sc clause) bool {
		nums := numberRE.FindAllString(numberWords(cc.text), -1)
		return len(nums) > 0 && hasNumber(numberWords(sc.text)) && !numbersAgree(nums, sc.text)
	}) {
		return true
	}
	return v.numberedClauseClash(memo, claim, span)
}

// numberedClauseClash reports whether some clause of the claim states
// numbers of which the span clause that best matches it among those
// stating a number (sharing the most terms, at least two, and more than
// any other) states none: a number binds to the thing its clause names,
// and the best-matching clause may state none ("Topical corticosteroids
// are grouped by potency: the UK scheme uses four classes, ..., while the
// US system uses seven classes" against "The UK scheme groups topical
// corticosteroids into seven potency classes": of the clauses with a
// number, the UK scheme's says four).
func (v *Lexical) numberedClauseClash(memo *clauseMemo, claim, span string) bool {
	spanClauses := memo.of(v, span)
	if len(spanClauses) < 2 {
		return false
	}
	var numbered []clause
	for _, sc := range spanClauses {
		if hasNumber(numberWords(sc.text)) {
			numbered = append(numbered, sc)
		}
	}
	if len(numbered) < 2 {
		return false
	}
	for _, cc := range memo.of(v, claim) {
		nums := numberRE.FindAllString(numberWords(cc.text), -1)
		if len(nums) == 0 {
			continue
		}
		shares, best, bestShared := sharedTerms(cc, numbered)
		if bestShared < 2 || slices.Contains(shares[best+1:], bestShared) {
			continue
		}
		have := numberRE.FindAllString(numberWords(numbered[best].text), -1)
		if !slices.ContainsFunc(nums, func(n string) bool { return slices.Contains(have, n) }) {
			return true
		}
	}
	return false
}

// clauseClash reports whether clash holds between some clause of the claim
// and the span clause that best matches it (sharing the most terms, at least
// two). When several span clauses match as well, it must hold for each.
func (v *Lexical) clauseClash(memo *clauseMemo, claim, span string, clash func(cc, sc clause) bool) bool {
	spanClauses := memo.of(v, span)
	if len(spanClauses) < 2 {
		return false
	}
	for _, cc := range memo.of(v, claim) {
		shares, _, bestShared := sharedTerms(cc, spanClauses)
		if bestShared < 2 {
			continue
		}
		all := true
		for i, sc := range spanClauses {
			if shares[i] == bestShared && !clash(cc, sc) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// sharedTerms counts the terms each span clause shares with claim clause
// cc, and returns the first clause sharing the most, with that count.
func sharedTerms(cc clause, spanClauses []clause) (shares []int, best, bestShared int) {
	shares = make([]int, len(spanClauses))
	for i, sc := range spanClauses {
		for t := range cc.terms {
			if sc.has(t) {
				shares[i]++
			}
		}
		for t := range cc.subject {
			if !cc.terms.Has(t) && sc.has(t) {
				shares[i]++
			}
		}
		if i == 0 || shares[i] > bestShared {
			best, bestShared = i, shares[i]
		}
	}
	return shares, best, bestShared
}

// without returns the terms of a that b lacks.
func without(a, b lexicon.TermSet) lexicon.TermSet {
	out := lexicon.TermSet{}
	for t := range a {
		if !b.Has(t) {
			out[t] = struct{}{}
		}
	}
	return out
}

// rarestSharedClause returns the index of the span clause holding the claim
// clause's rarest term that the span shares, when the best-matching clause
// does not hold it (nor its subject); otherwise -1. Of several clauses
// holding the term, it is the one sharing most with the claim clause
// (shares, from sharedTerms).
func (v *Lexical) rarestSharedClause(cc clause, spanClauses []clause, bestClause clause, shares []int) int {
	if v.rarity == nil {
		return -1
	}
	term, bestW := "", 0.0
	for t := range cc.terms {
		for _, sc := range spanClauses {
			if sc.terms.Has(t) {
				if w := v.rarity(t); w > bestW || (w == bestW && t < term) {
					term, bestW = t, w
				}
			}
		}
	}
	if term == "" || bestClause.has(term) {
		return -1
	}
	// Of the clauses that hold it, the one that shares most with the
	// claim clause (the first of those).
	at, most := -1, -1
	for i, sc := range spanClauses {
		if sc.terms.Has(term) && shares[i] > most {
			at, most = i, shares[i]
		}
	}
	return at
}
