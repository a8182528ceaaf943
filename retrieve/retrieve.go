// Package retrieve finds the passages of a knowledge version that bear on a
// question: a bleve scorch index scored with BM25 over the passage text, its
// section title and its source title, with the thesaurus expanded at query time
// and a relevance floor, so that an off-topic question retrieves nothing rather
// than the least bad passages.
//
// An [Index] is immutable once built and safe for concurrent use; [Index.Close]
// releases it.
package retrieve

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/dermliving/dermliving/lexicon"
)

// Field names in the index.
const (
	fieldText    = "text"
	fieldSection = "section"
	fieldTitle   = "title"
)

// AnalysisVersion names the text analysis an index was built with; a
// persisted index built with another is stale.
const AnalysisVersion = 2

// DefaultMinCoverage is the default relevance floor: the share of a question's
// topic, weighted by term rarity, that the best passage must contain. Above
// one half, so that when a question names two things of equal weight a
// passage holding only one of them does not count as an answer.
const DefaultMinCoverage = 0.6

// ErrClosed is returned by an Index used after Close.
var ErrClosed = errors.New("retrieve: index closed")

// Doc is one passage to index.
type Doc struct {
	ID      string
	Title   string // the source's title, such as a condition name
	Section string
	Text    string
}

// Hit is one retrieved passage.
type Hit struct {
	ID string
	// Score orders hits: BM25 relevance, raised when the passage's section is
	// the kind of section the question asks for. Scores are comparable only
	// within one search.
	Score float64
	// Coverage is the share of the question's topic (rarity-weighted concepts)
	// that the passage contains, in [0,1].
	Coverage float64
}

// Options configure an index. A nil *Options means defaults.
type Options struct {
	// Analyzer analyses text; nil means a new [lexicon.NewAnalyzer].
	Analyzer *lexicon.Analyzer
	// Thesaurus expands question terms; nil means no expansion.
	Thesaurus *lexicon.Thesaurus
	// MinCoverage is the relevance floor in (0,1]; zero means
	// DefaultMinCoverage and a negative value disables the floor.
	MinCoverage float64
	// Positions, when set, maps each Doc's ID to its index in the docs
	// given with these options; the index keeps it, read-only, rather than
	// building the same map again. A map of another length is ignored.
	Positions map[string]int
}

// Index is a searchable set of passages.
type Index struct {
	idx           bleve.Index
	an            *lexicon.Analyzer
	th            *lexicon.Thesaurus
	floor         float64
	docs          []Doc
	pos           map[string]int
	intents       []intent
	docCount      float64
	avgLen        [3]float64 // mean analysed length of text, section and title
	overviewTerms []string

	mu     sync.RWMutex
	closed bool
	df     sync.Map // term -> uint64
	terms  sync.Map // doc position -> lexicon.TermSet
}

func newMapping() (*mapping.IndexMappingImpl, error) {
	m := bleve.NewIndexMapping()
	if err := lexicon.AddAnalyzer(m); err != nil {
		return nil, err
	}
	m.ScoringModel = "bm25"
	m.DefaultAnalyzer = lexicon.AnalyzerName
	doc := bleve.NewDocumentStaticMapping()
	for _, f := range []string{fieldText, fieldSection, fieldTitle} {
		fm := bleve.NewTextFieldMapping()
		fm.Analyzer = lexicon.AnalyzerName
		fm.Store = false
		fm.IncludeInAll = false
		fm.IncludeTermVectors = false
		fm.DocValues = false
		doc.AddFieldMappingsAt(f, fm)
	}
	m.DefaultMapping = doc
	m.StoreDynamic = false
	m.IndexDynamic = false
	m.DocValuesDynamic = false
	return m, nil
}

