package claims

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/dermliving/dermliving/lexicon"
)

// This file holds the binding checks: whether the span attaches each of the
// claim's attributes and roles to the entity the claim attaches it to. A
// span that names two entities and their attributes ("hydrocortisone is
// low-potency, and clobetasol is very potent") covers a claim that swaps
// them word for word; only where each word sits tells them apart.

// unitRE splits text into segments that are then joined into units (see
// bindUnits): clause punctuation, sentence ends and contrasting
// conjunctions. Group 1 is the conjunction, if any.
var unitRE = regexp.MustCompile(`(?i)[,;:()]|[.!?](?:\s|$)|\b(although|though|but|whereas|while|however|unless)\b`)

// attachWords open a segment that describes the entity just before it (a
// relative clause or an appositive: "ultraviolet A, which penetrates
// deeply", "ultraviolet B, the main cause of sunburn"): it joins the unit
// before it.
var attachWords = wordsOf(`which who whose that the a an called known namely`)

// articles open an appositive or a list item alike.
var articles = wordsOf(`the a an`)

// describedTerms is the most terms a phrase opened by an article may hold
// and still be taken for a list item rather than a description.
const describedTerms = 3

// shortUnit is the most terms a segment of a list may hold ("scalp and
// outer limbs"): such a segment joins the unit before it.
const shortUnit = 3

// unit is a stretch of text that speaks of one entity: a clause with its
// relative clauses, appositives, parentheses and list items.
type unit struct {
	text  string
	terms lexicon.TermSet
}

// soleHolder returns the index of the only one of units whose terms hold
// t, or -1 when none or several do.
func soleHolder[U any](units []U, terms func(U) lexicon.TermSet, t string) int {
	at := -1
	for i, u := range units {
		if terms(u).Has(t) {
			if at >= 0 {
				return -1
			}
			at = i
		}
	}
	return at
}

// segment is a piece of text between unitRE's matches, with how it was
// opened: by a contrasting conjunction or semicolon (strong, never joined),
// by a parenthesis, or by a comma that no conjunction follows (cont: a
// list or a row of adjectives, "warm, moist areas").
type segment struct {
	text                string
	strong, paren, cont bool
	// closed is set on a joined segment once a parenthesis, relative clause
	// or appositive has described its entity; own on a segment that starts
	// a unit of its own after one.
	closed, own bool
}

// bindUnits splits text into units. Segments opened by a parenthesis, a
// relative pronoun or an appositive join the unit before them, and so do
// list items, unless the unit before has been described already (then they
// name the next entity); then short list items join theirs. A segment
// opened by a contrasting conjunction ("while", "whereas"), a semicolon or
// a sentence end always starts a unit.
// When split is true, a text of one unit is split again at "and" ("blackheads
// are open comedones and whiteheads are closed ones").
func (v *Lexical) bindUnits(text string, split bool) []unit {
	// A text of one unit that no "and" splits is read again whole: its
	// terms are found once.
	seen := map[string][]string{}
	out := v.joinUnits(splitSegments(text), seen)
	if split && len(out) == 1 {
		out = v.joinUnits(splitAnd(out[0].text), seen)
	}
	return out
}

// joinUnits joins segments into units (see bindUnits). seen keeps the
// unitTerms of the segments read, by text.
func (v *Lexical) joinUnits(segs []segment, seen map[string][]string) []unit {
	unitTerms := func(text string) []string {
		terms, ok := seen[text]
		if !ok {
			terms = v.unitTerms(text)
			seen[text] = terms
		}
		return terms
	}
	// Pass 1: parentheses, relative clauses and appositives.
	// A segment after a described entity that is not itself a description
	// starts the next entity ("blackheads (open comedones) and whiteheads
	// (closed comedones)"; "X, the commoner form, from Y, which ...").
	var joined []segment
	for _, s := range segs {
		if len(joined) > 0 && !s.strong {
			last := &joined[len(joined)-1]
			switch {
			case s.paren || attachWords[firstWord(s.text)]:
				last.text += ", " + s.text
				// A short phrase opened by an article may be a list item
				// ("the armpits, the groin"), which describes nothing.
				last.closed = s.paren || !articles[firstWord(s.text)] || len(unitTerms(s.text)) > describedTerms
				continue
			case last.closed && predicateRE.MatchString(s.text):
				// A predicate after a parenthesis ("shingles affecting
				// the forehead (herpes zoster ophthalmicus) can threaten
				// vision") is the described entity's.
				last.text += ", " + s.text
				last.closed = false
				continue
			case last.closed:
				s.own = true
			case s.cont:
				last.text += ", " + s.text
				continue
			}
		}
		joined = append(joined, s)
	}
	// Pass 2: short list items join the unit before them; a short first
	// item, the unit after it.
	var out []unit
	lastShort := false
	for _, s := range joined {
		terms := unitTerms(s.text)
		if len(terms) == 0 {
			continue
		}
		short := len(terms) <= shortUnit
		if len(out) > 0 && !s.strong && !s.own && (short || lastShort) {
			last := &out[len(out)-1]
			last.text += ", " + s.text
			for _, t := range terms {
				last.terms[t] = struct{}{}
			}
			lastShort = false
			continue
		}
		out = append(out, unit{text: s.text, terms: lexicon.NewTermSet(terms)})
		lastShort = short
	}
	return out
}

