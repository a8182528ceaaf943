package claims

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/dermliving/dermliving/lexicon"
)

// This file holds the role checks: whether the span states a directed
// relation of the claim (cause and effect, order in time, a comparison)
// the other way round, or only an association where the claim states a
// cause.

// causalRE finds words that state a cause.
// "Give" with a person after it gives them a condition ("can give
// children eczema").
var causalRE = regexp.MustCompile(`(?i)\b(causes?|caused|causing|leads? to|led to|triggers?|triggered|results? (?:in|from)|resulting|due to|because|responsible for|underlies|produces?|produced|gives? rise to|(?:give|gives|gave|giving) (?:children|people|adults|babies|infants|patients|someone|anyone|you|them|him|her)\b)\b`)

// associationRE finds words that state an association without a
// direction, and co-occurrence stated of people who have one thing ("people
// with X have a higher chance of Y", "more often have Y", "tend to
// develop Y").
var associationRE = regexp.MustCompile(`(?i)\b(associated|associations?|linked|links?|correlated|markers? of|signs? of|points? to|indicates?|suggests?|(?:a )?(?:higher|greater|increased|raised) (?:chance|likelihood|rate|odds) of|more (?:often|commonly|frequently|likely to) (?:have|has|get|gets|develop|develops)|tends? to (?:have|get|develop)|occurs? together|co-?occurs?)\b`)

// worsenRE finds a verb that makes a thing worse ("worsens", "aggravates",
// "make atopic dermatitis more severe"): in a claim it states an effect on
// that thing, as a cause does. In a span it states only that effect: "may
// worsen the disease" says nothing of what causes it.
var worsenRE = regexp.MustCompile(`(?i)\b(?:worsens?|worsened|aggravates?|aggravated|(?:make|makes|made|making) (?:[\w'-]+ ){1,4}?(?:worse|more severe))\b`)

// causeOrLinkRE finds a cause offered as one of two readings beside an
// association ("can trigger or be associated with", "cause or are
// linked to"): the span states no more than the association.
var causeOrLinkRE = regexp.MustCompile(`(?i)\b(?:causes?|caused|triggers?|triggered|leads? to|contributes? to)\s+or\s+(?:(?:be|are|is|been)\s+)?(associated|linked)\b`)

// modalRE finds a modal verb that hedges a claim ("can trigger").
var modalRE = regexp.MustCompile(`(?i)\b(?:can|may|might|could)\b`)

// madeCausal reports whether a stretch of the claim (between side ends, see
// sideEndRE) states a cause where the span's stretch that matches it best
// states only an association: "X causes Y" against "X has been associated
// with Y", or, unless the claim is hedged with a modal, against "X can
// trigger or be associated with Y" (causeOrLinkRE).
func (v *Lexical) madeCausal(claim, span string) bool {
	if !v.cache.spanFacts(span).associationIn() || !causalRE.MatchString(claim) && !worsenRE.MatchString(claim) {
		return false
	}
	spanParts := sideParts(span)
	for _, part := range sideParts(claim) {
		// A claim that offers the cause beside an association claims no
		// more than the association.
		cause, worse := statesCause(causeOrLinkRE.ReplaceAllString(part, "$1")), worsenRE.MatchString(part)
		if !cause && !worse {
			continue
		}
		// A span that states the claim's effect, a cause or (for a claim
		// that only makes a thing worse) a worsening, makes nothing causal.
		// A span that offers a cause beside an association ("can trigger
		// or be associated with") holds a claim that a thing can cause
		// another, not one that it does ("is caused by").
		modal := modalRE.MatchString(part)
		states := func(s string) bool {
			if !modal {
				s = causeOrLinkRE.ReplaceAllString(s, "$1")
			}
			return statesCause(s) || !cause && worsenRE.MatchString(s)
		}
		ct := lexicon.NewTermSet(v.unitTerms(part))
		best := v.mostMatched(part, ct, spanParts)
		if associationRE.MatchString(best) && !states(best) {
			return true
		}
		// A reason given after a comma ("X tend to develop Y, because
		// ...") explains the association; the comma clause that states it
		// is read alone. A clause of consequence (", so ...") joins its
		// comma clauses into one cause and effect.
		if consequenceRE.MatchString(best) {
			continue
		}
		if cl := v.bestClause(ct, best); cl != best && associationRE.MatchString(cl) && !states(cl) {
			return true
		}
	}
	return false
}

