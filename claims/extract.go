package claims

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/internal/wordre"
	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

// Extract limits.
const (
	// MaxExtracted is the most sentences an extractive draft holds.
	MaxExtracted = 4
	// maxPerPassage keeps one passage from filling the answer.
	maxPerPassage = 3
	// extractPassages is how many of the best passages sentences come from.
	extractPassages = 5
	// minSentenceCoverage is the least share of the question's topic a
	// sentence, read with its passage's title and section, must hold: half the
	// retrieval floor, as for the passages that join an answer's context.
	minSentenceCoverage = retrieve.DefaultMinCoverage / 2
	// relativeCoverage keeps only sentences of the answer's passage that
	// cover at least half as much of the question as the best sentence does.
	relativeCoverage = 0.5
	// answerTypeBonus raises a sentence that holds the kind of answer the
	// question asks for: a body site when it asks where, a duration when it
	// asks how long (see answerType).
	answerTypeBonus = 0.5
	// nearTop keeps only passages whose retrieval score is within this share
	// of the best passage's.
	nearTop = 0.8
	// nearDuplicate is the term overlap (Jaccard) above which two sentences
	// say the same thing.
	nearDuplicate = 0.7
	// minAspectCoverage is the share of what a question asks besides its
	// topic and kind of answer (by rarity) that a sentence from another
	// paragraph of a Whole section must hold.
	minAspectCoverage = 0.5
)

// Extracted is one sentence chosen for an extractive answer: verbatim
// Passage.Text[Start:End].
type Extracted struct {
	PassageID string
	Start     int
	End       int
	Text      string
	Score     float64
}

// ExtractInput is a retrieved passage offered to Extract, best first.
type ExtractInput struct {
	Passage
	Title   string // the source title, read with each sentence for context
	Section string // likewise
	// Score is the passage's retrieval score, when known. Sentences come only
	// from passages scoring near the best one, so that an answer stays on
	// the point the question asks about.
	Score float64
	// Whole is true when the passage is one paragraph of a section that
	// answers the question as a whole ("How is X treated?"): sentences then
	// come from every passage offered of its source and section, not from
	// the best sentence's passage only; when Aspects are given, a sentence
	// from another paragraph must hold most of them.
	Whole bool
	// Aspects, with Whole, are what the question asks besides the topic and
	// the kind of answer.
	Aspects []retrieve.Weighted
	// Multi is true when the question asks several things at once ("how
	// long does it last, and does it scar?"): no kind of answer is then
	// required of every sentence.
	Multi bool
	// Quotable, when set, tells whether Text[start:end] may stand as a claim
	// (not a heading, a list or a sentence that needs the one before); a
	// sentence it refuses is never extracted.
	Quotable func(start, end int) bool
}

// Extract picks up to MaxExtracted sentences that answer the question from the
// best passages: each sentence must name part of the question's topic itself
// and, read with its passage's title and section, cover nearly as much of the
// question as the best sentence does, words held close together as the
// question holds them counting for more. All come from the passage of the
// best sentence, or from its section when the passage is Whole.
// Near-duplicate sentences are dropped. The result is ordered by score.
func Extract(an *lexicon.Analyzer, concepts []retrieve.Weighted, passages []ExtractInput) []Extracted {
	return extract(an, func(text string) *analysed { return analyse(an, text) }, concepts, passages, nil)
}

// Extract is the package-level Extract, reusing the verifier's analysis of
// passages it has already seen.
func (v *Lexical) Extract(concepts []retrieve.Weighted, passages []ExtractInput) []Extracted {
	return extract(v.an, v.cache.get, concepts, passages, nil)
}

// ExtractFor is Extract for a question: sentences that hold the kind of
// answer the question's wording asks for are preferred, a body site when it
// asks where something appears ("where does rosacea usually appear?"), a
// duration when it asks how long, a group of people when it asks who, advice
// when it asks whether something should be done, and the sentence that names
// a term when it asks what the term is.
func (v *Lexical) ExtractFor(question string, concepts []retrieve.Weighted, passages []ExtractInput) []Extracted {
	concepts = withoutLight(concepts)
	// The question after an account of someone's case says what is asked.
	if tail, ok := retrieve.QuestionAfterAccount(question); ok {
		question = tail
	}
	asked := askedTypes(question)
	if term := definedTerm(v.an, question); len(term) > 0 {
		asked = append(asked, answerType{name: "definition", question: definitionRE, answers: func(sentence string) bool {
			return namesTerm(v.an, term, sentence)
		}})
	}
	if t := causedByNamedType(v.an, question); t != nil {
		asked = append(asked, *t)
	}
	if t := absenceType(v.an, question); t != nil {
		asked = append(asked, *t)
	}
	return extract(v.an, v.cache.get, concepts, passages, asked)
}

