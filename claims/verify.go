package claims

import (
	"context"
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/dermliving/dermliving/lexicon"
)

// Verdict is a verifier's judgement of one claim.
type Verdict int

// Verdicts.
const (
	Unsupported  Verdict = iota // no passage supports the claim
	Supported                   // a span of a passage supports the claim
	Contradicted                // a passage says the opposite
)

// String returns "supported", "unsupported" or "contradicted".
func (v Verdict) String() string {
	switch v {
	case Supported:
		return "supported"
	case Unsupported:
		return "unsupported"
	case Contradicted:
		return "contradicted"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// MarshalText encodes a verdict as its name.
func (v Verdict) MarshalText() ([]byte, error) {
	switch v {
	case Supported, Unsupported, Contradicted:
		return []byte(v.String()), nil
	}
	return nil, fmt.Errorf("claims: unknown verdict %d", int(v))
}

// UnmarshalText decodes a verdict name.
func (v *Verdict) UnmarshalText(b []byte) error {
	switch string(b) {
	case "supported":
		*v = Supported
	case "unsupported":
		*v = Unsupported
	case "contradicted":
		*v = Contradicted
	default:
		return fmt.Errorf("claims: unknown verdict %q", b)
	}
	return nil
}

// Passage is text a claim is checked against.
type Passage struct {
	ID   string
	Text string
}

// Support is one span that supports a claim: Passage.Text[Start:End].
type Support struct {
	PassageID string
	Start     int
	End       int
}

// Judgment is the verifier's decision on one claim.
type Judgment struct {
	Verdict Verdict
	// Score is the verifier's confidence that the claim is supported, in [0,1].
	Score float64
	// Support lists the spans behind a supported claim, and for other verdicts
	// the closest span found, if any.
	Support []Support
	// Reason explains an unsupported or contradicted verdict in a few words.
	Reason string
}

// Verifier judges a claim against passages. Implementations must be safe for
// concurrent use.
type Verifier interface {
	Verify(ctx context.Context, claim string, passages []Passage) (Judgment, error)
}

// Rarity weighs terms: higher for rarer terms. A nil Rarity weighs all terms
// equally.
type Rarity func(term string) float64

// Lexical is the default verifier: pure Go and structural. It finds the span
// of one sentence, or two adjacent sentences, that covers most of the claim's
// content (weighted by term rarity, with stemming and the thesaurus), then
// refuses support when the span says it of something else (another
// condition in the claim's place), or when the span and the claim differ in
// polarity, in numbers, or in the strength of what is asserted.
type Lexical struct {
	cache     *sentenceCache
	contrasts contrasts
	an        *lexicon.Analyzer
	th        *lexicon.Thesaurus
	rarity    Rarity
	cueTerms  lexicon.TermSet // analysed negation cue words
	// MinCoverage is the share of the claim's weighted content a span must hold.
	MinCoverage float64
}

// DefaultMinCoverage is the default share of a claim's weighted content that
// a supporting span must hold.
const DefaultMinCoverage = 0.8

// NewLexical returns the default verifier. th and rarity may be nil.
//
// The verifier reads claims with th extended by everyday paraphrases of its
// own (paraphrases.txt: "linked to" for "associated with"); retrieval is not
// affected.
func NewLexical(an *lexicon.Analyzer, th *lexicon.Thesaurus, rarity Rarity) *Lexical {
	th, err := th.Extend(strings.NewReader(paraphrases), an)
	if err != nil {
		// The list is embedded and parsed by the package's tests.
		panic("claims: paraphrases.txt: " + err.Error())
	}
	return &Lexical{an: an, th: th, rarity: rarity, MinCoverage: DefaultMinCoverage, cache: newSentenceCache(an), contrasts: newContrasts(an), cueTerms: cueTerms(an)}
}

// paraphrases are the verifier's everyday equivalences (see NewLexical).
//
//go:embed paraphrases.txt
var paraphrases string

var (
	// "rare" hedges as "rarely" does: "spread is very rare" says what
	// "very rarely spreads" says.
	negationRE = regexp.MustCompile(`(?i)\b(not|no|never|without|cannot|none|neither|nor|lack|lacks|absent|unlikely|rarely|rare|seldom)\b|n't\b|\brather than\b|\binstead of\b`)
	// strongRE matches words that assert more than hedged reference text does.
	strongRE = regexp.MustCompile(`(?i)\b(always|all|any|every|everyone|only|main|mainly|primary|major|most|cures?|cured|guarantees?|guaranteed|completely|permanently|definitely|certainly|must|proven|eliminates?)\b`)
	numberRE = regexp.MustCompile(`\d+(?:[.,]\d+)?`)
)

// claimInfo is the analysed claim.
type claimInfo struct {
	concepts []lexicon.Concept
	weights  []float64
	total    float64
	negated  bool
	strong   []string
	numbers  []string
}

func (v *Lexical) analyse(claim string) claimInfo {
	ci := claimInfo{concepts: v.an.Concepts(claim, v.th)}
	ci.weights = make([]float64, len(ci.concepts))
	for i, c := range ci.concepts {
		w := 1.0
		if v.rarity != nil {
			w = 0
			for _, t := range c.Terms {
				w = max(w, v.rarity(t))
			}
		}
		if c.Filler {
			w *= 0.3
		}
		ci.weights[i] = w
		ci.total += w
	}
	cues := negationCues.findAll(claim)
	ci.negated = len(cues) > 0
	for _, m := range strongCues.findAll(claim) {
		ci.strong = append(ci.strong, strings.ToLower(m))
	}
	ci.numbers = numberRE.FindAllString(numberWords(claim), -1)
	ci.total = discountJudged(v.an, append(cues, ci.strong...), ci.concepts, ci.weights)
	return ci
}

type span struct {
	passage    int
	start, end int
	terms      lexicon.TermSet
	text       string
}

// Verify judges claim against passages.
func (v *Lexical) Verify(ctx context.Context, claim string, passages []Passage) (Judgment, error) {
	if err := ctx.Err(); err != nil {
		return Judgment{}, err
	}
	ci := v.analyse(claim)
	if ci.total == 0 {
		return Judgment{Verdict: Unsupported, Reason: "the claim has no content words"}, nil
	}
	var best span
	var bestSets [2]lexicon.TermSet
	bestCov, bestN := -1.0, 0
	for pi, p := range passages {
		a := v.cache.get(p.Text)
		sents, sets := a.sents, a.sets
		for i := range sents {
			for n := 1; n <= 2 && i+n <= len(sents); n++ {
				// Two sentences are read as the union of their terms, built
				// only for the span chosen.
				var next lexicon.TermSet
				if n == 2 {
					next = sets[i+1]
				}
				cov := v.coverage(ci, sets[i], next)
				// A longer span must do strictly better to be chosen; among
				// equals the shorter, then the earlier, wins.
				if cov > bestCov+1e-9 || (cov > bestCov-1e-9 && n < bestN) {
					bestCov, bestN = cov, n
					bestSets = [2]lexicon.TermSet{sets[i], next}
					best = span{passage: pi, start: sents[i].Start, end: sents[i+n-1].End, text: p.Text[sents[i].Start:sents[i+n-1].End]}
				}
			}
		}
	}
	if bestCov < 0 {
		return Judgment{Verdict: Unsupported, Reason: "no passage to check against"}, nil
	}
	best.terms = bestSets[0]
	if bestSets[1] != nil {
		best.terms = lexicon.NewTermSet()
		for _, set := range bestSets {
			for t := range set {
				best.terms[t] = struct{}{}
			}
		}
	}
	if bestCov < v.MinCoverage {
		if j, ok := v.stitched(ctx, claim, passages); ok {
			return j, nil
		}
	}
	j := Judgment{Score: bestCov, Support: []Support{{PassageID: passages[best.passage].ID, Start: best.start, End: best.end}}}
	memo := &clauseMemo{claim: claim}
	switch {
	case bestCov < v.MinCoverage:
		j.Verdict, j.Reason = Unsupported, "no passage covers the claim's content"
	case v.substituted(ci, best):
		j.Verdict, j.Reason = Unsupported, "the passage says it of something else"
		j.Score = min(j.Score, 0.4)
	case v.polarityClash(memo, claim, best.text) || v.negatedElsewhere(claim, best.text):
		j.Verdict, j.Reason = Contradicted, "the passage states the opposite polarity"
		j.Score = min(j.Score, 0.2)
	case !numbersAgree(ci.numbers, best.text) && hasNumber(numberWords(best.text)):
		j.Verdict, j.Reason = Contradicted, "numbers differ from the passage"
		j.Score = min(j.Score, 0.2)
	case v.clauseNumbers(memo, ci.numbers, claim, best.text):
		j.Verdict, j.Reason = Contradicted, "numbers differ from the passage"
		j.Score = min(j.Score, 0.2)
	case !numbersAgree(ci.numbers, best.text):
		j.Verdict, j.Reason = Unsupported, "the passage states no number the claim gives"
		j.Score = min(j.Score, 0.4)
	case v.contrastClash(memo, claim, best.text):
		j.Verdict, j.Reason = Unsupported, "the passage names another member of the same kind (organism, drug class, sex, age group, body site, direction)"
		j.Score = min(j.Score, 0.4)
	case !strongAgree(ci.strong, best.text):
		j.Verdict, j.Reason = Unsupported, "the claim asserts more than the passage ("+strings.Join(ci.strong, ", ")+")"
		j.Score = min(j.Score, 0.4)
	default:
		j.Verdict = Supported
	}
	if j.Verdict == Unsupported && bestCov >= v.MinCoverage {
		// One span covers the claim but says part of it of something else:
		// a claim joined from two clauses may still be supported by a span
		// for each ("treating athlete's foot helps prevent onychomycosis, and
		// sandals in communal showers help avoid athlete's foot"). A
		// contradiction stands.
		if sj, ok := v.stitched(ctx, claim, passages); ok {
			return sj, nil
		}
	}
	return j, nil
}

// coverage is the share of the claim's weight that the union of a and b (b
// may be nil) matches, computed without building the union.
func (v *Lexical) coverage(ci claimInfo, a, b lexicon.TermSet) float64 {
	var got float64
	for i, c := range ci.concepts {
		if ci.weights[i] > 0 && matchedByEither(c, a, b) {
			got += ci.weights[i]
		}
	}
	return got / ci.total
}

// matchedByEither is c.MatchedBy on the union of a and b.
func matchedByEither(c lexicon.Concept, a, b lexicon.TermSet) bool {
	for _, alt := range c.Alternatives {
		all := true
		for _, t := range alt {
			if !a.Has(t) && !b.Has(t) {
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

func numbersAgree(nums []string, text string) bool {
	if len(nums) == 0 {
		return true
	}
	have := map[string]bool{}
	for _, n := range numberRE.FindAllString(numberWords(text), -1) {
		have[n] = true
	}
	for _, n := range nums {
		if !have[n] {
			return false
		}
	}
	return true
}

func strongAgree(strong []string, text string) bool {
	if len(strong) == 0 {
		return true
	}
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		words[w] = true
	}
	for _, s := range strong {
		if !words[s] {
			return false
		}
	}
	return true
}

// clauseRE splits text into clauses, so that a negation in one clause is
// compared with the clause it belongs to.
var clauseRE = regexp.MustCompile(`(?i)[,;:()]|\b(although|though|but|whereas|while|however|except|unless)\b`)

// clauseMemo keeps the clauses of the claim one Verify call judges, so that
// the checks that read clauses split and analyse it once; a span's clauses
// are kept by the verifier's cache, as its sentences are.
type clauseMemo struct {
	claim   string
	clauses []clause
}

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
}

func (v *Lexical) clauses(text string) []clause {
	var out []clause
	last := 0
	bounds := append(clauseRE.FindAllStringIndex(text, -1), []int{len(text), len(text)})
	for _, b := range bounds {
		c := text[last:b[0]]
		last = b[1]
		terms := v.an.Terms(c)
		if len(terms) == 0 {
			continue
		}
		out = append(out, clause{text: c, terms: lexicon.NewTermSet(terms), negated: negationCues.in(c)})
	}
	return out
}

// polarityClash reports whether some clause of the claim and the span clause
// that best matches it differ in negation.
func (v *Lexical) polarityClash(memo *clauseMemo, claim, span string) bool {
	// Without a negation cue on either side, and without a word whose
	// prefixed opposite the other side holds, no clause can clash: skip
	// analysing the clauses.
	if !negationCues.in(claim) && !negationCues.in(span) && !mayHoldOpposites(claim, span) {
		return false
	}
	spanClauses := memo.of(v, span)
	if len(spanClauses) == 0 {
		return false
	}
	spanTerms := lexicon.TermSet{}
	for _, sc := range spanClauses {
		for t := range sc.terms {
			spanTerms[t] = struct{}{}
		}
	}
	for _, cc := range memo.of(v, claim) {
		shares, best, bestShared := sharedTerms(cc, spanClauses)
		// A negation counts where it reaches the other side's content: the
		// span clause's over the claim's terms, the claim's over anything the
		// span says. When several span clauses share as much with the claim
		// clause, it clashes only if it clashes with each of them: "without
		// treatment, scabies does not clear" matches "scabies is not a sign
		// of poor hygiene" as well as "the infestation does not clear without
		// treatment".
		clashes := func(sc clause) bool {
			return v.negatesOver(sc.text, cc.terms) != v.negatesOver(cc.text, spanTerms) || antonymClash(cc.text, sc.text)
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
		if k := v.rarestSharedClause(cc, spanClauses, spanClauses[best]); k >= 0 && k != best {
			claimRest := without(cc.terms, spanClauses[best].terms)
			spanRest := without(spanClauses[k].terms, spanClauses[best].terms)
			if v.negatesOver(spanClauses[k].text, claimRest) != v.negatesOver(cc.text, spanRest) {
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
	cw, sw := words(claim), words(span)
	if v.contrasts.clash(cw, sw) || v.contrasts.comparedOtherwise(claim, span, v.an) {
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
		return v.contrasts.clash(words(cc.text), words(sc.text))
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
	return v.clauseClash(memo, claim, span, func(cc, sc clause) bool {
		nums := numberRE.FindAllString(numberWords(cc.text), -1)
		return len(nums) > 0 && hasNumber(numberWords(sc.text)) && !numbersAgree(nums, sc.text)
	})
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
			if sc.terms.Has(t) {
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
// does not hold it; otherwise -1.
func (v *Lexical) rarestSharedClause(cc clause, spanClauses []clause, bestClause clause) int {
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
	if term == "" || bestClause.terms.Has(term) {
		return -1
	}
	for i, sc := range spanClauses {
		if sc.terms.Has(term) {
			return i
		}
	}
	return -1
}

// stitchRE splits a claim joined from independent clauses ("X is caused by A,
// while Y is caused by B").
var stitchRE = regexp.MustCompile(`(?i);\s+|,\s+(?:and|while|whereas|but)\s+`)

// bothRE finds a predicate shared by two short names at the end of a claim:
// "permethrin is used to treat both scabies and head lice".
var bothRE = regexp.MustCompile(`(?i)^(.*\S)\s+both\s+((?:[\w'-]+\s+){0,3}?[\w'-]+)\s+and\s+((?:[\w'-]+\s+){0,2}[\w'-]+)\s*[.!]?\s*$`)

// distribute splits a claim whose predicate is shared by "both A and B" at
// its end into one claim for each ("permethrin is used to treat scabies",
// "... head lice"), each to be supported on its own. Any other claim is
// returned as is. Only names at the very end are split, so that no
// qualifier after them is lost from either part.
func distribute(claim string) []string {
	m := bothRE.FindStringSubmatch(claim)
	if m == nil {
		return []string{claim}
	}
	return []string{m[1] + " " + m[2] + ".", m[1] + " " + m[3] + "."}
}

// sharedSubjectRE finds two predicates of one subject joined by "and":
// "spironolactone is an option for acne in women and may also be
// considered for female pattern hair loss".
var sharedSubjectRE = regexp.MustCompile(`(?i)^(\S.{2,80}?) (` + predicateVerbs + `) (.+?),? and (?:also )?(` + predicateVerbs + `) (?:also )?(.+?)[.!]?\s*$`)

// predicateVerbs open a predicate.
const predicateVerbs = `is|are|was|were|can|may|might|could|should|often|usually|has|have|causes?|includes?|affects?|appears?|develops?|needs?|requires?`

// shareSubject splits a claim whose subject has two predicates joined by
// "and" into one claim for each, the subject repeated; otherwise it returns
// the claim alone.
func shareSubject(claim string) []string {
	m := sharedSubjectRE.FindStringSubmatch(claim)
	if m == nil || strings.Contains(m[1], ",") {
		return []string{claim}
	}
	return []string{m[1] + " " + m[2] + " " + m[3] + ".", m[1] + " " + m[4] + " " + m[5] + "."}
}

// minStitchedPart is the least number of content terms a part of a stitched
// claim must have to be checked on its own: a bare fragment ("is itchy") is
// not a claim.
const minStitchedPart = 3

// stitched verifies a claim joined from clauses part by part: it is supported
// only if every part is, each by its own span, and then cites every span.
func (v *Lexical) stitched(ctx context.Context, claim string, passages []Passage) (Judgment, bool) {
	var parts []string
	for _, part := range stitchRE.Split(claim, -1) {
		parts = append(parts, distribute(part)...)
	}
	if len(parts) < 2 {
		parts = shareSubject(claim)
	}
	if len(parts) < 2 {
		return Judgment{}, false
	}
	out := Judgment{Verdict: Supported, Score: 1}
	seen := map[Support]bool{}
	for _, part := range parts {
		if len(v.an.Terms(part)) < minStitchedPart {
			return Judgment{}, false
		}
		j, err := v.Verify(ctx, part, passages)
		if err != nil || j.Verdict != Supported {
			return Judgment{}, false
		}
		out.Score = min(out.Score, j.Score)
		for _, sp := range j.Support {
			if !seen[sp] {
				seen[sp] = true
				out.Support = append(out.Support, sp)
			}
		}
	}
	return out, true
}

var numberWordRE = regexp.MustCompile(`(?i)\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred)\b`)

var numberWordValues = map[string]string{
	"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
	"nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "fifteen": "15", "twenty": "20", "thirty": "30",
	"forty": "40", "fifty": "50", "hundred": "100",
}

// numberWords writes number words as digits, so that "seven classes" and "7
// classes" agree and "four" differs from "seven".
//
// "One" that counts nothing ("one of the warning signs", "one another", "no
// one") stays a word; "one side" and "one of two" still count.
func numberWords(s string) string {
	if !numberWordRE.MatchString(s) {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range numberWordRE.FindAllStringIndex(s, -1) {
		w := strings.ToLower(s[m[0]:m[1]])
		if w == "one" && (notACountAfter.MatchString(s[m[1]:]) || notACountBefore.MatchString(s[:m[0]])) {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(numberWordValues[w])
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// notACountAfter and notACountBefore find the words around a "one" that
// counts nothing: "one of", "one another", "no one", "each one".
var (
	notACountAfter  = regexp.MustCompile(`(?i)^\s+(of\s+(the|these|those|its|their|his|her|our|your|many|several|a|an)|another)\b`)
	notACountBefore = regexp.MustCompile(`(?i)\b(no|any|each|every|some|this|that|the other|another|which)\s+$`)
)

// negatedElsewhere reports whether one side denies a term the other asserts
// and never denies: "it is not contagious" against "alopecia areata is
// contagious", "itching is uncommon" against "itching is common". A term both
// sides deny somewhere (a verbatim sentence with a negated clause) does not
// count.
func (v *Lexical) negatedElsewhere(claim, span string) bool {
	if !negationCues.in(claim) && !negationCues.in(span) && !mayHoldOpposites(claim, span) {
		return false
	}
	cn, sn := v.negatedTerms(claim), v.negatedTerms(span)
	ct := lexicon.NewTermSet(v.an.Terms(claim))
	st := lexicon.NewTermSet(v.an.Terms(span))
	for t := range sn {
		if ct.Has(t) && !cn.Has(t) {
			return true
		}
	}
	for t := range cn {
		if st.Has(t) && !sn.Has(t) {
			return true
		}
	}
	return false
}

// negatedTerms returns the terms a text puts under a negation cue (up to the
// end of the cue's scope) and the stems of un-/non-prefixed words
// ("uncommon" denies "common").
func (v *Lexical) negatedTerms(text string) lexicon.TermSet {
	out := lexicon.TermSet{}
	cues := append(negationRE.FindAllStringIndex(text, -1), avoidRE.FindAllStringIndex(text, -1)...)
	for _, cue := range cues {
		if hedgeCues[strings.ToLower(text[cue[0]:cue[1]])] {
			continue // a hedge of frequency, judged by the contrast sets
		}
		rest := text[cue[1]:]
		if m := clauseEndRE.FindStringIndex(rest); m != nil {
			rest = rest[:m[0]]
		}
		terms := v.an.Terms(rest)
		reach := negationReach
		if len(terms) == 0 {
			// Nothing follows the cue ("... are best avoided"): it denies
			// what comes before it in its clause.
			before := text[:cue[0]]
			if ms := clauseEndRE.FindAllStringIndex(before, -1); len(ms) > 0 {
				before = before[ms[len(ms)-1][1]:]
			}
			terms = v.an.Terms(before)
			reach = 2 * negationReach
			terms = terms[max(0, len(terms)-reach):]
		}
		for _, t := range terms[:min(len(terms), reach)] {
			// A cue in another's scope ("does not clear without
			// treatment") is no content the text denies.
			if !v.cueTerms.Has(t) {
				out[t] = struct{}{}
			}
		}
	}
	for w := range wordSet(text) {
		for _, p := range antonymPrefixes {
			if rest, ok := strings.CutPrefix(w, p); ok && len(rest) >= 4 {
				for _, t := range v.an.Terms(rest) {
					out[t] = struct{}{}
				}
			}
		}
	}
	return out
}

// negationReach is how many content terms after a cue it denies: "not
// contagious", "does not require prior sensitisation", not the whole rest of
// the clause.
const negationReach = 2

// avoidRE finds advice against something: it denies what it governs as a
// negation does ("avoid massaging reddened skin").
var avoidRE = regexp.MustCompile(`(?i)\b(avoid|avoided|avoiding|discouraged|not recommended|best avoided)\b`)

// hedgeCues are negation cues that hedge frequency rather than deny.
var hedgeCues = map[string]bool{"rarely": true, "rare": true, "seldom": true, "unlikely": true}

// clauseEndRE ends a negation's scope: "and", "but", a word opening a
// subordinate clause ("needs no treatment because the rash resolves"), a
// preposition of time ("heals without scarring within two weeks"), a comma
// or a stop.
var clauseEndRE = regexp.MustCompile(`(?i)\b(and|but|while|` + scopeEndWords + `)\b|[,;.:]`)

// cueTerms returns the analysed forms of the negation and advice-against
// cue words: a cue inside another cue's scope is no content it denies.
func cueTerms(an *lexicon.Analyzer) lexicon.TermSet {
	out := lexicon.TermSet{}
	words := []string{"rather", "instead", "avoid", "avoided", "avoiding", "discouraged"}
	for w := range negationCues.words {
		words = append(words, w)
	}
	for _, w := range words {
		for _, t := range an.Terms(w) {
			out[t] = struct{}{}
		}
	}
	return out
}
