// Package answer composes extractive answers: it finds what a question is
// about (its focus: the condition or subject it names, spelling slips
// forgiven), what kind of answer it asks for (its intent), and picks the
// sentences of the focus's passages that answer it, across passages, each
// quoted verbatim so that it cites itself.
//
// The composer reads a knowledge version's passages, titles and sections
// and its retriever's analysis; it keeps what it derives with the version
// (see For), so that each passage is split and analysed once.
package answer

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

// Limits and weights of composition.
const (
	// MaxSentences is the most sentences an answer holds.
	MaxSentences = 5
	// maxPerPassage keeps one passage from filling the answer.
	maxPerPassage = 2
	// namedCover is the share of a topic's name (by rarity) a question must
	// hold for the question to name the topic.
	namedCover = 0.75
	// relative keeps sentences scoring at least this share of the best.
	relative = 0.72
	// nearDuplicate is the term overlap (Jaccard) above which two sentences
	// say the same thing.
	nearDuplicate = 0.6
	// minAspectWeight is the total rarity weight of what is asked about the
	// focus at which its coverage counts in full.
	minAspectWeight = 3.0
	// unnamedCover is the share of a question's words the best passage
	// must hold when the question names no topic.
	unnamedCover = 0.6
	// Weights of a sentence's score besides its coverage of what is asked:
	// its passage's section holds the kind of answer asked for, its words
	// do, and its passage's retrieval score relative to the best.
	sectionWeight   = 0.5
	cueWeight       = 0.35
	retrievalWeight = 0.3
	// siteWeight is what each body site a sentence names beyond the first
	// adds, up to maxSiteBonus sites, when the question asks where.
	siteWeight   = 0.06
	maxSiteBonus = 4
	// maxTopicPassages bounds the passages read for one focus topic.
	maxTopicPassages = 80
)

// Composer composes answers from one version. It is safe for concurrent use.
type Composer struct {
	kv     *evidence.Version
	ix     *retrieve.Index
	an     *lexicon.Analyzer
	topics *Topics
	sents  sync.Map // passage index -> []sentence

	phrasingOnce sync.Once
	phrasingSet  lexicon.TermSet
	skinOnce     sync.Once
	skinSet      lexicon.TermSet
	ambiguousSet lexicon.TermSet
	everydaySet  lexicon.TermSet // terms of domain.txt's everyday words
	lesionSet    lexicon.TermSet // terms of lesionWords
}

type composerKey struct{}

// For returns the version's composer, built on first use and kept with the
// version. It reads the version's index (see retrieve.Of), and returns its
// error for a version that has none.
func For(kv *evidence.Version) (*Composer, error) {
	ix, err := retrieve.Of(kv)
	if err != nil {
		return nil, err
	}
	return kv.Derived(composerKey{}, func() any {
		return &Composer{kv: kv, ix: ix, an: ix.Analyzer(), topics: newTopics(kv, ix.Analyzer(), ix.Thesaurus())}
	}).(*Composer), nil
}

// Sentence is one sentence of an answer: verbatim Text, which is
// passage.Text[Start:End] of the passage PassageID.
type Sentence struct {
	PassageID string
	Start     int
	End       int
	Text      string
	Score     float64
}

// Answer is a composed answer and what it was composed from.
type Answer struct {
	Sentences []Sentence
	// Focus names the topics the answer is about.
	Focus []string
	// Named is true when the question names its focus; otherwise the focus
	// is the topic of the best retrieved passage.
	Named bool
	// Intent is the kinds of answer the question asks for.
	Intent Intent
	// Multi is true when the question asks several things at once, each
	// answered from its own passage.
	Multi bool
	// Aspects are what the question asks about its focus, besides the
	// focus's names and the words that say what kind of answer is wanted.
	Aspects []retrieve.Weighted

	focus     []int
	perIntent map[Intent]Sentence
	perTopic  []Sentence
	perAspect []Sentence
	contrasts []Sentence
	// concepts are the question's analysis the answer was composed from,
	// for Parts.
	concepts []retrieve.Weighted
	// Match, in [0, 1], is a rule of thumb for how well the best sentence
	// answers the question: its focus (0.4), its coverage of what is asked
	// about the focus (0.4), and whether it holds the kind of answer asked
	// for (0.2). It is one feature of the learned confidence (see
	// Composer.Confidence), which tells good answers from bad better.
	Match float64
	// best describes the best candidate sentence, for the confidence.
	best bestCandidate
}

