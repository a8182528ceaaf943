package claims

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dermliving/dermliving/lexicon"
)

// This file holds the checks the Lexical verifier runs on the span that
// covers a claim best, beyond coverage itself.

// discountJudged zeroes the weights of the concepts that a check of their own
// judges, and returns the new total weight: the claim's negation cues and
// strong words (judged, the words matched by negationRE and strongRE) and its
// numbers. Counted in coverage, a changed number ("SPF 15" against "SPF 30")
// would make a claim unsupported instead of contradicted, and a claim's
// "never" would need the passage's very word where "not" says the same.
func discountJudged(an *lexicon.Analyzer, judged []string, concepts []lexicon.Concept, weights []float64) float64 {
	var terms lexicon.TermSet
	if len(judged) > 0 {
		terms = lexicon.NewTermSet(an.Terms(strings.Join(judged, " ")))
	}
	total := 0.0
	for i, c := range concepts {
		if len(c.Terms) == 1 && (terms.Has(c.Terms[0]) || isNumber(c.Terms[0])) {
			weights[i] = 0
		}
		total += weights[i]
	}
	return total
}

func isNumber(term string) bool {
	return numberRE.FindString(term) == term
}

// scopeEndRE ends the reach of a negation cue inside its clause: "is not
// caused by hygiene and is linked to hormones" denies the cause, not the
// link. "or" does not end it: "not red or swollen" denies both.
var scopeEndRE = regexp.MustCompile(`(?i)\b(and|` + scopeEndWords + `)\b`)

// scopeEndWords open a subordinate clause or a time adjunct, where a
// negation's reach ends: "needs no treatment because the rash resolves",
// "heals without scarring within two weeks".
const scopeEndWords = `because|since|although|though|whereas|unless|which|who|within|after|before|during|until`

// modalEndRE ends a negation's scope at a modal verb, which opens the
// predicate of a clause whose subject the negation sat in: "people who
// have not had chickenpox can help prevent spread" denies having had
// chickenpox, not the help.
var modalEndRE = regexp.MustCompile(`(?i)\b(can|could|may|might|should|would|will|must)\b`)

// negatesOver reports whether clause puts some of the other side's terms
// under a negation cue: after the cue, up to the end of its scope, or, when
// nothing follows the cue ("fever is absent"), before it. A cue that denies
// only content the other side does not mention ("fade within 24 hours without
// leaving a mark", checked for "fade within 24 hours") does not change the
// polarity of what the claim and the passage have in common. A term the
// clause both denies and holds outside every cue's scope says nothing of
// its own polarity: it counts only when the other side does not hold it
// free (otherFree) either ("one part of sun protection rather than a
// reason to spend longer in strong sun" asserts "sun" as much as it sets it
// aside, and agrees with "one part of sun protection"). otherFree may be
// nil.
func (v *Lexical) negatesOver(clause string, other, otherFree lexicon.TermSet) bool {
	cues := negationRE.FindAllStringIndex(clause, -1)
	if len(cues) == 0 {
		return false
	}
	within, scopes := v.negationScopes(clause, cues)
	var free lexicon.TermSet
	for _, in := range within {
		for _, t := range v.an.Terms(clause[in[0]:in[1]]) {
			if !other.Has(t) {
				continue
			}
			if !otherFree.Has(t) {
				return true
			}
			if free == nil {
				free = v.freeTerms(clause, scopes)
			}
			if !free.Has(t) {
				return true
			}
		}
	}
	return false
}

