// Package fastre runs the screens' regular expressions where a match can
// start rather than at every position of a text, with the matches of Go's
// regexp (Regexp), and derives from an expression the literals every match
// holds, the prefilter of the clinical-decision rules (RequiredLiterals).
package fastre

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// Regexp is a regular expression that runs only where a match can start.
// Go's regexp finds no literal prefix in an expression that begins with \b
// or an alternation, and so tries every position of the text; most of the
// screens' expressions begin with one of a few words. New works out those
// words from the expression's syntax, finds them with strings.Index, and runs
// the expression anchored at each. Matches are the same as the plain
// expression's (tests compare them, see Plain).
type Regexp struct {
	// expr is compiled on first use, into re, the plain expression, and
	// anchored, ^(?:expr), when there are starts: most of the screens'
	// expressions never run in a process (their literals are absent), and
	// compiling them all at start-up would cost tens of milliseconds.
	expr     string
	prep     sync.Once // works out starts and need on first use (see analyse)
	once     sync.Once
	re       *regexp.Regexp
	anchored *regexp.Regexp
	// starts are the literals every match starts with, each at least two
	// bytes; nil means the expression runs over the whole text.
	starts []string
	// boundary is set when the expression begins with \b: a start counts
	// only at a word boundary, which the anchored expression cannot see.
	boundary bool
	// first maps a byte to 1 + the index in groups of the starts that begin
	// with it, or to 0.
	first  [256]uint8
	groups [][]Literal
	// cands, when set, returns the positions where a match can start; it
	// stands for starts when every match starts at a kind of position (a
	// word that starts with a digit, say) rather than at a literal.
	cands func(s string) []int
	// maxLen, when set, bounds a match's length: the anchored expression
	// then runs on a window of the text from the candidate, cut at a word
	// boundary so that a final \b sees what it would see in the whole text.
	maxLen int
	// need, when set, is a literal every match holds: a text without it
	// has no match, and the expression does not run. needSet marks a need
	// given by Containing, which the analysis keeps.
	need    string
	needSet bool
}

// Containing returns f knowing that every match holds lit.
func (f *Regexp) Containing(lit string) *Regexp {
	f.need, f.needSet = lit, true
	return f
}

// lacksNeed reports whether s lacks the literal every match holds.
func (f *Regexp) lacksNeed(s string) bool {
	f.prep.Do(f.analyse)
	return f.need != "" && !strings.Contains(s, f.need)
}

// window returns s[p:] cut to f.maxLen bytes, extended to the end of a word.
func (f *Regexp) window(s string, p int) string {
	if f.maxLen == 0 || len(s)-p <= f.maxLen {
		return s[p:]
	}
	e := p + f.maxLen
	for e < len(s) && (lex.IsWordByte(s[e]) || lex.IsWordByte(s[e-1])) {
		e++
	}
	return s[p:e]
}

// Within returns f with matches bounded to n bytes.
func (f *Regexp) Within(n int) *Regexp {
	f.maxLen = n
	return f
}

// NewAt returns a Regexp whose matches all start at a position cands
// returns. Like New, it panics when expr does not parse.
func NewAt(expr string, cands func(s string) []int) *Regexp {
	mustParse(expr)
	return &Regexp{expr: expr, cands: cands, starts: []string{}}
}

// New returns a Regexp of expr. It panics, as regexp.MustCompile does, when
// expr does not parse; it works out where matches can start, and compiles
// expr, on first use: most of the screens' expressions never run in a
// process, and working them all out at start-up costs a process that never
// screens a question (a library that only opens versions, say) tens of
// megabytes and milliseconds.
func New(expr string) *Regexp {
	mustParse(expr)
	return &Regexp{expr: expr}
}