// mostMatched returns the first of parts that matches most of the
// concepts of claim part other than its cause words (with the
// thesaurus: "dry skin" is matched by "xerosis"), those with most of its unit terms ct among them, or none
// when none matches any. Read by unit terms alone, "Common causes of dry
// skin include ..." would hold more of "Dry skin can lead to
// hypothyroidism" than "Medical conditions linked to xerosis include
// hypothyroidism, ...", the part that states the link.
func (v *Lexical) mostMatched(part string, ct lexicon.TermSet, parts []string) string {
	var cs []lexicon.Concept
	for _, c := range v.an.Concepts(causalRE.ReplaceAllString(part, " "), v.th) {
		if !c.Filler && !v.lightVerb(c) {
			cs = append(cs, c)
		}
	}
	best, bestN, bestShared := "", 0, 0
	for _, p := range parts {
		terms := lexicon.NewTermSet(v.an.Terms(p))
		n := 0
		for _, c := range cs {
			if c.MatchedBy(terms) {
				n++
			}
		}
		shared := 0
		for _, t := range v.unitTerms(p) {
			if ct.Has(t) {
				shared++
			}
		}
		if n > bestN || n == bestN && shared > bestShared {
			best, bestN, bestShared = p, n, shared
		}
	}
	return best
}

// bestClause returns the comma clause of part that holds most of the
// terms ct (the first of those).
func (v *Lexical) bestClause(ct lexicon.TermSet, part string) string {
	if !strings.Contains(part, ",") {
		return part
	}
	return v.mostShared(ct, strings.Split(part, ","), part)
}

// mostShared returns the first of parts whose unit terms hold most of the
// terms ct, or none when none holds any.
func (v *Lexical) mostShared(ct lexicon.TermSet, parts []string, none string) string {
	best, bestN := none, 0
	for _, p := range parts {
		n := 0
		for _, t := range v.unitTerms(p) {
			if ct.Has(t) {
				n++
			}
		}
		if n > bestN {
			best, bestN = p, n
		}
	}
	return best
}

// sideParts splits text at its side ends (sideEndRE).
func sideParts(text string) []string {
	var out []string
	last := 0
	for _, b := range append(sideEndRE.FindAllStringIndex(text, -1), []int{len(text), len(text)}) {
		out = append(out, text[last:b[0]])
		last = b[1]
	}
	return out
}

// consequenceRE finds a clause of consequence ("X is applied thinly, so
// protection is lower"), which states the clause before it as a cause,
// as "because" does.
var consequenceRE = regexp.MustCompile(`(?i),\s+so\s+\pL`)

// statesCause reports whether text names a cause with a verb, not with the
// noun "cause" ("the exact cause ... is not known"), or with a clause of
// consequence (consequenceRE).
func statesCause(text string) bool {
	if consequenceRE.MatchString(text) {
		return true
	}
	for _, m := range causalRE.FindAllStringIndex(text, -1) {
		if !nounCause(text, m[0], m[1]) {
			return true
		}
	}
	return false
}