// bestCandidate is what the confidence reads of an answer's best candidate
// sentence and of the question's analysis.
type bestCandidate struct {
	cov         float64 // share of the focus's name the question holds
	asp         float64 // share of what is asked it holds, with its passage's section and title
	aspectScale float64 // how much what is asked weighs (see minAspectWeight)
	sec, cue    bool
	score       float64
	asked       Intent
}

// candidate is a sentence considered for an answer.
type candidate struct {
	p        int // passage index
	s        sentence
	text     string
	score    float64
	asp      float64 // share of what is asked, besides the focus, it holds
	sec, cue bool
	order    int
	intents  Intent // the kinds asked for that its section or words hold
}

// Compose picks up to MaxSentences sentences answering question from the
// passages of its focus. concepts are the question's analysis
// (retrieve.Index.Analyze) and hits its retrieved passages, best first.
func (c *Composer) Compose(question string, concepts []retrieve.Weighted, hits []retrieve.Hit) Answer {
	an := c.analyse(question, concepts, hits)
	ans := an.ans
	if len(an.cands) == 0 {
		return ans
	}
	return c.choose(question, an)
}

// analysis is a question read against the version: its answer so far (focus
// and intent), what it asks besides the focus, and every candidate sentence.
type analysis struct {
	ans         Answer
	in, asked   Intent
	concepts    []retrieve.Weighted
	aspects     []retrieve.Weighted
	aspectScale float64
	cov         float64
	pis         []int
	hitScore    map[int]float64
	hitRank     map[int]int
	best        float64
	cands       []candidate
}

// namedFocus returns the topics the question is about and how much of the
// best one's name it holds (see focus), or false when it has none the
// version can answer from: no topic found, none named when retrieval found
// nothing, or a name of something the version never mentions (a condition
// it lacks), which is not answered from a topic it does hold.
func (c *Composer) namedFocus(question string, concepts []retrieve.Weighted, hits []retrieve.Hit) ([]int, float64, bool) {
	focus, cov := c.focus(question, concepts, hits, compareRE.MatchString(question))
	if len(focus) == 0 || len(hits) == 0 && cov < namedCover {
		return nil, cov, false
	}
	// A question about a skin condition the version has no topic of is
	// not answered from a topic that shares a word of its name.
	if c.NamesOnlyOtherConditions(question) {
		return nil, cov, false
	}
	// "Does a mole turn into melanoma?" asks about the mole: of two topics
	// named, the one that turns into the other is the focus.
	if m := intoRE.FindStringIndex(question); m != nil {
		focus = c.subjectOf(focus, question[:m[0]])
	}
	for _, w := range concepts {
		if !w.Filler && !w.Known && lexicon.LooksMedical(w.Terms[len(w.Terms)-1]) {
			return nil, cov, false
		}
	}
	return focus, cov, true
}

// MaxNamedPassages bounds the passages NamedPassages returns.
const MaxNamedPassages = 3 * 12

// NamedPassages returns the IDs of the passages of the topics the question
// names (its focus, see Answer.Named), in document order, at most
// MaxNamedPassages shared among them: what a draft about the question may draw on besides the
// retrieved passages hits. It is empty when the question names no topic of
// the version, or names something the version lacks.
func (c *Composer) NamedPassages(question string, concepts []retrieve.Weighted, hits []retrieve.Hit) []string {
	focus, cov, ok := c.namedFocus(question, concepts, hits)
	if !ok || cov < namedCover {
		return nil
	}
	var out []string
	for _, ti := range focus {
		ps := c.topics.topics[ti].passages
		for _, pi := range ps[:min(len(ps), MaxNamedPassages/len(focus))] {
			out = append(out, c.topics.passages[pi].id)
		}
	}
	return out
}