// negationScopes returns, for each negation cue of clause (cues, as
// negationRE finds them), the byte range its denied terms stand in and
// the range, the cue with it, that holds no term free of it.
func (v *Lexical) negationScopes(clause string, cues [][]int) (within, scopes [][2]int) {
	within = make([][2]int, len(cues))
	scopes = make([][2]int, len(cues))
	for i, cue := range cues {
		whole := clause[cue[1]:]
		rest := whole
		if m := scopeEndRE.FindStringIndex(rest); m != nil {
			rest = rest[:m[0]]
		}
		if m := modalEndRE.FindStringIndex(rest); m != nil {
			rest = rest[:m[0]]
		}
		within[i], scopes[i] = [2]int{cue[1], cue[1] + len(rest)}, [2]int{cue[0], cue[1] + len(rest)}
		if len(v.an.Terms(rest)) == 0 {
			if contrastCues[strings.ToLower(clause[cue[0]:cue[1]])] {
				// "rather than during sleep": what a contrast cue sets
				// aside follows it, whatever word opens it; it never
				// reaches back ("happens during waking hours rather than
				// during sleep" denies nothing before it).
				within[i], scopes[i] = [2]int{cue[1], len(clause)}, [2]int{cue[0], len(clause)}
				continue
			}
			within[i], scopes[i] = [2]int{0, cue[0]}, [2]int{0, cue[1]}
		}
	}
	return within, scopes
}

// clauseFree returns the terms clause holds outside every negation cue's
// scope.
func (v *Lexical) clauseFree(clause string) lexicon.TermSet {
	cues := negationRE.FindAllStringIndex(clause, -1)
	if len(cues) == 0 {
		return lexicon.NewTermSet(v.an.Terms(clause))
	}
	_, scopes := v.negationScopes(clause, cues)
	return v.freeTerms(clause, scopes)
}

// freeTerms returns the terms of text outside the byte ranges scopes.
func (v *Lexical) freeTerms(text string, scopes [][2]int) lexicon.TermSet {
	b := []byte(text)
	for _, sc := range scopes {
		for i := sc[0]; i < sc[1]; i++ {
			b[i] = ' '
		}
	}
	return lexicon.NewTermSet(v.an.Terms(string(b)))
}

// substituted reports whether the span puts other content where the claim has
// content the span lacks: "Psoriasis arises from a combination of genetic,
// immune and environmental factors" against "Atopic dermatitis arises from a
// combination of genetic, immune and environmental factors". Coverage alone
// lets that through when the claim's other words outweigh the one swapped.
//
// The claim's concepts that the span matches are aligned, in the claim's
// order, with occurrences in the span: as many of them as can be (align). Each run of unmatched
// content concepts sits between two aligned neighbours, or at an end of the
// claim next to one; the span's terms in the same place (between the
// neighbours, or as many terms as the run has next to its one neighbour) must
// hold no content of their own. Content the claim adds where the span has none
// is left to coverage; content the claim puts in place of the span's is not
// support.
func (v *Lexical) substituted(ci claimInfo, sp span) bool {
	_, _, ok := v.substitution(ci, sp, false, nil)
	return ok
}

// oppositeSwap reports whether the content the claim puts in place of the
// span's (see substitution) holds a word listed as the opposite of one of
// the span's there (opposites.txt): "a longer course" where the span says
// "a shorter course", "a clear border and a raised centre" where it says
// "a raised border and a clearer centre". It is another member of the same
// kind, as a contrast set's is. A claim word elsewhere that the span
// holds only through a thesaurus equivalent counts too, when one word of
// the claim stands for one of the span's: "Keeping the limb
// lowered helps reduce the swelling" puts "keeping" where "Raising the
// limb ... can help reduce the swelling" has "raising", and "lowered",
// matched by the span's "reduce", says the reverse of it.
func (v *Lexical) oppositeSwap(ci claimInfo, sp span) bool {
	run, in, ok := v.substitution(ci, sp, false, nil)
	if !ok {
		return false
	}
	// A claim that holds both sides of a line itself ("increase until
	// middle age and then decline") sets them against each other, as
	// the span does.
	var claimTerms lexicon.TermSet
	opposed := func(t string) bool {
		if !slices.ContainsFunc(in, func(s string) bool { return v.opposites.opposed(t, s) }) {
			return false
		}
		if claimTerms == nil {
			claimTerms = lexicon.TermSet{}
			for _, c := range ci.concepts {
				for _, x := range c.Terms {
					claimTerms[x] = struct{}{}
				}
			}
		}
		return !v.opposedIn(t, claimTerms)
	}
	for _, k := range run {
		if slices.ContainsFunc(ci.concepts[k].Terms, opposed) {
			return true
		}
	}
	if len(run) != 1 || len(in) != 1 {
		return false
	}
	for i, c := range ci.concepts {
		if ci.weights[i] > 0 && c.MatchedBy(sp.terms) && !slices.ContainsFunc(c.Terms, sp.terms.Has) && slices.ContainsFunc(c.Terms, opposed) {
			return true
		}
	}
	return false
}

