package evidence

import (
	"context"
	"fmt"
)

// Index is a version's search index, as this package holds it: made by the
// registered [Indexer] when the version is opened, owned by the version,
// released by [Version.Close]. Package evidence never searches it; the
// package that made it does (see retrieve.Of).
type Index interface {
	// Close releases the index.
	Close() error
}

// IndexInput is what an [Indexer] indexes: a version's passages as decoded,
// with what the index needs to read them. It is read-only to the indexer,
// which may keep references to it (the passages' texts among them).
type IndexInput struct {
	// Passages are the version's passages, in bundle order.
	Passages []Passage
	// Sources are the version's sources, in manifest order.
	Sources []Source
	// Positions maps each passage id to its index in Passages; it is nil
	// when not computed.
	Positions map[string]int
	// Thesaurus is the text of the version's thesaurus file (lexicon
	// format), or empty for the library's default thesaurus.
	Thesaurus string
	// MinCoverage is the relevance floor: the opener's (OpenOptions), else
	// the manifest's (Manifest.Retrieval), else zero for the indexer's
	// default. A negative value disables the floor. Build ignores it.
	MinCoverage float64
	// Trusted is set when a trusted key's signature covers the persisted
	// index's files (OpenOptions.TrustedKeys): they are exactly as their
	// publisher built them. Otherwise they only match a manifest anyone
	// could have re-sealed, and Open should check what its engine cannot
	// survive reading. New and Build ignore it.
	Trusted bool
}

// Indexer makes the search indexes of versions. Package retrieve registers
// the library's (a bleve index) with [RegisterIndexer]; this package only
// calls it, so that a program can hold, verify and serve passages without
// linking a search engine. An Indexer must be safe for concurrent use.
type Indexer interface {
	// Analysis names the text analysis of the indexes Build writes. A
	// bundle's persisted index records it; one recorded with another value
	// is stale, and the version is indexed in memory instead.
	Analysis() int
	// Build writes a persisted index of in's passages to dir, which does
	// not exist yet. progress, when not nil, is called with the number of
	// passages indexed so far.
	Build(ctx context.Context, dir string, in *IndexInput, progress func(done int)) error
	// Open opens the persisted index in dir, which Build wrote from the same
	// passages with the same Analysis. An error makes the version be
	// indexed in memory instead.
	Open(dir string, in *IndexInput) (Index, error)
	// New indexes in's passages in memory.
	New(ctx context.Context, in *IndexInput) (Index, error)
}

// registered is the Indexer that RegisterIndexer set, or nil. It is written
// only by RegisterIndexer, from a package's init, which happens before any
// read; it is never changed after.
var registered Indexer

// RegisterIndexer makes ix the indexer of every version opened (OpenDir,
// OpenFS, Bundle.Open) and every persisted index written (Bundle.WriteDir)
// from then on. It is meant to be called once, from the init function of
// the package that implements ix, as package retrieve does: a program that
// imports package dermliving (to call Ask), or retrieve, gets searchable
// versions from OpenDir with nothing more to write, and one that imports
// neither gets versions that serve passages but cannot be searched
// (ErrNoIndex). It panics if ix is nil or an indexer is already registered.
//
// This is the one piece of mutable package state in evidence, set before
// main runs: a registry, rather than an option on OpenDir, because
// OpenDir's callers must not have to name the search engine, and package
// evidence must not import it.
func RegisterIndexer(ix Indexer) {
	if ix == nil {
		panic("evidence: RegisterIndexer with a nil Indexer")
	}
	if registered != nil {
		panic(fmt.Sprintf("evidence: RegisterIndexer called twice (%T, then %T)", registered, ix))
	}
	registered = ix
}
