package lexicon

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strings"
)

//go:embed thesaurus.txt
var defaultThesaurus string

// Thesaurus holds sets of equivalent terms ("atopic dermatitis", "eczema",
// "atopic eczema"). Terms may have several words; matching is on analysed terms,
// so inflections match too ("cold sore" and "cold sores"). A Thesaurus is
// immutable and safe for concurrent use.
type Thesaurus struct {
	groups  [][]Phrase
	general map[int]bool
	byFirst map[string][]entry
	maxLen  int
}

// Phrase is one way of writing a term: the words as written and their
// analysed terms.
type Phrase struct {
	Text  string
	Terms []string
}

type entry struct {
	terms []string
	group int
}

// ParseThesaurus reads equivalence sets, one per line, comma-separated, the
// preferred term first. Blank lines and lines starting with '#' are ignored,
// except the directive "#!general": the sets after it are everyday vocabulary
// and word families (baby, infant; treat, treatment) rather than names of
// what the knowledge is about (see Thesaurus.General). A
// phrase whose words are all stop words is an error, as is a set with fewer
// than two phrases. When a phrase appears in several sets, the sets are merged.
func ParseThesaurus(r io.Reader, a *Analyzer) (*Thesaurus, error) {
	var sets [][]Phrase
	var generalSets []bool
	general := false
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "#!general" {
			general = true
			continue
		}
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		var set []Phrase
		for _, f := range strings.Split(s, ",") {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			terms := a.Terms(f)
			if len(terms) == 0 {
				return nil, fmt.Errorf("lexicon: thesaurus line %d: %q has no content words", line, f)
			}
			set = append(set, Phrase{Text: Fold(f), Terms: terms})
		}
		if len(set) < 2 {
			return nil, fmt.Errorf("lexicon: thesaurus line %d: a set needs at least two terms", line)
		}
		sets = append(sets, set)
		generalSets = append(generalSets, general)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("lexicon: thesaurus: %w", err)
	}
	groups, from := mergeSets(sets)
	t := newThesaurus(groups)
	t.general = map[int]bool{}
	for i, g := range from {
		if generalSets[i] {
			t.general[g] = true
		}
	}
	return t, nil
}

// General reports whether set i is everyday vocabulary rather than a name of
// something the knowledge is about.
func (t *Thesaurus) General(i int) bool { return t != nil && t.general[i] }

// DefaultThesaurus parses the DermLiving dermatology thesaurus shipped with
// this package.
func DefaultThesaurus(a *Analyzer) (*Thesaurus, error) {
	return ParseThesaurus(strings.NewReader(defaultThesaurus), a)
}

// DefaultThesaurusText returns the source text of the default thesaurus, in
// the format [ParseThesaurus] reads.
func DefaultThesaurusText() string { return defaultThesaurus }

// Extend returns a thesaurus holding t's sets and the everyday-vocabulary
// sets read from r (in the format [ParseThesaurus] reads, all of them
// general), merged where they share a phrase. t is unchanged; t may be nil.
func (t *Thesaurus) Extend(r io.Reader, a *Analyzer) (*Thesaurus, error) {
	extra, err := ParseThesaurus(io.MultiReader(strings.NewReader("#!general\n"), r), a)
	if err != nil {
		return nil, err
	}
	var sets [][]Phrase
	var general []bool
	if t != nil {
		for i, g := range t.groups {
			sets = append(sets, g)
			general = append(general, t.general[i])
		}
	}
	for _, g := range extra.groups {
		sets = append(sets, g)
		general = append(general, true)
	}
	groups, from := mergeSets(sets)
	out := newThesaurus(groups)
	out.general = map[int]bool{}
	// A merged group is general only when every set in it is: a name of what
	// the knowledge is about stays one.
	domain := map[int]bool{}
	for i, g := range from {
		if !general[i] {
			domain[g] = true
		}
	}
	for _, g := range from {
		if !domain[g] {
			out.general[g] = true
		}
	}
	return out, nil
}

// mergeSets joins sets that share a phrase (by analysed terms), so that the
// thesaurus is a true equivalence relation whatever the line order.
func mergeSets(sets [][]Phrase) ([][]Phrase, []int) {
	parent := make([]int, len(sets))
	for i := range parent {
		parent[i] = i
	}
	// find is a union-find lookup with path halving.
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	seen := map[string]int{}
	for i, set := range sets {
		for _, p := range set {
			k := strings.Join(p.Terms, " ")
			if j, ok := seen[k]; ok {
				parent[find(i)] = find(j)
			} else {
				seen[k] = i
			}
		}
	}
	var out [][]Phrase
	index := map[int]int{}
	from := make([]int, len(sets)) // set -> merged group
	for i, set := range sets {
		r := find(i)
		gi, ok := index[r]
		if !ok {
			gi = len(out)
			index[r] = gi
			out = append(out, nil)
		}
		from[i] = gi
		for _, p := range set {
			dup := slices.ContainsFunc(out[gi], func(q Phrase) bool { return slices.Equal(q.Terms, p.Terms) })
			if !dup {
				out[gi] = append(out[gi], p)
			}
		}
	}
	return out, from
}

func newThesaurus(groups [][]Phrase) *Thesaurus {
	t := &Thesaurus{groups: groups, byFirst: map[string][]entry{}}
	for gi, g := range groups {
		for _, p := range g {
			t.byFirst[p.Terms[0]] = append(t.byFirst[p.Terms[0]], entry{terms: p.Terms, group: gi})
			t.maxLen = max(t.maxLen, len(p.Terms))
		}
	}
	// Longest phrases first, so that matching is greedy.
	for k, es := range t.byFirst {
		slices.SortStableFunc(es, func(a, b entry) int { return len(b.terms) - len(a.terms) })
		t.byFirst[k] = es
	}
	return t
}

// Len reports the number of equivalence sets.
func (t *Thesaurus) Len() int {
	if t == nil {
		return 0
	}
	return len(t.groups)
}

// Group returns the phrases of equivalence set i.
func (t *Thesaurus) Group(i int) []Phrase { return t.groups[i] }

// Match reports the longest thesaurus phrase that starts at terms[i]: the set
// it belongs to and the number of terms it spans. ok is false when none does.
func (t *Thesaurus) Match(terms []string, i int) (group, n int, ok bool) {
	if t == nil {
		return 0, 0, false
	}
	for _, e := range t.byFirst[terms[i]] {
		if i+len(e.terms) <= len(terms) && slices.Equal(terms[i:i+len(e.terms)], e.terms) {
			return e.group, len(e.terms), true
		}
	}
	return 0, 0, false
}