// swappedOnly reports whether every content the claim puts in place of the
// span's is one word of its own for one of the span's that swapAllowed
// lets stand: the Strict verdict's reading of substitution.
func (v *Lexical) swappedOnly(ci claimInfo, sp span) bool {
	_, _, ok := v.substitution(ci, sp, true, nil)
	return !ok
}

// substitution is substituted, with the run of claim concepts not aligned
// and the span's terms in their place when it finds one. With swaps, the
// claim concepts that oneSwap lets stand are appended to swapped when it
// is not nil.
func (v *Lexical) substitution(ci claimInfo, sp span, swaps bool, swapped *[]int) (run []int, in []string, found bool) {
	// A hedge ("may", and a leaflet's "might", read as "may") is no
	// content the claim puts in place of the span's: "you may first
	// notice a widening part" for "often first noticed as a widening
	// part". What a modal asserts beyond the span is the strength and
	// polarity checks'.
	content := func(i int) bool {
		return ci.weights[i] > 0 && !ci.concepts[i].Filler && !v.lightVerb(ci.concepts[i]) && !(len(ci.concepts[i].Terms) == 1 && ci.concepts[i].Terms[0] == "may")
	}
	missing := false
	for i, c := range ci.concepts {
		if content(i) && !c.MatchedBy(sp.terms) {
			missing = true
			break
		}
	}
	if !missing {
		return nil, nil, false
	}
	terms := v.an.Terms(sp.text)
	// own marks span terms that no way of writing a claim concept uses: the
	// span's own content, unless it is a filler word.
	own := make([]bool, len(terms))
	fillers := map[string]bool{}
	for _, c := range v.an.Concepts(sp.text, nil) {
		if c.Filler {
			fillers[c.Terms[0]] = true
		}
	}
	for p, t := range terms {
		own[p] = !fillers[t]
		for _, c := range ci.concepts {
			for _, alt := range c.Alternatives {
				if slices.Contains(alt, t) {
					own[p] = false
				}
			}
		}
	}
	at := align(ci.concepts, sp.terms, terms)
	hasOwn := func(from, to int) bool {
		from, to = max(from, 0), min(to, len(own))
		return from < to && slices.Contains(own[from:to], true)
	}
	for i := 0; i < len(ci.concepts); i++ {
		if !content(i) || at[i] != nil || ci.concepts[i].MatchedBy(sp.terms) {
			continue
		}
		// A run i..j-1 of concepts not aligned, holding n terms of content.
		j, n := i, 0
		for ; j < len(ci.concepts) && at[j] == nil; j++ {
			if content(j) {
				n += len(ci.concepts[j].Terms)
			}
		}
		var prev []int
		for k := i - 1; k >= 0 && prev == nil; k-- {
			prev = at[k]
		}
		var next []int
		if j < len(ci.concepts) {
			next = at[j]
		}
		from, to := -1, -1
		switch {
		case prev != nil && next != nil:
			from, to = prev[1], next[0]
		case next != nil:
			from, to = next[0]-n, next[0]
		case prev != nil:
			from, to = prev[1], prev[1]+n
		}
		if from >= 0 || to >= 0 {
			if hasOwn(from, to) && swaps && swapped != nil && v.oneSwap(ci, i, j, terms, own, from, to) {
				for k := i; k < j; k++ {
					if !ci.concepts[k].MatchedBy(sp.terms) {
						*swapped = append(*swapped, k)
					}
				}
			}
			if hasOwn(from, to) && !(swaps && (v.oneSwap(ci, i, j, terms, own, from, to) || v.namesTopic(ci, i, j, terms, own, from, to) || v.namesByKind(ci, i, j, terms, own, from, to))) && !v.namesByHead(ci, i, j, terms, own, from, to) {
				for k := i; k < j; k++ {
					run = append(run, k)
				}
				from, to = max(from, 0), min(to, len(terms))
				return run, terms[from:to], true
			}
		}
		i = j
	}
	return nil, nil, false
}

