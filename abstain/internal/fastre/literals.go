package fastre

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"

	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// Literals of which every match holds one: derived from a rule's pattern,
// they let a question skip the rules none of whose literals it holds.

// maxRuleLiterals bounds the literals derived for one pattern, and
// fewLiterals is the count a part's set should keep within.
const (
	maxRuleLiterals = 160
	fewLiterals     = 128
	// maxAltLiterals bounds the literals of an alternation's branches
	// together.
	maxAltLiterals = 160
	// minSelective is the least weight (see weight) of a literal that
	// keeps most questions out.
	minSelective = 3
)

// litSet is what a part of a pattern matches, as literals: with exact set,
// every match of the part is one of lits; with prefix set, every match
// starts with one; otherwise every match holds one.
type litSet struct {
	lits   []string
	exact  bool
	prefix bool
}

// RequiredLiterals returns literals, each of at least two bytes, of which
// every match of expr holds at least one; nil when it finds none (the rule
// then runs on every question).
func RequiredLiterals(expr string) []string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	re = re.Simplify()
	set, ok := contained(re, false)
	if !ok || !usable(set.lits) {
		set, ok = contained(re, true)
	}
	if !ok || !usable(set.lits) {
		return nil
	}
	out := slices.Clone(set.lits)
	slices.Sort(out)
	return slices.Compact(out)
}

// usable reports whether lits can prefilter: some, each of two bytes or more.
func usable(lits []string) bool {
	if len(lits) == 0 {
		return false
	}
	for _, l := range lits {
		if len(l) < 2 {
			return false
		}
	}
	return true
}

// contained returns a litSet for re, or false when no small set of
// literals is held by every match. With few set, a concatenation gives its
// smallest usable set rather than its most selective one, so that the
// branches of a large alternation fit together.
func contained(re *syntax.Regexp, few bool) (litSet, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return litSet{}, false
		}
		return litSet{[]string{string(re.Rune)}, true, true}, true
	case syntax.OpEmptyMatch, syntax.OpWordBoundary, syntax.OpNoWordBoundary,
		syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText:
		return litSet{[]string{""}, true, true}, true
	case syntax.OpCapture:
		return contained(re.Sub[0], few)
	case syntax.OpCharClass:
		n := 0
		for i := 0; i < len(re.Rune); i += 2 {
			n += int(re.Rune[i+1]-re.Rune[i]) + 1
		}
		if n > 8 {
			return litSet{}, false
		}
		var lits []string
		for i := 0; i < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				lits = append(lits, string(r))
			}
		}
		return litSet{lits, true, true}, true
	case syntax.OpQuest:
		sub, ok := contained(re.Sub[0], few)
		if !ok || !sub.prefix {
			return litSet{}, false
		}
		return litSet{append(slices.Clone(sub.lits), ""), sub.exact, true}, true
	case syntax.OpPlus:
		sub, ok := contained(re.Sub[0], few)
		if !ok {
			return litSet{}, false
		}
		return litSet{sub.lits, false, sub.prefix}, true
	case syntax.OpRepeat:
		if re.Min < 1 {
			return litSet{}, false
		}
		sub, ok := contained(re.Sub[0], few)
		if !ok {
			return litSet{}, false
		}
		return litSet{sub.lits, re.Min == re.Max && re.Min == 1 && sub.exact, sub.prefix}, true
	case syntax.OpAlternate:
		return alternateLiterals(re.Sub, few)
	case syntax.OpConcat:
		return concatLiterals(re.Sub, few)
	}
	return litSet{}, false
}

// alternateLiterals unites the sets of an alternation's branches. When
// their most selective sets are too many together, each branch starts with
// its smallest set and the branches that gain most take their selective
// set back while the union stays within maxRuleLiterals.
func alternateLiterals(branches []*syntax.Regexp, few bool) (litSet, bool) {
	sel := make([]litSet, len(branches))
	small := make([]litSet, len(branches))
	total, exact, prefix := 0, true, true
	for i, b := range branches {
		var ok bool
		if sel[i], ok = contained(b, few); !ok {
			return litSet{}, false
		}
		total += len(sel[i].lits)
		exact = exact && sel[i].exact
		prefix = prefix && sel[i].prefix
	}
	if total > maxAltLiterals {
		exact = false
		total = 0
		for i, b := range branches {
			small[i], _ = contained(b, true)
			total += len(small[i].lits)
		}
		if total > maxAltLiterals {
			return litSet{}, false
		}
		order := make([]int, len(branches))
		for i := range order {
			order[i] = i
		}
		gain := func(i int) int { return minLen(sel[i].lits) - minLen(small[i].lits) }
		slices.SortStableFunc(order, func(a, b int) int { return gain(b) - gain(a) })
		chosen := slices.Clone(small)
		for _, i := range order {
			if gain(i) > 0 && total-len(small[i].lits)+len(sel[i].lits) <= maxAltLiterals {
				total += len(sel[i].lits) - len(small[i].lits)
				chosen[i] = sel[i]
			}
		}
		sel = chosen
		prefix = !slices.ContainsFunc(sel, func(b litSet) bool { return !b.prefix })
	}
	out := litSet{exact: exact, prefix: prefix}
	for _, b := range sel {
		out.lits = append(out.lits, b.lits...)
	}
	return out, true
}

