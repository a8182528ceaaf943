package claims

import (
	"context"
	"math"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// The features the learned support score reads, each in [0,1]: how much of
// the claim the best span, the best sentence and the whole passage hold, by
// rarity; how much the best span holds without the thesaurus; how much of
// the claim's word order the span keeps; the rarest claim word the passage
// lacks; and the structural checks, each 1 when it fires.
const (
	featCoverage    = iota // best span of one or two sentences
	featSentence           // best single sentence
	featPassage            // best whole passage
	featExact              // best span, the claim's own words only
	featOrder              // neighbouring claim words held close in the span
	featMissing            // rarest claim word the best passage lacks, by rarity
	featNumbers            // the claim gives a number
	featNumberClash        // the span's numbers differ from the claim's
	featPolarity           // the span states the opposite polarity
	featSubstituted        // the span says it of something else
	featContrast           // the span names another member of the same kind
	featStrong             // the claim asserts more than the span
	featNegated            // the claim is negated
	featLength             // the claim's length in concepts, scaled
	featRule               // the structural verdict (Strict's) is supported
	featSoft               // best passage, a word sharing its first letters with the claim's counting
	featBinding            // the span attaches the claim's attributes or roles to other entities
	numFeatures
)

// featureNames name the features, for the model's data file.
var featureNames = [numFeatures]string{"coverage", "sentence", "passage", "exact", "order", "missing", "numbers", "number_clash", "polarity", "substituted", "contrast", "strong", "negated", "length", "rule", "soft", "binding"}

// features is a claim's feature vector against passages.
type features [numFeatures]float64

// FeatureNames returns the names of the features the support score reads,
// in the order Features gives them.
func FeatureNames() []string { return append([]string(nil), featureNames[:]...) }

// Features returns the features the support score reads for claim against
// passages, in the order of FeatureNames: what a generator trains the score
// on, and what explains a score. It is nil when there is no passage or the
// claim has no content words.
func (v *Lexical) Features(ctx context.Context, claim string, passages []Passage) ([]float64, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	as, _ := v.judge(ctx, claim, passages)
	if !as.ok {
		return nil, nil
	}
	return append([]float64(nil), as.feats[:]...), nil
}

// checkFloor is the least span coverage at which the structural checks are
// run for the features: below it the claim is unsupported whatever they say.
const checkFloor = 0.4

// assessment is a claim read against passages: its analysis, the best span,
// and its features.
type assessment struct {
	ci    claimInfo
	best  span
	cov   float64
	feats features
	// ok is false when there is no passage or the claim has no content.
	ok bool
	// clauseNumbers is true when a clause of the span gives other numbers
	// than the claim's clause (part of featNumberClash).
	clauseNumbers bool
	// asked is true when the span holds some of the claim's content only
	// in an embedded question (see askedOnly; part of featStrong).
	asked bool
	// commonUnheld is true when the claim says its subject is common and
	// the span says nothing is (see commonUnheld; part of featStrong).
	commonUnheld bool
	// comparedUnheld is true when the claim makes a comparison the span's
	// stretch does not (see comparedUnheld; part of featStrong).
	comparedUnheld bool
	// groupUnheld is true when the claim restricts what it says to a
	// group of people the span does not name (see groupUnheld): a veto of
	// the Strict verdict, not a feature of the score.
	groupUnheld bool
	// swapped is true when the span's substitution (featSubstituted) is
	// only one-word swaps that swapAllowed lets stand.
	swapped bool
	// second, when not nil, is the other sentence of a best span joined
	// from two sentences that stand apart (see joined); best.text then
	// holds both.
	second *span
}

// minJoinedPart is the least share of the claim's weight that each sentence
// of a joined span must hold that the other lacks: a joined span is two
// sentences that each say part of the claim, not one sentence and a stray
// word.
const minJoinedPart = 0.15

// minJoinedSentence is the least share of the claim a sentence must hold
// alone to be joined with another.
const minJoinedSentence = 0.3

// interleaved reports whether the claim's content words that only a holds
// and those that only b holds alternate in the claim: a claim merged from
// two sentences says one's part, then the other's ("a common rash that
// clears by itself, usually beginning with a herald patch"), while one
// that mixes their words ("laser treatment is the most effective cure"
// from "the most effective treatments are X" and "laser treatments have
// limited evidence") binds what one says to what the other names.
func (v *Lexical) interleaved(ci claimInfo, a, b lexicon.TermSet) bool {
	lastA, firstB, lastB, firstA := -1, -1, -1, -1
	for i, c := range ci.concepts {
		// Words the strength check judges weigh nothing in coverage but
		// still say which sentence the claim follows ("the most effective
		// cure").
		if c.Filler || v.lightVerb(c) {
			continue
		}
		inA, inB := c.MatchedBy(a), c.MatchedBy(b)
		switch {
		case inA && !inB:
			lastA = i
			if firstA < 0 {
				firstA = i
			}
		case inB && !inA:
			lastB = i
			if firstB < 0 {
				firstB = i
			}
		}
	}
	return !(lastA < firstB || lastB < firstA)
}

// joinedSpan is a best span of two sentences that stand apart.
type joinedSpan struct {
	first, second span
	cov           float64
	sets          [2]lexicon.TermSet
	seqs          [2][]string
}

// joined finds the two sentences, not adjacent in one passage, whose union
// covers the claim best, each holding at least minJoinedPart of it that the
// other lacks; it reports false unless that union reaches the verifier's
// MinCoverage and beats floor. A draft merges facts of two sentences into
// one ("a common rash that clears by itself, usually beginning with a
// herald patch" from a passage's overview and another's symptoms); the
// structural checks then read the two sentences as one span.
func (v *Lexical) joined(ci claimInfo, passages []Passage, floor float64) (joinedSpan, bool) {
	type cand struct {
		p, i int
		cov  float64
		a    *analysed
	}
	var cands []cand
	for pi, p := range passages {
		a := v.cache.get(p.Text)
		for i := range a.sents {
			if c := v.coverage(ci, a.sets[i], nil); c >= minJoinedSentence {
				cands = append(cands, cand{pi, i, c, a})
			}
		}
	}
	var out joinedSpan
	found := false
	for x := range cands {
		for y := x + 1; y < len(cands); y++ {
			a, b := cands[x], cands[y]
			if a.p == b.p && (b.i-a.i == 1 || a.i-b.i == 1) {
				continue
			}
			cov := v.coverage(ci, a.a.sets[a.i], b.a.sets[b.i])
			if cov < v.MinCoverage || cov <= floor+1e-9 || (found && cov <= out.cov+1e-9) {
				continue
			}
			if cov-a.cov < minJoinedPart || cov-b.cov < minJoinedPart || v.interleaved(ci, a.a.sets[a.i], b.a.sets[b.i]) {
				continue
			}
			mk := func(c cand) span {
				st := c.a.sents[c.i]
				return span{passage: c.p, start: st.Start, end: st.End, text: passages[c.p].Text[st.Start:st.End]}
			}
			out = joinedSpan{first: mk(a), second: mk(b), cov: cov,
				sets: [2]lexicon.TermSet{a.a.sets[a.i], b.a.sets[b.i]}, seqs: [2][]string{a.a.seqs[a.i], b.a.seqs[b.i]}}
			out.first.text += " " + out.second.text
			found = true
		}
	}
	return out, found
}

// assess finds the span of one or two adjacent sentences that covers most of
// the claim, or with join, when none covers MinCoverage of it, two
// sentences that stand apart (see joined), and computes the claim's
// features against the passages.
func (v *Lexical) assess(claim string, passages []Passage, join bool) assessment {
	as := assessment{ci: v.analyse(claim)}
	ci := &as.ci
	if ci.total == 0 {
		return as
	}
	v.addDerived(ci, passages)
	var bestSets [2]lexicon.TermSet
	var bestSeqs [2][]string
	bestCov, bestN := -1.0, 0
	bestSentence, bestPassage := 0.0, 0.0
	var held []bool // held[i*k+c]: sentence i alone matches concept c
	k := len(ci.concepts)
	for pi, p := range passages {
		a := v.cache.get(p.Text)
		sents, sets := a.sents, a.sets
		held = heldBySentence(*ci, sets, held[:0])
		for i := range sents {
			for n := 1; n <= 2 && i+n <= len(sents); n++ {
				var cov float64
				var next lexicon.TermSet
				if n == 2 {
					next = sets[i+1]
					cov = pairCoverage(*ci, sets[i], next, held[i*k:(i+1)*k], held[(i+1)*k:(i+2)*k])
				} else {
					cov = sentenceCoverage(*ci, held[i*k:(i+1)*k])
				}
				if n == 1 {
					bestSentence = max(bestSentence, cov)
				}
				// A longer span must do strictly better to be chosen; among
				// equals the shorter, then the earlier, wins.
				if cov > bestCov+1e-9 || (cov > bestCov-1e-9 && n < bestN) {
					bestCov, bestN = cov, n
					bestSets = [2]lexicon.TermSet{sets[i], next}
					bestSeqs = [2][]string{a.seqs[i], nil}
					if n == 2 {
						bestSeqs[1] = a.seqs[i+1]
					}
					as.best = span{passage: pi, start: sents[i].Start, end: sents[i+n-1].End, text: p.Text[sents[i].Start:sents[i+n-1].End]}
				}
			}
		}
		bestPassage = max(bestPassage, v.coverage(*ci, a.whole, nil))
	}
	if bestCov < 0 {
		return as
	}
	if join && bestCov < v.MinCoverage {
		// A claim merged from two sentences that stand apart, in one
		// passage or in two, may be held by the pair together.
		if j, ok := v.joined(*ci, passages, bestCov); ok {
			bestCov, bestSets, bestSeqs = j.cov, j.sets, j.seqs
			as.best, as.second = j.first, &j.second
		}
	}
	as.ok, as.cov = true, bestCov
	as.best.terms = bestSets[0]
	if bestSets[1] != nil {
		as.best.terms = lexicon.NewTermSet()
		for _, set := range bestSets {
			for t := range set {
				as.best.terms[t] = struct{}{}
			}
		}
	}
	f := &as.feats
	f[featCoverage] = bestCov
	f[featSentence] = bestSentence
	f[featPassage] = bestPassage
	f[featExact] = v.exactCoverage(*ci, as.best.terms)
	as.best.seq = append(append([]string(nil), bestSeqs[0]...), bestSeqs[1]...)
	f[featOrder] = order(*ci, as.best.seq)
	f[featMissing] = v.missing(*ci, passages[as.best.passage].Text)
	f[featSoft] = v.softCoverage(*ci, passages[as.best.passage].Text)
	if len(ci.numbers) > 0 {
		f[featNumbers] = 1
	}
	if ci.negated {
		f[featNegated] = 1
	}
	f[featLength] = math.Min(1, float64(len(ci.concepts))/20)
	if bestCov >= min(checkFloor, v.MinCoverage) {
		memo := &clauseMemo{claim: claim}
		b := func(x bool) float64 {
			if x {
				return 1
			}
			return 0
		}
		f[featSubstituted] = b(v.substituted(*ci, as.best))
		// Two sentences joined from apart hold no place for a word of the
		// claim's own: a swap stands in one span only.
		// An opposite in the span's place is never a swap (see
		// oppositeSwap).
		opposite := f[featSubstituted] == 1 && v.oppositeSwap(*ci, as.best)
		as.swapped = f[featSubstituted] == 1 && v.Usage != nil && as.second == nil && !opposite && v.swappedOnly(*ci, as.best)
		if as.cov < v.MinCoverage && as.cov >= minOwnWordsCoverage && v.Usage != nil && as.second == nil {
			as.cov = v.ownWordsCoverage(*ci, as.best, as.cov)
		}
		f[featPolarity] = b(v.polarityClash(memo, claim, as.best.text) || v.negatedElsewhere(claim, as.best.text))
		as.clauseNumbers = v.clauseNumbers(memo, ci.numbers, claim, as.best.text)
		f[featNumberClash] = b(!v.cache.spanFacts(as.best.text).numbersAgree(ci.numbers) || as.clauseNumbers)
		// A relation turned round together with its word ("comes after"
		// for "appears before") is read in the span's word by the
		// contrast and binding checks; the role checks read the claim.
		read, readMemo := claim, memo
		if conv := v.conversedIn(memo, claim, as.best.text); conv != claim {
			read, readMemo = conv, &clauseMemo{claim: conv}
		}
		f[featContrast] = b(v.contrastClash(readMemo, read, as.best.text) || opposite || v.mayOppose(memo, *ci, as.best.text) && v.clauseOpposite(memo, claim, as.best.text))
		as.asked = v.askedOnly(*ci, claim, as.best.text)
		as.commonUnheld = mayHoldFold(claim, "common") && claimCommonRE.MatchString(claim) && !v.cache.spanFacts(as.best.text).commonIn()
		as.comparedUnheld = v.comparedUnheld(claim, as.best.text)
		as.groupUnheld = v.groupUnheld(claim, as.best.text)
		f[featStrong] = b(!v.cache.spanFacts(as.best.text).strongAgree(ci.strong) || as.asked || as.commonUnheld || as.comparedUnheld)
		// Names exchanged with the relation's word are the relation
		// turned round, not an exchange.
		f[featBinding] = b(v.misboundAs(memo, claim, read, as.best.text) || read == claim && v.exchangedNames(claim, *ci, as.best))
	}
	return as
}

// minOwnWordsCoverage is the least span coverage that a claim's own words
// (see ownWordsCoverage) may lift to the verifier's MinCoverage.
const minOwnWordsCoverage = 0.65

// ownWordsCoverage is cov with the claim's words counted as held that are
// the generator's own for one word of the span: one word that stands where
// the span has one word of its own, that swapAllowed lets stand, and that
// no passage of the version uses at all ("merits assessment" for
// "deserves assessment"). A word the knowledge uses, in any passage, is
// one of its own, and may name another drug or condition ("terbinafine"
// for "permethrin", "diabetes" for "HIV"); it is never counted so. The
// Strict verdict reads the result; the score's features do not.
func (v *Lexical) ownWordsCoverage(ci claimInfo, sp span, cov float64) float64 {
	var swapped []int
	if _, _, found := v.substitution(ci, sp, true, &swapped); found {
		return cov
	}
	got := cov * ci.total
	for _, k := range swapped {
		if ci.weights[k] > 0 && len(ci.concepts[k].Terms) == 1 && v.Usage.passages(ci.concepts[k].Terms[0]) <= maxOwnWordPassages {
			got += ci.weights[k]
		}
	}
	return got / ci.total
}

// exactCoverage is the share of the claim's weight that terms hold in the
// claim's own words, no thesaurus alternative counted.
func (v *Lexical) exactCoverage(ci claimInfo, terms lexicon.TermSet) float64 {
	var got float64
	for i, c := range ci.concepts {
		if ci.weights[i] == 0 {
			continue
		}
		all := true
		for _, t := range c.Terms {
			if !terms.Has(t) {
				all = false
				break
			}
		}
		if all {
			got += ci.weights[i]
		}
	}
	return got / ci.total
}

// order is the share, by weight, of the claim's neighbouring content
// concepts that the span holds within a few terms of each other.
func order(ci claimInfo, seq []string) float64 {
	var prev []int
	var prevW, total, got float64
	started := false
	for i, c := range ci.concepts {
		if c.Filler || ci.weights[i] == 0 {
			continue
		}
		var at []int
		for j, t := range seq {
			for _, alt := range c.Alternatives {
				if len(alt) > 0 && alt[0] == t {
					at = append(at, j)
					break
				}
			}
		}
		if started {
			w := min(prevW, ci.weights[i])
			total += w
			if near(prev, at) {
				got += w
			}
		}
		prev, prevW, started = at, ci.weights[i], true
	}
	if total == 0 {
		return 1
	}
	return got / total
}

// missing is the weight of the rarest claim concept the passage lacks, as a
// share of the claim's heaviest concept's: 0 when the passage holds every
// concept.
func (v *Lexical) missing(ci claimInfo, text string) float64 {
	a := v.cache.get(text)
	var heaviest, lacked float64
	for i, c := range ci.concepts {
		heaviest = max(heaviest, ci.weights[i])
		if !c.MatchedBy(a.whole) {
			lacked = max(lacked, ci.weights[i])
		}
	}
	if heaviest == 0 {
		return 0
	}
	return lacked / heaviest
}

// softPrefix is how many first letters two words must share to count as
// one word in softCoverage ("inflammatory", "inflammation").
const softPrefix = 5

// softCoverage is the share of the claim's weight the passage holds, a
// claim word also counting as held when a passage word shares its first
// softPrefix letters.
func (v *Lexical) softCoverage(ci claimInfo, text string) float64 {
	a := v.cache.get(text)
	whole, prefixes := a.whole, a.prefixes
	var got float64
	for i, c := range ci.concepts {
		if ci.weights[i] == 0 {
			continue
		}
		if c.MatchedBy(whole) {
			got += ci.weights[i]
			continue
		}
		if len(c.Terms) == 1 && len(c.Terms[0]) >= softPrefix && prefixes[c.Terms[0][:softPrefix]] {
			got += ci.weights[i]
		}
	}
	return got / ci.total
}

// addDerived gives each one-word concept of the claim that no passage holds
// the derived forms of its word that some passage holds (see
// derivedForms): "treatment" for "treats", "diagnosis" for "diagnosed".
func (v *Lexical) addDerived(ci *claimInfo, passages []Passage) {
	wholes := make([]lexicon.TermSet, len(passages))
	for i, p := range passages {
		wholes[i] = v.cache.get(p.Text).whole
	}
	held := func(t string) bool {
		return slices.ContainsFunc(wholes, func(w lexicon.TermSet) bool { return w.Has(t) })
	}
	for i, c := range ci.concepts {
		if c.Group >= 0 || len(c.Terms) != 1 || ci.weights[i] == 0 || held(c.Terms[0]) {
			continue
		}
		for _, d := range derivedForms(c.Terms[0]) {
			if held(d) {
				ci.concepts[i].Alternatives = append(ci.concepts[i].Alternatives, []string{d})
			}
		}
		if d, ok := unprefixed(c.Terms[0]); ok && held(d) {
			ci.concepts[i].Alternatives = append(ci.concepts[i].Alternatives, []string{d})
		}
	}
}

// unprefixed returns the term a negating prefix (antonymPrefixes) turns
// into its opposite ("unknown" gives "known", "uncommon" "common"): a
// claim's "unknown" is held by a span that says "not known", and the
// polarity checks, which read the prefix as a negation (negatedTerms),
// refuse a span that says "known" and denies nothing.
func unprefixed(term string) (string, bool) {
	if notNegatingPrefix(term) {
		return "", false
	}
	for _, p := range antonymPrefixes {
		if rest, ok := strings.CutPrefix(term, p); ok && len(rest) >= 4 {
			return rest, true
		}
	}
	return "", false
}