// analyse works out the literals every match starts with and one every
// match holds, once, before f's first use.
func (f *Regexp) analyse() {
	parsed := mustParse(f.expr).Simplify()
	if !f.needSet {
		f.need = requiredLiteral(parsed)
	}
	if f.cands != nil {
		return
	}
	set, _, ok := literalStarts(parsed)
	if !ok || len(set) == 0 || len(set) > maxStarts {
		return
	}
	for _, s := range set {
		if len(s) < 2 {
			return
		}
	}
	// Keep only starts that no shorter start is a prefix of.
	slices.SortFunc(set, func(a, b string) int { return len(a) - len(b) })
	var starts []string
	for _, s := range set {
		covered := false
		for _, t := range starts {
			if strings.HasPrefix(s, t) {
				covered = true
				break
			}
		}
		if !covered {
			starts = append(starts, s)
		}
	}
	f.starts = starts
	for _, st := range starts {
		g := f.first[st[0]]
		if g == 0 {
			f.groups = append(f.groups, nil)
			g = uint8(len(f.groups))
			f.first[st[0]] = g
		}
		f.groups[g-1] = append(f.groups[g-1], NewLiteral(st))
	}
	f.boundary = beginsWithBoundary(parsed)
}

// mustParse parses expr as regexp.Compile does, and panics, as
// regexp.MustCompile does, when it cannot: a bad expression fails at start-up
// although it is compiled on first use.
func mustParse(expr string) *syntax.Regexp {
	parsed, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		panic("abstain: bad expression " + strconv.Quote(expr) + ": " + err.Error())
	}
	return parsed
}

// compile compiles f's expressions once.
func (f *Regexp) compile() {
	f.prep.Do(f.analyse)
	f.once.Do(func() {
		f.re = regexp.MustCompile(f.expr)
		if f.starts != nil {
			f.anchored = regexp.MustCompile(`^(?:` + f.expr + `)`)
		}
	})
}

// requiredLiteral returns the longest literal of at least three bytes that
// every match of re holds, or "": a literal in a concatenation, or in a
// group or repetition of at least one that is part of one. Alternations
// require none of their branches' literals.
func requiredLiteral(re *syntax.Regexp) string {
	var best string
	var walk func(re *syntax.Regexp)
	walk = func(re *syntax.Regexp) {
		switch re.Op {
		case syntax.OpLiteral:
			if re.Flags&syntax.FoldCase == 0 && len(string(re.Rune)) > len(best) {
				best = string(re.Rune)
			}
		case syntax.OpCapture, syntax.OpPlus:
			walk(re.Sub[0])
		case syntax.OpRepeat:
			if re.Min >= 1 {
				walk(re.Sub[0])
			}
		case syntax.OpConcat:
			for _, sub := range re.Sub {
				walk(sub)
			}
		}
	}
	walk(re)
	if len(best) < 3 {
		return ""
	}
	return best
}

// beginsWithBoundary reports whether every match of re begins at a \b.
func beginsWithBoundary(re *syntax.Regexp) bool {
	for {
		switch re.Op {
		case syntax.OpWordBoundary:
			return true
		case syntax.OpConcat:
			if len(re.Sub) == 0 {
				return false
			}
			re = re.Sub[0]
		case syntax.OpCapture:
			re = re.Sub[0]
		case syntax.OpAlternate:
			for _, s := range re.Sub {
				if !beginsWithBoundary(s) {
					return false
				}
			}
			return true
		default:
			return false
		}
	}
}

// lit is a literal a match starts with; exact means it is all of the
// sub-expression's match, so that what follows may extend it.
type lit struct {
	s     string
	exact bool
}

// literalStarts returns literals one of which starts every match of re; ok
// is false when re starts with something other than literals (a wide
// character class, a repetition).
func literalStarts(re *syntax.Regexp) (set []string, exact, ok bool) {
	lits, ok := starts(re)
	if !ok {
		return nil, false, false
	}
	exact = true
	for _, l := range lits {
		set = append(set, l.s)
		exact = exact && l.exact
	}
	return set, exact, true
}

const maxStarts = 64

