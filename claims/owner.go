package claims

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// This file holds the owner check: a claim that takes its named thing from
// one clause of a span sentence and what it says of it from another clause,
// which says it of a thing of its own ("Guttate psoriasis ... often after a
// throat infection, while inverse psoriasis causes smooth, red patches"
// against "Inverse psoriasis often follows a throat infection";
// "Trichophyton tonsurans, which spreads from person to person, and
// Microsporum canis, which is often caught from cats and dogs" against
// "Trichophyton tonsurans is often caught from cats and dogs"). The
// crossed-binding checks need two claim clauses; this one reads a claim of
// one.

// ownedUnit is an entity unit of one span sentence (see bindUnits), with its
// terms in order and whether it leaves its subject out ("... but causes
// most deaths"), taking the unit before it as its owner.
type ownedUnit struct {
	seq      []string
	terms    lexicon.TermSet
	elliptic bool
	// subject are the terms before the unit's first verb (clauseVerbRE):
	// what it names, with what describes it ("Head lice eggs, called
	// nits"; "A cool bedroom and avoiding alcohol and hot drinks"); all
	// its terms when it has no verb.
	subject []string
	// clause is set on a unit with a verb of its own (clauseVerbRE); a
	// unit without one is a list item of a subject whose verb stands in
	// another unit ("Pets, especially kittens and puppies, and farm
	// animals such as cattle are common sources").
	clause bool
	// circumstance is set on a unit that opens with a conjunction of
	// condition or time (circumstanceRE): it says when the unit before
	// holds ("... for impetigo that is extensive, or when the infection
	// is accompanied by fever"), and what it names is no other thing that
	// unit's words could be moved to.
	circumstance bool
	// definite is set on a unit that opens with "the" and a word that
	// names nothing (a thesaurus name or a contrast-set member): a thing
	// named before, referred back to ("..., and the infestation does not
	// clear without treatment").
	definite bool
	// antecedent, on an elliptic unit that goes on a relative clause
	// closing the unit before it with no comma between ("X differs from
	// Y, which are also raised but stay within the wound"), are the terms
	// of what the relative pronoun stands for (Y): the unit says it of Y,
	// not of the unit's subject (see relativeAntecedent).
	antecedent []string
	// before are the terms of the unit before that precede the
	// antecedent: what else it names.
	before lexicon.TermSet
}

// namedEndRE finds a participle that gives a name at the end of a unit,
// with the name.
var namedEndRE = regexp.MustCompile(`(?i)\b(?:called|known as|termed)\b[^,;:]*$`)

// ownVerb reports whether a unit holds a verb of a clause (clauseVerbRE)
// before a participle that closes it by giving a name (namedEndRE): "mild
// (also called low)" names an item and predicates nothing.
func ownVerb(text string) bool {
	if m := namedEndRE.FindStringIndex(text); m != nil {
		text = text[:m[0]]
	}
	return clauseVerbCues.in(text)
}

// circumstanceRE finds a unit that opens with a conjunction of condition
// or time.
var circumstanceRE = regexp.MustCompile(`(?i)^\s*(?:(?:and|or|but)\s+)?(?:when|whenever|if|where|unless|until|once)\b`)

// ellipticRE finds a unit that opens with its verb: its subject is the
// previous unit's ("Melanoma is less common than ... but causes most
// deaths"; unitRE has cut the "but" off).
var ellipticRE = regexp.MustCompile(`(?i)^(?:(?:and|but|yet|or)\s+)?(?:(?:often|usually|also|still|rarely|mostly|typically|commonly|generally|sometimes|can|may|might|could|will|does|do|then)\s+)*(?:is|are|was|were|has|have|had|can|may|` + clauseVerbs + `)\b`)

// clauseVerbs are verbs a reference sentence gives its things in the third
// person ("causes", "spreads"): a unit that holds one, or an auxiliary or
// modal, is a clause.
const clauseVerbs = `causes?|caused|stays?|stayed|leads?|results?|tends?|affects?|appears?|occurs?|spreads?|develops?|involves?|produces?|requires?|needs?|responds?|lasts?|heals?|clears?|becomes?|remains?|accounts?|makes?|gives?|includes?|contains?|starts?|begins?|follows?|forms?|shows?|looks?|feels?|persists?|recurs?|fades?|improves?|worsens?|arises?|comes?|linked|associated|used|seen|found|known|called`

// clauseVerbRE finds a verb of a clause: an auxiliary, a modal or one of
// clauseVerbs.
var clauseVerbRE = regexp.MustCompile(`(?i)\b(?:is|are|was|were|be|been|has|have|had|can|may|might|could|will|would|should|must|does|do|did|` + clauseVerbs + `)\b`)

