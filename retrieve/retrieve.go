// Package retrieve finds the passages of a knowledge version that bear on a
// question: a bleve scorch index scored with BM25 over the passage text, its
// section title and its source title, with the thesaurus expanded at query time
// and a relevance floor, so that an off-topic question retrieves nothing rather
// than the least bad passages.
//
// An [Index] is immutable once built and safe for concurrent use; [Index.Close]
// releases it.
//
// The package is the search index of package evidence's versions: it
// registers its indexer with [evidence.RegisterIndexer], so that
// [evidence.OpenDir] indexes every version it opens (opening a persisted
// index built by [evidence.Bundle.WriteDir], or indexing in memory), and
// [Of] returns a version's index. Package evidence does not import this
// one.
package retrieve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"

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
	docs          docList
	pos           map[string]int
	intents       []intent
	docCount      float64
	avgLen        [3]float64 // mean analysed length of text, section and title
	overviewTerms []string

	mu      sync.RWMutex
	closed  bool
	dir     string                     // the persisted index's directory, or ""
	fault   atomic.Pointer[error]      // the first engine panic recovered (see recoverEngine)
	df      sync.Map                   // term -> uint64
	statsOf []atomic.Pointer[docStats] // doc position -> its stats, once read (see stats)
	// described reports, once, whether the thesaurus describes the
	// knowledge (see thesaurusDescribes).
	described func() bool
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
	return newIndex(idx, docList{list: docs}, opts, nil)
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
	lens, _ := json.Marshal(meanLengths(an, docList{list: docs}))
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
	return openDocs(dir, docList{list: docs}, opts)
}

// openDocs is Open with the documents as a docList.
func openDocs(dir string, docs docList, opts *Options) (*Index, error) {
	if _, err := os.Stat(filepath.Join(dir, "index_meta.json")); err != nil {
		return nil, fmt.Errorf("retrieve: open index: %w", err)
	}
	idx, err := bleve.OpenUsing(dir, map[string]any{"read_only": true})
	if err != nil {
		return nil, fmt.Errorf("retrieve: open index: %w", err)
	}
	n, err := idx.DocCount()
	if err != nil || n != uint64(docs.len()) {
		idx.Close()
		return nil, fmt.Errorf("retrieve: open index: holds %d documents, want %d", n, docs.len())
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
func meanLengths(an *lexicon.Analyzer, docs docList) [3]float64 {
	var lens [3]float64
	step := max(1, docs.len()/500)
	var n float64
	for i := 0; i < docs.len(); i += step {
		d := docs.at(i)
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

func newIndex(idx bleve.Index, docs docList, opts *Options, lens *[3]float64) (*Index, error) {
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
		docCount: float64(docs.len()),
		statsOf:  make([]atomic.Pointer[docStats], docs.len()),
	}
	if len(ix.pos) != docs.len() {
		ix.pos = make(map[string]int, docs.len())
		for i := range docs.len() {
			ix.pos[docs.at(i).ID] = i
		}
	}
	ix.described = sync.OnceValue(ix.thesaurusDescribes)
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
func (ix *Index) Len() int { return ix.docs.len() }

// Analyzer returns the analyzer the index uses.
func (ix *Index) Analyzer() *lexicon.Analyzer { return ix.an }

// Thesaurus returns the thesaurus the index expands questions with, or nil.
func (ix *Index) Thesaurus() *lexicon.Thesaurus { return ix.th }