func starts(re *syntax.Regexp) ([]lit, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		return []lit{{string(re.Rune), true}}, true
	case syntax.OpEmptyMatch, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return []lit{{"", true}}, true
	case syntax.OpCapture:
		return starts(re.Sub[0])
	case syntax.OpCharClass:
		n := 0
		for i := 0; i < len(re.Rune); i += 2 {
			n += int(re.Rune[i+1]-re.Rune[i]) + 1
		}
		if n > 12 {
			return nil, false
		}
		var set []lit
		for i := 0; i < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				set = append(set, lit{string(r), true})
			}
		}
		return set, true
	case syntax.OpQuest:
		sub, ok := starts(re.Sub[0])
		if !ok {
			return nil, false
		}
		return append(sub, lit{"", true}), true
	case syntax.OpAlternate:
		var set []lit
		for _, s := range re.Sub {
			sub, ok := starts(s)
			if !ok {
				return nil, false
			}
			set = append(set, sub...)
		}
		return shorten(set), true
	case syntax.OpConcat:
		set := []lit{{"", true}}
		for _, s := range re.Sub {
			if !anyExact(set) {
				break
			}
			sub, ok := starts(s)
			if !ok {
				for i := range set {
					set[i].exact = false
				}
				break
			}
			var next []lit
			for _, a := range set {
				if !a.exact {
					next = append(next, a)
					continue
				}
				for _, b := range sub {
					next = append(next, lit{a.s + b.s, b.exact})
				}
			}
			if len(next) > 4*maxStarts {
				for i := range set {
					set[i].exact = false
				}
				break
			}
			set = shorten(next)
		}
		return set, true
	}
	return nil, false
}

func anyExact(set []lit) bool {
	for _, l := range set {
		if l.exact {
			return true
		}
	}
	return false
}