// oneSwap reports whether the run i..j-1 of claim concepts holds one
// content concept of one term, the span's terms from..to are one term of
// content of its own, and swapAllowed lets the one stand for the other.
func (v *Lexical) oneSwap(ci claimInfo, i, j int, terms []string, own []bool, from, to int) bool {
	c := -1
	for k := i; k < j; k++ {
		if ci.weights[k] > 0 && !ci.concepts[k].Filler && !v.lightVerb(ci.concepts[k]) {
			if c >= 0 {
				return false
			}
			c = k
		}
	}
	if c < 0 {
		return false
	}
	// One word for one: the span's place holds the one term alone, or
	// with light words beside it that say nothing of their own ("go on
	// to develop" for "progress to", "a skin condition that causes" for
	// "a skin problem that produces"), or words that are no content of
	// its own (filler words, or words the claim holds elsewhere: "a
	// sunscreen's SPF reflects protection" for "the SPF on a sunscreen
	// measures protection").
	s := ""
	from, to = max(from, 0), min(to, len(own))
	if to-from == 1 && own[from] {
		s = terms[from]
	}
	for p := from; p < to && to-from > 1; p++ {
		switch {
		case v.lightTerms.Has(terms[p]) || !own[p]:
		case own[p] && s == "":
			s = terms[p]
		default:
			return false
		}
	}
	return s != "" && v.swapAllowed(ci.concepts[c], s)
}

// namesTopic reports whether the span's own terms from..to all name a
// topic of the version while the run i..j-1 of claim concepts names none
// (no topic name, thesaurus name, medical-looking word or member of a
// contrast set): a draft about a topic speaks of it by a general word
// ("management", "frequent culprits") where the passage names it
// ("treatment options for intertrigo", "common causes of allergic contact
// dermatitis"). A claim that names another condition in its place names
// one, and one that names a kind a contrast set tells apart ("bacteria"
// where the passage names a fungal infection) says more than the name.
func (v *Lexical) namesTopic(ci claimInfo, i, j int, terms []string, own []bool, from, to int) bool {
	u := v.Usage
	if u == nil {
		return false
	}
	from, to = max(from, 0), min(to, len(own))
	for p := from; p < to; p++ {
		if own[p] && !u.names.Has(terms[p]) && !v.named.Has(terms[p]) {
			return false
		}
	}
	for k := i; k < j; k++ {
		for _, t := range ci.concepts[k].Terms {
			if u.names.Has(t) || v.named.Has(t) || lexicon.LooksMedical(t) || v.contrastTerms.Has(t) {
				return false
			}
		}
	}
	return true
}

// namesByKind reports whether the run i..j-1 of claim concepts holds one
// to maxKindTerms words, the span's own terms from..to all name a topic of
// the version, and the knowledge defines that topic as a kind of the
// claim's words ("this autoimmune blistering disease"): a
// draft speaks of its topic by the general noun the reference itself
// defines it by ("when the infection is severe" where the span names
// cellulitis, "a bacterial infection of the deeper layers of the skin").
// A kind the knowledge does not give the topic ("bacteria" for a fungal
// infection) is content put in its place.
func (v *Lexical) namesByKind(ci claimInfo, i, j int, terms []string, own []bool, from, to int) bool {
	u := v.Usage
	if u == nil {
		return false
	}
	var kind []string
	for k := i; k < j; k++ {
		if ci.weights[k] > 0 && !ci.concepts[k].Filler && !v.lightVerb(ci.concepts[k]) {
			kind = append(kind, ci.concepts[k].Terms...)
		}
	}
	if len(kind) == 0 || len(kind) > maxKindTerms || slices.ContainsFunc(kind, v.contrastTerms.Has) {
		return false
	}
	var names []string
	for p := max(from, 0); p < min(to, len(own)); p++ {
		if !own[p] {
			continue
		}
		if !u.names.Has(terms[p]) {
			return false
		}
		names = append(names, terms[p])
	}
	return len(names) > 0 && u.isKind(names, kind...)
}

