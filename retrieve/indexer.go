package retrieve

import (
	"context"
	"fmt"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/lexicon"
)

// init registers this package's index with package evidence, which holds
// versions without importing any search engine: every version that
// evidence.OpenDir opens in a program that links this package (as every
// importer of package dermliving does) is indexed by it. This is the one
// thing the package does at init, and it does no work: evidence keeps the
// value and calls it when a version is opened or written.
func init() { evidence.RegisterIndexer(indexer{}) }

// Of returns the index of version v, the one package evidence made with this
// package's indexer when v was opened; v owns it and v.Close releases it.
// It is how a program searches a version (ix, err := Of(kv), then
// ix.Search), as package dermliving's Ask does. It returns an error wrapping
// evidence.ErrNoIndex when v has no index of this package's, which in a
// program that links this package only a version opened before its init
// ran (from the init of a package that does not import it) can lack.
func Of(v *evidence.Version) (*Index, error) {
	x, err := v.Index()
	if err != nil {
		return nil, err
	}
	ix, ok := x.(*Index)
	if !ok {
		return nil, fmt.Errorf("%w: version %s has an index of type %T, not package retrieve's", evidence.ErrNoIndex, v.ID(), x)
	}
	return ix, nil
}

// indexer is the evidence.Indexer of this package's index.
type indexer struct{}

// Analysis returns AnalysisVersion.
func (indexer) Analysis() int { return AnalysisVersion }

// Build writes a persisted index (see Build).
func (indexer) Build(ctx context.Context, dir string, in *evidence.IndexInput, progress func(done int)) error {
	return Build(ctx, dir, docsOf(in), progress)
}

// Open opens a persisted index (see Open) and runs a first search on it,
// so that an index the engine cannot read fails here, with an
// *evidence.IndexError, rather than at a question. A panic of the engine
// is recovered into that error.
func (indexer) Open(dir string, in *evidence.IndexInput) (_ evidence.Index, err error) {
	defer evidence.Recover(&err, dir, "open")
	opts, err := optionsOf(in)
	if err != nil {
		return nil, err
	}
	ix, err := openDocs(dir, passageDocs(in), opts)
	if err != nil {
		return nil, &evidence.IndexError{Dir: dir, Op: "open", Err: err}
	}
	ix.dir = dir
	if !in.Trusted {
		if err := ix.walkDictionaries(); err != nil {
			ix.Close()
			return nil, err
		}
	}
	if err := ix.probe(); err != nil {
		ix.Close()
		return nil, err
	}
	return ix, nil
}

// walkDictionaries reads every term dictionary of every segment of the
// index, each term's postings header included, on the calling goroutine.
// bleve reads the dictionaries on goroutines of its own (to look up a
// field's cardinality, at every BM25 search), where a panic cannot be
// recovered and ends the process; a dictionary that reads here, where one
// can, reads there too. It is for an index that is not signed by a trusted
// key, whose files may have been changed on purpose and re-sealed; it
// costs a walk of every term.
func (ix *Index) walkDictionaries() (err error) {
	defer evidence.Recover(&err, ix.where(), "open")
	ai, err := ix.idx.Advanced()
	if err != nil {
		return &evidence.IndexError{Dir: ix.where(), Op: "open", Err: err}
	}
	r, err := ai.Reader()
	if err != nil {
		return &evidence.IndexError{Dir: ix.where(), Op: "open", Err: err}
	}
	defer r.Close()
	snap, ok := r.(*scorch.IndexSnapshot)
	if !ok {
		return nil
	}
	for _, ss := range snap.Segments() {
		seg := ss.Segment()
		for _, field := range seg.Fields() {
			d, err := seg.Dictionary(field)
			if err != nil {
				return &evidence.IndexError{Dir: ix.where(), Op: "open", Err: fmt.Errorf("field %s: %w", field, err)}
			}
			it := d.AutomatonIterator(nil, nil, nil)
			n := 0
			for e, err := it.Next(); e != nil || err != nil; e, err = it.Next() {
				if err != nil {
					return &evidence.IndexError{Dir: ix.where(), Op: "open", Err: fmt.Errorf("field %s: %w", field, err)}
				}
				n++
			}
			if n != d.Cardinality() {
				return &evidence.IndexError{Dir: ix.where(), Op: "open", Err: fmt.Errorf("field %s: %d terms, the dictionary says %d", field, n, d.Cardinality())}
			}
		}
	}
	return nil
}

// New indexes the passages in memory (see New).
func (indexer) New(ctx context.Context, in *evidence.IndexInput) (evidence.Index, error) {
	opts, err := optionsOf(in)
	if err != nil {
		return nil, err
	}
	ix, err := New(ctx, docsOf(in), opts)
	if err != nil {
		return nil, err
	}
	return ix, nil
}

