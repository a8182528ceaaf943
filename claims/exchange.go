package claims

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// This file holds the exchanged-names check: whether the claim is the
// span's wording with two of the things it names exchanged ("Chickenpox is
// caused by reactivation of the varicella-zoster virus, the same virus
// that causes shingles" against "Shingles ... is caused by reactivation of
// the varicella-zoster virus, the same virus that causes chickenpox"). Every
// word stays in the span, so coverage and the substitution check see
// nothing; only the order in which the claim's words stand tells it apart.

// minExchangeGain is how many more of the claim's concepts must align in
// the span's order once two names are exchanged: one more is any reordering
// of two neighbours ("X and Y are caused by Z" for "Y and X ..."), two is
// each name put back in its own place.
const minExchangeGain = 2

// exchangedNames reports whether exchanging two names of the claim, each
// said once, makes at least minExchangeGain more of its concepts align
// with the span in order (see align), and all but one of those the span
// holds, with a concept that is no name aligned between the two: the
// claim is the span's wording with each name where the span has the other.
// Clauses said in another order ("B does Y, whereas A does X" for "A does
// X; B does Y") stay out of order once the names are exchanged. Names are topic names of the version, names of the
// thesaurus, and words shaped like medical names; a member of a contrast
// set is exchanged too, with a member of another class of its set, alone or
// each with the concept after it ("topical treatment is usually given for a
// limited period alongside oral antibiotics" for "oral antibiotics, usually
// for a limited period alongside topical treatment": the limit is the
// antibiotics'). A list of names regrouped ("A, B and C cause D" for "C, B
// and A ...") has no such word between them.
func (v *Lexical) exchangedNames(claim string, ci claimInfo, sp span) bool {
	isName := func(c lexicon.Concept) bool {
		return slices.ContainsFunc(c.Terms, func(t string) bool {
			return v.Usage != nil && v.Usage.names.Has(t) || v.named.Has(t) || lexicon.LooksMedical(t)
		})
	}
	// A member of a contrast set is exchanged only with a member of
	// another class of its set: "topical treatment ... alongside oral
	// antibiotics" for "oral antibiotics ... alongside topical
	// treatment" moves what the span says of one to the other.
	member := func(c lexicon.Concept) ([2]int, bool) {
		for _, t := range c.Terms {
			if k, ok := v.contrastKinds[t]; ok {
				return k, true
			}
		}
		return [2]int{}, false
	}
	var names []int
	for i, c := range ci.concepts {
		if _, ok := member(c); ci.weights[i] > 0 && (isName(c) || ok) && c.MatchedBy(sp.terms) {
			names = append(names, i)
		}
	}
	if len(names) < 2 {
		return false
	}
	once := func(i int) bool {
		for k, c := range ci.concepts {
			if k != i && slices.Equal(c.Terms, ci.concepts[i].Terms) {
				return false
			}
		}
		return true
	}
	terms := sp.seq
	if terms == nil {
		terms = v.an.Terms(sp.text)
	}
	aligned := func(at [][]int) int {
		n := 0
		for _, a := range at {
			if a != nil {
				n++
			}
		}
		return n
	}
	matched := 0
	for _, c := range ci.concepts {
		if c.MatchedBy(sp.terms) {
			matched++
		}
	}
	// An exchange found aligns minExchangeGain concepts more than the
	// claim as it stands, and at most all matched.
	baseAt := align(ci.concepts, sp.terms, terms)
	base := aligned(baseAt)
	if base > matched-minExchangeGain {
		return false
	}
	// The claim's concepts with two exchanged, in place and put back.
	swapped := ci.concepts
	for x, i := range names {
		for _, j := range names[x+1:] {
			// Two names the claim already has in the span's order are
			// not exchanged.
			if baseAt[i] != nil && baseAt[j] != nil || !once(i) || !once(j) || slices.Equal(ci.concepts[i].Terms, ci.concepts[j].Terms) {
				continue
			}
			kinds := !isName(ci.concepts[i]) || !isName(ci.concepts[j])
			if kinds {
				ki, oki := member(ci.concepts[i])
				kj, okj := member(ci.concepts[j])
				if !oki || !okj || ki[0] != kj[0] || ki[1] == kj[1] {
					continue
				}
			}
			// Members are exchanged alone, or each with the concept after
			// it (a member and its noun: "topical treatment" for "oral
			// antibiotics").
			for n := 1; n <= 2; n++ {
				if n == 2 && (!kinds || i+n >= j || j+n > len(ci.concepts) || !ci.concepts[i+1].MatchedBy(sp.terms) || !ci.concepts[j+1].MatchedBy(sp.terms)) {
					break
				}
				for k := range n {
					swapped[i+k], swapped[j+k] = swapped[j+k], swapped[i+k]
				}
				at := align(swapped, sp.terms, terms)
				for k := range n {
					swapped[i+k], swapped[j+k] = swapped[j+k], swapped[i+k]
				}
				if aligned(at) < base+minExchangeGain || aligned(at) < matched-1 || at[i] == nil || at[j] == nil {
					continue
				}
				between := false
				for k := i + n; k < j; k++ {
					if at[k] != nil && ci.weights[k] > 0 && !ci.concepts[k].Filler && !v.lightVerb(ci.concepts[k]) && !isName(ci.concepts[k]) {
						between = true
					}
				}
				if between && v.sameVoice(claim, ci, i, j, sp.text, terms, at) {
					return true
				}
			}
		}
	}
	return false
}

