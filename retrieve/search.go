package retrieve

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/dermliving/dermliving/lexicon"
)

// Search: candidates from bleve, the rerank and the relevance floor.

// docStats holds a passage's term frequencies per field, for reranking.
type docStats struct {
	all    lexicon.TermSet
	fields [3]map[string]int // text, section, title
	length [3]int
}

func (ix *Index) stats(id string) (*docStats, bool) {
	p, ok := ix.pos[id]
	if !ok {
		return nil, false
	}
	if st := ix.statsOf[p].Load(); st != nil {
		return st, true
	}
	d := ix.docs.at(p)
	st := &docStats{all: lexicon.TermSet{}}
	for i, text := range [3]string{d.Text, d.Section, d.Title} {
		ts := ix.an.Terms(text)
		st.fields[i] = make(map[string]int, len(ts))
		for _, t := range ts {
			st.fields[i][t]++
			st.all[t] = struct{}{}
		}
		st.length[i] = len(ts)
	}
	ix.statsOf[p].Store(st)
	return st, true
}

// Boosts of the section and title fields relative to the passage text.
const (
	sectionBoost = 1.5
	titleBoost   = 2.0
	// synonymBoost weighs a thesaurus alternative against the question's own words.
	synonymBoost = 0.8
	// intentBonus raises a passage whose section is the kind of section the
	// question asks for (causes, symptoms, treatment...).
	intentBonus = 0.3
	// overviewBonus raises an overview passage a little when the question
	// asks for no particular kind of answer.
	overviewBonus = 0.05
	// candidates is how many BM25 hits per requested hit are checked against
	// the relevance floor and reranked, and minCandidates the least.
	candidates    = 4
	minCandidates = 100
)

// Search returns up to k passages relevant to question, best first, ties
// broken by id. It returns no hits, and no error, when nothing clears the
// relevance floor.
//
// bleve's BM25 over every way of writing every concept, in every field, picks
// the candidates; each candidate is then scored per concept, taking the best
// way of writing it in the best field, so that a passage is not rewarded for
// repeating synonyms. The best passage must hold at least the floor's share
// of the question's topic. In a knowledge the thesaurus describes, passages
// holding that share rank first and every passage returned holds at least
// half of it; in any other, the floor decides only whether anything is
// returned (see ranksByTopic).
func (ix *Index) Search(ctx context.Context, question string, k int) (_ []Hit, err error) {
	defer ix.recoverEngine(&err)
	if k <= 0 {
		return nil, nil
	}
	return ix.SearchConcepts(ctx, question, ix.Analyze(question), k)
}

// SearchConcepts is Search for a question already analysed with Analyze, so
// that a caller who needs the concepts too analyses the question once.
func (ix *Index) SearchConcepts(ctx context.Context, question string, concepts []Weighted, k int) ([]Hit, error) {
	return ix.searchConcepts(ctx, question, concepts, k, ix.floor)
}

// SearchConceptsAt is SearchConcepts with a relevance floor of its own in
// place of the index's: lower, for a caller that judges the answer's
// relevance itself (a question that describes its topic in everyday words
// holds many words no passage uses). A floor of zero or less returns the
// best matches whatever share of the question they hold.
func (ix *Index) SearchConceptsAt(ctx context.Context, question string, concepts []Weighted, k int, floor float64) ([]Hit, error) {
	return ix.searchConcepts(ctx, question, concepts, k, floor)
}

