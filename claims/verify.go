package claims

import (
	"context"
	_ "embed"
	"fmt"
	"regexp"
	"strings"

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
	// lightTerms are the analysed lightVerbs and connectives.
	lightTerms lexicon.TermSet
	// hedgeTerms are the analysed hedgeWords.
	hedgeTerms lexicon.TermSet
	// MinCoverage is the share of the claim's weighted content a span must
	// hold for the Strict verdict.
	MinCoverage float64
	// Point is the operating point that turns a judgment's support score
	// and structural verdict into its Verdict; the zero value is Strict.
	Point OperatingPoint
	// Threshold, when above zero, replaces the operating point: a claim the
	// passage does not contradict is supported when its support score
	// reaches Threshold.
	Threshold float64
	// Usage, when not nil, is the knowledge's own usage of its words: with
	// it, Strict lets a claim put one everyday word of its own where the
	// span has one the knowledge never uses beside it (see swapAllowed).
	// Without it, every such swap is refused.
	Usage *Usage

	// named are the terms of the thesaurus's sets that name things, and
	// contrastTerms those of the contrast sets: never swapped.
	named, contrastTerms lexicon.TermSet
	// contrastKinds maps contrastTerms to their set and class.
	contrastKinds map[string][2]int
	// opposites are the everyday opposite pairs (opposites.txt): never
	// swapped for each other.
	opposites opposites
	// namingTerms are the analysed words that give a thing a name
	// ("called", "known as"; see heldRarest).
	namingTerms lexicon.TermSet
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
	opp, err := parseOpposites(oppositesText, an)
	if err != nil {
		// The list is embedded and parsed by the package's tests.
		panic("claims: opposites.txt: " + err.Error())
	}
	return &Lexical{opposites: opp, namingTerms: lexicon.NewTermSet(an.Terms("called calls call known termed referred named")), an: an, th: th, rarity: rarity, MinCoverage: DefaultMinCoverage, cache: newSentenceCache(an), contrasts: newContrasts(an), cueTerms: cueTerms(an),
		named: thesaurusTerms(th), contrastTerms: contrastTermSet(an), contrastKinds: contrastKindsOf(an), hedgeTerms: lexicon.NewTermSet(an.Terms(hedgeWords)),
		lightTerms: lexicon.NewTermSet(an.Terms(strings.Join(lightVerbs, " ")), an.Terms(strings.Join(connectives, " ")), an.Terms(strings.Join(generalNouns, " ")), an.Terms(strings.Join(delexicalVerbs, " ")))}
}

// paraphrases are the verifier's everyday equivalences (see NewLexical).
//
//go:embed paraphrases.txt
var paraphrases string

var (
	// "rare" hedges as "rarely" does: "spread is very rare" says what
	// "very rarely spreads" says.
	//
	// "fail to" and "unable to" deny what follows as "not" does: "fails
	// to respond to antimalarials" says "does not respond to
	// antimalarials".
	negationRE = regexp.MustCompile(`(?i)\b(not|no|never|without|cannot|none|neither|nor|lack|lacks|absent|unlikely|rarely|rare|seldom|fail|fails|failed|failing|unable)\b|n't\b|\brather than\b|\binstead of\b`)
	// strongRE matches words that assert more than hedged reference text does.
	strongRE = regexp.MustCompile(`(?i)\b(always|all|any|every|everyone|only|just|main|mainly|primary|major|most|cures?|cured|guarantees?|guaranteed|completely|permanently|definitely|certainly|must|proven|eliminates?)\b`)
	numberRE = regexp.MustCompile(`\d+(?:[.,]\d+)?`)
	// asWellAsRE is the conjunction "as well as".
	asWellAsRE = regexp.MustCompile(`(?i)\bas well as\b`)
	// openerRE is a discourse opener at the start of a claim: a summing
	// up, a writer's aside, an answer's "Yes," or a framing clause, set
	// off by a comma or "that".
	openerRE = regexp.MustCompile(`(?i)^\s*(?:(?:to sum up|to summari[sz]e|in summary|in short|in brief|overall|perhaps surprisingly|surprisingly|reassuringly|importantly|put simply|simply put|yes)\s*,|the (?:good|bad) news is(?: that)?\b|it is worth (?:noting|knowing) that\b)\s*`)
	// showUpRE is a phrasal verb that says where or when a thing appears:
	// a leaflet's "shows up", "crops up", "pops up".
	showUpRE = regexp.MustCompile(`(?i)\b(?:show|shows|showed|shown|showing|crop|crops|cropped|cropping|pop|pops|popped|popping) up\b`)
	// mightRE is a leaflet's hedge "might" ("you might notice", "you might
	// see"), the "may" of reference prose: the knowledge never writes it,
	// so read as its own word it weighs as a rare term would.
	mightRE = regexp.MustCompile(`(?i)\bmight\b`)
	// lotsOfRE is an everyday quantity ("a lot of moisturisers", "lots of
	// people") for the passage's "many": read as its own word "lot" weighs
	// as a rare term would.
	lotsOfRE = regexp.MustCompile(`(?i)\b(?:a lot|lots) of\b`)
)

