package retrieve

import (
	"context"
	"fmt"

	"github.com/blevesearch/bleve/v2"
)

// BareSearch runs, for comparison, the search a user of bleve alone would
// write for question: bleve.NewMatchQuery of the question's text over the
// passage text field, which analyses it with the field's analyzer (the
// index's), and SearchInContext for the k best by BM25 score. It returns the
// number of hits.
//
// It is a yardstick, not a retriever: it skips everything Search adds around
// bleve (question analysis, thesaurus expansion, the section and title
// fields, the relevance floor and the rerank), and its hits are not
// returned. The ratio of Search's or Ask's latency to BareSearch's is what
// those additions cost. BareSearch is safe for concurrent use; after Close
// it returns ErrClosed.
func (ix *Index) BareSearch(ctx context.Context, question string, k int) (_ int, err error) {
	defer ix.recoverEngine(&err)
	if k <= 0 {
		return 0, nil
	}
	q := bleve.NewMatchQuery(question)
	q.SetField(fieldText)
	req := bleve.NewSearchRequestOptions(q, k, 0, false)
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.closed {
		return 0, ErrClosed
	}
	res, err := ix.idx.SearchInContext(ctx, req)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return 0, ctxErr
		}
		return 0, fmt.Errorf("retrieve: bare search: %w", err)
	}
	return len(res.Hits), nil
}
