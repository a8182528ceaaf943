package decision

import (
	"strconv"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// The rules' machinery: rules, the kinds of matcher they are built from,
// and the literal index that tells which rules a question may match.

// A rule matches questions that ask for a decision. re must match; then,
// when set, must match after re's first match, or before, when set, before
// re's last match; ctx, when set, must match anywhere in the question, and
// unless must not.
type rule struct {
	name string
	// any lists literals of which every match of re holds at least one; a
	// rule runs only on questions that hold one.
	any          []string
	re           *fastre.Regexp
	then, before matcher
	ctx, unless  matcher
	// check, when set, vets a match of re (its submatch indexes); the rule
	// matches when one match passes.
	check func(q string, m []int) bool
	// fn, when set, stands for re: the rule is Go code.
	fn func(q string) bool
}

// matcher is a *regexp.Regexp or a wordSet.
type matcher interface{ MatchString(s string) bool }

// wordSet matches any of its phrases as whole words: as \b(a|b|c)\b does for
// phrases that start and end with an ASCII letter, but without a regexp scan.
type wordSet []string

// MatchString reports whether s holds one of ws's phrases as a whole word.
func (ws wordSet) MatchString(s string) bool {
	for _, w := range ws {
		for off := 0; ; {
			i := strings.Index(s[off:], w)
			if i < 0 {
				break
			}
			start, end := off+i, off+i+len(w)
			if (start == 0 || !lex.IsWordByte(s[start-1])) && (end == len(s) || !lex.IsWordByte(s[end])) {
				return true
			}
			off = start + 1
		}
	}
	return false
}

// wordIndex matches as its wordSet does, by one pass over the text's word
// starts with the phrases indexed by their first byte, rather than one
// strings.Index pass per phrase.
type wordIndex struct {
	set     wordSet
	byFirst [256][]string
}

func indexWords(ws wordSet) *wordIndex {
	wi := &wordIndex{set: ws}
	for _, w := range ws {
		if w == "" {
			panic("abstain: empty phrase in a word set")
		}
		wi.byFirst[w[0]] = append(wi.byFirst[w[0]], w)
	}
	return wi
}

// MatchString reports whether s holds one of wi's phrases as a whole word.
func (wi *wordIndex) MatchString(s string) bool {
	for i := 0; i < len(s); i++ {
		if i > 0 && lex.IsWordByte(s[i-1]) {
			continue
		}
		for _, w := range wi.byFirst[s[i]] {
			if end := i + len(w); strings.HasPrefix(s[i:], w) && (end == len(s) || !lex.IsWordByte(s[end])) {
				return true
			}
		}
	}
	return false
}

func (rl *rule) match(q string) bool {
	// Every condition is a pure test, so their order changes only the
	// cost: a word set in ctx is cheaper than any expression.
	ctxFirst := false
	switch rl.ctx.(type) {
	case *wordIndex, wordSet:
		if !rl.ctx.MatchString(q) {
			return false
		}
		ctxFirst = true
	}
	var m []int
	switch {
	case rl.fn != nil:
		if !rl.fn(q) {
			return false
		}
	case rl.check == nil && rl.then == nil && rl.before == nil:
		if !rl.re.MatchString(q) {
			return false
		}
	case rl.check == nil:
		if m = rl.re.FindStringIndex(q); m == nil {
			return false
		}
	default:
		for _, c := range rl.re.FindAllStringSubmatchIndex(q) {
			if rl.check(q, c) {
				m = c
				break
			}
		}
		if m == nil {
			return false
		}
	}
	if !ctxFirst && rl.ctx != nil && !rl.ctx.MatchString(q) {
		return false
	}
	// Unless, when set, is cheaper than the expressions of then.
	if rl.unless != nil && rl.unless.MatchString(q) {
		return false
	}
	if rl.then != nil || rl.before != nil {
		ok := rl.then != nil && rl.then.MatchString(q[m[1]:])
		if !ok && rl.before != nil {
			last := -1
			for _, m := range rl.re.FindAllStringIndex(q) {
				last = m[0]
			}
			ok = last >= 0 && rl.before.MatchString(q[:last])
		}
		if !ok {
			return false
		}
	}
	return true
}

// matchFunc is a matcher written in Go.
type matchFunc func(s string) bool

// MatchString reports whether f holds for s.
func (f matchFunc) MatchString(s string) bool { return f(s) }

// anyOf matches when one of its matchers does.
type anyOf []matcher

// MatchString reports whether one of a's matchers matches s.
func (a anyOf) MatchString(s string) bool {
	for _, m := range a {
		if m.MatchString(s) {
			return true
		}
	}
	return false
}

// lesionSet holds the lesion words and their plurals.
var lesionSet = func() *lex.WordMap {
	m := map[string]bool{}
	for _, w := range words(lesionWords) {
		m[w], m[w+"s"], m[w+"es"] = true, true, true
	}
	return lex.NewWordMap(m)
}()

var ownerWords = indexWords(words("my|his|her|our|i|i've|i'm|little one"))

func rx(expr string) *fastre.Regexp { return fastre.New(expr) }

func words(s string) []string { return strings.Split(s, "|") }

// cross returns every a+b.
func cross(as, bs string) []string {
	var out []string
	for _, a := range words(as) {
		for _, b := range words(bs) {
			out = append(out, a+b)
		}
	}
	return out
}

// ruleMask has bit i set for rule i, and bit neutralBit(j) for rewrite j.
type ruleMask [3]uint64

func (m *ruleMask) set(i int)     { m[i/64] |= 1 << (i % 64) }
func (m ruleMask) has(i int) bool { return m[i/64]&(1<<(i%64)) != 0 }

// neutralBit returns the bit of rewrite i in a ruleMask: after the rules'.
func neutralBit(i int) int { return len(decisionRules) + i }

// literalIndex finds which rules' and rewrites' literals a question holds,
// in one pass over it: literals of four bytes or more by a hash of their
// first four, shorter ones by their first two, so that a position of the
// question is compared only with the few literals that may start there,
// however many literals the rules have.
type literalIndex struct {
	// byPair maps a short literal's first two bytes to 1 + the index in
	// groups of the literals that begin with them, or to 0.
	byPair [1 << 16]uint16
	// byQuad maps quadSlot of a literal's first four bytes to 1 + the
	// index in groups of the literals whose first four bytes go there.
	byQuad [1 << quadBits]uint16
	groups [][]ruleLiteral
	always ruleMask // rules without literals, which always run
}

// quadBits sizes the four-byte table.
const quadBits = 14

// quadSlot hashes the first four bytes of w (little-endian, as fastre.Load8
// returns them).
func quadSlot(w uint64) uint32 { return uint32(w) * 2654435761 >> (32 - quadBits) }

type ruleLiteral struct {
	lit  fastre.Literal
	rule int // its bit in a ruleMask: held[word]&bit != 0
	word int
	bit  uint64
}

var ruleLiterals = indexLiterals(decisionRules)

func indexLiterals(rules []rule) *literalIndex {
	lists := make([][]string, 0, len(rules)+len(neutral))
	for _, rl := range rules {
		lists = append(lists, rl.any)
	}
	for _, n := range neutral {
		lists = append(lists, n.any)
	}
	// A rule without literals always runs; a rewrite without any never
	// runs in the precheck (neutralize).
	return newLiteralIndex(lists, func(i int) bool { return i < len(rules) })
}

// newLiteralIndex indexes lists[i], the literals of rule or rewrite i, as
// bit i of a ruleMask; an empty list sets bit i always when
// emptyAlways(i).
func newLiteralIndex(lists [][]string, emptyAlways func(i int) bool) *literalIndex {
	if len(lists) > 64*len(ruleMask{}) {
		panic("abstain: more rules and rewrites than a ruleMask has bits; widen it")
	}
	ix := &literalIndex{}
	group := func(slot *uint16) *[]ruleLiteral {
		if *slot == 0 {
			ix.groups = append(ix.groups, nil)
			*slot = uint16(len(ix.groups))
		}
		return &ix.groups[*slot-1]
	}
	for bit, lits := range lists {
		if len(lits) == 0 && emptyAlways(bit) {
			ix.always.set(bit)
		}
		for _, lit := range lits {
			if len(lit) < 2 {
				panic("abstain: rule literal " + strconv.Quote(lit) + " is shorter than two bytes")
			}
			rl := ruleLiteral{fastre.NewLiteral(lit), bit, bit / 64, 1 << (bit % 64)}
			var g *[]ruleLiteral
			if len(lit) >= 4 {
				g = group(&ix.byQuad[quadSlot(fastre.Load8(lit, 0))])
			} else {
				g = group(&ix.byPair[uint16(lit[0])<<8|uint16(lit[1])])
			}
			*g = append(*g, rl)
		}
	}
	return ix
}

// rulesIn returns a mask with bit i set when q holds one of rule i's literals
// (the same as lex.ContainsAny(q, decisionRules[i].any), for all rules at
// once), or rule i has none, and bit neutralBit(j) when q holds one of
// rewrite j's.
func (ix *literalIndex) rulesIn(q string) ruleMask {
	held := ix.always
	for i := 0; i+1 < len(q); i++ {
		w := fastre.Load8(q, i)
		if g := ix.byPair[uint16(q[i])<<8|uint16(q[i+1])]; g != 0 {
			ix.hold(&held, ix.groups[g-1], q, i, w)
		}
		if i+4 <= len(q) {
			if g := ix.byQuad[quadSlot(w)]; g != 0 {
				ix.hold(&held, ix.groups[g-1], q, i, w)
			}
		}
	}
	return held
}

// hold sets the bits of the literals of group that q holds at i.
func (ix *literalIndex) hold(held *ruleMask, group []ruleLiteral, q string, i int, w uint64) {
	for _, l := range group {
		if held[l.word]&l.bit == 0 && l.lit.PrefixOf(q, i, w) {
			held[l.word] |= l.bit
		}
	}
}
