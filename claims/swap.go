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
			for _, t := range v.cache.wordTerms(v, w) {
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
	// Items of a list in both texts may be reordered ("A, B or C" for "C,
	// B or A"): their commas end no clause, so they place nothing.
	var listed lexicon.TermSet
	if claimListed := v.listedTerms(claim); len(claimListed) > 0 {
		listed = lexicon.TermSet{}
		for t := range v.listedTerms(span) {
			if claimListed.Has(t) {
				listed[t] = struct{}{}
			}
		}
	}
	// cells[a][p] counts the terms of claim clause a whose only span
	// clause is p, listed items aside; spread[a] holds every span clause
	// that is the only one of some term of a, listed items included.
	place := func(cc, sc []lexicon.TermSet, listed lexicon.TermSet) (cells []map[int]int, spread []map[int]bool) {
		cells = make([]map[int]int, len(cc))
		spread = make([]map[int]bool, len(cc))
		for a, c := range cc {
			cells[a], spread[a] = map[int]int{}, map[int]bool{}
			for t := range c {
				if home(cc, t) != a {
					continue
				}
				if p := home(sc, t); p >= 0 {
					spread[a][p] = true
					if !listed.Has(t) {
						cells[a][p]++
					}
				}
			}
		}
		return cells, spread
	}
	cells, spread := place(cc, sc, listed)
	// An exchange is read with the words of one thesaurus set as one
	// word: "starts ..., which may begin" for "begins ..., which may
	// start" exchanges nothing. (A modifier moved into another clause,
	// movedInto, is read in the texts' own words.)
	xcells, xspread := cells, spread
	if v.th != nil {
		csc, ccc := make([]lexicon.TermSet, len(sc)), make([]lexicon.TermSet, len(cc))
		for i := range sc {
			csc[i] = v.canonical(sc[i])
		}
		for i := range cc {
			ccc[i] = v.canonical(cc[i])
		}
		xcells, xspread = place(ccc, csc, v.canonical(listed))
	}
	// An exchange: claim clause a stands mostly on span clause p and b on
	// q (and on p, no more), and each holds a word of the other's.
	exchanged := func(a, b int) bool {
		for p, ap := range xcells[a] {
			for q, aq := range xcells[a] {
				if p == q || ap <= aq || xcells[b][q] < xcells[b][p] || xcells[b][p] == 0 {
					continue
				}
				// b stands on p and q alone: a claim clause spread over
				// many span clauses regroups a list.
				if len(xspread[b]) == 2 {
					return true
				}
			}
		}
		return false
	}
	for a := range cc {
		for b := a + 1; b < len(cc); b++ {
			if exchanged(a, b) || exchanged(b, a) || movedInto(cells, a, b) || movedInto(cells, b, a) {
				return true
			}
		}
	}
	return false
}

// mainClause returns the span clause that holds most of a claim clause's
// placed terms (a row of crossedClauses' cells), and how many; -1 when
// two hold as many.
func mainClause(row map[int]int) (at, n int) {
	at, tie := -1, false
	for p, k := range row {
		switch {
		case k > n:
			at, n, tie = p, k, false
		case k == n:
			tie = true
		}
	}
	if tie {
		return -1, n
	}
	return at, n
}

// movedInto reports whether claim clause b takes a modifier of at least
// two words from the span clause p that claim clause a stands on, while a
// has put a word from a third span clause in its place ("X mainly helps
// kidney-related itch and is of little benefit for itch caused by
// urticaria" against "X mainly helps itch caused by urticaria and is of
// little benefit for other types of itch. ... difelikefalin for
// kidney-related itch"): b stands on its own clause q, holds fewer of p's
// words than a, and a holds none of q's (that would be an exchange, see
// crossedClauses). cells are crossedClauses' cells.
func movedInto(cells []map[int]int, a, b int) bool {
	p, ap := mainClause(cells[a])
	q, bq := mainClause(cells[b])
	if p < 0 || q < 0 || p == q || cells[a][q] > 0 {
		return false
	}
	moved := cells[b][p]
	if moved < 2 || moved >= ap || moved >= bq {
		return false
	}
	for r := range cells[a] {
		if r != p {
			return true
		}
	}
	return false
}

// wordListRE finds a list of one-word items ("mycophenolate, azathioprine
// or methotrexate"): words joined by commas, the last by "and" or "or".
var wordListRE = regexp.MustCompile(`(?i)[\pL\pN][\pL\pN'-]*(?:,\s+[\pL\pN][\pL\pN'-]*)+,?\s+(?:and|or)\s+[\pL\pN][\pL\pN'-]*`)

// listedTerms returns the terms of the items of text's one-word lists
// (wordListRE), or nil when it has none.
func (v *Lexical) listedTerms(text string) lexicon.TermSet {
	if !strings.Contains(text, ",") {
		return nil
	}
	var out lexicon.TermSet
	for _, m := range wordListRE.FindAllString(text, -1) {
		if out == nil {
			out = lexicon.TermSet{}
		}
		for _, t := range v.an.Terms(m) {
			out[t] = struct{}{}
		}
	}
	return out
}

// whileRE finds the join of two contrasted clauses in one sentence ("A is
// caused by X, while B is linked to Y").
var whileRE = regexp.MustCompile(`(?i),\s+(?:while|whilst|whereas)\s+`)

// movedName reports whether the claim takes the name one of two clauses
// contrasted by "while" or "whereas" gives its thing and gives it to the
// other clause's thing, in that clause's words, in place of the name that
// clause gives: "Hot tub folliculitis is linked to Staphylococcus aureus"
// against "Bacterial folliculitis is most often caused by Staphylococcus
// aureus, while hot tub folliculitis is linked to Pseudomonas aeruginosa".
// Of the terms only one clause holds, the claim takes names alone from the
// clause before "while", at least two words that are no names from the
// one after it, and not the name that one gives. (A name taken the other
// way round is not read: "while" may be of time, ", while the skin is
// still damp", and its clause then names no thing of its own.) A claim that names both (each with its own
// thing) takes the second's name and is left.
func (v *Lexical) movedName(claim, span string) bool {
	if !whileRE.MatchString(span) {
		return false
	}
	isName := func(t string) bool {
		return v.Usage != nil && v.Usage.names.Has(t) || v.named.Has(t) || lexicon.LooksMedical(t)
	}
	ct := lexicon.NewTermSet(v.an.Terms(claim))
	for _, sent := range splitSentences(span) {
		for _, m := range whileRE.FindAllStringIndex(sent, -1) {
			p := lexicon.NewTermSet(v.an.Terms(sent[:m[0]]))
			q := lexicon.NewTermSet(v.an.Terms(sent[m[1]:]))
			{
				from, to := p, q
				taken, words, other := 0, 0, false
				for t := range ct {
					switch {
					case from.Has(t) && !to.Has(t):
						if !isName(t) {
							taken = -1000
						}
						taken++
					case to.Has(t) && !from.Has(t) && !isName(t):
						words++
					}
				}
				for t := range to {
					if !from.Has(t) && isName(t) && !ct.Has(t) {
						other = true
					}
				}
				if taken > 0 && words >= 2 && other {
					return true
				}
			}
		}
	}
	return false
}