// maxKindTerms is the most words of a kind by which namesByKind lets a
// claim name its topic ("this autoimmune blistering disease").
const maxKindTerms = 3

// namesByHead reports whether the run i..j-1 of claim concepts is one
// word, and the span's own terms from..to are a name whose thesaurus set
// writes it with that word as its head: "infection" or "fungus" where the
// span says "onychomycosis" ("fungal nail infection", "nail fungus"). The
// claim then names the thing by its kind, as the thesaurus itself does. A
// word that is no set's head for the span's name ("bacteria" for
// onychomycosis) is content put in its place.
func (v *Lexical) namesByHead(ci claimInfo, i, j int, terms []string, own []bool, from, to int) bool {
	head := ""
	for k := i; k < j; k++ {
		if ci.weights[k] > 0 && !ci.concepts[k].Filler && !v.lightVerb(ci.concepts[k]) {
			if head != "" || len(ci.concepts[k].Terms) != 1 {
				return false
			}
			head = ci.concepts[k].Terms[0]
		}
	}
	if head == "" || v.th == nil {
		return false
	}
	from, to = max(from, 0), min(to, len(own))
	covered := make([]bool, to-from)
	for q := max(0, from-3); q < to; q++ {
		g, n, ok := v.th.Match(terms, q)
		if !ok || v.th.General(g) || !slices.ContainsFunc(v.th.Group(g), func(p lexicon.Phrase) bool {
			return len(p.Terms) > 1 && p.Terms[len(p.Terms)-1] == head
		}) {
			continue
		}
		for p := max(q, from); p < min(q+n, to); p++ {
			covered[p-from] = true
		}
	}
	any := false
	for p := from; p < to; p++ {
		if own[p] {
			if !covered[p-from] {
				return false
			}
			any = true
		}
	}
	return any
}

// align pairs the claim's concepts that the span matches with occurrences in
// the span's terms, keeping the claim's order: of all such pairings, one that
// aligns the most concepts, and among those the earliest. at[i] is the span
// term range [from, to) aligned with concept i, or nil. A paraphrase that
// moves the topic to the end ("nail pits are common in alopecia areata"
// against "in alopecia areata, nail pits are common") aligns around the
// words it keeps in order, not around the first concept alone.
func align(concepts []lexicon.Concept, matched lexicon.TermSet, terms []string) [][]int {
	type occ struct{ i, from, to int }
	var occs []occ
	for i, c := range concepts {
		if !c.MatchedBy(matched) {
			continue
		}
		for _, alt := range c.Alternatives {
			for p := 0; p+len(alt) <= len(terms); p++ {
				if slices.Equal(terms[p:p+len(alt)], alt) {
					occs = append(occs, occ{i, p, p + len(alt)})
				}
			}
		}
	}
	// best[k] is the most concepts aligned in a chain ending with occs[k];
	// prev[k] the chain's previous link, or -1. occs is ordered by concept,
	// so a chain's links come from earlier concepts and earlier terms.
	best := make([]int, len(occs))
	prev := make([]int, len(occs))
	end := -1
	for k, o := range occs {
		best[k], prev[k] = 1, -1
		for q := 0; q < k; q++ {
			if p := occs[q]; p.i < o.i && p.to <= o.from && (best[q]+1 > best[k] || (best[q]+1 == best[k] && p.from < occs[prev[k]].from)) {
				best[k], prev[k] = best[q]+1, q
			}
		}
		if end < 0 || best[k] > best[end] {
			end = k
		}
	}
	at := make([][]int, len(concepts))
	for k := end; k >= 0; k = prev[k] {
		at[occs[k].i] = []int{occs[k].from, occs[k].to}
	}
	return at
}