// relationRE finds words that give a relation a direction: cause and
// effect, order in time, a comparison. Group 1 matches the words that name
// the second argument first ("Y is caused by X", "Y results from X", "Y
// after X", "Y follow(s) X"), with a bare "caused", which in reference text is a participle
// ("a rash caused when the virus reactivates"), "Y is affected by X" and
// "Y forms when X ..." (X the condition Y comes about in); group 2 the
// others ("X affects Y", "X weakens Y" or "suppresses Y" (the present
// verb only: "a weakened immune system" is a thing), "X
// causes Y", "X before Y", "X, followed days later by Y", "X more than Y", "X is associated with an
// increased risk of Y").
var relationRE = regexp.MustCompile(`(?i)\b(?:(caused(?: \w+)?(?: by)?|triggered(?: \w+)?(?: by)?|produced (?:\w+ )?by|results? from|resulting from|arises? from|comes? from|came from|stems? from|due to|because of|after|follows?|starts? from|develops? from|affected by|(?:forms?|formed|develops?|developed|occurs?|occurred|arises?|appears?|happens?) when)|(causes|causing|cause|leads? to|led to|triggers?|contributes? to|worsens?|produces?|results? in|underlies|precedes?|followed(?: \w+){0,3}? by|before|turns? into|progress(?:es|ed)? (?:in)?to|spreads? (?:in)?to|than|gives? rise to|(?:increases?|raises?) (?:the |a person's |their |your )?risk|(?:at )?(?:an |a )?(?:increased|higher|raised|greater) risk (?:of|for)|predispos(?:es?|ing) (?:\w+ )?to|more (?:susceptible|prone|likely) to|make(?:s)? more likely|affects?|affecting|weakens?|suppress(?:es)?))\b`)

// relationWords are words one of which every match of relationRE holds.
var relationWords = []string{"caus", "trigger", "produc", "result", "aris", "from", "due to", "because of", "after",
	"follow", "affect", "when", "lead", "led to", "contribut", "worsen", "underlies", "preced", "before", "into",
	"progress", "spread", "than", "rise to", "risk", "predispos", "more", "weaken", "suppress"}

// relationMatches returns the matches of relationRE in text, skipping the
// regexp when text holds none of relationWords.
func relationMatches(text string) [][]int {
	if !mayHoldFold(text, relationWords...) {
		return nil
	}
	return relationRE.FindAllStringSubmatchIndex(text, -1)
}

// nounCauseRE finds "cause" or "trigger" used as a noun after a
// determiner or an adjective ("the main cause of", "common triggers"),
// which names no direction.
var nounCauseRE = regexp.MustCompile(`(?i)\b(the|a|an|main|common|usual|any|its|their|most|underlying|known|no|of|other|possible|likely|frequent|rare|leading|primary|major|one|exact|real|precise|direct|specific|single|root|personal|typical|certain)\s+(?:causes?|triggers?)$`)

// nounAfterRE finds what follows "cause" or "trigger" used as a noun
// whatever stands before it: "of", a verb of listing ("rosacea triggers
// include"), "such as", "to" ("triggers to avoid") or a clause end. A
// verb "causes" or "triggers" takes an object first.
var nounAfterRE = regexp.MustCompile(`(?i)^(?:\s*(?:[,.;:)]|$)|\s+(?:of|include|includes|included|including|such as|like|to|for|vary|varies|differ|differs)\b)`)

// mayEndInCause reports whether text may end in "cause", "causes",
// "trigger" or "triggers", in any case, as every match of nounCauseRE
// does; text beyond ASCII is left to the regexp.
func mayEndInCause(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			return true
		}
	}
	for _, w := range []string{"cause", "causes", "trigger", "triggers"} {
		if len(text) >= len(w) && indexFoldASCII(text[len(text)-len(w):], w) == 0 {
			return true
		}
	}
	return false
}

// causeWordRE is a relation word that may be the noun "cause" or
// "trigger".
var causeWordRE = regexp.MustCompile(`(?i)^(?:causes?|triggers?)$`)

// nounCause reports whether the relation word at text[start:end] is the
// noun "cause" or "trigger" (nounCauseRE, nounAfterRE), naming no
// direction.
func nounCause(text string, start, end int) bool {
	if mayEndInCause(text[:end]) && nounCauseRE.MatchString(text[:end]) {
		return true
	}
	return causeWordRE.MatchString(text[start:end]) && nounAfterRE.MatchString(text[end:])
}