// claimRewrites are analyse's rewrites of a claim, in order: each
// regexp's replacement, and words one of which its every match holds.
var claimRewrites = []struct {
	re   *regexp.Regexp
	with string
	lits []string
}{
	{openerRE, "", []string{",", "news", "worth"}},
	{asWellAsRE, "and", []string{"as well as"}},
	{showUpRE, "appears", []string{" up"}},
	{mightRE, "may", []string{"might"}},
	{lotsOfRE, "many", []string{"lot"}},
}

// nonAssertiveRE ends the text before an "any" that asserts nothing of
// all: "before any blisters appear", "without any scarring", "if any".
var nonAssertiveRE = regexp.MustCompile(`(?i)\b(before|without|if|whether|no|not|never|hardly|barely)\s+$`)

// floatingAllRE ends the text before an "all" that gathers a list just
// given ("A weakened immune system, wet hands and damaged skin all make
// warts more likely"): the last item, after an "and" or "or" that a comma
// came before in the clause, at most five words long, and the modal or
// auxiliary the "all" may float after ("..., obesity and a previous
// episode of cellulitis can all raise the risk").
var floatingAllRE = regexp.MustCompile(`(?i),[^,.;:]*\b(and|or)\s+(\S+\s+){1,5}(?:(?:can|may|might|could|will|would|are|were|have|has|do)\s+)?$`)

// notAsserting reports whether the strong word w at byte offset at of the
// claim asserts nothing more than its words do: a non-assertive "any"
// (after "before", "without", "if" or a negation), or an "all" that
// gathers the items of a list the claim has just given, each of which the
// span must hold anyway ("A, B and C all raise the risk" says what "risk
// factors include A, B and C" says; "Moles all turn into melanoma", with
// no list, still asserts "all").
//
// Nor does "all" in "at all", which only stresses a negation ("may regrow
// with no treatment at all"), nor "only" before a count ("when there are
// only one or a few", "only 5% of cases"), which says the count is small,
// not that nothing else holds.
func notAsserting(claim string, at int, w string) bool {
	switch w {
	case "any":
		return nonAssertiveRE.MatchString(claim[:at])
	case "all":
		return floatingAllRE.MatchString(claim[:at]) || atAllRE.MatchString(claim[:at])
	case "only":
		return countAfterRE.MatchString(claim[at+len(w):])
	}
	return false
}

// atAllRE ends the text before the "all" of "at all".
var atAllRE = regexp.MustCompile(`(?i)\bat\s+$`)