// predicateRE finds a segment that opens with an auxiliary or a modal
// verb: a predicate with no subject of its own.
var predicateRE = regexp.MustCompile(`(?i)^(?:can|could|may|might|will|would|should|must|is|are|was|were|has|have|had|does|do|did)\s`)

// andRE finds "and", where splitAnd may split.
var andRE = regexp.MustCompile(`(?i)\band\b`)

// clauseAfterRE tells an "and" that joins clauses from one that joins the
// items of a list: it is followed by a comma ("and, less often, ..."), or
// by a finite verb before the next punctuation ("and whiteheads are ...").
var clauseAfterRE = regexp.MustCompile(`(?i)^\s*,|^[^,;:()]*\b(is|are|was|were|has|have|had|can|may|might|could|does|do|did|will|would|should|must)\b`)

// splitAnd splits text at each "and" that joins clauses (clauseAfterRE).
func splitAnd(text string) []segment {
	var segs []segment
	last := 0
	for _, m := range andRE.FindAllStringIndex(text, -1) {
		if !clauseAfterRE.MatchString(text[m[1]:]) {
			continue
		}
		segs = append(segs, segment{text: strings.TrimSpace(text[last:m[0]]), strong: len(segs) > 0})
		last = m[1]
	}
	return append(segs, segment{text: strings.TrimSpace(text[last:]), strong: len(segs) > 0})
}

func splitSegments(text string) []segment {
	var segs []segment
	last := 0
	strong, paren, cont := false, false, false
	for _, m := range unitRE.FindAllStringSubmatchIndex(text, -1) {
		if s := strings.TrimSpace(text[last:m[0]]); s != "" {
			segs = append(segs, segment{text: s, strong: strong, paren: paren, cont: cont})
		}
		d := text[m[0]:m[1]]
		strong = m[2] >= 0 || d == ";" || strings.ContainsAny(d, ".!?")
		paren = d == "("
		cont = d == "," && !conjunctions[firstWord(text[m[1]:])]
		last = m[1]
	}
	if s := strings.TrimSpace(text[last:]); s != "" {
		segs = append(segs, segment{text: s, strong: strong, paren: paren, cont: cont})
	}
	return segs
}

// conjunctions after a comma open a new unit.
var conjunctions = wordsOf(`and or nor but while whereas although though`)

// firstWord returns the first word of s, lowercased.
func firstWord(s string) string {
	for _, w := range strings.Fields(strings.ToLower(s)) {
		if w = strings.Trim(w, `"'()`); w != "" {
			return w
		}
	}
	return ""
}

// nonHyphenRE finds a negating prefix written with a hyphen
// ("non-bullous"), which binds to its word.
var nonHyphenRE = regexp.MustCompile(`(?i)\b(non|un)-(\pL)`)

// designatorRE finds a single capital letter naming a member of a kind
// ("ultraviolet A", "hepatitis C"), which the analyzer drops.
var designatorRE = regexp.MustCompile(`\b([A-Za-z]{3,}) ([A-Z])\b`)

// mayDesignate reports whether text holds a space before a capital
// letter, as every match of designatorRE does.
func mayDesignate(text string) bool {
	for i := 0; i+1 < len(text); i++ {
		if text[i] == ' ' && 'A' <= text[i+1] && text[i+1] <= 'Z' {
			return true
		}
	}
	return false
}