// lesserRE marks a comparison made downward ("less itchy than"), which
// names its arguments the other way round from "more".
var lesserRE = regexp.MustCompile(`(?i)\b(less|fewer|lower|smaller|shorter|rarer)\b`)

// sideEndRE ends the reach of a relation's arguments: a semicolon or a
// contrasting conjunction.
var sideEndRE = regexp.MustCompile(`(?i);|\b(while|whereas|but|although|though)\b|,\s+and\b|[.!?](?:\s|$)`)

// riskForRE finds a list of risk factors ("risk factors for X include
// A, B and C"), which relations reads as "X results from A, B and C".
var riskForRE = regexp.MustCompile(`(?i)\brisk factors? (?:for|of) ([^,.;]+?) (?:include|includes|are)\b`)

// moreLikelyRE finds "make X more likely", which relations reads as "make
// more likely X": the cause before the verb, the effect after it.
var moreLikelyRE = regexp.MustCompile(`(?i)\b(makes?|making) ((?:[\w'-]+ ){1,3})more likely\b`)

// conversionRE finds a conversion with both its ends ("the conversion of
// testosterone to dihydrotestosterone", "converts X into Y"), and
// convertedRE a passive one ("X is converted to Y"), which relations
// reads as "X turns into Y": what is converted comes first.
var (
	conversionRE = regexp.MustCompile(`(?i)\bconver(?:sion|ting|ts?) (?:of )?([^,.;]+?) (?:back )?(?:in)?to\b`)
	convertedRE  = regexp.MustCompile(`(?i)\b(?:(?:is|are|be|being|gets?) )?converted (?:back )?(?:in)?to\b`)
)

// moreOftenRE finds an alternative ranked by how often ("A or, more
// often, B"), which relationText reads as the comparison "B more often
// than A".
var moreOftenRE = regexp.MustCompile(`(?i)([^,.;]+?)\s+or,\s+(more|less)\s+(often|commonly|frequently|usually),\s+([^,.;]+)`)

// causativeRE finds "make X <verb>" with a verb of coming about ("make the
// healing process produce too much collagen") or of what happens to a
// tissue ("mast cells releasing histamine, which make small blood vessels
// leak fluid"), which relationText reads as "cause X <verb>": the maker
// is the cause.
var causativeRE = regexp.MustCompile(`(?i)\b(?:makes?|made|making) ((?:[\w'-]+ ){1,4}?)(produce|form|grow|develop|appear|spread|arise|leak|swell|itch|bleed|peel|crack|thicken|dilate)\b`)

// firstThenRE finds an order in time told by "first" after a verb of
// coming about, with the clause that comes next ("blisters appear first,
// and the patches follow later"), which relationText reads as "blisters
// appear before the patches follow later". A bare "then" is left: it
// also opens the consequence of a condition ("if ..., then ...") and
// joins steps of one action ("wash, then pat dry").
var firstThenRE = regexp.MustCompile(`(?i)\b(appears?|appeared|comes?|came|develops?|developed|occurs?|occurred|starts?|started|begins?|began|arises?|arose|emerges?|emerged|forms?|formed|shows? up|showed up)\s+first(?:\s*,\s*(?:and\s+)?(?:then\s+)?|\s+(?:and\s+)?then\s+)`)

// withinOfRE finds a sentence that opens with the time since an event
// ("Within days to about two weeks of the herald patch, the rash
// spreads ..."), which relationText reads as "the herald patch before
// the rash spreads ...": the event comes first.
var withinOfRE = regexp.MustCompile(`(?i)(^\s*|[.;]\s+)within [^,.;]*? of ([^,.;]+),\s*`)