// analyse reads the question and scores every candidate sentence.
func (c *Composer) analyse(question string, concepts []retrieve.Weighted, hits []retrieve.Hit) *analysis {
	in := Classify(question)
	an := &analysis{in: in, concepts: concepts}
	ans := &an.ans
	ans.Intent, ans.concepts = in, concepts
	focus, cov, ok := c.namedFocus(question, concepts, hits)
	if !ok {
		return an
	}
	ans.Named = cov >= namedCover
	// A question that does not name its focus, holding a word the version
	// never uses ("frostbite"), asks about something the version lacks.
	// The best retrieved passage must then hold most of what is asked,
	// each word counted alike, so that a word it lacks ("frostbite") is not
	// outweighed by common ones it holds ("fingers").
	if !ans.Named && len(hits) > 0 {
		st, ok := c.topics.byID[hits[0].ID]
		if !ok {
			return an
		}
		p, err := c.kv.Evidence(hits[0].ID)
		if err != nil {
			return an
		}
		info := c.topics.passages[st]
		held := lexicon.NewTermSet(c.an.Terms(p.Text), info.section, info.title)
		// What the question describes may be told over several passages
		// of the topic ("painful lumps" in its overview, "tunnels" in its
		// symptoms): every retrieved passage of the best one's topic
		// counts.
		for _, h := range hits[1:] {
			pi, ok := c.topics.byID[h.ID]
			if !ok || c.topics.passages[pi].topic != info.topic {
				continue
			}
			if q, err := c.kv.Evidence(h.ID); err == nil {
				held.Add(c.an.Terms(q.Text)...)
				held.Add(c.topics.passages[pi].section...)
			}
		}
		n, have := 0, 0
		for _, w := range concepts {
			if w.Filler || c.phrasingGroup(w.Concept) {
				continue
			}
			// A word the version never uses is likely the name of what is
			// asked about ("skin tags on the neck"): it counts twice,
			// unless it is short ("vs", "u").
			k := 1
			if !w.Known && len(w.Terms) == 1 && len(w.Terms[0]) >= 3 {
				k = 2
			}
			n += k
			if w.MatchedBy(held) {
				have += k
			}
		}
		if n > 0 && float64(have) < unnamedCover*float64(n) {
			return an
		}
	}
	ans.focus = focus
	var names [][]string
	subjects := map[string]bool{}
	own := ownTerms(concepts)
	formNames := c.formNames(focus, own)
	for _, ti := range focus {
		tp := c.topics.topics[ti]
		ans.Focus = append(ans.Focus, tp.name)
		names = append(names, tp.names...)
		for k, name := range tp.names {
			if tp.subject[k] {
				subjects[strings.Join(name, " ")] = true
			}
		}
	}
	// The name of a subject of the topic ("steroid creams" of general skin
	// care) says which of its sentences are asked for: it stays among what
	// is asked.
	names = slices.DeleteFunc(usedNames(names, own), func(name []string) bool {
		return subjects[strings.Join(name, " ")] || formNames[strings.Join(name, " ")]
	})
	// What is asked besides the focus.
	// Words that only say what kind of answer is wanted ("causes",
	// "treatment"; "show up", "on the body", which analysis marks Light)
	// are read by the intent, not matched as words.
	var aspects []retrieve.Weighted
	aspectWeight := 0.0
	for _, w := range concepts {
		if w.Filler || namedBy(w.Concept, names) || c.phrasingGroup(w.Concept) || w.Light {
			continue
		}
		aspects = append(aspects, w)
		aspectWeight += w.Weight
	}
	// Aspects of little weight together (common words) count for less.
	aspectScale := min(1, aspectWeight/minAspectWeight)
	aspects = c.weighContext(question, c.withoutExcepted(question, aspects))
	hitScore := map[int]float64{}
	hitRank := map[int]int{}
	best := 0.0
	for r, h := range hits {
		if pi, ok := c.topics.byID[h.ID]; ok {
			hitScore[pi] = h.Score
			hitRank[pi] = r
			best = max(best, h.Score)
		}
	}
	// The passages to read: every passage of a named focus, or the retrieved
	// passages of a focus the question does not name.
	var pis []int
	for _, ti := range focus {
		for _, pi := range c.topics.topics[ti].passages {
			if !ans.Named {
				if s, ok := hitScore[pi]; !ok || s < 0.5*best {
					continue
				}
			}
			pis = append(pis, pi)
			if len(pis) >= maxTopicPassages*len(focus) {
				break
			}
		}
	}
	// When retrieval found nothing, a general word that no passage of the
	// focus holds ("Which parts of the body do X tend to show up on?")
	// cannot tell its sentences apart: it is left out of what is asked, and
	// the kind of answer asked for decides. A word that names something the
	// knowledge is about (a medicine, a symptom) stays, so that a question
	// about something the focus never mentions is not answered, and so does
	// every word of a question whose wording asks for no kind of answer
	// ("describing X stages"), which nothing else would then decide.
	if len(hits) == 0 && len(aspects) > 0 && in&^YesNo != 0 {
		held := lexicon.NewTermSet()
		for _, pi := range pis {
			p, err := c.kv.Evidence(c.topics.passages[pi].id)
			if err != nil {
				continue
			}
			for _, s := range c.sentences(pi, p.Text) {
				for t := range s.terms {
					held[t] = struct{}{}
				}
			}
		}
		kept := aspects[:0:0]
		weight := 0.0
		for _, w := range aspects {
			if w.Domain || w.MatchedBy(held) {
				kept = append(kept, w)
				weight += w.Weight
			}
		}
		aspects, aspectWeight = kept, weight
		aspectScale = min(1, aspectWeight/minAspectWeight)
	}
	asked := in &^ YesNo
	// How long a condition lasts is one kind with whether it goes away.
	kind := asked
	if kind&Duration != 0 {
		kind &^= Prognosis
	}
	// A yes-or-no question's words are what settles it ("Can emollient
	// creams make bedding catch fire?"): none is left out.
	if kind.Count() == 1 && kind&Cause == 0 && in&YesNo == 0 && len(aspects) > 0 {
		aspects, aspectWeight = c.askedOfKind(asked, pis, aspects, aspectWeight)
		aspectScale = min(1, aspectWeight/minAspectWeight)
	}
	settlers := Settlers(question, asked)
	acronyms := acronymRE.FindAllString(question, -1)
	compare := len(focus) >= 2 && compareRE.MatchString(question)
	var cands []candidate
	for order, pi := range pis {
		info := c.topics.passages[pi]
		p, err := c.kv.Evidence(info.id)
		if err != nil {
			continue
		}
		ctx := lexicon.NewTermSet(info.section, info.title)
		// Where a condition appears is told in any section that describes
		// it (where keloids form, in "Causes and triggers"), not in those
		// of its care, whose sentences name places in passing.
		sec := asked&info.intents != 0 || asked&Location != 0 && info.intents&(Definition|Cause|Symptoms) != 0
		retr := 0.0
		if best > 0 {
			retr = hitScore[pi] / best
		}
		for _, s := range c.sentences(pi, p.Text) {
			if s.junk {
				continue
			}
			text := p.Text[s.start:s.end]
			own, _ := retrieve.Coverage(aspects, s.terms)
			withCtx, _ := retrieve.CoverageIn(aspects, s.terms, ctx)
			cued := s.cues & asked
			cue := cued != 0
			if asked&Definition != 0 && s.index == 0 && info.intents&Definition != 0 {
				cue = true
			}
			// The sentence that spells out an acronym the question names
			// is what the acronym is, whatever section holds it: "ABCDE to
			// check moles - what do the letters stand for?" asks what the
			// letters are, not what moles are.
			spells := slices.ContainsFunc(acronyms, func(a string) bool { return expands(text, a) })
			sentSec := sec || spells && asked&Definition != 0
			cue = cue || spells && asked&Definition != 0
			if len(aspects) == 0 {
				own, withCtx = 0, 0
			}
			score := aspectScale*(1.2*own+0.6*withCtx) + retrievalWeight*retr - 0.04*float64(s.index)
			if sentSec {
				score += sectionWeight
			}
			if cue {
				score += cueWeight
				// A sentence that holds several of the kinds asked for
				// ("side effects of steroid creams": treatment and what it
				// can cause) answers more of the question.
				if n := cued.Count(); n > 1 {
					score += 0.5 * cueWeight * float64(n-1)
				}
				// "Which parts of the body?" is answered best by the
				// sentence that names the most places.
				if cued&Location != 0 {
					score += siteWeight * float64(min(s.sites-1, maxSiteBonus))
				}
				// "Who gets X?" likewise by the sentence that says most of
				// who.
				if cued&Risk != 0 {
					score += siteWeight * float64(min(s.groups-1, maxSiteBonus))
				}
				// "What other health problems are linked with X?" by the
				// sentence that names the most other conditions.
				if cued&Complications != 0 && asked&YesNo == 0 {
					score += siteWeight * float64(min(s.conditions-1, maxSiteBonus))
				}
			}
			// "How does irritant contact dermatitis differ from allergic
			// contact dermatitis?" is answered best by a sentence that
			// names both and sets one against the other.
			if compare && c.namesTopics(s.terms, focus) >= 2 {
				score += cueWeight
				// The more so when it says how they differ ("X differs from
				// Y, which results from ...", "unlike Y").
				if contrastRE.MatchString(text) {
					score += 0.5 * cueWeight
				}
			}
			// "melanoma ABCDE - what are the letters?" is answered by the
			// sentence that spells the letters out.
			// It is the answer whatever section holds it: "ABCDE to check
			// moles - what do the letters stand for?" asks what the
			// letters are, not what moles are.
			if spells {
				score += cueWeight
			}
			// "What sets off cold sores?" is answered by the sentence of
			// triggers, not by the one of what causes them at all; "How
			// does impetigo spread?" by the one of its routes (see
			// Settlers).
			for _, settles := range settlers {
				if settles(text) {
					score += 0.5 * cueWeight
				}
			}
			if len(aspects) == 0 && info.intents&Definition != 0 && asked&Definition != 0 {
				score += 0.3
			}
			cands = append(cands, candidate{p: pi, s: s, text: text, score: score, asp: withCtx, sec: sentSec, cue: cue, order: order*1000 + s.index,
				intents: cued | asked&info.intents})
		}
	}
	ans.Aspects = aspects
	an.asked, an.aspects, an.aspectScale, an.cov, an.pis = asked, aspects, aspectScale, cov, pis
	an.hitScore, an.hitRank, an.best, an.cands = hitScore, hitRank, best, cands
	return an
}