// unboundTerms attach to no entity of their own: pro-forms ("a
// low-potency one") and modal verbs, which either side may repeat in any
// unit.
var unboundTerms = wordsOf(`one ones can may might could would should will also`)

// unitTerms are the analysed terms of text, with designator letters kept
// ("ultraviolet A" gives "ultraviolet" and "ultraviolet_a") and hyphenated
// negating prefixes joined to their word ("nonbullous").
func (v *Lexical) unitTerms(text string) []string {
	if strings.Contains(text, "-") {
		text = nonHyphenRE.ReplaceAllString(text, "$1$2")
	}
	terms := slices.DeleteFunc(v.an.Terms(text), func(t string) bool { return unboundTerms[t] })
	if !mayDesignate(text) {
		return terms
	}
	for _, m := range designatorRE.FindAllStringSubmatch(text, -1) {
		terms = append(terms, strings.ToLower(m[1])+"_"+strings.ToLower(m[2]))
	}
	return terms
}

// crossedBinding reports whether the span attaches the claim's attributes to
// its entities the other way round: two units of the claim each draw terms
// of their own from the same two units of the span, crosswise ("A is p, and
// B is q" against "A is q, and B is p"). Terms count only where they are
// the claim's and the span's in a single unit each; a faithful paraphrase
// that reorders or regroups clauses draws each claim unit from one span
// unit, or draws from two without another claim unit drawing from both.
func (v *Lexical) crossedBinding(claim, span string) bool {
	return v.crossedUnits(v.claimUnits(claim), span)
}

// crossedUnits is crossedBinding given the claim's units.
func (v *Lexical) crossedUnits(claimUnits func() []unit, span string) bool {
	su := v.cache.spanListUnits(v, span)
	if len(su) < 2 {
		return false
	}
	cu := listRuns(claimUnits())
	if len(cu) < 2 {
		return false
	}
	home := func(units []unit, t string) int {
		return soleHolder(units, func(u unit) lexicon.TermSet { return u.terms }, t)
	}
	// cells[a][p] counts the terms of claim unit a whose only span unit is p.
	cells := make([]map[int]int, len(cu))
	for a, u := range cu {
		cells[a] = map[int]int{}
		for t := range u.terms {
			if home(cu, t) != a {
				continue
			}
			if p := home(su, t); p >= 0 {
				cells[a][p]++
			}
		}
	}
	for a := range cu {
		for b := a + 1; b < len(cu); b++ {
			var shared []int
			for p := range cells[a] {
				if cells[b][p] > 0 {
					shared = append(shared, p)
				}
			}
			if len(shared) >= 2 {
				return true
			}
		}
	}
	return false
}

// listEndRE finds a unit that ends a list: it opens with "and" or "or".
var listEndRE = regexp.MustCompile(`(?i)^(?:and|or)\s`)

// listVerbRE finds a verb a list's items may share, beside clauseVerbRE's
// ("... and extra fluids commonly help"), and relPronounRE a relative
// clause, which makes an item a clause of its own.
var (
	listVerbRE   = regexp.MustCompile(`(?i)\b(?:helps?|reduces?|eases?|relieves?|works?|protects?|prevents?|treats?|irritates?|triggers?|blocks?|reach(?:es)?)\b`)
	relPronounRE = regexp.MustCompile(`(?i)\b(?:which|who|whose|that)\b`)
)

// verbless reports whether text holds no verb of a clause and no relative
// clause.
func verbless(text string) bool {
	return !clauseVerbCues.in(text) && !listVerbRE.MatchString(text) && !relPronounRE.MatchString(text)
}

// listRuns joins each run of units that hold no verb of a clause
// (verbless) to the unit after it that opens with "and" or "or" and holds
// the verb: the
// items of one list with the predicate they share ("cool showers or
// compresses, fragrance-free moisturisers or aloe vera gel, and extra
// fluids commonly help"), which name one entity together; a regrouped list
// takes nothing crosswise. It returns units itself when it joins none.
func listRuns(units []unit) []unit {
	if !slices.ContainsFunc(units[min(1, len(units)):], func(u unit) bool { return listEndRE.MatchString(u.text) }) {
		return units
	}
	var out []unit
	run := 0 // units of out, at its end, that hold no verb
	for i, u := range units {
		if i > 0 && run > 0 && listEndRE.MatchString(u.text) && !verbless(u.text) {
			if out == nil {
				out = slices.Clone(units[:i])
			}
			start := len(out) - run
			j := unit{text: out[start].text, terms: lexicon.TermSet{}}
			for _, w := range out[start:] {
				if w.text != j.text {
					j.text += ", " + w.text
				}
				for t := range w.terms {
					j.terms[t] = struct{}{}
				}
			}
			j.text += ", " + u.text
			for t := range u.terms {
				j.terms[t] = struct{}{}
			}
			out = append(out[:start], j)
			run = 0
			continue
		}
		if out != nil {
			out = append(out, u)
		}
		if verbless(u.text) {
			run++
		} else {
			run = 0
		}
	}
	if out == nil {
		return units
	}
	return out
}