// relationText rewrites the relations riskForRE, moreLikelyRE,
// conversionRE, convertedRE, firstThenRE and withinOfRE find into the
// order relationRE reads. A "follow-up" is no order in time.
func relationText(text string) string {
	if strings.Contains(text, "ollow-up") {
		text = strings.ReplaceAll(text, "ollow-up", "ollowup")
	}
	if strings.Contains(text, "first") {
		text = firstThenRE.ReplaceAllString(text, "$1 before ")
	}
	if mayHoldFold(text, "risk factor") {
		text = riskForRE.ReplaceAllString(text, "$1 results from")
	}
	if strings.Contains(text, "ithin") {
		text = withinOfRE.ReplaceAllString(text, "$1$2 before ")
	}
	if strings.Contains(text, "onver") {
		text = conversionRE.ReplaceAllString(text, "$1 turns into")
		text = convertedRE.ReplaceAllString(text, "turns into")
	}
	if strings.Contains(text, "or, ") {
		text = moreOftenRE.ReplaceAllString(text, "$4 $2 $3 than $1")
	}
	if strings.Contains(text, "ma") {
		text = causativeRE.ReplaceAllString(text, "causes $1$2")
	}
	if !mayHoldFold(text, "more likely") {
		return text
	}
	return moreLikelyRE.ReplaceAllString(text, "make more likely $2")
}

// relation is one directed relation in a text: the terms of its first
// argument (the cause, the earlier, the greater) and of its second.
type relation struct {
	first, second lexicon.TermSet
	than          bool
	// word is the relation's word, lowercased ("after", "than").
	word string
}

// relations returns the directed relations of text.
func (v *Lexical) relations(text string) []relation {
	rt := relationText(text)
	return v.relationsIn(text, rt, relationMatches(rt))
}

// relationsIn is relations given text's relationText, rt, and the matches
// of relationRE there, ms.
func (v *Lexical) relationsIn(text, rt string, ms [][]int) []relation {
	listed := v.listedCauses(text)
	text = rt
	var out []relation
	var rcs [][]int
	if len(ms) > 1 {
		rcs = relClauseRE.FindAllStringIndex(text, -1)
	}
	for i, m := range ms {
		if m[4] >= 0 && nounCause(text, m[4], m[5]) {
			continue
		}
		// An argument reaches to a side end or the next relation.
		start := 0
		if i > 0 {
			start = ms[i-1][1]
		}
		if bs := sideEndRE.FindAllStringIndex(text[start:m[0]], -1); len(bs) > 0 {
			start += bs[len(bs)-1][1]
		}
		leftEnd := m[0]
		// A relation after a relative clause set off by commas ("Rosacea,
		// which is often triggered by sunlight, can lead to eye
		// irritation") has the clause's antecedent for its first
		// argument, not what the clause's own relation left over.
		for _, rc := range rcs {
			if rc[1] <= m[0] && start >= rc[0] && start < rc[1] && !sideEndRE.MatchString(text[rc[1]:m[0]]) {
				start = sentenceStart(text, rc[0])
				if bs := sideEndRE.FindAllStringIndex(text[start:rc[0]], -1); len(bs) > 0 {
					start += bs[len(bs)-1][1]
				}
				leftEnd = rc[0]
				break
			}
		}
		end := len(text)
		if i+1 < len(ms) {
			end = ms[i+1][0]
		}
		if b := sideEndRE.FindStringIndex(text[m[1]:end]); b != nil {
			end = m[1] + b[0]
		}
		if b := argumentEndRE.FindStringIndex(text[m[1]:end]); b != nil {
			end = m[1] + b[0]
		}
		left := lexicon.NewTermSet(v.unitTerms(text[start:leftEnd]))
		right := lexicon.NewTermSet(v.unitTerms(text[m[1]:end]))
		for h := range v.hedgeTerms {
			delete(left, h)
			delete(right, h)
		}
		for t := range left {
			if right.Has(t) {
				delete(left, t)
				delete(right, t)
			}
		}
		// A pronoun object in a subordinate clause ("X is called
		// precancerous because Y can progress into it") stands for the
		// main clause's subject: its terms join the second argument. In a
		// coordinated clause ("X protects against Y and cannot trigger
		// it") it may stand for an object, and is left.
		if objectPronounRE.MatchString(text[m[1]:end]) {
			main := text[sentenceStart(text, m[0]):m[0]]
			if sub := subordinatorRE.FindStringIndex(main); sub != nil {
				for _, t := range v.subjectTerms(main[:sub[0]]) {
					right[t] = struct{}{}
				}
			}
		}
		word := strings.ToLower(text[m[0]:m[1]])
		r := relation{first: left, second: right, than: word == "than", word: word}
		if m[2] >= 0 || (r.than && lesserRE.MatchString(text[start:m[0]])) {
			r.first, r.second = r.second, r.first
		}
		out = append(out, r)
	}
	return append(out, listed...)
}

