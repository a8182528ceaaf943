package claims

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/dermliving/dermliving/lexicon"
)

// Usage is how a knowledge version's own passages use their words: which
// passages hold each word, and which words name the version's topics. The
// substitution check reads it to tell a generator's own wording ("picked
// up in childhood" for "acquired in childhood") from a word put in place of
// another that the knowledge itself sets beside it ("keeps water in"
// for "lets irritants in", "deeper" for "superficial", "weeks" for
// "months"): words the knowledge tells apart, it uses in the same passage.
// It is built on first use and is safe for concurrent use.
type Usage struct {
	an    *lexicon.Analyzer
	texts func() []string
	names lexicon.TermSet

	once sync.Once
	// postings are, for each term, the passages that hold it, in order.
	postings map[string][]int32
	// kinds are the knowledge's definitions of its things: a sentence
	// "X is a K ..." gives X's terms and the terms of the kind K.
	kinds []kindOf
}

// kindOf is one definition of the knowledge: the terms of what it
// defines, and those of the kind it says that is.
type kindOf struct {
	what, kind lexicon.TermSet
}

// kindDefinitionRE finds a definition at the opening of a sentence: what it
// defines (group 1, a few words, with an appositive "known medically as
// ..." allowed) and the words of its kind (group 2) up to what qualifies
// it ("a bacterial infection of the deeper layers", "an infection of the
// skin caused by ...", "a cancer that develops from ...").
var kindDefinitionRE = regexp.MustCompile(`(?i)^([^.;:]{2,80}?),?\s+(?:is|are)\s+(?:an?\s+)((?:[\w-]+\s+){0,4}?[\w-]+)(?:\s+(?:of|that|which|in|on|caused|where|with|from)\b|[,.;:]|$)`)

// maxDefinedTerms is the most terms what a definition defines may hold.
const maxDefinedTerms = 6

// NewUsage returns the usage of the passages texts returns (read once, on
// first use), analysed by an; names are the terms of the version's topic
// names, which no paraphrase may swap for another word.
func NewUsage(an *lexicon.Analyzer, texts func() []string, names lexicon.TermSet) *Usage {
	return &Usage{an: an, texts: texts, names: names}
}

func (u *Usage) build() {
	u.postings = map[string][]int32{}
	for i, text := range u.texts() {
		for _, sent := range Split(text) {
			m := kindDefinitionRE.FindStringSubmatch(sent.Text)
			if m == nil {
				continue
			}
			if what := u.an.Terms(m[1]); len(what) > 0 && len(what) <= maxDefinedTerms {
				u.kinds = append(u.kinds, kindOf{what: lexicon.NewTermSet(what), kind: lexicon.NewTermSet(u.an.Terms(m[2]))})
			}
		}
		seen := map[string]bool{}
		for _, t := range u.an.Terms(text) {
			if !seen[t] {
				seen[t] = true
				u.postings[t] = append(u.postings[t], int32(i))
			}
		}
	}
}

// together reports whether some passage holds both terms.
func (u *Usage) together(a, b string) bool {
	u.once.Do(u.build)
	pa, pb := u.postings[a], u.postings[b]
	for len(pa) > 0 && len(pb) > 0 {
		switch {
		case pa[0] == pb[0]:
			return true
		case pa[0] < pb[0]:
			pa = pa[1:]
		default:
			pb = pb[1:]
		}
	}
	return false
}

// swapPrefixes and swapSuffixes make a word its opposite or its negation
// ("encouraged" and "discouraged", "painful" and "painless"): a one-word
// swap between two such forms is never a paraphrase.
var (
	swapPrefixes = []string{"un", "non", "dis", "in", "im", "ir", "il", "anti", "de", "counter", "over", "under"}
	swapSuffixes = []string{"less", "ful"}
)

// affixed reports whether one of a and b is the other with an affix that
// turns its sense.
func affixed(a, b string) bool {
	for _, x := range [][2]string{{a, b}, {b, a}} {
		for _, p := range swapPrefixes {
			if rest, ok := strings.CutPrefix(x[0], p); ok && strings.HasPrefix(rest, x[1][:min(len(x[1]), 4)]) {
				return true
			}
		}
		for _, s := range swapSuffixes {
			if rest, ok := strings.CutSuffix(x[0], s); ok && strings.HasPrefix(x[1], rest[:min(len(rest), 4)]) {
				return true
			}
		}
	}
	return false
}

