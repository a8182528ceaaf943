// Package lexicon turns dermatology text into the terms that retrieval and claim
// verification compare: Unicode normalisation, case and diacritic folding,
// tokenising, stop words and English stemming, and a thesaurus of equivalent
// terms, multi-word terms included.
//
// Retrieval (package retrieve) and the verifier (package claims) both use the
// same Analyzer, so a word matches in one exactly when it matches in the other.
//
// Every type in this package is safe for concurrent use once built.
package lexicon

import (
	"fmt"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	bleveunicode "github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/dermliving/dermliving/internal/fold"
)

// AnalyzerName is the name under which the analyzer is registered in an index
// mapping built by [AddAnalyzer].
const AnalyzerName = "dermliving"

// analyzerConfig composes bleve's own components: folding happens before text
// reaches bleve (see [Fold]), so no global registration is needed.
var analyzerConfig = map[string]any{
	"type":      custom.Name,
	"tokenizer": bleveunicode.Name,
	"token_filters": []string{
		en.PossessiveName,
		lowercase.Name,
		en.StopName,
		en.SnowballStemmerName,
	},
}

// AddAnalyzer adds the DermLiving analyzer to an index mapping under
// [AnalyzerName].
func AddAnalyzer(m *mapping.IndexMappingImpl) error {
	return m.AddCustomAnalyzer(AnalyzerName, analyzerConfig)
}

// Fold normalises text for matching: compatibility decomposition (NFKC), removal
// of combining marks (diacritics), and Unicode case folding. "Eczéma" and
// "ECZEMA" fold to the same string. Fold is for comparison only; stored passage
// text is never folded.
func Fold(s string) string { return fold.Lexicon(s) }

// Analyzer turns text into stemmed index terms. The zero value is not usable;
// call [NewAnalyzer].
type Analyzer struct {
	a      analysis.Analyzer
	filler map[string]bool
}

// NewAnalyzer returns the DermLiving analyzer: folding, Unicode word
// segmentation, English possessives, stop words and the Snowball English stemmer.
func NewAnalyzer() (*Analyzer, error) {
	m := mapping.NewIndexMapping()
	if err := AddAnalyzer(m); err != nil {
		return nil, fmt.Errorf("lexicon: analyzer: %w", err)
	}
	a := m.AnalyzerNamed(AnalyzerName)
	if a == nil {
		return nil, fmt.Errorf("lexicon: analyzer %q not built", AnalyzerName)
	}
	an := &Analyzer{a: a, filler: map[string]bool{}}
	for _, w := range fillerWords {
		if t := an.Term(w); t != "" {
			an.filler[t] = true
		}
	}
	return an, nil
}

// Terms returns the index terms of text in order, stop words removed.
func (a *Analyzer) Terms(text string) []string {
	toks := a.a.Analyze([]byte(Normalize(text)))
	out := make([]string, 0, len(toks))
	for _, t := range toks {
		out = append(out, string(t.Term))
	}
	return out
}

// Term returns the single index term for a word, or "" when the word is a stop
// word or yields no term.
func (a *Analyzer) Term(word string) string {
	ts := a.Terms(word)
	if len(ts) == 0 {
		return ""
	}
	return ts[0]
}