// New indexes docs in memory with bleve's scorch engine.
func New(ctx context.Context, docs []Doc, opts *Options) (*Index, error) {
	m, err := newMapping()
	if err != nil {
		return nil, fmt.Errorf("retrieve: mapping: %w", err)
	}
	idx, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("retrieve: new index: %w", err)
	}
	if err := indexDocs(ctx, idx, docs, nil); err != nil {
		idx.Close()
		return nil, err
	}
	return newIndex(idx, docs, opts, nil)
}

// Build writes a persisted index of docs to dir, which must not exist yet.
// progress, when not nil, is called after each batch with the number of
// documents indexed so far.
func Build(ctx context.Context, dir string, docs []Doc, progress func(done int)) error {
	m, err := newMapping()
	if err != nil {
		return fmt.Errorf("retrieve: mapping: %w", err)
	}
	idx, err := bleve.New(dir, m)
	if err != nil {
		return fmt.Errorf("retrieve: new index: %w", err)
	}
	if err := indexDocs(ctx, idx, docs, progress); err != nil {
		idx.Close()
		os.RemoveAll(dir)
		return err
	}
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		idx.Close()
		return err
	}
	lens, _ := json.Marshal(meanLengths(an, docs))
	if err := idx.SetInternal([]byte(meanLengthsKey), lens); err != nil {
		idx.Close()
		return fmt.Errorf("retrieve: store mean lengths: %w", err)
	}
	if err := idx.Close(); err != nil {
		return fmt.Errorf("retrieve: close index: %w", err)
	}
	return nil
}

// Open opens a persisted index read-only. docs must be the documents it was
// built from, in any order; the caller is responsible for checking that the
// index is not stale.
func Open(dir string, docs []Doc, opts *Options) (*Index, error) {
	if _, err := os.Stat(filepath.Join(dir, "index_meta.json")); err != nil {
		return nil, fmt.Errorf("retrieve: open index: %w", err)
	}
	idx, err := bleve.OpenUsing(dir, map[string]any{"read_only": true})
	if err != nil {
		return nil, fmt.Errorf("retrieve: open index: %w", err)
	}
	n, err := idx.DocCount()
	if err != nil || n != uint64(len(docs)) {
		idx.Close()
		return nil, fmt.Errorf("retrieve: open index: holds %d documents, want %d", n, len(docs))
	}
	var lens *[3]float64
	if b, err := idx.GetInternal([]byte(meanLengthsKey)); err == nil && b != nil {
		var l [3]float64
		if json.Unmarshal(b, &l) == nil {
			lens = &l
		}
	}
	return newIndex(idx, docs, opts, lens)
}

// meanLengthsKey stores, in a persisted index, the mean field lengths that
// newIndex would otherwise estimate at every open.
const meanLengthsKey = "dermliving:mean_lengths"

// meanLengths estimates the mean analysed length of the text, section and
// title fields from a sample of about 500 passages.
func meanLengths(an *lexicon.Analyzer, docs []Doc) [3]float64 {
	var lens [3]float64
	step := max(1, len(docs)/500)
	var n float64
	for i := 0; i < len(docs); i += step {
		d := docs[i]
		for f, text := range [3]string{d.Text, d.Section, d.Title} {
			lens[f] += float64(len(an.Terms(text)))
		}
		n++
	}
	for f := range lens {
		lens[f] = max(lens[f]/max(n, 1), 1)
	}
	return lens
}

func indexDocs(ctx context.Context, idx bleve.Index, docs []Doc, progress func(int)) error {
	const batchSize = 1000
	b := idx.NewBatch()
	for i, d := range docs {
		if err := b.Index(d.ID, map[string]any{
			fieldText:    lexicon.Normalize(d.Text),
			fieldSection: lexicon.Normalize(d.Section),
			fieldTitle:   lexicon.Normalize(d.Title),
		}); err != nil {
			return fmt.Errorf("retrieve: index %s: %w", d.ID, err)
		}
		if b.Size() >= batchSize || i == len(docs)-1 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := idx.Batch(b); err != nil {
				return fmt.Errorf("retrieve: index batch: %w", err)
			}
			b.Reset()
			if progress != nil {
				progress(i + 1)
			}
		}
	}
	return nil
}

