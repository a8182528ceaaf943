package claims

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// opposites are the verifier's everyday opposites (opposites.txt): "well"
// and "poorly", "keep" and "let", "young" and "older". A claim that puts one
// where the span has the other says the reverse, however rarely the
// knowledge uses the words (see swapAllowed).
//
//go:embed opposites.txt
var oppositesText string

// opposites holds each opposite pair of analysed terms, both ways round.
type opposites map[[2]string]bool

// parseOpposites reads opposites.txt's format: a pair a line, two
// comma-separated sides split by " / ", "#" comments and blank lines
// skipped. Each word is analysed; a word the analyzer drops or splits into
// several terms is an error, as is a line without two sides.
func parseOpposites(text string, an *lexicon.Analyzer) (opposites, error) {
	out := opposites{}
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sides := strings.Split(line, " / ")
		if len(sides) != 2 {
			return nil, fmt.Errorf("line %d: want two sides split by \" / \", got %d", n+1, len(sides))
		}
		var terms [2][]string
		for i, side := range sides {
			for _, w := range strings.Split(side, ",") {
				ts := an.Terms(strings.TrimSpace(w))
				if len(ts) != 1 {
					return nil, fmt.Errorf("line %d: %q is %d terms, want one", n+1, strings.TrimSpace(w), len(ts))
				}
				terms[i] = append(terms[i], ts[0])
			}
		}
		for _, a := range terms[0] {
			for _, b := range terms[1] {
				if a != b {
					out[[2]string{a, b}], out[[2]string{b, a}] = true, true
				}
			}
		}
	}
	return out, nil
}

// opposed reports whether the terms a and b are an opposite pair.
func (o opposites) opposed(a, b string) bool { return o[[2]string{a, b}] }
