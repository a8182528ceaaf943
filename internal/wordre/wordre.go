// Package wordre runs a regular expression whose matches begin at a word
// (\b then a letter of a known set) or at the start of the text (^) only
// where such a match can begin, with the answers of Go's regexp.
//
// Go's regexp finds no literal prefix in an expression that begins with \b
// or an alternation, and case-insensitive ones ((?i)) have none at all, so
// it tries every position of the text: the question classifiers' dozen
// expressions cost tens of microseconds each on a one-line question. Most
// words of a question cannot begin a match; Regexp runs the expression,
// anchored, only at those that can.
package wordre

import (
	"regexp"
	"regexp/syntax"
	"unicode"
	"unicode/utf8"
)

// Regexp is a compiled expression. It is safe for concurrent use.
type Regexp struct {
	plain *regexp.Regexp
	// When fast is set, MatchString reads atStart (the branches that begin
	// with ^, nil if none) on the whole text and atWord (the branches that
	// begin with \b, the \b cut, anchored) at every position that is a word
	// boundary where first holds the rune there.
	fast    bool
	atStart *regexp.Regexp
	atWord  *regexp.Regexp
	first   runeSet
}

// MustCompile is regexp.MustCompile: it panics when expr does not parse.
// An expression whose branches do not all begin with ^ or with \b and a
// letter runs as the plain expression does.
func MustCompile(expr string) *Regexp {
	r := &Regexp{plain: regexp.MustCompile(expr)}
	parsed, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		panic(err)
	}
	parsed = parsed.Simplify()
	for parsed.Op == syntax.OpCapture {
		parsed = parsed.Sub[0]
	}
	branches := []*syntax.Regexp{parsed}
	if parsed.Op == syntax.OpAlternate {
		branches = parsed.Sub
	}
	var starts, words []*syntax.Regexp
	for _, b := range branches {
		head, rest := split(b)
		switch {
		case head == nil:
			return r
		case head.Op == syntax.OpBeginText:
			starts = append(starts, b)
		case head.Op == syntax.OpWordBoundary:
			set, nullable, ok := firstRunes(rest)
			if !ok || nullable {
				return r
			}
			r.first.add(set)
			words = append(words, rest)
		default:
			return r
		}
	}
	switch {
	case len(words) == 0:
		r.atStart = r.plain // anchored at the start already
	case len(starts) > 0:
		r.atStart = regexp.MustCompile(alternate(starts).String())
	}
	if len(words) > 0 {
		r.atWord = regexp.MustCompile(`^(?:` + alternate(words).String() + `)`)
	}
	r.fast = true
	return r
}

// String returns the expression.
func (r *Regexp) String() string { return r.plain.String() }

// Plain returns the expression compiled by Go's regexp.
func (r *Regexp) Plain() *regexp.Regexp { return r.plain }

// MatchString reports whether s holds a match, as regexp's MatchString.
func (r *Regexp) MatchString(s string) bool {
	if !r.fast {
		return r.plain.MatchString(s)
	}
	if r.atStart != nil && r.atStart.MatchString(s) {
		return true
	}
	if r.atWord == nil {
		return false
	}
	prev := rune(-1)
	for p := 0; p < len(s); {
		c, n := utf8.DecodeRuneInString(s[p:])
		if syntax.IsWordChar(prev) != syntax.IsWordChar(c) && r.first.has(c) && r.atWord.MatchString(s[p:]) {
			return true
		}
		prev = c
		p += n
	}
	return false
}

// split returns the first element of a branch, a ^ or a \b, and what
// follows it; head is nil when the branch begins otherwise.
func split(b *syntax.Regexp) (head, rest *syntax.Regexp) {
	if b.Op != syntax.OpConcat || len(b.Sub) < 2 {
		return nil, nil
	}
	switch b.Sub[0].Op {
	case syntax.OpBeginText, syntax.OpWordBoundary:
	default:
		return nil, nil
	}
	rest = &syntax.Regexp{Op: syntax.OpConcat, Flags: b.Flags, Sub: b.Sub[1:]}
	if len(b.Sub) == 2 {
		rest = b.Sub[1]
	}
	return b.Sub[0], rest
}

// alternate joins branches into one expression.
func alternate(bs []*syntax.Regexp) *syntax.Regexp {
	if len(bs) == 1 {
		return bs[0]
	}
	return &syntax.Regexp{Op: syntax.OpAlternate, Sub: bs}
}

// runeSet is a set of runes as ranges, lo and hi pairs.
type runeSet []rune

func (s *runeSet) add(o runeSet) { *s = append(*s, o...) }

func (s runeSet) has(c rune) bool {
	for i := 0; i < len(s); i += 2 {
		if s[i] <= c && c <= s[i+1] {
			return true
		}
	}
	return false
}

// firstRunes returns the runes a match of re can begin with, and whether re
// can match the empty string; ok is false when re holds something this
// does not read (an assertion, any character) before its first rune.
func firstRunes(re *syntax.Regexp) (set runeSet, nullable, ok bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return nil, true, true
		}
		c := re.Rune[0]
		set = runeSet{c, c}
		if re.Flags&syntax.FoldCase != 0 {
			for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
				set = append(set, f, f)
			}
		}
		return set, false, true
	case syntax.OpCharClass:
		return runeSet(re.Rune), false, true
	case syntax.OpEmptyMatch:
		return nil, true, true
	case syntax.OpCapture, syntax.OpPlus:
		return firstRunes(re.Sub[0])
	case syntax.OpStar, syntax.OpQuest:
		set, _, ok := firstRunes(re.Sub[0])
		return set, true, ok
	case syntax.OpRepeat:
		set, nullable, ok := firstRunes(re.Sub[0])
		return set, nullable || re.Min == 0, ok
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			s, n, ok := firstRunes(sub)
			if !ok {
				return nil, false, false
			}
			set.add(s)
			nullable = nullable || n
		}
		return set, nullable, true
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			s, n, ok := firstRunes(sub)
			if !ok {
				return nil, false, false
			}
			set.add(s)
			if !n {
				return set, false, true
			}
		}
		return set, true, true
	}
	return nil, false, false
}

// AtWords reports whether r runs only where a match can begin; otherwise it
// runs as the plain expression does, at every position.
func (r *Regexp) AtWords() bool { return r.fast }