// shorten cuts a set of more than maxStarts literals to shorter prefixes
// (each still starts every match it stood for) until it is small enough.
func shorten(set []lit) []lit {
	for n := 6; len(set) > maxStarts && n >= 2; n-- {
		seen := map[string]bool{}
		var out []lit
		for _, l := range set {
			if len(l.s) > n {
				l = lit{l.s[:n], false}
			}
			if !seen[l.s+string(rune('0'+b2i(l.exact)))] {
				seen[l.s+string(rune('0'+b2i(l.exact)))] = true
				out = append(out, l)
			}
		}
		set = out
	}
	return set
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// candidates returns the positions where a start occurs, in order.
func (f *Regexp) candidates(s string) []int {
	if f.cands != nil {
		return f.cands(s)
	}
	var pos []int
	for p := 0; p < len(s); p++ {
		g := f.first[s[p]]
		if g == 0 {
			if len(f.groups) != 1 {
				continue
			}
			// One first byte: jump to its next occurrence.
			k := strings.IndexByte(s[p:], f.groups[0][0].s[0])
			if k < 0 {
				break
			}
			p += k
			g = 1
		}
		sts := f.groups[g-1]
		if f.boundary && p > 0 && lex.IsWordByte(s[p-1]) && lex.IsWordByte(s[p]) {
			continue
		}
		w := Load8(s, p)
		for _, st := range sts {
			if st.PrefixOf(s, p, w) {
				pos = append(pos, p)
				break
			}
		}
	}
	return pos
}

// Literal is a literal with its first eight bytes as Load8 reads them, so
// that most texts that do not hold it at a position fail one compare.
type Literal struct {
	s string
	// head is Load8(s, 0); mask has 0xff in the bytes s fills.
	head, mask uint64
}

// NewLiteral returns the Literal of s.
func NewLiteral(s string) Literal {
	mask := ^uint64(0)
	if len(s) < 8 {
		mask = 1<<(8*len(s)) - 1
	}
	return Literal{s, Load8(s, 0), mask}
}

// PrefixOf reports whether text holds l.s at p, as strings.HasPrefix(text[p:],
// l.s) does, given w = Load8(text, p).
func (l Literal) PrefixOf(text string, p int, w uint64) bool {
	return w&l.mask == l.head && len(text)-p >= len(l.s) && (len(l.s) <= 8 || text[p+8:p+len(l.s)] == l.s[8:])
}

// Load8 returns the bytes of s from i, up to eight, as a little-endian
// number: s[i] in the low byte, zero bytes past the end of s.
func Load8(s string, i int) uint64 {
	if i+8 <= len(s) {
		s = s[i : i+8]
		return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	}
	var w uint64
	for k := len(s) - 1; k >= i; k-- {
		w = w<<8 | uint64(s[k])
	}
	return w
}

// FindStringSubmatchIndex is regexp's, on the same leftmost match.
func (f *Regexp) FindStringSubmatchIndex(s string) []int {
	if f.lacksNeed(s) {
		return nil
	}
	f.compile()
	if f.starts == nil {
		return f.re.FindStringSubmatchIndex(s)
	}
	for _, p := range f.candidates(s) {
		if m := f.anchored.FindStringSubmatchIndex(f.window(s, p)); m != nil {
			for i := range m {
				if m[i] >= 0 {
					m[i] += p
				}
			}
			return m
		}
	}
	return nil
}

// FindStringIndex returns the leftmost match's indexes.
func (f *Regexp) FindStringIndex(s string) []int {
	if f.lacksNeed(s) {
		return nil
	}
	f.compile()
	if f.starts == nil {
		return f.re.FindStringIndex(s)
	}
	for _, p := range f.candidates(s) {
		if m := f.anchored.FindStringIndex(f.window(s, p)); m != nil {
			return []int{m[0] + p, m[1] + p}
		}
	}
	return nil
}

// MatchString reports whether s holds a match.
func (f *Regexp) MatchString(s string) bool {
	if f.lacksNeed(s) {
		return false
	}
	f.compile()
	if f.starts == nil {
		return f.re.MatchString(s)
	}
	for _, p := range f.candidates(s) {
		if f.anchored.MatchString(f.window(s, p)) {
			return true
		}
	}
	return false
}

// FindAllStringSubmatchIndex is regexp's: successive non-overlapping
// leftmost matches.
func (f *Regexp) FindAllStringSubmatchIndex(s string) [][]int {
	if f.lacksNeed(s) {
		return nil
	}
	f.compile()
	if f.starts == nil {
		return f.re.FindAllStringSubmatchIndex(s, -1)
	}
	var out [][]int
	next := 0
	for _, p := range f.candidates(s) {
		if p < next {
			continue
		}
		m := f.anchored.FindStringSubmatchIndex(f.window(s, p))
		if m == nil {
			continue
		}
		for i := range m {
			if m[i] >= 0 {
				m[i] += p
			}
		}
		out = append(out, m)
		next = m[1]
		if m[1] == m[0] {
			next++
		}
	}
	return out
}

// FindAllStringIndex returns the whole-match indexes of
// FindAllStringSubmatchIndex.
func (f *Regexp) FindAllStringIndex(s string) [][]int {
	all := f.FindAllStringSubmatchIndex(s)
	for i, m := range all {
		all[i] = m[:2]
	}
	return all
}

// String returns the expression.
func (f *Regexp) String() string { return f.expr }

// HasStarts reports whether f runs only where a match can start (at its
// literals or the positions its finder returns) rather than over the whole
// text.
func (f *Regexp) HasStarts() bool {
	f.prep.Do(f.analyse)
	return f.starts != nil
}

// Plain returns f's expression compiled by package regexp, whose matches
// f's are: tests compare them.
func (f *Regexp) Plain() *regexp.Regexp {
	f.compile()
	return f.re
}

// ReplaceAllLiteralString returns s with every match replaced by with, as
// regexp's does.
func (f *Regexp) ReplaceAllLiteralString(s, with string) string {
	ms := f.FindAllStringIndex(s)
	if len(ms) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		b.WriteString(s[last:m[0]])
		b.WriteString(with)
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}