// clauseVerbCues is clauseVerbRE as cueWords.
var clauseVerbCues = cueWords{re: clauseVerbRE, words: wordsOf(`is are was were be been has have had can may might could will would
	should must does do did cause causes caused stay stays stayed lead
	leads result results tend tends affect affects appear appears occur
	occurs spread spreads develop develops involve involves produce
	produces require requires need needs respond responds last lasts heal
	heals clear clears become becomes remain remains account accounts make
	makes give gives include includes contain contains start starts begin
	begins follow follows form forms show shows look looks feel feels
	persist persists recur recurs fade fades improve improves worsen
	worsens arise arises come comes linked associated used seen found
	known called`)}

// definiteRE finds a unit that opens with "the" (after a conjunction).
var definiteRE = regexp.MustCompile(`(?i)^(?:(?:and|but|yet|or|so)\s+)?the\s`)

// pronounRE finds a unit whose subject refers back ("..., and it usually
// clears"): its owner is whatever the pronoun stands for, so the check
// does not read it.
var pronounRE = regexp.MustCompile(`(?i)^(?:(?:and|but|yet|or|so)\s+)?(?:it|its|they|their|them|this|these|those|that|which|who|he|she|his|her|both|each|either|neither|such)\b`)

// ownerUnits returns the entity units of each sentence of a span.
func (v *Lexical) ownerUnits(span string) [][]ownedUnit {
	var out [][]ownedUnit
	for _, s := range Split(span) {
		us := v.bindUnits(s.Text, true)
		ou := make([]ownedUnit, len(us))
		for i, u := range us {
			ou[i] = ownedUnit{seq: v.unitTerms(u.text), subject: v.subjectTerms(u.text), terms: u.terms, elliptic: i > 0 && ellipticRE.MatchString(u.text), clause: ownVerb(u.text), circumstance: circumstanceRE.MatchString(u.text)}
			if ou[i].elliptic {
				ou[i].antecedent, ou[i].before = v.relativeAntecedent(us[i-1].text, s.Text, u.text)
			}
			if pronounRE.MatchString(u.text) {
				ou[i].seq = nil // refers back: no owner of its own
			}
			if definiteRE.MatchString(u.text) {
				for _, t := range ou[i].seq {
					if !v.lightTerms.Has(t) && !unboundTerms[t] {
						ou[i].definite = !v.named.Has(t) && !v.contrastTerms.Has(t)
						break
					}
				}
			}
		}
		out = append(out, ou)
	}
	return out
}

// relativeRE finds the last relative clause of a unit ("..., which are
// also raised"), group 1 the words before its comma.
var relativeRE = regexp.MustCompile(`(?i)^(.*),\s+(?:which|who)\s+[^,]*$`)

// conjunctionEndRE finds a contrasting or joining conjunction at the end
// of the text before a unit, with no comma before it.
var conjunctionEndRE = regexp.MustCompile(`(?i)[^,;:\s]\s+(?:but|and|yet|or)\s*$`)

// maxAntecedentWords is the most words of a relative clause's antecedent
// read back from its comma.
const maxAntecedentWords = 3

// relativeAntecedent returns, for an elliptic unit of sentence that
// follows prev, the terms of the antecedent of the relative clause that
// ends prev, when nothing but a conjunction stands between the two: the
// relative clause's predicates are joined ("Y, which are also raised but
// stay within the wound area"), and the elliptic unit goes on saying
// what the relative pronoun's antecedent does. The antecedent is read
// back from the comma over up to maxAntecedentWords words, to the first
// word the analyzer drops ("differ from hypertrophic scars" gives
// "hypertrophic scars") or a verb. A relative clause closed by a comma
// before the conjunction ("X, which lives on the skin, and usually
// appears ...") is left: the unit then goes on from the main clause.
func (v *Lexical) relativeAntecedent(prev, sentence, text string) (antecedent []string, before lexicon.TermSet) {
	m := relativeRE.FindStringSubmatch(prev)
	if m == nil {
		return nil, nil
	}
	at := strings.Index(sentence, text)
	if at < 0 || !conjunctionEndRE.MatchString(sentence[:at]) {
		return nil, nil
	}
	words := strings.Fields(m[1])
	i := len(words) - 1
	for ; i >= 0 && len(words)-i <= maxAntecedentWords; i-- {
		w := strings.Trim(words[i], `"'()`)
		ts := v.unitTerms(w)
		if len(ts) == 0 || clauseVerbRE.MatchString(w) || strings.ContainsAny(words[i], ",;:") {
			break
		}
		antecedent = append(ts, antecedent...)
	}
	if len(antecedent) == 0 {
		return nil, nil
	}
	return antecedent, lexicon.NewTermSet(v.unitTerms(strings.Join(words[:i+1], " ")))
}