// misbound reports whether the span attaches some attribute or role of the
// claim to another entity than the claim does (crossedBinding), or states a
// directed relation of the claim the other way round (reversedRole), or an
// association as a cause (madeCausal).
func (v *Lexical) misbound(claim, span string) bool {
	return v.misboundAs(nil, claim, claim, span)
}

// misboundAs is misbound with the claim read as read (see conversed) by
// every check but the role checks (reversedRole, madeCausal), which read
// the claim as it is.
//
// memo, which may be nil, keeps the claim's relations.
func (v *Lexical) misboundAs(memo *clauseMemo, claim, read, span string) bool {
	// A claim that is the span itself binds nothing otherwise: an
	// extractive answer's sentences are verified against their own.
	if claim == span {
		return false
	}
	cu := v.claimUnits(read)
	return v.crossedUnits(cu, span) || v.unitContrastOf(cu, span) || v.boundContrast(read, span) || v.reversedRoleIn(memo, claim, span) || v.movedAgentIn(memo, claim, span) || v.madeCausal(claim, span) || v.movedDescription(read, span) || v.movedUnlike(read, span) || v.crossedClauses(read, span) || v.movedClass(read, span) || v.movedOwner(cu, read, span) || v.movedName(read, span)
}

// claimUnits returns a function that gives the claim's entity units, found
// on first use and then kept, so that the checks of one claim share them.
func (v *Lexical) claimUnits(claim string) func() []unit {
	var cu []unit
	done := false
	return func() []unit {
		if !done {
			cu, done = v.bindUnits(claim, true), true
		}
		return cu
	}
}

// unitContrast reports whether some unit of the claim names a member of a
// contrast set (see contrastWords) where the span unit that best matches
// it names another member and not the claim's: "chronic itch lasts under
// six weeks, while acute itch lasts longer" against "acute itch is short,
// while chronic itch lasts six weeks or longer". Units keep lists whole,
// so reordered list items do not count.
func (v *Lexical) unitContrast(claim, span string) bool {
	return v.unitContrastOf(v.claimUnits(claim), span)
}

// unitContrastOf is unitContrast given the claim's units.
func (v *Lexical) unitContrastOf(claimUnits func() []unit, span string) bool {
	su := v.cache.spanUnits(v, span)
	if len(su) < 2 {
		return false
	}
	for _, cu := range claimUnits() {
		best, bestN, tie := -1, 0, false
		for i, u := range su {
			n := cu.terms.Shared(u.terms)
			switch {
			case n > bestN:
				best, bestN, tie = i, n, false
			case n == bestN:
				tie = true
			}
		}
		if best >= 0 && bestN >= 2 && !tie && v.contrasts.clash(words(cu.text), words(su[best].text)) {
			return true
		}
	}
	return false
}