// withoutLight returns the concepts without those the question's wording
// uses to say what kind of answer it wants (see retrieve.Weighted.Light):
// "What does pityriasis rosea look like?" is not answered better by the
// sentence that says "may look gray". They stay when nothing else would.
func withoutLight(concepts []retrieve.Weighted) []retrieve.Weighted {
	n := 0
	for _, w := range concepts {
		if w.Light {
			n++
		}
	}
	if n == 0 || n == len(concepts) {
		return concepts
	}
	out := make([]retrieve.Weighted, 0, len(concepts)-n)
	for _, w := range concepts {
		if !w.Light {
			out = append(out, w)
		}
	}
	return out
}

// definitionRE asks what a term is or means; the term runs up to the first
// preposition or conjunction: "what is the punctum on an epidermoid cyst?"
// asks what a punctum is.
var definitionRE = regexp.MustCompile(`(?i)^\W*(?:what (?:is|are) (?:a |an |the )?(.+?)|what (?:does|do) (?:a |an |the )?(.+?) mean|(?:the )?([^\s,?]+(?: [^\s,?]+){0,3}?) meaning)(?:\s+(?:on|in|of|for|with|at|from|after|before|between|and|or|that|which|when|like|to|by)\b.*|,.*)?\W*$`)

// namingRE introduces a name: "a small dark pore, called a punctum".
var namingRE = regexp.MustCompile(`(?i)\b(?:called|known as|termed|referred to as|named)\s+((?:[\w'-]+[\s,]*){1,4})`)

// bracketNameRE is a short name in brackets after a word: "whiteheads
// (closed comedones)".
var bracketNameRE = regexp.MustCompile(`\w\s+\(([^()]{1,60})\)`)

// namingCues are the words namingRE and bracketNameRE start with, lowercased.
var namingCues = []string{"called", "known as", "termed", "referred to as", "named", "("}

// definedTerm returns the terms of what the question asks to define, or nil
// when it asks no such thing.
func definedTerm(an *lexicon.Analyzer, question string) []string {
	m := definitionRE.FindStringSubmatch(question)
	if m == nil {
		return nil
	}
	return an.Terms(m[1] + m[2] + m[3])
}

// namesTerm reports whether the sentence gives the term, all its words, as
// the name of what it describes: the sentence that says what the term is,
// rather than one that mentions it ("diagnosed by ... central punctum").
func namesTerm(an *lexicon.Analyzer, term []string, sentence string) bool {
	// Few sentences name anything; a plain search spares them the expression.
	lower := strings.ToLower(sentence)
	if !slices.ContainsFunc(namingCues, func(cue string) bool { return strings.Contains(lower, cue) }) {
		return false
	}
	// A term in brackets after what it names: "whiteheads (closed
	// comedones)".
	if strings.Contains(sentence, "(") {
		for _, m := range bracketNameRE.FindAllStringSubmatch(sentence, -1) {
			named := lexicon.NewTermSet(an.Terms(m[1]))
			if len(named) <= len(term)+1 && !slices.ContainsFunc(term, func(t string) bool { return !named.Has(t) }) {
				return true
			}
		}
	}
	for _, m := range namingRE.FindAllStringSubmatch(sentence, -1) {
		// The name given opens with the term: "called gestational
		// diabetes" names another kind of diabetes, not diabetes.
		terms := an.Terms(m[1])
		named := lexicon.NewTermSet(terms)
		if len(terms) > 0 && slices.Contains(term, terms[0]) && !slices.ContainsFunc(term, func(t string) bool { return !named.Has(t) }) {
			return true
		}
	}
	return false
}

// whereRE asks for a location on the body.
var whereRE = wordre.MustCompile(`(?i)^\W*(where\b|which (parts?|areas?|sites?) of the body|what (parts?|areas?) of the body|on which (parts?|areas?))`)

// bodySites is the body-site class of the contrast sets.
var bodySites = func() map[string]bool {
	m := map[string]bool{}
	for _, set := range contrastWords {
		if slices.Contains(set[0], "face") {
			for _, class := range set {
				for _, w := range class {
					m[w] = true
				}
			}
		}
	}
	return m
}()

func namesBodySite(text string) bool {
	for _, w := range words(text) {
		if bodySites[w] {
			return true
		}
	}
	return false
}