// countAfterRE opens the text after an "only" that bounds a count: a
// number, in digits or in words, or "a few".
var countAfterRE = regexp.MustCompile(`(?i)^\s+(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|a few)\b)`)

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
	// "as well as" joins as "and" does: its "well" is no claim of how well.
	// A phrasal verb of showing ("shows up in the armpits", "fresh ones
	// crop up") places a condition as "appears" does.
	// A discourse opener ("To sum up, ...", "Perhaps surprisingly, ...",
	// "The good news is that ...") frames what follows and states nothing
	// of its own.
	// A leaflet's "might" and "a lot of" are the passage's "may" and
	// "many".
	//
	// Each rewrite is skipped when the claim cannot hold its words.
	content := claim
	for _, r := range claimRewrites {
		if mayHoldFold(content, r.lits...) {
			content = r.re.ReplaceAllString(content, r.with)
		}
	}
	ci := claimInfo{concepts: v.an.Concepts(content, v.th)}
	ci.weights = make([]float64, len(ci.concepts))
	for i, c := range ci.concepts {
		w := 1.0
		if v.rarity != nil {
			w = 0
			for _, t := range c.Terms {
				w = max(w, v.rarity(t))
			}
		}
		if c.Filler || v.lightVerb(c) {
			w *= 0.3
		}
		ci.weights[i] = w
		ci.total += w
	}
	cues := negationCues.findAll(claim)
	ci.negated = len(cues) > 0
	// A strong word that asserts nothing more still weighs nothing in
	// coverage: it is a word of the claim's grammar, not of its content.
	judged := cues
	for _, m := range strongCues.findAllIndex(claim) {
		w := strings.ToLower(claim[m[0]:m[1]])
		judged = append(judged[:len(judged):len(judged)], w)
		if notAsserting(claim, m[0], w) {
			continue
		}
		ci.strong = append(ci.strong, w)
	}
	// numberRE matches digits only: a claim without any states no number.
	if nw := numberWords(claim); hasNumber(nw) {
		ci.numbers = numberRE.FindAllString(nw, -1)
	}
	ci.total = discountJudged(v.an, judged, ci.concepts, ci.weights)
	return ci
}

type span struct {
	passage    int
	start, end int
	terms      lexicon.TermSet
	text       string
	// seq is text's analysed terms, in order, when the assessment has
	// them (the best span's); nil otherwise.
	seq []string
}

// Verify judges claim against passages. The judgment's Score is the learned
// support score (see SupportScore); its Verdict is decided at the verifier's
// operating point (see Lexical.Point).
func (v *Lexical) Verify(ctx context.Context, claim string, passages []Passage) (Judgment, error) {
	if err := ctx.Err(); err != nil {
		return Judgment{}, err
	}
	as, j := v.judge(ctx, claim, passages)
	switch {
	case as.ci.total == 0:
		return Judgment{Verdict: Unsupported, Reason: "the claim has no content words"}, nil
	case !as.ok:
		return Judgment{Verdict: Unsupported, Reason: "no passage to check against"}, nil
	}
	j.Score = supportModel().Score(as.feats[:])
	return v.decide(j), nil
}

// judge assesses claim against passages and gives its structural verdict,
// with the features the score reads. A best span joined from two sentences
// that stand apart (see joined) stands only when the structural checks
// accept it; otherwise the claim is judged as if no such span were
// sought, so that joining never turns a verdict into a worse one.
func (v *Lexical) judge(ctx context.Context, claim string, passages []Passage) (assessment, Judgment) {
	claim = v.labelled(claim, passages)
	as := v.assess(claim, passages, true)
	if !as.ok {
		return as, Judgment{}
	}
	j := v.structural(ctx, claim, passages, &as)
	if as.second != nil && (j.Verdict != Supported || !v.partsAgree(claim, passages, &as)) {
		as = v.assess(claim, passages, false)
		j = v.structural(ctx, claim, passages, &as)
	}
	if j.Verdict == Supported {
		as.feats[featRule] = 1
	}
	return as, j
}

// partsAgree reports whether each sentence of a joined best span, read
// alone, lets the claim stand: no opposite polarity, no other member of
// the same kind and no attribute or role bound to another entity. Read
// together, two sentences can hide what one of them says of another
// entity ("X can occur in anyone, unlike Y, which requires prior
// sensitisation" and a second sentence naming "the substance" must not
// support "X requires prior sensitisation to the substance").
//
// Nor may a sentence hold the opposite (opposites.txt) of a claim word
// it lacks, the claim lacking that opposite: the other sentence then
// lends the claim a word in the place where this one says the reverse
// ("Pigmented basal cell carcinoma, seen more often in darker skin" and
// "The risk ... is higher in people with fair skin" must not support
// "Pigmented basal cell carcinoma is seen more often in fair skin").
func (v *Lexical) partsAgree(claim string, passages []Passage, as *assessment) bool {
	var claimTerms lexicon.TermSet
	for _, sp := range []span{as.best, *as.second} {
		text := passages[sp.passage].Text[sp.start:sp.end]
		memo := &clauseMemo{claim: claim}
		if v.polarityClash(memo, claim, text) || v.negatedElsewhere(claim, text) || v.contrastClash(memo, claim, text) || v.misbound(claim, text) {
			return false
		}
		if claimTerms == nil {
			claimTerms = lexicon.NewTermSet(v.an.Terms(claim))
		}
		if v.holdsOpposite(claimTerms, claimTerms, lexicon.NewTermSet(v.an.Terms(text))) {
			return false
		}
	}
	return true
}