// optionsOf returns the options of a version's index: a new analyzer, the
// version's thesaurus (or the default one), its relevance floor and its
// passages' positions. A thesaurus that does not parse makes the version
// corrupt.
func optionsOf(in *evidence.IndexInput) (*Options, error) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		return nil, err
	}
	var th *lexicon.Thesaurus
	if in.Thesaurus != "" {
		th, err = lexicon.ParseThesaurus(strings.NewReader(in.Thesaurus), an)
		if err != nil {
			return nil, &evidence.FormatError{File: evidence.ThesaurusFile, Msg: err.Error(), Corrupt: true}
		}
	} else if th, err = lexicon.DefaultThesaurus(an); err != nil {
		return nil, err
	}
	return &Options{Analyzer: an, Thesaurus: th, MinCoverage: in.MinCoverage, Positions: in.Positions}, nil
}

// docsOf returns the documents to index for a version's passages: each
// passage's text, its section and its source's title.
func docsOf(in *evidence.IndexInput) []Doc {
	d := passageDocs(in)
	docs := make([]Doc, d.len())
	for i := range docs {
		docs[i] = d.at(i)
	}
	return docs
}

// passageDocs returns a version's passages seen as documents, made one at a
// time as the index asks for them: an index opened from disk reads few of
// them, and a slice of them all would be megabytes more to allocate when
// the version is opened.
func passageDocs(in *evidence.IndexInput) docList {
	titles := make(map[sourceKey]string, len(in.Sources))
	for _, s := range in.Sources {
		titles[sourceKey{s.ID, s.Version}] = s.Title
	}
	return docList{passages: in.Passages, titles: titles}
}

// sourceKey names a source by id and version.
type sourceKey struct{ id, version string }

// docList is an index's documents by position: a slice of them, or a
// version's passages, each made into a document when asked for.
type docList struct {
	list     []Doc
	passages []evidence.Passage // when list is nil
	titles   map[sourceKey]string
}

// len returns the number of documents.
func (d docList) len() int {
	if d.list != nil {
		return len(d.list)
	}
	return len(d.passages)
}

// at returns the document at position i.
func (d docList) at(i int) Doc {
	if d.list != nil {
		return d.list[i]
	}
	p := &d.passages[i]
	return Doc{ID: p.ID, Title: d.titles[sourceKey{p.SourceID, p.SourceVersion}], Section: p.Locator.Section, Text: p.Text}
}

// probe runs a first search, a term of the first passage in its text
// field, and checks that it finds a passage of the version. It exercises
// the engine's dictionary, postings and stored ids on the calling
// goroutine, where a panic can be recovered.
func (ix *Index) probe() (err error) {
	defer ix.recoverEngine(&err)
	if ix.docs.len() == 0 {
		return nil
	}
	first := ix.docs.at(0)
	terms := ix.an.Terms(first.Text)
	if len(terms) == 0 {
		return nil
	}
	q := bleve.NewTermQuery(terms[len(terms)/2])
	q.SetField(fieldText)
	res, err := ix.engineSearch(context.Background(), bleve.NewSearchRequestOptions(q, 3, 0, false))
	if err != nil {
		return err
	}
	if len(res.Hits) == 0 {
		return &evidence.IndexError{Dir: ix.where(), Op: "search", Err: fmt.Errorf("no passage holds %q, which passage %s does", terms[len(terms)/2], first.ID)}
	}
	for _, h := range res.Hits {
		if _, ok := ix.pos[h.ID]; !ok {
			return &evidence.IndexError{Dir: ix.where(), Op: "search", Err: fmt.Errorf("found a passage the version does not hold")}
		}
	}
	return nil
}

// engineSearch runs one bleve search, turning a panic of the engine, or an
// error other than the context's, into an *evidence.IndexError: an index
// whose files match its version's manifest fails only if they were changed
// and the manifest re-sealed, or if the engine is at fault.
func (ix *Index) engineSearch(ctx context.Context, req *bleve.SearchRequest) (_ *bleve.SearchResult, err error) {
	defer ix.recoverEngine(&err)
	res, err := ix.idx.SearchInContext(ctx, req)
	if err != nil && ctx.Err() == nil {
		return nil, &evidence.IndexError{Dir: ix.where(), Op: "search", Err: err}
	}
	return res, err
}

// where names the index in errors: its directory, or "(in memory)".
func (ix *Index) where() string {
	if ix.dir == "" {
		return "(in memory)"
	}
	return ix.dir
}

// recoverEngine, deferred around a call into bleve, recovers a panic of the
// engine (a persisted index whose files were changed after it was opened,
// or an engine fault): it records it as the index's fault, which fails
// every later search, and sets *err, when err is not nil, to an
// *evidence.IndexError, which is evidence.ErrCorrupt. It cannot reach a
// panic on a goroutine bleve starts itself.
func (ix *Index) recoverEngine(err *error) {
	r := recover()
	if r == nil {
		return
	}
	var e error = &evidence.IndexError{Dir: ix.where(), Op: "search", Err: fmt.Errorf("panic: %v", r)}
	ix.fault.CompareAndSwap(nil, &e)
	if err != nil {
		*err = e
	}
}

// faulted returns the index's first recovered engine panic, or nil.
func (ix *Index) faulted() error {
	if e := ix.fault.Load(); e != nil {
		return *e
	}
	return nil
}
