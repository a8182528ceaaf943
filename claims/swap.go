package claims

import (
	"regexp"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// This file holds the exchange check: whether the claim is the span's
// sentence with two of its things exchanged across clauses ("X is caused
// mainly by A, with B responsible for some cases" against "... mainly by B,
// with A responsible ..."; "darkens in summer and lightens in winter"
// against "lightens in summer and darkens in winter"). The words stay in
// the span; only which clause holds them tells the claim apart.

// clauseTokenRE finds the words of a text and the punctuation that ends a
// clause.
var clauseTokenRE = regexp.MustCompile(`[\pL\pN][\pL\pN'-]*|[,;:]`)

// listedTerms is the most terms a clause may hold before an "and" and be
// taken for a list item that the "and" goes on ("thicker creams and
// ointments"), not a clause that it ends.
const listedTerms = 2

// clauseTerms splits text into clauses at sentence ends, clause
// punctuation and the conjunctions that join clauses ("while", "but";
// "and" once the clause before it holds more than a list item's terms),
// and gives each clause's analysed terms. A parenthesis stays in its
// clause.
func (v *Lexical) clauseTerms(text string) []lexicon.TermSet {
	var out []lexicon.TermSet
	for _, sent := range splitSentences(text) {
		cur := lexicon.NewTermSet(nil)
		end := func() {
			if len(cur) > 0 {
				out = append(out, cur)
				cur = lexicon.NewTermSet(nil)
			}
		}
		for _, tok := range clauseTokenRE.FindAllString(lexicon.Fold(sent), -1) {
			w := strings.ToLower(tok)
			switch {
			case strings.ContainsAny(w, barrierRunes):
				end()
				continue
			case w == "and":
				if len(cur) > listedTerms {
					end()
				}
				continue
			case barrierWords[w]:
				end()
				continue
			}
			for _, t := range v.an.Terms(w) {
				if !unboundTerms[t] {
					cur[t] = struct{}{}
				}
			}
		}
		end()
	}
	return out
}

// crossedClauses reports whether two clauses of the claim exchange words
// between two clauses of the span: the claim's clause a stands mostly on
// the span's clause p and holds a word of q, while its clause b stands on
// q at least as much as on p and holds a word of p. A paraphrase that
// reorders, merges or splits clauses keeps each claim clause on one span
// clause, or leans two claim clauses on the same one ("scale covers the
// raised, red patches of psoriasis" for "psoriasis appears as raised,
// red patches covered with scale"). Only words that stand in one clause
// of the claim and one clause of the span count.
func (v *Lexical) crossedClauses(claim, span string) bool {
	sc := v.cache.spanClauseTerms(v, span)
	if len(sc) < 2 {
		return false
	}
	cc := v.clauseTerms(claim)
	if len(cc) < 2 {
		return false
	}
	home := func(cls []lexicon.TermSet, t string) int {
		at := -1
		for i, c := range cls {
			if c.Has(t) {
				if at >= 0 {
					return -1
				}
				at = i
			}
		}
		return at
	}
	cells := make([]map[int]int, len(cc))
	for a, c := range cc {
		cells[a] = map[int]int{}
		for t := range c {
			if home(cc, t) != a {
				continue
			}
			if p := home(sc, t); p >= 0 {
				cells[a][p]++
			}
		}
	}
	// An exchange: claim clause a stands mostly on span clause p and b on
	// q (and on p, no more), and each holds a word of the other's.
	exchanged := func(a, b int) bool {
		for p, ap := range cells[a] {
			for q, aq := range cells[a] {
				if p == q || ap <= aq || cells[b][q] < cells[b][p] || cells[b][p] == 0 {
					continue
				}
				// b stands on p and q alone: a claim clause spread over
				// many span clauses regroups a list.
				if len(cells[b]) == 2 {
					return true
				}
			}
		}
		return false
	}
	for a := range cc {
		for b := a + 1; b < len(cc); b++ {
			if exchanged(a, b) || exchanged(b, a) {
				return true
			}
		}
	}
	return false
}