// sameVoice reports whether the claim's words between its concepts i and
// j hold a passive "by" exactly when the span's words between the places
// the exchanged alignment at gives them (at[j] for concept i, at[i] for
// j; positions in terms, the span's analysed terms) do: "UVB is the main
// cause of sunburn" says "sunburn is caused mainly by UVB" in the other
// voice, with the names in each other's places; an exchange keeps the
// voice. It reports false when the words cannot be placed.
func (v *Lexical) sameVoice(claim string, ci claimInfo, i, j int, span string, terms []string, at [][]int) bool {
	cw, cpos := v.wordPlaces(claim)
	sw, spos := v.wordPlaces(span)
	if cpos == nil || spos == nil || len(spos) != len(terms) {
		return false
	}
	claimTerms := v.an.Terms(claim)
	if len(claimTerms) != len(cpos) {
		return false
	}
	place := func(c lexicon.Concept) int {
		for k := 0; k+len(c.Terms) <= len(claimTerms); k++ {
			if slices.Equal(claimTerms[k:k+len(c.Terms)], c.Terms) {
				return cpos[k]
			}
		}
		return -1
	}
	a, b := place(ci.concepts[i]), place(ci.concepts[j])
	if a < 0 || b < 0 {
		return false
	}
	x, y := spos[at[j][0]], spos[at[i][0]]
	return hasBy(cw, min(a, b), max(a, b)) == hasBy(sw, min(x, y), max(x, y))
}

// hasBy reports whether words[from:to] holds "by".
func hasBy(words []string, from, to int) bool {
	return slices.Contains(words[from:to], "by")
}

// wordPlaces returns text's words, lowercased, and for each of its
// analysed terms (v.an.Terms) the index of the word it comes from; the
// places are nil when the words' terms do not add up to the text's.
func (v *Lexical) wordPlaces(text string) (words []string, places []int) {
	for _, w := range wordRE.FindAllString(text, -1) {
		for range v.an.Terms(w) {
			places = append(places, len(words))
		}
		words = append(words, strings.ToLower(w))
	}
	if len(places) != len(v.an.Terms(text)) {
		return words, nil
	}
	return words, places
}

// wordRE finds a text's words.
var wordRE = regexp.MustCompile(`[\pL\pN][\pL\pN'’-]*`)