// concatLiterals joins the parts of a concatenation: runs of exact parts
// multiply into longer literals, and a run may end with a part whose
// matches start with one of its literals; the best candidate, whole or a
// run or a part, stands for the concatenation.
func concatLiterals(parts []*syntax.Regexp, few bool) (litSet, bool) {
	var cands []litSet
	run, runStart := []string{""}, 0
	allExact := true
	flush := func(next int) {
		if len(run) > 1 || run[0] != "" {
			cands = append(cands, litSet{slices.Clone(run), false, runStart == 0})
		}
		run, runStart = []string{""}, next
	}
	multiply := func(lits []string) bool {
		if len(run)*len(lits) > maxRuleLiterals {
			return false
		}
		var next []string
		for _, a := range run {
			for _, b := range lits {
				next = append(next, a+b)
			}
		}
		run = next
		return true
	}
	for i, p := range parts {
		sub, ok := contained(p, few)
		if ok {
			// A part alone is a candidate too: a literal between
			// alternations (" you ") may stand for the whole with one
			// string.
			cands = append(cands, litSet{sub.lits, false, i == 0 && sub.prefix})
		}
		switch {
		case ok && sub.exact:
			if !multiply(sub.lits) {
				// Too many to multiply: the run so far stands, and the
				// part starts a new one.
				allExact = false
				flush(i)
				run = slices.Clone(sub.lits)
			}
		case ok && sub.prefix:
			// The run ends with the literals the part starts with.
			allExact = false
			multiply(sub.lits)
			flush(i + 1)
		default:
			allExact = false
			flush(i + 1)
		}
	}
	if allExact && (!few || !slices.ContainsFunc(cands, func(c litSet) bool { return usable(c.lits) && len(c.lits) < len(run) })) {
		return litSet{run, true, true}, true
	}
	flush(len(parts))
	best := -1
	for i, c := range cands {
		if best < 0 || few && fewer(c.lits, cands[best].lits) || !few && better(c.lits, cands[best].lits) {
			best = i
		}
	}
	if best < 0 {
		return litSet{}, false
	}
	return cands[best], true
}

// better prefers a usable set, then a set of at most fewLiterals literals (each literal a
// question is scanned for costs time), then the set whose shortest literal
// is longer, then the smaller set: it is the more selective prefilter.
func better(a, b []string) bool {
	if ua, ub := usable(a), usable(b); ua != ub {
		return ua
	}
	if fa, fb := len(a) <= fewLiterals, len(b) <= fewLiterals; fa != fb {
		return fa
	}
	ma, mb := minWeight(a), minWeight(b)
	if ma != mb {
		return ma > mb
	}
	return len(a) < len(b)
}

// minWeight is the least weight of a set's literals.
func minWeight(lits []string) int {
	m := -1
	for _, l := range lits {
		if w := weight(l); m < 0 || w < m {
			m = w
		}
	}
	return m
}

// weight estimates how rarely a literal occurs in questions: its bytes,
// less those of words so common that a literal made of them ("for the ")
// holds nearly every question.
func weight(lit string) int {
	w := len(lit)
	for _, word := range strings.FieldsFunc(lit, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if commonWords[word] {
			w -= len(word)
		}
	}
	return w
}

// commonWords are the words of nearly every question, in English and Spanish.
var commonWords = lex.SetOf("the|a|an|of|for|to|in|on|at|is|are|was|it|this|that|these|those|my|your|his|her|our|i|you|we|he|she|they|me|do|does|did|can|could|would|should|will|what|how|and|or|with|be|not|no|el|la|los|las|de|del|que|en|un|una|es|y|o|mi|su|se|le|lo|por|para|con|al")

// fewer prefers a usable set to one that is not, then a set whose
// literals all weigh at least minSelective, then the smaller set, then the
// one whose shortest literal is longer.
func fewer(a, b []string) bool {
	if ua, ub := usable(a), usable(b); ua != ub {
		return ua
	}
	if sa, sb := minWeight(a) >= minSelective, minWeight(b) >= minSelective; sa != sb {
		return sa
	}
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return minLen(a) > minLen(b)
}

func minLen(lits []string) int {
	m := -1
	for _, l := range lits {
		if m < 0 || len(l) < m {
			m = len(l)
		}
	}
	return m
}