func (ix *Index) searchConcepts(ctx context.Context, question string, concepts []Weighted, k int, floor float64) (_ []Hit, err error) {
	defer ix.recoverEngine(&err)
	if k <= 0 {
		return nil, nil
	}
	if err := ix.faulted(); err != nil {
		return nil, err
	}
	byTopic := ix.ranksByTopic()
	ranked := concepts
	if !byTopic {
		ranked = rarityOnly(concepts)
	}
	q := ix.query(ranked, ix.lightest(concepts))
	if q == nil {
		return nil, nil
	}
	matches, err := ix.candidates(ctx, q, max(k*candidates, minCandidates))
	if err != nil {
		return nil, err
	}
	want := ix.wantedSections(question, concepts)
	var words []string
	if ix.needsBackstop(concepts) {
		words = ix.an.Terms(question)
	}
	hits := make([]Hit, 0, k)
	for _, h := range matches {
		st, ok := ix.stats(h.ID)
		if !ok {
			continue
		}
		cov, _ := Coverage(concepts, st.all)
		if byTopic && cov < floor/2 {
			continue
		}
		score := ix.rerank(ranked, st)
		if words != nil {
			score += ix.lexical(words, st)
		}
		switch {
		case ix.sectionWanted(st, want):
			score *= 1 + intentBonus
		case len(want) == 0 && ix.isOverview(st):
			// With no kind of answer asked for, the overview is the best
			// general answer among passages that match alike.
			score *= 1 + overviewBonus
		}
		hits = append(hits, Hit{ID: h.ID, Score: score, Coverage: cov})
	}
	// A passage that holds the question's topic, the floor's share of it,
	// ranks above one that does not, however well the latter matches the kind
	// of answer asked for: "what does a diagnosis of chronic spontaneous
	// urticaria mean?" is answered from urticaria, not from every diagnosis
	// section.
	slices.SortStableFunc(hits, func(a, b Hit) int {
		if at, bt := a.Coverage >= floor, b.Coverage >= floor; byTopic && at != bt {
			if at {
				return -1
			}
			return 1
		}
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	// The floor applies to the question: unless some passage holds the floor's
	// share of its topic, the question is off-topic and nothing is returned.
	// Passages holding at least half that share may join the answer's context.
	best := 0.0
	for _, h := range hits {
		best = max(best, h.Coverage)
	}
	if best < floor {
		return nil, nil
	}
	if len(hits) > k {
		hits = hits[:k]
	}
	if err := ix.faulted(); err != nil {
		return nil, err
	}
	return hits, nil
}

// candidates returns the pool best hits of q by bleve's score, the same set
// whatever the index's segment layout.
//
// Sorting by score and then _id makes ties deterministic, but bleve then
// loads the external id of every matching document to compare it, which on a
// large bundle costs more than the rest of the search. So the pool is
// fetched by score alone, one hit more than needed: when that extra hit
// scores less than the last one kept, no tie straddles the pool's edge and
// the pool is exactly the documents scoring above the edge. Only when a tie
// straddles it is the search run again with the _id tie-break.
func (ix *Index) candidates(ctx context.Context, q query.Query, pool int) (search.DocumentMatchCollection, error) {
	run := func(size int, byID bool) (search.DocumentMatchCollection, error) {
		req := bleve.NewSearchRequestOptions(q, size, 0, false)
		if byID {
			req.SortBy([]string{"-_score", "_id"})
		}
		ix.mu.RLock()
		if ix.closed {
			ix.mu.RUnlock()
			return nil, ErrClosed
		}
		res, err := ix.engineSearch(ctx, req)
		ix.mu.RUnlock()
		if err != nil {
			if ctxErr := ctx.Err(); ctxErr != nil {
				return nil, ctxErr
			}
			return nil, fmt.Errorf("retrieve: search: %w", err)
		}
		return res.Hits, nil
	}
	hits, err := run(pool+1, false)
	if err != nil || len(hits) <= pool {
		return hits, err
	}
	if hits[pool].Score < hits[pool-1].Score {
		return hits[:pool], nil
	}
	return run(pool, true)
}

// BM25 parameters of the rerank, bleve's defaults.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

var fieldBoosts = [3]float64{1, sectionBoost, titleBoost}

func (ix *Index) rerank(concepts []Weighted, st *docStats) float64 {
	var score float64
	for _, c := range concepts {
		if c.Filler {
			continue
		}
		best := 0.0
		for ai, alt := range c.Alternatives {
			boost := 1.0
			if ai > 0 {
				boost = synonymBoost
			}
			for f := range st.fields {
				tf, part := termFreq(alt, st.fields[f])
				if tf <= 0 {
					continue
				}
				norm := 1 - bm25B + bm25B*float64(st.length[f])/ix.avgLen[f]
				sat := float64(tf) * (bm25K1 + 1) / (float64(tf) + bm25K1*norm)
				best = max(best, part*boost*fieldBoosts[f]*sat)
			}
		}
		score += c.Weight * best
	}
	return score
}

// termFreq is how often a way of writing a concept occurs in a field: the
// least frequency of its terms when the field holds them all, with credit 1.
// A field holding only some terms of a multi-word name, its head word (the
// last) among them, earns the frequency of those terms and the share of the
// name they make up as credit, as Concept.Matched gives coverage: "urticaria"
// is part of "chronic spontaneous urticaria".
func termFreq(alt []string, field map[string]int) (tf int, credit float64) {
	tf, n := -1, 0
	for _, t := range alt {
		c := field[t]
		if c > 0 {
			n++
			if tf < 0 || c < tf {
				tf = c
			}
		}
	}
	switch {
	case n == len(alt):
		return tf, 1
	case n > 0 && len(alt) > 1 && field[alt[len(alt)-1]] > 0:
		return tf, float64(n) / float64(len(alt))
	}
	return 0, 0
}

// ranksByTopic reports whether the relevance floor ranks passages as well
// as deciding whether any is returned: whether the thesaurus describes the
// knowledge (see thesaurusDescribes). Coverage is read with the thesaurus's
// concepts and the weights Analyze gives them, which were made for the
// questions it was written for; there a passage holding the floor's share of
// the topic is a better answer than one that matches better what kind of
// answer is asked for, and one holding less than half of it is no part of
// the answer. In a knowledge the thesaurus does not describe, coverage so
// read is a weaker guess than BM25 over the passage: SciFact's research
// claims (a dozen words, any of which the abstract may paraphrase) hold
// little of a relevant abstract's wording, and ranking by coverage first,
// or dropping the passages below half the floor, pushed relevant abstracts
// that BM25 ranks in the top 10 out of it (with the floor 0.4, recall@10
// 0.935 on the claims of odd id, 0.944 without; 0.949 on the even ones
// either way; see TestSciFactFloor). There the floor only decides whether
// the question is answered at all: once the answer decides whether to
// abstain, the floor should not also cost recall.
func (ix *Index) ranksByTopic() bool {
	return ix.described()
}

// rarityOnly returns concepts weighed by rarity alone, for ranking in a
// knowledge the thesaurus does not describe: a domain concept (a thesaurus
// term, a word shaped like a medical term) weighs like any other word, as
// much as Analyze gives a general word of its rarity. Analyze halves the
// other words because, in the knowledge the thesaurus describes, they say
// how a question is asked rather than what it is about; elsewhere that is a
// guess, and in a research claim ("Helminths interfere with immune system
// control of coinfections by microbial pathogens") it makes the one word
// the thesaurus knows outweigh rarer words that say what the claim is
// about (SciFact recall@10 with the floor 0.4: 0.949 to 0.953 on the
// claims of even id, 0.944 to 0.952 on the odd ones). Coverage, and so the
// floor and which concepts the candidate query leaves out, keep Analyze's
// weights.
func rarityOnly(concepts []Weighted) []Weighted {
	if !slices.ContainsFunc(concepts, func(c Weighted) bool { return c.Domain && !c.Filler }) {
		return concepts
	}
	out := slices.Clone(concepts)
	for i, c := range out {
		if c.Domain && !c.Filler {
			out[i].Weight *= generalWordWeight
		}
	}
	return out
}

// needsBackstop reports whether a question's concept scores get the lexical
// backstop: when it names no concept the knowledge is about (no known
// domain concept) in a knowledge the thesaurus does not describe. There the
// weighted concepts have nothing to hold on to: the question's rarity
// weights, its filler words and its thesaurus alternatives were made for
// questions about the thesaurus's topics, and a research claim ("Cellular
// clocks are not predictive of mitosis timing") read that way loses the
// passages that plain BM25 over its words finds.
func (ix *Index) needsBackstop(concepts []Weighted) bool {
	for _, c := range concepts {
		if c.Domain && c.Known {
			return false
		}
	}
	return !ix.described()
}

// lexical is the lexical backstop: BM25 of a question's analysed words as
// written, every word and every repetition of it counted (fillers too, and
// no thesaurus), over a passage's text and section heading read as one
// field, with each word's rarity in passage text. It weighs as much as the
// concept score it is added to: the two are BM25 over the same passage, and
// on SciFact the share of the sum did not matter between one half and two
// (see TestSciFactFloor).
func (ix *Index) lexical(words []string, st *docStats) float64 {
	length := float64(st.length[0] + st.length[1])
	norm := 1 - bm25B + bm25B*length/(ix.avgLen[0]+ix.avgLen[1])
	var score float64
	for _, t := range words {
		tf := float64(st.fields[0][t] + st.fields[1][t])
		if tf == 0 {
			continue
		}
		score += ix.IDF(t) * tf * (bm25K1 + 1) / (tf + bm25K1*norm)
	}
	return score
}

func (ix *Index) isOverview(st *docStats) bool {
	for _, t := range ix.overviewTerms {
		if st.fields[1][t] > 0 {
			return true
		}
	}
	return false
}

func (ix *Index) sectionWanted(st *docStats, want []int) bool {
	for _, w := range want {
		for _, t := range ix.intents[w].section {
			if st.fields[1][t] > 0 {
				return true
			}
		}
	}
	return false
}

// query is a flat disjunction of every way of writing every concept in every
// field: it gathers candidates for the rerank.
//
// The concepts skip marks are left out of it: the lightest, by the weights
// coverage reads (see lightest), which together weigh less than half the
// floor's share of the question. Where the floor ranks by topic
// (ranksByTopic) a passage holding only those could not be kept, and
// elsewhere it seldom ranks among the best; their words are the commonest,
// whose postings cost the most to walk (on MedQuAD's 34,602 passages,
// keeping them made retrieval five times slower at the median). The rerank
// still scores every concept.
func (ix *Index) query(concepts []Weighted, skip []bool) query.Query {
	var clauses []query.Query
	for i, c := range concepts {
		if c.Filler || skip[i] {
			continue
		}
		for i, alt := range c.Alternatives {
			boost := c.Weight
			if i > 0 {
				boost *= synonymBoost
			}
			for f, name := range []string{fieldText, fieldSection, fieldTitle} {
				clauses = append(clauses, termsQuery(alt, name, boost*fieldBoosts[f]))
			}
		}
	}
	if len(clauses) == 0 {
		return nil
	}
	return query.NewDisjunctionQuery(clauses)
}

// lightest marks the lightest non-filler concepts whose weights sum to less
// than half the floor's share of the question's weight, keeping at least
// one concept. With the floor disabled it marks none.
func (ix *Index) lightest(concepts []Weighted) []bool {
	skip := make([]bool, len(concepts))
	if ix.floor <= 0 {
		return skip
	}
	var total float64
	var order []int
	for i, c := range concepts {
		if !c.Filler {
			total += c.Weight
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(concepts[a].Weight, concepts[b].Weight) })
	var sum float64
	for _, i := range order[:max(0, len(order)-1)] {
		sum += concepts[i].Weight
		if sum >= ix.floor/2*total {
			break
		}
		skip[i] = true
	}
	return skip
}

// termsQuery matches documents whose field holds every term.
func termsQuery(terms []string, field string, boost float64) query.Query {
	if len(terms) == 1 {
		tq := query.NewTermQuery(terms[0])
		tq.SetField(field)
		tq.SetBoost(boost)
		return tq
	}
	qs := make([]query.Query, len(terms))
	for i, t := range terms {
		tq := query.NewTermQuery(t)
		tq.SetField(field)
		qs[i] = tq
	}
	cq := query.NewConjunctionQuery(qs)
	cq.SetBoost(boost)
	return cq
}