// holdsOpposite reports whether part holds the opposite (opposites.txt)
// of a term of cands (terms of claim that part lacks), the claim holding
// neither that opposite nor any other of the term's opposites (a claim
// that sets "slowly enlarging" against "fast-growing" holds both sides
// of the line itself).
func (v *Lexical) holdsOpposite(claim, cands, part lexicon.TermSet) bool {
	for c := range cands {
		if part.Has(c) {
			continue
		}
		for p := range part {
			if !claim.Has(p) && v.opposites.opposed(c, p) && !v.opposedIn(c, claim) {
				return true
			}
		}
	}
	return false
}

// opposedIn reports whether terms hold an opposite of t.
func (v *Lexical) opposedIn(t string, terms lexicon.TermSet) bool {
	for x := range terms {
		if v.opposites.opposed(t, x) {
			return true
		}
	}
	return false
}

// structural is the Strict verdict: the best span must cover
// DefaultMinCoverage of the claim (MinCoverage when set otherwise), and no
// structural check may find it said of something else, with the opposite
// polarity, other numbers, another member of the same kind, its attributes
// or roles bound to another entity (see misbound) or less force; a
// claim joined from clauses may be supported clause by clause.
func (v *Lexical) structural(ctx context.Context, claim string, passages []Passage, as *assessment) Judgment {
	best, bestCov, ci := as.best, as.cov, as.ci
	if bestCov < v.MinCoverage {
		if j, ok := v.stitched(ctx, claim, passages); ok {
			return j
		}
	}
	j := Judgment{Support: []Support{{PassageID: passages[best.passage].ID, Start: best.start, End: best.end}}}
	if s := as.second; s != nil {
		j.Support = append(j.Support, Support{PassageID: passages[s.passage].ID, Start: s.start, End: s.end})
	}
	f := &as.feats
	bf := v.cache.spanFacts(best.text)
	switch {
	case bestCov < v.MinCoverage:
		j.Verdict, j.Reason = Unsupported, "no passage covers the claim's content"
	case f[featSubstituted] == 1 && !as.swapped:
		j.Verdict, j.Reason = Unsupported, "the passage says it of something else"
	case f[featPolarity] == 1:
		j.Verdict, j.Reason = Contradicted, "the passage states the opposite polarity"
	case !bf.numbersAgree(ci.numbers) && bf.hasNumberWords():
		j.Verdict, j.Reason = Contradicted, "numbers differ from the passage"
	case as.clauseNumbers:
		j.Verdict, j.Reason = Contradicted, "numbers differ from the passage"
	case !bf.numbersAgree(ci.numbers):
		j.Verdict, j.Reason = Unsupported, "the passage states no number the claim gives"
	case f[featContrast] == 1:
		j.Verdict, j.Reason = Unsupported, "the passage names another member of the same kind (organism, drug class, sex, age group, body site, direction)"
	case f[featBinding] == 1:
		j.Verdict, j.Reason = Unsupported, "the passage attaches the claim's attribute or role to another entity"
	case f[featStrong] == 1 && as.commonUnheld && bf.strongAgree(ci.strong) && !as.asked:
		j.Verdict, j.Reason = Unsupported, "the passage does not say it is common"
	case f[featStrong] == 1 && as.comparedUnheld && bf.strongAgree(ci.strong) && !as.asked:
		j.Verdict, j.Reason = Unsupported, "the passage makes no comparison the claim makes"
	case f[featStrong] == 1 && as.asked && bf.strongAgree(ci.strong):
		j.Verdict, j.Reason = Unsupported, "the claim asserts what the passage only asks (whether ...)"
	case f[featStrong] == 1:
		j.Verdict, j.Reason = Unsupported, "the claim asserts more than the passage ("+strings.Join(ci.strong, ", ")+")"
	case as.groupUnheld:
		j.Verdict, j.Reason = Unsupported, "the passage does not say it of that group"
	default:
		j.Verdict = Supported
	}
	if j.Verdict == Unsupported && bestCov >= v.MinCoverage && f[featBinding] == 0 {
		// One span covers the claim but says part of it of something else:
		// a claim joined from two clauses may still be supported by a span
		// for each ("treating athlete's foot helps prevent onychomycosis, and
		// sandals in communal showers help avoid athlete's foot"). A
		// contradiction stands, and so does a span that binds the claim's
		// attributes to other entities: each part alone would find its
		// words there.
		if sj, ok := v.stitched(ctx, claim, passages); ok {
			return sj
		}
	}
	return j
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

// heldBySentence appends to held, for each set in turn, whether the set
// matches each concept of the claim (see matchedByEither) that has weight;
// concepts without weight are left false.
func heldBySentence(ci claimInfo, sets []lexicon.TermSet, held []bool) []bool {
	for _, set := range sets {
		for i, c := range ci.concepts {
			held = append(held, ci.weights[i] > 0 && matchedByEither(c, set, nil))
		}
	}
	return held
}

// sentenceCoverage is v.coverage(ci, a, nil), given whether a matches each
// concept (see heldBySentence).
func sentenceCoverage(ci claimInfo, held []bool) float64 {
	var got float64
	for i := range ci.concepts {
		if held[i] {
			got += ci.weights[i]
		}
	}
	return got / ci.total
}

// pairCoverage is v.coverage(ci, a, b), given whether a and b each match
// each concept (see heldBySentence): only a concept with an alternative of
// several terms may be matched by the two together and by neither alone.
func pairCoverage(ci claimInfo, a, b lexicon.TermSet, heldA, heldB []bool) float64 {
	var got float64
	for i, c := range ci.concepts {
		if ci.weights[i] > 0 && (heldA[i] || heldB[i] || multiTerm(c) && matchedByEither(c, a, b)) {
			got += ci.weights[i]
		}
	}
	return got / ci.total
}

// multiTerm reports whether some alternative of c has several terms.
func multiTerm(c lexicon.Concept) bool {
	for _, alt := range c.Alternatives {
		if len(alt) > 1 {
			return true
		}
	}
	return false
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

// lightVerbs only place a condition where it shows ("affects the skin
// between the toes", "appears on the face", "is seen in older people"):
// reference text often says where without them ("an infection of the
// feet, most often between the toes", "common in older adults"), so they
// weigh as little as filler words do. ("seen as", regarded, is a phrase
// of the paraphrases and keeps its weight.) A leaflet's voice says the
// same with the reader's eyes ("you may notice gradual thinning", "often
// first noticed as a widening part", "you might see a sore that bleeds",
// "a biopsy to see whether") where the passage says what the
// condition causes or how it is seen, and with the reader's experience
// ("you may find that stress brings on flares", "many children find
// their eczema eases") or a place ("a yeast normally found on skin")
// where the passage says what happens or where a thing lives. "Happens"
// places a thing as "occurs" does ("spread happens mainly through ..."
// for "spreads mainly through ...").
var lightVerbs = []string{"affect", "affects", "involve", "involves", "appear", "appears", "occur", "occurs", "happen", "happens", "happened", "see", "sees", "seeing", "seen", "notice", "notices", "noticed", "noticing", "find", "finds", "found", "finding"}

// connectives join or set off clauses ("even though", "whereas",
// "unlike", "by contrast", "however", "for example"): a claim that merges, splits or turns round the passage's
// sentences writes its own, so they weigh as little as filler words do and
// never count as content the claim puts in place of the passage's.
var connectives = []string{"though", "although", "even", "whereas", "while", "unlike", "since", "contrast", "however", "moreover", "furthermore", "therefore", "thus", "meanwhile", "example", "instance", "among", "amongst"}

// generalNouns name a thing only by its kind ("the rash", "the
// condition", "this type"): a draft uses them for what the passage calls
// by its name ("Poison ivy causes the reaction" for "... causes allergic
// contact dermatitis"), so they weigh as little as filler words do and
// never count as content the claim puts in place of the passage's name.
// Kinds that a contrast set tells apart (a fungus or a bacterium, a child
// or an adult) are not among them. Words that pick some of a kind
// ("certain creams", "various triggers") weigh alike, and so does a
// generator's "culprits" for the causes or triggers a passage names, and
// its "the tumour" for the cancer the passage names ("When the tumour
// has a BRAF mutation" for "Melanomas carrying a BRAF mutation"), and its
// "entry points" for the breaks in the skin a germ enters through. "Another"
// counts one more of a kind as "else" does ("is another clue" for "a clue
// known as", "from one person to another" for "from person to person").
var generalNouns = []string{"condition", "conditions", "disease", "diseases", "disorder", "disorders", "problem", "problems", "rash", "rashes", "reaction", "reactions", "type", "types", "form", "forms", "option", "options",
	"people", "person", "someone", "one", "thing", "things", "way", "ways", "area", "areas", "item", "items", "matter", "place", "places",
	"certain", "various", "else", "elsewhere", "another", "culprit", "culprits", "tumour", "tumours", "tumor", "tumors", "points"}

// delexicalVerbs carry little meaning of their own: what they say is in
// their object or particle ("take up", "give chickenpox", "put on a
// cream", "comes without hives", "set off", "turn into", "turn up", "turn
// white"), and reference text says the same with a verb of its own
// ("absorbs", "causing", "applying", "occurs", "trigger", "progress to",
// "appear", "become"). They weigh as little as filler words do.
var delexicalVerbs = []string{"take", "takes", "taken", "took", "taking", "get", "gets", "got", "getting", "give", "gives", "given", "gave", "giving",
	"put", "puts", "putting", "make", "makes", "made", "making", "come", "comes", "came", "coming", "go", "goes", "went", "gone", "going", "set", "sets",
	"turn", "turns", "turned", "turning"}

// lightVerb reports whether c is one of lightVerbs, connectives or
// generalNouns.
func (v *Lexical) lightVerb(c lexicon.Concept) bool {
	return len(c.Terms) == 1 && v.lightTerms.Has(c.Terms[0])
}

// minDerivedStem is the least length of the shorter stem of a pair that
// derivedForms joins.
const minDerivedStem = 4

// derivedForms returns the stems of the words derived from the word whose
// stem is term, or that it derives from, where the stemmer keeps them
// apart: a verb and its noun ("treat" and "treatment", "diagnose" and
// "diagnosis", "apply" and "application", "expose" and "exposure", "grow"
// and "growth", "recur" and "recurrence"), a noun and its adjective in
// "-y" ("itch" and "itchy", "allergic" and "allergy", "oil" and "oily",
// where the shorter stem may have three letters), an adjective and its
// verb in "-en" ("worse" and "worsen", "weak" and "weaken") and a verb and
// its noun in "-age" ("block" and "blockage", "drain" and "drainage"). Each
// stem names
// one word; a form no text holds matches nothing.
func derivedForms(term string) []string {
	var out []string
	if len(term) < minDerivedStem {
		return nil
	}
	pairs := []struct {
		short, long string
		least       int
	}{
		{"", "ment", minDerivedStem},  // treat, treatment
		{"", "i", minDerivedStem - 1}, // diagnos, diagnosi; itch, itchi; allerg, allergi; oil, oili
		{"i", "ic", minDerivedStem},   // appli, applic
		{"w", "wth", minDerivedStem},  // grow, growth
		{"s", "sur", minDerivedStem},  // expos, exposur; clos, closur
		{"ur", "urr", minDerivedStem}, // recur, recurr
		{"", "atori", minDerivedStem}, // inflamm, inflammatori
		{"", "en", minDerivedStem},    // wors, worsen; weak, weaken; thick, thicken
		{"", "ag", minDerivedStem},    // block, blockag; drain, drainag; leak, leakag
	}
	for _, p := range pairs {
		add := func(stem string) {
			if len(stem) >= p.least {
				out = append(out, stem)
			}
		}
		if stem, ok := strings.CutSuffix(term, p.long); ok {
			add(stem + p.short)
		} else if stem, ok := strings.CutSuffix(term, p.short); ok {
			add(stem + p.long)
		}
	}
	return out
}