// askedOfKind returns the aspects of a question that asks for a kind of
// answer without the general words (not Domain) that sentences of the
// focus hold but no sentence of that kind does, and their weight: "What do
// they give for psoriasis, right up to the strong stuff?" asks for
// treatments, and its "strong" would otherwise draw "Genetic factors play
// a strong role". A word no sentence of the focus holds stays: it may be
// what the focus cannot answer ("5-fluorouracil" of general skin care). A
// sentence is of the kind when its passage's section or its own wording
// is. When the passages hold no sentence of the kind, the aspects are kept
// as they are.
func (c *Composer) askedOfKind(asked Intent, pis []int, aspects []retrieve.Weighted, weight float64) ([]retrieve.Weighted, float64) {
	// Only general words can be left out; each is looked up in the
	// sentences that hold it, not copied into sets of every term.
	ofKind, other := make([]bool, len(aspects)), make([]bool, len(aspects))
	general, kind := false, false
	for _, w := range aspects {
		general = general || !w.Domain
	}
	if !general {
		return aspects, weight
	}
	for _, pi := range pis {
		info := c.topics.passages[pi]
		p, err := c.kv.Evidence(info.id)
		if err != nil {
			continue
		}
		sec := asked&info.intents != 0
		for _, s := range c.sentences(pi, p.Text) {
			if s.junk {
				continue
			}
			held := other
			if sec || s.cues&asked != 0 {
				held, kind = ofKind, true
			}
			for i, w := range aspects {
				if !w.Domain && !held[i] && w.MatchedBy(s.terms) {
					held[i] = true
				}
			}
		}
	}
	if !kind {
		return aspects, weight
	}
	kept := aspects[:0:0]
	weight = 0
	for i, w := range aspects {
		if w.Domain || ofKind[i] || !other[i] {
			kept = append(kept, w)
			weight += w.Weight
		}
	}
	return kept, weight
}