// maxStrangers is the most terms a claim may take from another unit than
// the one that holds its predicate and still be read as naming its thing
// from there; more, and the claim joins the two units.
const maxStrangers = 3

// movedOwner reports whether some unit of the claim holds mostly terms
// that one unit q of a span sentence alone holds, and up to maxStrangers
// terms that another unit of that sentence alone holds, while q opens with
// content of its own that the claim lacks (or, leaving its subject out,
// takes the previous unit's opening): the claim says what q says of q's
// thing of a thing named elsewhere in the sentence. A claim that opens
// with a pronoun names no thing of its own and is not read. Terms are compared with
// the claim's thesaurus equivalents; general nouns, light verbs and
// connectives own nothing, and a unit opened by a pronoun is not read.
func (v *Lexical) movedOwner(claimUnits func() []unit, claim, span string) bool {
	if pronounRE.MatchString(strings.TrimSpace(claim)) {
		return false // "It develops when ...": the claim names no thing
	}
	sents := v.cache.spanOwnerUnits(v, span)
	multi := len(sents) == 2
	for _, s := range sents {
		multi = multi || len(s) > 1
	}
	if !multi {
		return false
	}
	var claimAll lexicon.TermSet
	for _, c := range claimUnits() {
		// The claim unit is read against the sentence that holds most of
		// its terms, not against a neighbour that shares a few.
		best, bestN, tie := -1, 0, false
		for i, s := range sents {
			n := 0
			for t := range c.terms {
				for _, u := range s {
					if u.terms.Has(t) {
						n++
						break
					}
				}
			}
			switch {
			case n > bestN:
				best, bestN, tie = i, n, false
			case n == bestN:
				tie = true
			}
		}
		if best < 0 || tie {
			continue
		}
		// The best sentence's units are read alone, then, in a span of two
		// sentences, followed by the other's, which may hold the thing the
		// claim names.
		var reads [][]ownedUnit
		var nears []int
		if len(sents[best]) >= 2 {
			reads, nears = append(reads, sents[best]), append(nears, 0)
		}
		if len(sents) == 2 && strangerIn(c.terms, sents[best], sents[1-best]) {
			reads, nears = append(reads, append(slices.Clip(sents[best]), sents[1-best]...)), append(nears, len(sents[best]))
		}
		for r, s := range reads {
			if v.ownerMoved(c.terms, func() []string { return v.subjectTerms(c.text) }, s, nears[r], func() lexicon.TermSet {
				if claimAll == nil {
					claimAll = lexicon.TermSet{}
					for _, k := range v.an.Concepts(claim, v.th) {
						for _, alt := range k.Alternatives {
							for _, t := range alt {
								claimAll[t] = struct{}{}
							}
						}
						for _, t := range k.Terms {
							claimAll[t] = struct{}{}
						}
					}
					for _, t := range v.unitTerms(claim) {
						claimAll[t] = struct{}{}
					}
				}
				return claimAll
			}) {
				return true
			}
		}
	}
	return false
}

// strangerIn reports whether some of terms stands in a unit of other and
// in no unit of best: without one, the other sentence names nothing the
// claim takes from it.
func strangerIn(terms lexicon.TermSet, best, other []ownedUnit) bool {
	in := func(us []ownedUnit, t string) bool {
		return slices.ContainsFunc(us, func(u ownedUnit) bool { return u.terms.Has(t) })
	}
	for t := range terms {
		if in(other, t) && !in(best, t) {
			return true
		}
	}
	return false
}

// subjectTerms returns the terms of text before its first verb
// (clauseVerbRE), or all its terms when it has none.
func (v *Lexical) subjectTerms(text string) []string {
	if m := clauseVerbRE.FindStringIndex(text); m != nil {
		text = text[:m[0]]
	}
	return v.unitTerms(text)
}