func newIndex(idx bleve.Index, docs []Doc, opts *Options, lens *[3]float64) (*Index, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Analyzer == nil {
		a, err := lexicon.NewAnalyzer()
		if err != nil {
			idx.Close()
			return nil, err
		}
		o.Analyzer = a
	}
	switch {
	case o.MinCoverage == 0:
		o.MinCoverage = DefaultMinCoverage
	case o.MinCoverage < 0:
		o.MinCoverage = 0
	}
	ix := &Index{
		idx:      idx,
		an:       o.Analyzer,
		th:       o.Thesaurus,
		floor:    o.MinCoverage,
		docs:     docs,
		pos:      o.Positions,
		docCount: float64(len(docs)),
	}
	if len(ix.pos) != len(docs) {
		ix.pos = make(map[string]int, len(docs))
		for i, d := range docs {
			ix.pos[d.ID] = i
		}
	}
	ix.intents = buildIntents(o.Analyzer)
	ix.overviewTerms = o.Analyzer.Terms("overview")
	if lens != nil {
		ix.avgLen = *lens
	} else {
		ix.avgLen = meanLengths(o.Analyzer, docs)
	}
	return ix, nil
}

// Close releases the index. Searches after Close return ErrClosed.
func (ix *Index) Close() error {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.closed {
		return nil
	}
	ix.closed = true
	return ix.idx.Close()
}

// Len reports the number of indexed passages.
func (ix *Index) Len() int { return len(ix.docs) }

// Analyzer returns the analyzer the index uses.
func (ix *Index) Analyzer() *lexicon.Analyzer { return ix.an }

// Thesaurus returns the thesaurus the index expands questions with, or nil.
func (ix *Index) Thesaurus() *lexicon.Thesaurus { return ix.th }

// DocFreq reports how many passages contain term in their text.
func (ix *Index) DocFreq(term string) int { return ix.fieldFreq(fieldText, term) }