// hasNumber reports whether text states any number.
func hasNumber(text string) bool { return strings.ContainsAny(text, "0123456789") }

// antonymPrefixes make a word its opposite: "common" and "uncommon",
// "usual" and "unusual", "specific" and "nonspecific".
var antonymPrefixes = []string{"un", "non"}

// antonymClash reports whether one clause says a word (of at least four
// letters) where the other says only its prefixed opposite: "Food is a
// common trigger" against "food is an uncommon trigger". Words are compared
// as written, lowercased, because stemming does not keep the pair aligned
// ("unusual" stems to "unusu", "usual" to "usual").
//
// A clause that denies the word says what its prefixed opposite says
// ("the exact cause is not known" and "the exact cause is unknown"): the
// negation checks compare such a pair.
func antonymClash(a, b string) bool {
	wa, wb := wordSet(a), wordSet(b)
	return oppositeIn(wa, wb) && !negationCues.in(a) || oppositeIn(wb, wa) && !negationCues.in(b)
}

// oppositeIn reports whether b holds, instead of a word of a, only that
// word's prefixed opposite.
func oppositeIn(a, b map[string]bool) bool {
	for w := range a {
		if len(w) < 4 || b[w] {
			continue
		}
		for _, p := range antonymPrefixes {
			if b[p+w] && !a[p+w] {
				return true
			}
		}
	}
	return false
}

// mayHoldOpposites reports whether a word of one text has its prefixed
// opposite in the other: a cheap test that antonymClash can hold for no pair
// of their clauses when it is false.
// wa and wb are the texts' word sets (see wordSet).
func mayHoldOpposites(wa, wb map[string]bool) bool {
	return prefixedIn(wa, wb) || prefixedIn(wb, wa)
}

func prefixedIn(a, b map[string]bool) bool {
	for w := range a {
		if len(w) < 4 {
			continue
		}
		for _, p := range antonymPrefixes {
			if b[p+w] {
				return true
			}
		}
	}
	return false
}

func wordSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r)
	}) {
		out[w] = true
	}
	return out
}

// cueWords is a word-list regexp of the form (?i)\b(w1|w2|...)\b, with
// optional extra alternatives, and a fast test equivalent to its MatchString.
// The regexps are slow on every span and clause; on ASCII text a lookup of
// its words decides the same.
type cueWords struct {
	re    *regexp.Regexp
	words map[string]bool
	// substrings, lowercased, one of which any match of the extra
	// alternatives contains ("n't").
	substrings []string
}

// negationCues and strongCues are negationRE and strongRE as cueWords; a test
// checks that they agree.
var (
	negationCues = cueWords{re: negationRE, words: wordsOf(`not no never without cannot
		none neither nor lack lacks absent unlikely rarely rare seldom fail fails failed failing unable`), substrings: []string{"n't", "rather than", "instead of"}}
	strongCues = cueWords{re: strongRE, words: wordsOf(`always all any every everyone only just main
		mainly primary major most cure cures cured guarantee guarantees guaranteed
		completely permanently definitely certainly must proven eliminate eliminates`)}
)

func wordsOf(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// in reports whether c.re matches s.
func (c cueWords) in(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			// Case folding and word boundaries beyond ASCII: ask the regexp.
			return c.re.MatchString(s)
		}
	}
	lower := strings.ToLower(s)
	for _, sub := range c.substrings {
		if strings.Contains(lower, sub) {
			return c.re.MatchString(s)
		}
	}
	// \b is an ASCII word boundary, so on ASCII text the regexp matches
	// exactly when a maximal run of word characters is one of the words.
	for i := 0; i < len(lower); {
		if !isASCIIWord(lower[i]) {
			i++
			continue
		}
		j := i
		for j < len(lower) && isASCIIWord(lower[j]) {
			j++
		}
		if c.words[lower[i:j]] {
			return true
		}
		i = j
	}
	return false
}

