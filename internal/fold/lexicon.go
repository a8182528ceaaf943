package fold

import (
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Lexicon folds s for the lexicon and the curated drafts (lexicon.Fold:
// thesaurus phrases, spellings, claim and contrast words, answer topics;
// evidence's curated-draft keys): compatibility decomposition, removal of
// nonspacing marks (accents), recomposition (NFKC) and Unicode case
// folding, so that "Eczéma" and "ECZEMA" fold to the same string. It is
// String's character fold (the same table and the same strip), with three
// differences kept so that every word and key folds as it always has: it
// does not Normalize (invisible characters, other scripts' digits and
// typed separators stay), it recomposes after stripping marks (Hangul
// jamo, spacing marks), and it leaves spaces and apostrophes as they are.
// It is safe for concurrent use.
func Lexicon(s string) string {
	if isASCII(s) {
		// strings.ToLower maps A-Z alone in ASCII text, and returns s itself
		// when it has none.
		return strings.ToLower(s)
	}
	if t, ok := foldByRune(s, true); ok {
		return t
	}
	return cases.Fold().String(norm.NFKC.String(strip(s)))
}

// lexiconRune reports whether Lexicon(string(r)) is foldRunes(string(r))
// and r's fold cannot join the character before it when recomposed: then
// Lexicon may fold r from the table, as String does.
func lexiconRune(r rune, fold string) bool {
	if fold != "" && !norm.NFKC.PropertiesString(fold).BoundaryBefore() {
		return false
	}
	return cases.Fold().String(norm.NFKC.String(strip(string(r)))) == fold
}