func extract(an *lexicon.Analyzer, sentences func(string) *analysed, concepts []retrieve.Weighted, passages []ExtractInput, asked []answerType) []Extracted {
	var cands []Extracted
	if len(passages) > extractPassages {
		// Passages that tie the last one kept (typically ones that match
		// only the topic's name) are kept with it: their order says nothing
		// about which answers the question.
		n := extractPassages
		for last := passages[n-1].Score; n < len(passages) && last > 0 && passages[n].Score >= last*(1-tieShare); n++ {
		}
		passages = passages[:n]
	}
	var topTitle float64 // the share of the question the best passage's title names
	termsOf := map[int]lexicon.TermSet{}
	var covOf []float64
	// far marks candidates from passages well below the best: they answer
	// only a question that requires a kind of answer none nearer holds.
	var far []bool
	req := requiredTypes(asked)
	if len(passages) == 0 || passages[0].Multi {
		req = nil
	}
	for rank, p := range passages {
		isFar := p.Score > 0 && passages[0].Score > 0 && p.Score < nearTop*passages[0].Score
		if isFar && len(req) == 0 {
			continue
		}
		title := lexicon.NewTermSet(an.Terms(p.Title))
		if rank == 0 {
			topTitle = titleCoverage(concepts, title)
		}
		context := lexicon.NewTermSet(an.Terms(p.Title), an.Terms(p.Section))
		// Sentences come from the best passage's source, or from a source whose
		// title names more of the question than the best source's does: a
		// question about eczema in babies is not answered from a passage on
		// another condition that mentions both, and a question about ringworm
		// on the body, best answered from tinea corporis, is not answered from
		// tinea capitis because both titles name tinea.
		if p.Title != passages[0].Title && !(namesTitle(concepts, title) && titleCoverage(concepts, title) > topTitle) {
			continue
		}
		a := sentences(p.Text)
		for si, s := range a.sents {
			if p.Quotable != nil && !p.Quotable(s.Start, s.End) {
				continue
			}
			own := a.sets[si]
			cov, _ := retrieve.CoverageIn(concepts, own, context)
			ownCov, _ := retrieve.Coverage(concepts, own)
			if cov < minSentenceCoverage || ownCov == 0 && !p.Whole {
				continue
			}
			// In a section that answers as a whole, asked nothing beyond
			// its topic and kind ("How can sunburn be prevented?"), every
			// sentence is about the topic, named or not: "Sun protection
			// combines seeking shade ..." answers as well as the one that
			// says "sunburn".
			if p.Whole && len(p.Aspects) == 0 {
				ownCov = cov
			}
			// Prefer sentences that name the topic themselves, from better
			// passages, and that hold the question's words together.
			score := (ownCov + cov/2) / 1.5 / (1 + 0.15*float64(rank)) * (1 + proximityWeight*proximity(concepts, a.seqs[si])) / (1 + proximityWeight)
			if len(asked) > 0 && !holdsAsked(asked, s.Text) {
				score /= 1 + answerTypeBonus
			}
			termsOf[len(cands)] = own
			cands = append(cands, Extracted{PassageID: p.ID, Start: s.Start, End: s.End, Text: s.Text, Score: score})
			covOf = append(covOf, cov)
			far = append(far, isFar)
		}
	}
	// A question that requires a kind of answer (how long, where) is
	// answered only by sentences that hold one, when any does: from the
	// passages near the best, or, when none of those holds one, from the
	// others ("Which areas of the body does vitiligo affect?" by the
	// sentence that lists them, although the overview ranks first).
	held := make([]bool, len(cands))
	nearHeld, farHeld := false, false
	if len(req) > 0 {
		for i, c := range cands {
			held[i] = holdsAsked(req, c.Text)
			nearHeld = nearHeld || held[i] && !far[i]
			farHeld = farHeld || held[i] && far[i]
		}
	}
	for i := range cands {
		keep := !far[i]
		switch {
		case nearHeld:
			keep = keep && held[i]
		case farHeld:
			keep = held[i]
		}
		if !keep {
			covOf[i] = -1
			cands[i].Score = 0
		}
	}
	// The answer comes from one passage, that of the best sentence, whose
	// score weighs its coverage of the question and its passage's rank, or
	// from its section when the section answers as a whole. An answer that
	// stays on the point asked is worth more than one that gathers every
	// related sentence.
	if len(cands) > 0 {
		top := 0
		for i, c := range cands {
			if c.Score > cands[top].Score {
				top = i
			}
		}
		var home ExtractInput
		for _, p := range passages {
			if p.ID == cands[top].PassageID {
				home = p
				break
			}
		}
		fromHome := map[string]bool{}
		for _, p := range passages {
			fromHome[p.ID] = p.ID == home.ID || home.Whole && p.Title == home.Title && p.Section == home.Section
		}
		for i := range cands {
			if !fromHome[cands[i].PassageID] {
				covOf[i] = -1
			}
		}
		if home.Whole {
			dropUnasked(home, cands, termsOf, covOf)
		}
	}
	// Keep sentences that answer nearly as much of the question as the best.
	best := 0.0
	for _, c := range covOf {
		best = max(best, c)
	}
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case cands[a].Score > cands[b].Score:
			return -1
		case cands[a].Score < cands[b].Score:
			return 1
		}
		return 0
	})
	var out []Extracted
	var outTerms []lexicon.TermSet
	perPassage := map[string]int{}
	for _, i := range order {
		c := cands[i]
		if len(out) == MaxExtracted {
			break
		}
		if perPassage[c.PassageID] == maxPerPassage || covOf[i] < relativeCoverage*best {
			continue
		}
		dup := false
		for _, t := range outTerms {
			if t.Jaccard(termsOf[i]) > nearDuplicate {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		perPassage[c.PassageID]++
		out = append(out, c)
		outTerms = append(outTerms, termsOf[i])
	}
	return out
}

// tieShare is how close two retrieval scores must be to tie.
const tieShare = 0.02

// requiredTypes returns the kinds asked for that an answer must hold.
func requiredTypes(asked []answerType) []answerType {
	var out []answerType
	for _, t := range asked {
		if t.required {
			out = append(out, t)
		}
	}
	return out
}

// dropUnasked keeps, of the sentences from the home section's other
// paragraphs, those that hold most of what the question asks besides the
// section's topic and kind: "What does a superficial BCC look like?" takes
// from the other paragraphs only what they say of superficial BCC, while
// "How is X treated?", which asks nothing more, takes the whole section.
func dropUnasked(home ExtractInput, cands []Extracted, termsOf map[int]lexicon.TermSet, covOf []float64) {
	if len(home.Aspects) == 0 {
		return
	}
	for i, c := range cands {
		if covOf[i] < 0 || c.PassageID == home.ID {
			continue
		}
		if cov, _ := retrieve.Coverage(home.Aspects, termsOf[i]); cov < minAspectCoverage {
			covOf[i] = -1
		}
	}
}

// proximity is the share, by weight, of the question's neighbouring pairs of
// topic words that the sentence also holds close together (within
// proximityWindow terms): "need repeating after about a week" is nearer the
// sentence that says so than one holding the same words apart.
func proximity(concepts []retrieve.Weighted, seq []string) float64 {
	var prev []int
	var prevW, total, got float64
	started := false
	for _, c := range concepts {
		if c.Filler || c.Weight == 0 {
			continue
		}
		at := positions(c, seq)
		if started {
			w := min(prevW, c.Weight)
			total += w
			if near(prev, at) {
				got += w
			}
		}
		prev, prevW, started = at, c.Weight, true
	}
	if total == 0 {
		return 0
	}
	return got / total
}

// proximityWindow is how many terms apart two words may stand and still be
// together; proximityWeight is what holding all pairs together adds to a
// sentence's score.
const (
	proximityWindow = 3
	proximityWeight = 0.3
)

// positions returns where a concept's terms stand in seq.
func positions(c retrieve.Weighted, seq []string) []int {
	var at []int
	for i, t := range seq {
		for _, alt := range c.Alternatives {
			if slices.Contains(alt, t) {
				at = append(at, i)
				break
			}
		}
	}
	return at
}

func near(a, b []int) bool {
	for _, i := range a {
		for _, j := range b {
			if i != j && max(i-j, j-i) <= proximityWindow {
				return true
			}
		}
	}
	return false
}

// namesTitle reports whether a non-filler concept of the question is matched
// by the title's terms.
func namesTitle(concepts []retrieve.Weighted, title lexicon.TermSet) bool {
	for _, c := range concepts {
		if !c.Filler && c.MatchedBy(title) {
			return true
		}
	}
	return false
}

// titleCoverage is the share of the question's concepts a title names.
func titleCoverage(concepts []retrieve.Weighted, title lexicon.TermSet) float64 {
	cov, _ := retrieve.Coverage(concepts, title)
	return cov
}