// ownerMoved is movedOwner for one claim unit's terms and subject (its
// terms before its verb) and one sentence's units.
//
// The claim names a thing from another unit only when a term it takes
// from there stands in the claim's subject or in that unit's: a claim
// unit that borrows a word of another unit's predicate ("extensive or
// deep infection may need oral antibiotics" against "..., for extensive
// or deep infection, oral antibiotics, while large boils may need
// drainage") names no other thing. And a claim that holds a word
// of the owner's subject that no other unit of the sentence holds names
// the owner, by another of its words ("Nits are tiny oval eggs" against
// "Head lice eggs, called nits, are tiny oval specks"; "Avoiding alcohol
// and hot drinks ... may help" against "A cool bedroom and avoiding
// alcohol and hot drinks ... may help").
//
// With near > 0, us are the units of a span's two sentences, the first
// near of them the sentence that holds most of the claim: q must stand
// there and the strangers in the other sentence, and that sentence must
// name the owner's thing too, beside the claim's ("Common removal methods
// include shave excision ... and surgical excision ..." before "Surgical
// excision is generally preferred when a mole is suspicious" against
// "Shave excision is generally preferred when ..."): the claim moves
// what the best sentence says of one of two things named together to
// the other. A sentence that names only the claim's thing ("Scabies is
// caused by a mite" before "The infestation spreads by close contact")
// introduces what the best sentence goes on to say.
func (v *Lexical) ownerMoved(ct lexicon.TermSet, claimSubject func() []string, us []ownedUnit, near int, claimAll func() lexicon.TermSet) bool {
	counts := make([]int, len(us))
	home := func(t string) int { return soleHolder(us, func(u ownedUnit) lexicon.TermSet { return u.terms }, t) }
	homes := map[string]int{}
	for t := range ct {
		if v.lightTerms.Has(t) {
			continue
		}
		if h := home(t); h >= 0 {
			homes[t] = h
			counts[h]++
		}
	}
	q, best, tie := -1, 0, false
	for i, n := range counts {
		switch {
		case n > best:
			q, best, tie = i, n, false
		case n == best:
			tie = true
		}
	}
	if q < 0 || tie || best < 2 || (near > 0 && q >= near) {
		return false
	}
	strangers := 0
	var strangerAt map[int]bool
	for _, h := range homes {
		if h != q {
			if !us[h].clause || us[h].circumstance || (near > 0 && h < near) {
				return false // a list item of q's subject, or when q holds
			}
			strangers++
			if near > 0 {
				if strangerAt == nil {
					strangerAt = map[int]bool{}
				}
				strangerAt[h] = true
			}
		}
	}
	if strangers == 0 || strangers > maxStrangers || strangers >= best {
		return false
	}
	named := false
	for t, h := range homes {
		if h != q && (slices.Contains(claimSubject(), t) || (near == 0 && slices.Contains(us[h].subject, t))) {
			named = true
			break
		}
	}
	if !named {
		return false
	}
	o := q
	if us[q].elliptic {
		o = q - 1
		// A unit without a verb of its own before it is an item of the
		// last clause's list ("Melanoma is suspected on skin examination
		// and dermoscopy and is confirmed by ..."), not a subject: the
		// clause's subject is the owner.
		for o > 0 && !us[o].clause && len(us[q].antecedent) == 0 {
			o--
		}
	}
	if o < 0 {
		return false
	}
	owner := us[o]
	// An elliptic unit that goes on a relative clause says it of the
	// relative pronoun's antecedent: that is its owner, and the rest of
	// the unit before names another thing.
	// The claim unit itself must then name the antecedent: a claim of two
	// clauses may name it in the other ("Y grows beyond the wound, while
	// X stays within it").
	var rest lexicon.TermSet
	all := lexicon.TermSet(nil)
	if a := us[q].antecedent; len(a) > 0 && o == q-1 {
		rest = us[q].before
		owner = ownedUnit{seq: a, subject: a}
		all = ct
	}
	if owner.definite {
		return false
	}
	if all == nil {
		all = claimAll()
	}
	for _, t := range owner.subject {
		if v.lightTerms.Has(t) || !all.Has(t) {
			continue
		}
		elsewhere := rest.Has(t)
		for k, u := range us {
			if k != o && u.terms.Has(t) {
				elsewhere = true
				break
			}
		}
		if !elsewhere {
			return false // the claim names the owner by a word of its own
		}
	}
	for _, t := range owner.seq {
		if all.Has(t) || sharesStem(all, t) {
			return false // the claim holds the unit's opening: its own thing
		}
		if !v.lightTerms.Has(t) && !unboundTerms[t] && !strings.ContainsAny(t, "0123456789") {
			if near == 0 {
				return true
			}
			for k := near; k < len(us); k++ {
				if us[k].terms.Has(t) && !strangerAt[k] {
					return true // another unit than the claim's thing's
				}
			}
			return false
		}
	}
	return false
}

// ownerStem is how many first letters of two terms make them one word for
// the owner check ("heal" and "healing").
const ownerStem = 4

// sharesStem reports whether some term of set opens with t's first
// ownerStem letters.
func sharesStem(set lexicon.TermSet, t string) bool {
	if len(t) < ownerStem {
		return false
	}
	for x := range set {
		if len(x) >= ownerStem && x[:ownerStem] == t[:ownerStem] {
			return true
		}
	}
	return false
}