// listedRE finds a list of what brings a thing about ("risk factors for
// impetigo include ...", "causes of pruritus include ...", "triggers of
// rosacea are ..."); group 1 is the thing.
var listedRE = regexp.MustCompile(`(?i)\b(?:risk factors?|causes|triggers) (?:for|of) ([^,.;]+?) (?:include|includes|are)\b`)

// listedCauses returns the relations of the lists listedRE finds in
// text: every item of the list, to the end of its sentence, is a cause
// of the thing. relations reads the list (rewritten by relationText) only
// to its first side end or relation word, but an item may follow ", and"
// or hold a relation of its own ("... hot weather, and itchy skin
// conditions that lead to scratching, such as scabies"); read whole, the
// list tells "impetigo can trigger scabies" for the relation turned
// round. Terms of the thing are left out of the causes, not the other way
// round.
func (v *Lexical) listedCauses(text string) []relation {
	var out []relation
	if !mayHoldFold(text, " include", " are") {
		return nil
	}
	for _, m := range listedRE.FindAllStringSubmatchIndex(text, -1) {
		end := len(text)
		if b := sentenceEndRE.FindStringIndex(text[m[1]:]); b != nil {
			end = m[1] + b[0]
		}
		if b := strings.IndexByte(text[m[1]:end], ';'); b >= 0 {
			end = m[1] + b
		}
		thing := lexicon.NewTermSet(v.unitTerms(text[m[2]:m[3]]))
		causes := lexicon.NewTermSet(v.unitTerms(text[m[1]:end]))
		for t := range v.hedgeTerms {
			delete(causes, t)
		}
		for t := range thing {
			delete(causes, t)
		}
		if len(thing) > 0 && len(causes) > 0 {
			out = append(out, relation{first: causes, second: thing, word: "include"})
		}
	}
	return out
}

// relClauseRE finds a relative clause set off by commas (", which is
// often triggered by sunlight,").
var relClauseRE = regexp.MustCompile(`(?i),\s*(?:which|who)\b[^,;.]*,`)

// argumentEndRE ends the argument after a relation word where a clause
// of its own begins: a relative clause after a comma ("after the skin
// signs, which may be the first clue") or a predicate joined by "and"
// ("before muscle weakness and may be the first clue"), which say
// something of an argument, or of the sentence's subject, and are no
// part of it.
var argumentEndRE = regexp.MustCompile(`(?i),\s*(?:which|who|whose)\b|\s+and\s+(?:may|might|can|could|is|are|was|were|will|would|should|must|often|usually|sometimes|typically)\b`)

// hedgeWords qualify a relation, not either of its arguments ("the signs
// often appear before weakness", "weakness often comes after the signs"):
// relations leaves their terms out of both.
const hedgeWords = "often usually sometimes typically generally"

// objectPronounRE finds an argument after a relation word that opens
// with an object pronoun ("progress into it over time").
var objectPronounRE = regexp.MustCompile(`(?i)^\s*(?:it|them)\b`)

// subordinatorRE finds a conjunction that opens a subordinate clause.
var subordinatorRE = regexp.MustCompile(`(?i)\b(?:because|since|although|though|while|whereas|when|if|unless|so that)\b`)