// boundContrast reports whether the claim gives an entity one member of a
// contrast set where the span names two members and puts the other nearer
// that entity: "class VII is the strongest" against "class I is the
// strongest and class VII the weakest". The rarest claim word found once in
// the span (the entity's name, as a rule) is bound to the member nearer it
// there; the claim is misbound when that is another member.
func (v *Lexical) boundContrast(claim, span string) bool {
	cw, cbars := positionedWords(claim)
	sw, bars := v.cache.spanFacts(span).positionedWords()
	claimClass := map[int][2]int{} // set -> the claim's one class
	multi := map[int]bool{}
	claimWords := map[string]bool{}
	// The clauses of the claim each word stands in (see positionedWords).
	wordBars := map[string]map[int]bool{}
	for p, ws := range cw {
		for _, w := range ws {
			claimWords[w] = true
			if wordBars[w] == nil {
				wordBars[w] = map[int]bool{}
			}
			wordBars[w][cbars[p]] = true
			k, ok := v.contrasts[w]
			if !ok {
				continue
			}
			if c, seen := claimClass[k[0]]; seen && c != k {
				multi[k[0]] = true
			}
			claimClass[k[0]] = k
		}
	}
	for set := range multi {
		if v.pairedOtherwise(set, cw, cbars, sw, bars, claimWords) {
			return true
		}
	}
	for set, k := range claimClass {
		if multi[set] {
			continue
		}
		var own, other []int
		for p, ws := range sw {
			for _, w := range ws {
				if o, ok := v.contrasts[w]; ok && o[0] == set {
					if o == k {
						own = append(own, p)
					} else {
						other = append(other, p)
					}
				}
			}
		}
		if len(own) == 0 || len(other) == 0 {
			continue
		}
		// The rarest claim word found once in the span decides: names
		// (a drug, a class numeral) bind; common words may sit anywhere.
		// Only a word the claim itself binds to its member counts: one in
		// a clause of the claim that holds the member ("onset before age
		// 25" binds nothing to "six months" three commas before it), when
		// that clause holds any word that is no contrast-set member.
		memberBars := map[int]bool{}
		for w, bs := range wordBars {
			if v.contrasts[w] == k {
				for b := range bs {
					memberBars[b] = true
				}
			}
		}
		inClause := func(w string) bool {
			for b := range wordBars[w] {
				if memberBars[b] {
					return true
				}
			}
			return false
		}
		clauseOnly := false
		for w := range claimWords {
			if _, ok := v.contrasts[w]; !ok && inClause(w) && len(v.cache.wordTerms(v, w)) == 1 {
				clauseOnly = true
				break
			}
		}
		var rarest float64
		decided := 0
		for w := range claimWords {
			if _, ok := v.contrasts[w]; ok {
				continue
			}
			if clauseOnly && !inClause(w) {
				continue
			}
			terms := v.cache.wordTerms(v, w)
			if len(terms) != 1 || unboundTerms[terms[0]] {
				continue
			}
			at := -1
			for p, ws := range sw {
				for _, x := range ws {
					if x == w {
						if at >= 0 {
							at = -2
						} else if at == -1 {
							at = p
						}
					}
				}
			}
			if at < 0 {
				continue // absent, or found more than once: binds nothing
			}
			weight := 1.0
			if v.rarity != nil {
				weight = v.rarity(terms[0])
			}
			if weight < rarest {
				continue
			}
			vote := 0
			switch dOwn, dOther := nearest(at, own, bars), nearest(at, other, bars); {
			case dOwn < dOther:
				vote = 1
			case dOther < dOwn:
				vote = -1
			}
			if weight > rarest {
				rarest, decided = weight, vote
			} else if vote != decided {
				decided = 0 // equally rare words disagree
			}
		}
		if decided < 0 {
			return true
		}
	}
	return false
}

// pairedOtherwise is boundContrast for a set of which the claim names
// more than one member ("class VII is the strongest topical corticosteroid
// group and class I the weakest" against "class I the strongest and class
// VII the weakest"): the rarest word found once in the claim and once in
// the span is bound on each side to the member nearest it in its own
// clause, at most maxPairDistance words off (see positionedWords); the claim is misbound when the two are
// members of different classes. A word with no member in its clause, or as
// near two classes, binds nothing; members listed together (coordinated)
// bind nothing apart.
func (v *Lexical) pairedOtherwise(set int, cw [][]string, cbars []int, sw [][]string, bars []int, claimWords map[string]bool) bool {
	members := func(ws [][]string) map[[2]int][]int {
		m := map[[2]int][]int{}
		for p, xs := range ws {
			for _, w := range xs {
				if o, ok := v.contrasts[w]; ok && o[0] == set {
					m[o] = append(m[o], p)
				}
			}
		}
		return m
	}
	cm, sm := members(cw), members(sw)
	if len(cm) < 2 || len(sm) < 2 || coordinated(cm) || coordinated(sm) {
		return false
	}
	nearestClass := func(at int, m map[[2]int][]int, bars []int) ([2]int, bool) {
		var best [2]int
		bestD, tie := -1, false
		for k, ps := range m {
			switch d := nearest(at, ps, bars); {
			case bestD < 0 || d < bestD:
				best, bestD, tie = k, d, false
			case d == bestD:
				tie = true
			}
		}
		// Only a member a few words from it, in its own clause, binds it
		// (a name beside its rank: "class VII is the strongest"); a
		// subject said of both members ("Condition K can start in the
		// palms or, more often, on the soles") stands further off.
		return best, bestD >= 0 && bestD <= maxPairDistance && !tie
	}
	once := func(ws [][]string, w string) int {
		at := -1
		for p, xs := range ws {
			if slices.Contains(xs, w) {
				if at >= 0 {
					return -1
				}
				at = p
			}
		}
		return at
	}
	var rarest float64
	decided := 0
	for w := range claimWords {
		if _, ok := v.contrasts[w]; ok {
			continue
		}
		terms := v.cache.wordTerms(v, w)
		if len(terms) != 1 || unboundTerms[terms[0]] {
			continue
		}
		atC, atS := once(cw, w), once(sw, w)
		if atC < 0 || atS < 0 {
			continue
		}
		kc, okC := nearestClass(atC, cm, cbars)
		ks, okS := nearestClass(atS, sm, bars)
		if !okC || !okS {
			continue
		}
		vote := 1
		if kc != ks {
			vote = -1
		}
		weight := 1.0
		if v.rarity != nil {
			weight = v.rarity(terms[0])
		}
		switch {
		case weight > rarest:
			rarest, decided = weight, vote
		case weight == rarest && vote != decided:
			decided = 0 // equally rare words disagree
		}
	}
	return decided < 0
}

