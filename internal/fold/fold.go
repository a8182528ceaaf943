// Package fold folds text for matching. It is the implementation of
// lexicon.Fold, kept apart from package lexicon because lexicon links bleve's
// text analysis, and package evidence, which folds questions to find their
// curated drafts, must not link bleve.
package fold

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// String normalises s for matching: compatibility decomposition (NFKC),
// removal of combining marks (diacritics), and Unicode case folding.
// "Eczéma" and "ECZEMA" fold to the same string. It is safe for concurrent
// use.
func String(s string) string {
	if isFoldedASCII(s) {
		return s
	}
	// Transformers keep state: each goroutine takes its own from the pool.
	t := folders.Get().(transform.Transformer)
	defer folders.Put(t)
	out, _, err := transform.String(t, s)
	if err != nil {
		// The transformers above never fail on valid or invalid UTF-8; keep the
		// input rather than lose it.
		return strings.ToLower(s)
	}
	return out
}

var folders = sync.Pool{New: func() any {
	return transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), norm.NFKC, cases.Fold())
}}

func isFoldedASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || ('A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}