// sentenceStart returns the offset in text where the sentence holding
// offset at begins.
func sentenceStart(text string, at int) int {
	start := 0
	for _, m := range sentenceEndRE.FindAllStringIndex(text[:at], -1) {
		start = m[1]
	}
	return start
}

// reversedRole reports whether the span states a directed relation of the
// claim the other way round: "X causes Y" against "Y causes X" or "X is
// caused by Y", "X before Y" against "Y before X", "X is more itchy than Y"
// against "Y is more itchy than X". Of the span's relations of the same
// sort (comparison or not), the one sharing most terms with the claim's
// decides: reversed when terms of each claim argument sit in the other
// argument there.
func (v *Lexical) reversedRole(claim, span string) bool {
	return v.reversedRoleIn(nil, claim, span)
}

// reversedRoleIn is reversedRole with the claim's relations kept by memo
// (which may be nil).
func (v *Lexical) reversedRoleIn(memo *clauseMemo, claim, span string) bool {
	// The span's side, kept by the cache, is read first: without a
	// relation there, the claim's need not be found.
	if !v.cache.spanFacts(span).relationOK() {
		return false
	}
	srs := v.cache.spanRelations(v, span)
	if len(srs) == 0 || !memo.relates(claim) {
		return false
	}
	for _, cr := range memo.relations(v, claim) {
		best, bestN := -1, 0
		for i, sr := range srs {
			if sr.than != cr.than {
				continue
			}
			x := cr.first.Shared(sr.second) + cr.second.Shared(sr.first)
			k := cr.first.Shared(sr.first) + cr.second.Shared(sr.second)
			if x+k > bestN {
				best, bestN = i, x+k
			}
		}
		if best < 0 {
			continue
		}
		sr := srs[best]
		if cr.first.Shared(sr.second) > 0 && cr.second.Shared(sr.first) > 0 {
			return true
		}
	}
	return false
}

// movedAgent reports whether the claim gives a relation's first argument
// (the cause, the earlier) to a thing the span names only inside a
// relative clause set off by commas (relClauseRE), where the span gives
// the relation to the clause's antecedent: "Sunlight can lead to eye
// irritation" against "Rosacea, which is often triggered by sunlight, can
// lead to eye irritation". The claim's first argument holds terms of
// the relative clause and none of its antecedent (its other terms may be
// the main clause's predicate: "A break in the skin can spread quickly
// and cause fever" against "Cellulitis, which usually follows a break in
// the skin, can spread quickly and cause fever"), and a span relation
// whose first argument holds terms of the antecedent shares terms of its
// second argument with the claim's.
func (v *Lexical) movedAgent(claim, span string) bool {
	return v.movedAgentIn(nil, claim, span)
}

// movedAgentIn is movedAgent with the claim's relations kept by memo
// (which may be nil).
func (v *Lexical) movedAgentIn(memo *clauseMemo, claim, span string) bool {
	if !v.cache.spanFacts(span).relClauseIn() || !memo.relates(claim) {
		return false
	}
	srs := v.cache.spanRelations(v, span)
	crs := memo.relations(v, claim)
	for _, rc := range relClauseRE.FindAllStringIndex(span, -1) {
		from := sentenceStart(span, rc[0])
		if bs := sideEndRE.FindAllStringIndex(span[from:rc[0]], -1); len(bs) > 0 {
			from += bs[len(bs)-1][1]
		}
		ante := lexicon.NewTermSet(v.unitTerms(span[from:rc[0]]))
		inner := lexicon.NewTermSet(v.unitTerms(span[rc[0]:rc[1]]))
		for _, cr := range crs {
			if len(cr.first) == 0 || cr.first.Shared(inner) == 0 || cr.first.Shared(ante) > 0 {
				continue
			}
			for _, sr := range srs {
				if sr.than == cr.than && sr.first.Shared(ante) > 0 && sr.first.Shared(cr.first) == 0 && cr.second.Shared(sr.second) > 0 {
					return true
				}
			}
		}
	}
	return false
}