// fieldFreq reports how many passages contain term in a field.
func (ix *Index) fieldFreq(field, term string) int {
	key := field + "\x00" + term
	if v, ok := ix.df.Load(key); ok {
		return int(v.(uint64))
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.closed {
		return 0
	}
	ai, err := ix.idx.Advanced()
	if err != nil {
		return 0
	}
	r, err := ai.Reader()
	if err != nil {
		return 0
	}
	defer r.Close()
	tfr, err := r.TermFieldReader(context.Background(), []byte(term), field, false, false, false)
	if err != nil {
		return 0
	}
	n := tfr.Count()
	tfr.Close()
	ix.df.Store(key, n)
	return int(n)
}

// IDF is the BM25 inverse document frequency of term in the index's passages:
// ln(1 + (N - df + 0.5)/(df + 0.5)). A term no passage holds gets the highest
// value.
func (ix *Index) IDF(term string) float64 {
	return idf(ix.docCount, float64(ix.DocFreq(term)))
}

func idf(n, df float64) float64 {
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// Weighted is a question concept with its rarity weight.
type Weighted struct {
	lexicon.Concept
	// Weight is the concept's IDF: that of its most common way of writing,
	// where a multi-word way is as common as its rarest word.
	Weight float64
	// Known is true when some way of writing the concept occurs in the index.
	Known bool
	// Domain is true when the concept names something the knowledge is
	// about: a thesaurus term, a word of a source title, a word shaped like a
	// medical term, or a capitalised name the knowledge lacks. Other words
	// weigh half.
	Domain bool
}

// Analyze splits a question into weighted concepts. Filler concepts get weight
// zero.
func (ix *Index) Analyze(question string) []Weighted {
	cs := ix.an.Concepts(question, ix.th)
	names := ix.capitalised(question)
	out := make([]Weighted, len(cs))
	for i, c := range cs {
		c = ix.addVariants(c)
		w := Weighted{Concept: c}
		best := -1
		for _, alt := range c.Alternatives {
			m := -1
			for _, t := range alt {
				df := ix.DocFreq(t)
				if m < 0 || df < m {
					m = df
				}
			}
			best = max(best, m)
		}
		w.Known = best > 0
		w.Domain = !c.Filler && ((c.Group >= 0 && !ix.th.General(c.Group)) || lexicon.LooksMedical(c.Terms[0]) || ix.inSourceTitles(c) || (!w.Known && names.Has(c.Terms[0])))
		if !c.Filler {
			w.Weight = idf(ix.docCount, float64(max(best, 0)))
			// Rarity in a small reference corpus overstates general words
			// ("develop", "household"); words that name what the knowledge
			// is about keep their full weight.
			if !w.Domain {
				w.Weight *= generalWordWeight
			}
		}
		out[i] = w
	}
	// A word no passage holds weighs fully when it names something: a
	// thesaurus term, a word shaped like a medical term (rosacea, pemphigoid
	// gestationis) or a capitalised name inside a sentence (Merkel cell
	// carcinoma). Other unknown words are phrasing ("compared", "regain") and
	// weigh as much as the lightest known topic word.
	lightest := 0.0
	for _, w := range out {
		if w.Known && !w.Filler && (lightest == 0 || w.Weight < lightest) {
			lightest = w.Weight
		}
	}
	if lightest == 0 {
		lightest = 1
	}
	for i, w := range out {
		if !w.Known && !w.Filler && w.Group < 0 && !lexicon.LooksMedical(w.Terms[0]) && !names.Has(w.Terms[0]) {
			out[i].Weight = min(w.Weight, lightest)
		}
	}
	return out
}

// capitalRE finds a capitalised word that does not open a sentence.
var capitalRE = regexp.MustCompile(`[\p{Ll}\p{N},;:)]\s+(\p{Lu}[\p{L}\p{N}'-]+)`)

// capitalised returns the terms of capitalised words inside sentences.
func (ix *Index) capitalised(question string) lexicon.TermSet {
	set := lexicon.TermSet{}
	for _, m := range capitalRE.FindAllStringSubmatch(question, -1) {
		for _, t := range ix.an.Terms(m[1]) {
			set[t] = struct{}{}
		}
	}
	return set
}

// inSourceTitles reports whether some way of writing c occurs in a source
// title.
func (ix *Index) inSourceTitles(c lexicon.Concept) bool {
	for _, alt := range c.Alternatives {
		all := true
		for _, t := range alt {
			if ix.fieldFreq(fieldTitle, t) == 0 {
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

// Coverage is the rarity-weighted share of concepts matched by terms, and
// whether the anchor (the rarest concept the index knows) is among them.
func Coverage(concepts []Weighted, terms lexicon.TermSet) (cov float64, anchor bool) {
	var total, got, anchorW float64
	anchorAt := -1
	for i, c := range concepts {
		if c.Filler {
			continue
		}
		total += c.Weight
		if c.Known && c.Weight > anchorW {
			anchorW, anchorAt = c.Weight, i
		}
	}
	if total == 0 {
		return 0, false
	}
	for i, c := range concepts {
		if c.Filler {
			continue
		}
		m := c.Matched(terms)
		got += c.Weight * m
		if i == anchorAt && m == 1 {
			anchor = true
		}
	}
	return got / total, anchor
}

// DocTerms returns the analysed terms of a passage's title, section and text.
func (ix *Index) DocTerms(id string) (lexicon.TermSet, bool) {
	st, ok := ix.stats(id)
	if !ok {
		return nil, false
	}
	return st.all, true
}

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
	if v, ok := ix.terms.Load(p); ok {
		return v.(*docStats), true
	}
	d := ix.docs[p]
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
	ix.terms.Store(p, st)
	return st, true
}

// Doc returns the indexed passage with the given id.
func (ix *Index) Doc(id string) (Doc, bool) {
	p, ok := ix.pos[id]
	if !ok {
		return Doc{}, false
	}
	return ix.docs[p], true
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
// of the question's topic, and every passage returned at least half of it.
func (ix *Index) Search(ctx context.Context, question string, k int) ([]Hit, error) {
	if k <= 0 {
		return nil, nil
	}
	return ix.SearchConcepts(ctx, question, ix.Analyze(question), k)
}

// SearchConcepts is Search for a question already analysed with Analyze, so
// that a caller who needs the concepts too analyses the question once.
func (ix *Index) SearchConcepts(ctx context.Context, question string, concepts []Weighted, k int) ([]Hit, error) {
	if k <= 0 {
		return nil, nil
	}
	q := ix.query(concepts)
	if q == nil {
		return nil, nil
	}
	matches, err := ix.candidates(ctx, q, max(k*candidates, minCandidates))
	if err != nil {
		return nil, err
	}
	want := ix.wantedSections(question, concepts)
	hits := make([]Hit, 0, k)
	for _, h := range matches {
		st, ok := ix.stats(h.ID)
		if !ok {
			continue
		}
		cov, _ := Coverage(concepts, st.all)
		if cov < ix.floor/2 {
			continue
		}
		score := ix.rerank(concepts, st)
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
		if at, bt := a.Coverage >= ix.floor, b.Coverage >= ix.floor; at != bt {
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
	if best < ix.floor {
		return nil, nil
	}
	if len(hits) > k {
		hits = hits[:k]
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
		res, err := ix.idx.SearchInContext(ctx, req)
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
// The lightest concepts are left out of it when together they weigh less
// than half the floor's share of the question: a passage holding only those
// could not be kept, and their words are the commonest, whose postings cost
// the most to walk. The rerank still scores every concept.
func (ix *Index) query(concepts []Weighted) query.Query {
	skip := ix.lightest(concepts)
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

// generalWordWeight scales the weight of question words that are not domain
// terms.
const generalWordWeight = 0.5

// Bounds of the morphological fallback for words the index does not hold.
const (
	minVariantPrefix = 5
	maxVariants      = 3
)

// addVariants gives a single-word concept that no passage holds the indexed
// terms that share all but its last one or two letters ("reappli" finds
// "reappl", the stem of "reapplication"), where the stemmer treats forms of one
// word differently.
func (ix *Index) addVariants(c lexicon.Concept) lexicon.Concept {
	if len(c.Alternatives) != 1 || len(c.Terms) != 1 || ix.DocFreq(c.Terms[0]) > 0 {
		return c
	}
	t := c.Terms[0]
	for cut := 1; cut <= 2; cut++ {
		if len(t)-cut < minVariantPrefix {
			break
		}
		vs := ix.termsWithPrefix(t[:len(t)-cut], len(t)+2)
		if len(vs) > 0 {
			for _, v := range vs {
				c.Alternatives = append(c.Alternatives, []string{v})
			}
			return c
		}
	}
	return c
}

// termsWithPrefix lists up to maxVariants indexed terms of the passage text
// that start with prefix and are at most maxLen bytes long.
func (ix *Index) termsWithPrefix(prefix string, maxLen int) []string {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.closed {
		return nil
	}
	ai, err := ix.idx.Advanced()
	if err != nil {
		return nil
	}
	r, err := ai.Reader()
	if err != nil {
		return nil
	}
	defer r.Close()
	d, err := r.FieldDictPrefix(fieldText, []byte(prefix))
	if err != nil {
		return nil
	}
	defer d.Close()
	var out []string
	for e, err := d.Next(); err == nil && e != nil && len(out) < maxVariants; e, err = d.Next() {
		if len(e.Term) <= maxLen {
			out = append(out, e.Term)
		}
	}
	return out
}