// maxPairDistance is how many words from its member a word may stand and
// be bound to it by pairedOtherwise.
const maxPairDistance = 3

// coordinated reports whether members of two classes stand next to each
// other, a word or two apart ("red or violet", "the eyelids and face"):
// a list of members, bound together to what it is said of.
func coordinated(m map[[2]int][]int) bool {
	for k, ps := range m {
		for k2, qs := range m {
			if k == k2 {
				continue
			}
			for _, p := range ps {
				for _, q := range qs {
					if max(p-q, q-p) <= 2 {
						return true
					}
				}
			}
		}
	}
	return false
}

// nearest is the least distance from p to a position of at, a clause
// boundary between them counting as far (see positionedWords).
func nearest(p int, at []int, bars []int) int {
	d := -1
	for _, q := range at {
		x := max(p-q, q-p) + 100*max(bars[p]-bars[q], bars[q]-bars[p])
		if d < 0 || x < d {
			d = x
		}
	}
	return d
}

// barrierWords and barrierRunes end a clause for positionedWords.
var barrierWords = wordsOf(`and while whereas but although though`)

const barrierRunes = ",;:"

// positionedWords returns the lowercased words of text by position, and
// for each position how many clause boundaries (a comma, semicolon or
// colon, or "and", "while", "whereas", "but") come before it; a hyphenated
// compound holds one position, as itself and as its parts, and the last
// word of a contrast member written in several words ("ultraviolet A", see
// contrastAliases) holds the member as well.
func positionedWords(text string) (words [][]string, bars []int) {
	words, bars = positionedWordsOnly(text)
	for _, a := range contrastAliases {
		parts := strings.Fields(a[0])
	next:
		for p := len(parts) - 1; p < len(words); p++ {
			for k, w := range parts {
				at := p - len(parts) + 1 + k
				if !slices.Contains(words[at], w) || bars[at] != bars[p] {
					continue next
				}
			}
			words[p] = append(words[p], a[1])
		}
	}
	return words, bars
}

// positionedWordsOnly is positionedWords without the contrast aliases.
func positionedWordsOnly(text string) (words [][]string, bars []int) {
	n := 0
	for _, f := range strings.FieldsFunc(strings.ToLower(lexicon.Fold(text)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && !strings.ContainsRune(barrierRunes, r)
	}) {
		for strings.ContainsAny(f[:1], barrierRunes) {
			n++
			f = f[1:]
			if f == "" {
				break
			}
		}
		trailing := 0
		for f != "" && strings.ContainsAny(f[len(f)-1:], barrierRunes) {
			trailing++
			f = f[:len(f)-1]
		}
		parts := strings.FieldsFunc(f, func(r rune) bool { return r == '-' || strings.ContainsRune(barrierRunes, r) })
		if barrierWords[f] {
			n++
			parts = nil
		}
		if len(parts) > 0 {
			if len(parts) > 1 {
				parts = append(parts, strings.Join(parts, "-"))
			}
			words = append(words, parts)
			bars = append(bars, n)
		}
		n += trailing
	}
	return words, bars
}