// choose picks the answer's sentences among the candidates.
func (c *Composer) choose(question string, an *analysis) Answer {
	ans := an.ans
	cands := slices.Clone(an.cands)
	aspects, asked, cov := an.aspects, an.asked, an.cov
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(b.score, a.score) })
	top := cands[0]
	var chosen []candidate
	perPassage := map[int]int{}
	picked := map[[2]int]bool{}
	var gotIntents Intent
	// A question with several parts ("what causes it and is it
	// contagious?") is answered from several passages, one for each part.
	multi := asked.Count() >= 2 && multiPartRE.MatchString(question)
	ans.Multi = multi
	// The best sentence for each kind of answer asked for, from a passage
	// whose section holds it: what a multi-part answer draws on.
	if multi {
		ans.perIntent = map[Intent]Sentence{}
		for _, k := range cands {
			if k.s.anaphoric || len(aspects) > 0 && k.asp == 0 && !k.cue {
				continue
			}
			for b := Intent(1); b <= YesNo; b <<= 1 {
				if asked&b == 0 || c.topics.passages[k.p].intents&b == 0 {
					continue
				}
				if _, ok := ans.perIntent[b]; !ok {
					ans.perIntent[b] = Sentence{PassageID: c.topics.passages[k.p].id, Start: k.s.start, End: k.s.end, Text: k.text, Score: k.score}
				}
			}
		}
	}
	// A question that compares the topics of its focus is answered from
	// each: the best sentence of every topic.
	if len(ans.focus) >= 2 && compareRE.MatchString(question) {
		best := map[int]candidate{}
		for _, k := range cands {
			ti := c.topics.passages[k.p].topic
			if _, ok := best[ti]; ok || k.s.anaphoric || len(aspects) > 0 && k.asp == 0 && !k.cue && !k.sec {
				continue
			}
			best[ti] = k
		}
		for _, ti := range ans.focus {
			if k, ok := best[ti]; ok {
				ans.perTopic = append(ans.perTopic, Sentence{PassageID: c.topics.passages[k.p].id, Start: k.s.start, End: k.s.end, Text: k.text, Score: k.score})
			}
		}
	}
	// Its sentences that set one topic against another ("unlike allergic
	// contact dermatitis, which requires prior sensitisation") answer it
	// best: each of them, naming a topic of the focus besides its own.
	if len(ans.focus) >= 2 && compareRE.MatchString(question) {
		othersOf := make(map[int][]int, len(ans.focus))
		for _, ti := range ans.focus {
			othersOf[ti] = slices.DeleteFunc(slices.Clone(ans.focus), func(o int) bool { return o == ti })
		}
		for _, k := range cands {
			if k.s.anaphoric || !contrastRE.MatchString(k.text) {
				continue
			}
			// The candidates are of the focus's topics; a topic's
			// others are the rest of the focus.
			others, ok := othersOf[c.topics.passages[k.p].topic]
			if !ok {
				others = ans.focus
			}
			if c.namesTopics(k.s.terms, others) > 0 {
				ans.contrasts = append(ans.contrasts, Sentence{PassageID: c.topics.passages[k.p].id, Start: k.s.start, End: k.s.end, Text: k.text, Score: k.score})
			}
		}
	}
	// A question that compares groups or forms within one topic ("How
	// does it look different in men compared with women?") is answered
	// from each: the best sentence of the kind asked for that names one of
	// them and not the others.
	if len(ans.focus) == 1 && len(aspects) >= 2 && compareRE.MatchString(question) {
		ans.perAspect = c.perAspect(cands, aspects)
	}
	// What is asked besides the focus narrows the sentences, unless it is
	// one word that no sentence of the focus holds, beside a kind of
	// answer asked for: "people from some backgrounds" is said nowhere,
	// and the sentence of who gets it still answers. Several words held
	// nowhere ("how many moles are in 10 grams of water") ask about
	// something else.
	held := len(aspects) > 1 || len(aspects) == 1 && (asked&^(Definition|YesNo) == 0 || slices.ContainsFunc(cands, func(k candidate) bool { return k.asp > 0 }))
	for _, k := range cands {
		if len(chosen) == MaxSentences || k.score < relative*top.score {
			break
		}
		if perPassage[k.p] == maxPerPassage {
			continue
		}
		// Beyond the passages already quoted, a sentence must add part of
		// what is asked that the answer lacks: an aspect of the question, or
		// a kind of answer asked for, that no chosen sentence holds. A
		// question with one point is answered from one passage.
		if len(chosen) > 0 && perPassage[k.p] == 0 && !(k.sec && c.sectionQuoted(k.p, chosen)) {
			if !multi || !k.sec || k.intents&c.topics.passages[k.p].intents&^gotIntents == 0 {
				continue
			}
		}
		if held && k.asp == 0 {
			continue
		}
		// A question that asks nothing of its focus but a kind of answer
		// ("What are the treatments for X?") is answered only by a sentence
		// of that kind: from a section that holds it, or holding it itself.
		if len(aspects) == 0 && asked != 0 && !k.sec && !k.cue {
			continue
		}
		if k.s.anaphoric && !picked[[2]int{k.p, k.s.index - 1}] {
			continue
		}
		dup := false
		for _, o := range chosen {
			if o.s.terms.Jaccard(k.s.terms) > nearDuplicate {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		chosen = append(chosen, k)
		gotIntents |= k.intents & c.topics.passages[k.p].intents
		perPassage[k.p]++
		picked[[2]int{k.p, k.s.index}] = true
	}
	if len(chosen) == 0 {
		return ans
	}
	// The best sentence first, the rest in the order of the knowledge.
	rest := chosen[1:]
	slices.SortStableFunc(rest, func(a, b candidate) int { return cmp.Compare(a.order, b.order) })
	for _, k := range chosen {
		ans.Sentences = append(ans.Sentences, Sentence{PassageID: c.topics.passages[k.p].id, Start: k.s.start, End: k.s.end, Text: k.text, Score: k.score})
	}
	// The rule of thumb: the focus named, what is asked about it held by the
	// best sentence, and the kind of answer asked for.
	conf := 0.4 * math.Min(cov/namedCover, 1)
	if len(aspects) > 0 {
		conf += 0.4 * top.asp
	} else {
		conf += 0.4
	}
	if top.sec || top.cue {
		conf += 0.2
	}
	ans.Match = conf
	ans.best = bestCandidate{cov: cov, asp: top.asp, aspectScale: an.aspectScale, sec: top.sec, cue: top.cue, score: top.score, asked: asked}
	return ans
}

// sectionQuoted reports whether a chosen sentence comes from another passage
// of passage p's section of the same topic: a section that runs over two
// passages ("Treatment options") answers as one.
func (c *Composer) sectionQuoted(p int, chosen []candidate) bool {
	pi := c.topics.passages[p]
	for _, k := range chosen {
		o := c.topics.passages[k.p]
		if o.topic == pi.topic && o.kind == pi.kind {
			return true
		}
	}
	return false
}

// sentences returns the passage's analysed sentences, splitting it once.
func (c *Composer) sentences(pi int, text string) []sentence {
	if v, ok := c.sents.Load(pi); ok {
		return v.([]sentence)
	}
	s := splitPassage(c.an, text)
	c.sents.Store(pi, s)
	return s
}

// NameTerms returns every term of every name of the version's topics
// (titles, their parts and aliases).
func (c *Composer) NameTerms() lexicon.TermSet {
	out := lexicon.NewTermSet()
	for _, tp := range c.topics.topics {
		for _, name := range tp.names {
			for _, t := range name {
				out[t] = struct{}{}
			}
		}
	}
	return out
}

// InFocus reports whether the passage is about the answer's focus.
func (c *Composer) InFocus(a Answer, passageID string) bool {
	pi, ok := c.topics.byID[passageID]
	return ok && slices.Contains(a.focus, c.topics.passages[pi].topic)
}

// Quotable reports whether text[start:end] of the passage may stand as a
// claim: not a question, heading, list, boilerplate or a sentence that
// needs the one before it.
func (c *Composer) Quotable(passageID, text string, start, end int) bool {
	pi, ok := c.topics.byID[passageID]
	if !ok {
		return true
	}
	// Every sentence the span overlaps must be quotable: a splitter that
	// cut the text otherwise may span a heading or a list.
	for _, s := range c.sentences(pi, text) {
		if s.start < end && start < s.end && (s.junk || s.anaphoric && s.start <= start) {
			return false
		}
	}
	return true
}

// Sections returns the kinds of answer the passage's section holds.
func (c *Composer) Sections(passageID string) Intent {
	if pi, ok := c.topics.byID[passageID]; ok {
		return c.topics.passages[pi].intents
	}
	return 0
}

// namesTopics returns how many of the topics a sentence's terms name by
// one of their names, whole.
func (c *Composer) namesTopics(terms lexicon.TermSet, topics []int) int {
	n := 0
	for _, ti := range topics {
		if slices.ContainsFunc(c.topics.topics[ti].names, func(name []string) bool { return len(name) > 0 && nameAsked(name, terms, false) }) {
			n++
		}
	}
	return n
}

// Topic returns the name of the topic the passage belongs to, or "" when
// the version has no such passage.
func (c *Composer) Topic(passageID string) string {
	if pi, ok := c.topics.byID[passageID]; ok {
		return c.topics.topics[c.topics.passages[pi].topic].name
	}
	return ""
}