// findAllIndex is c.re.FindAllStringIndex(s, -1), skipping the regexp
// when c.in(s) is false.
func (c cueWords) findAllIndex(s string) [][]int {
	if !c.in(s) {
		return nil
	}
	return c.re.FindAllStringIndex(s, -1)
}

// findAll is c.re.FindAllString(s, -1), skipping the regexp when c.in(s) is
// false.
func (c cueWords) findAll(s string) []string {
	if !c.in(s) {
		return nil
	}
	return c.re.FindAllString(s, -1)
}

func isASCIIWord(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_'
}

// whetherRE opens an embedded question, which asks what follows it up to
// the clause's end without asserting it: "clinicians look at whether the
// skin folds are involved".
var whetherRE = regexp.MustCompile(`(?i)\bwhether\b`)

// claimAsksRE marks a claim that itself asks or makes conditional what it
// says ("checks whether", "if").
var claimAsksRE = regexp.MustCompile(`(?i)\b(whether|if)\b`)

// askedOnly reports whether the span holds some content word of the claim
// only inside an embedded question ("whether ..."), while the claim states
// it: "Irritant diaper rash usually involves the skin folds" against
// "Clinicians look at whether the skin folds are involved". A claim that
// asks too ("check whether") states no more than the span.
func (v *Lexical) askedOnly(ci claimInfo, claim, span string) bool {
	if !v.cache.spanFacts(span).whetherIn() || claimAsksRE.MatchString(claim) {
		return false
	}
	b := []byte(span)
	var asked []string
	for _, m := range whetherRE.FindAllStringIndex(span, -1) {
		end := len(span)
		if e := clauseEndRE.FindStringIndex(span[m[1]:]); e != nil {
			end = m[1] + e[0]
		}
		asked = append(asked, v.an.Terms(span[m[1]:end])...)
		for i := m[0]; i < end; i++ {
			b[i] = ' '
		}
	}
	inside, outside := lexicon.NewTermSet(asked), lexicon.NewTermSet(v.an.Terms(string(b)))
	for i, c := range ci.concepts {
		if ci.weights[i] > 0 && !c.Filler && !v.lightVerb(c) && c.MatchedBy(inside) && !c.MatchedBy(outside) {
			return true
		}
	}
	return false
}

// claimCommonRE finds a claim that says its subject is common: the
// adjective after a copula, with an intensifier or none, and no noun after
// it ("Nappy rash is very common in infants", not "X and Y are common
// treatments").
var claimCommonRE = regexp.MustCompile(`(?i)\b(?:is|are|was|were|be|been|remains?|becomes?)\s+(?:(?:very|quite|fairly|most|more|especially|particularly|relatively|extremely|so)\s+)?common(?:\s*(?:[,.;:!?]|$)|\s+(?:in|among|than|worldwide|at|during|after|before|with|across|and|or|but)\b)`)

// spanCommonRE finds a span that says something is common: the adjective,
// or the adverb on a verb of occurrence ("commonly affects", "is commonly
// seen"), within a word.
var spanCommonRE = regexp.MustCompile(`(?i)\b(?:common|commonest|prevalent)\b|\bcommonly\s+(?:\pL+\s+)?(?:affects?|affected|affecting|occurs?|occurring|seen|found|develops?|developing|appears?|arises?|diagnosed|reported|encountered|starts?|begins?|presents?)\b`)

// commonUnheld reports whether the claim says its subject is common
// (claimCommonRE) where the span says nothing is: "Barrier creams and
// frequent diaper changes are commonly part of managing candidal diaper
// rash" says how often the care is given, not that the rash is common.
// "common" weighs as a filler word in coverage, so without this check a
// span naming the subject at all would hold the claim.
func commonUnheld(claim, span string) bool {
	return claimCommonRE.MatchString(claim) && !spanCommonRE.MatchString(span)
}