// swapAllowed reports whether the claim's concept c, one word standing
// where the span has the single content term s, may be the generator's own
// word for s rather than content put in its place. It may not without the
// version's usage, nor when either word names a topic of the version,
// belongs to a thesaurus set that names things (not one of everyday
// words), is shaped like a medical name, is a number, a negation or
// strength cue or a member of a contrast set, is the other with an affix
// that turns its sense, or is listed as the other's opposite
// (opposites.txt: "well" and "poorly", "keep" and "let"). Otherwise it may
// when both words are the knowledge's everyday vocabulary (each used by at
// least minEverydayPassages passages: "develops into" for "progresses
// to"), or when the claim's word is the generator's own (used by at most
// maxOwnWordPassages passages) and no passage uses both (the knowledge
// tells them apart).
func (v *Lexical) swapAllowed(c lexicon.Concept, s string) bool {
	u := v.Usage
	if u == nil || c.Group >= 0 && !v.th.General(c.Group) || len(c.Terms) != 1 {
		return false
	}
	a := c.Terms[0]
	for _, t := range []string{a, s} {
		if u.names.Has(t) || v.named.Has(t) || lexicon.LooksMedical(t) || v.cueTerms.Has(t) || v.contrastTerms.Has(t) ||
			strings.ContainsAny(t, "0123456789") || numberWordRE.MatchString(t) || strongRE.MatchString(t) || negationRE.MatchString(t) {
			return false
		}
	}
	if affixed(a, s) || v.opposites.opposed(a, s) {
		return false
	}
	if u.passages(a) >= minEverydayPassages && u.passages(s) >= minEverydayPassages {
		return true
	}
	return u.passages(a) <= maxOwnWordPassages && !u.together(a, s)
}

// maxOwnWordPassages is the most passages of the version that may use a
// word for it to be the generator's own wording: a word the knowledge uses
// more ("well", "early") is one of its own, which it may set against the
// span's elsewhere ("responds well" against "responds poorly").
const maxOwnWordPassages = 2

// minEverydayPassages is the least number of passages of the version that
// must use each of two words for a swap between them to be read as
// everyday wording: words the knowledge uses that widely are its common
// vocabulary ("develops into" and "progresses to", "arises" and
// "occurs"), not names of one drug, organism or condition, which few
// passages use ("terbinafine" and "permethrin"). Their opposites are listed
// (opposites.txt) and their kinds are contrast sets; both are refused
// before this test.
const minEverydayPassages = 5

// isKind reports whether the knowledge defines a thing whose terms hold
// every one of names as a kind whose words hold every one of ks: "the
// infection" names cellulitis, which "is a bacterial infection of the
// deeper layers of the skin", and "this autoimmune blistering disease"
// names bullous pemphigoid, defined as one.
func (u *Usage) isKind(names []string, ks ...string) bool {
	u.once.Do(u.build)
	for _, d := range u.kinds {
		if !slices.ContainsFunc(ks, func(k string) bool { return !d.kind.Has(k) }) && !slices.ContainsFunc(names, func(t string) bool { return !d.what.Has(t) }) {
			return true
		}
	}
	return false
}

// passages returns how many passages hold the term.
func (u *Usage) passages(t string) int {
	u.once.Do(u.build)
	return len(u.postings[t])
}

// thesaurusTerms returns the terms of every phrase of th's sets that name
// things (not its sets of everyday words).
func thesaurusTerms(th *lexicon.Thesaurus) lexicon.TermSet {
	out := lexicon.NewTermSet()
	if th == nil {
		return out
	}
	for i := range th.Len() {
		if th.General(i) {
			continue
		}
		for _, p := range th.Group(i) {
			for _, t := range p.Terms {
				out[t] = struct{}{}
			}
		}
	}
	return out
}

// contrastTermSet returns the analysed terms of every contrast set's words.
func contrastTermSet(an *lexicon.Analyzer) lexicon.TermSet {
	out := lexicon.NewTermSet()
	for _, set := range contrastWords {
		for _, class := range set {
			for _, w := range class {
				for _, t := range an.Terms(w) {
					out[t] = struct{}{}
				}
			}
		}
	}
	return out
}

// contrastKindsOf maps the analysed terms of the contrast sets to their
// set and class (see contrasts); a term that several members come down to
// keeps the first.
func contrastKindsOf(an *lexicon.Analyzer) map[string][2]int {
	out := map[string][2]int{}
	for i, set := range contrastWords {
		for j, class := range set {
			for _, w := range class {
				for _, t := range an.Terms(w) {
					if _, taken := out[t]; !taken {
						out[t] = [2]int{i, j}
					}
				}
			}
		}
	}
	return out
}
