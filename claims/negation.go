package claims

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// negatedElsewhere reports whether one side denies a term the other asserts
// and never denies: "it is not contagious" against "alopecia areata is
// contagious", "itching is uncommon" against "itching is common". A term both
// sides deny somewhere (a verbatim sentence with a negated clause) does not
// count. Advice against something denies it as a negation does: "avoid
// massaging reddened skin" against "massaging reddened skin helps".
func (v *Lexical) negatedElsewhere(claim, span string) bool {
	sf := v.cache.spanFacts(span)
	if !negationCues.in(claim) && !sf.negationCueIn() && !mayHoldOpposites(wordSet(claim), sf.wordSetOf()) &&
		!avoidIn(claim) && !sf.avoidIn() && !hyphenNegated(claim) && !sf.hyphenNegated() {
		return false
	}
	// Terms are compared as the support check matches them, a word and its
	// thesaurus equivalents alike: "does not need reapplying" denies
	// "reapplication".
	// A side denies a term when the term is the head of what a cue
	// denies (the term next to it); the other side asserts it when it
	// holds the term and no cue of its own reaches it. So "is not caused
	// by diet or poor hygiene" and "is not caused by poor hygiene or diet"
	// agree, and so do "hair follicles are not destroyed" and "does not
	// destroy the hair follicles".
	cHeads, cn := v.negatedTerms(claim)
	cHeads, cn = v.canonical(cHeads), v.canonical(cn)
	neg := sf.negationOf(v)
	sHeads, sn, st := neg.heads, neg.negated, neg.terms
	ct := v.canonical(lexicon.NewTermSet(v.an.Terms(claim)))
	// Against a side that denies nothing, every term in a cue's scope
	// counts: "does not need reapplying" against "reapplication ... is
	// advised", "is best avoided" against "massaging ... helps".
	if len(cn) == 0 {
		sHeads = sn
	}
	if len(sn) == 0 {
		cHeads = cn
	}
	// A span that also holds the term free of every cue (see freeOf)
	// asserts it as well as denying it ("is not caught from another
	// person, but fluid ... can pass the virus", where "caught" and "pass"
	// are one thesaurus set): it denies nothing the claim asserts. (A
	// claim that does so still denies what the span does not: "patients
	// in partnerships progress at the same rate as patients not in
	// partnerships".)
	var sFree lexicon.TermSet
	for t := range sHeads {
		if ct.Has(t) && !cn.Has(t) {
			if sFree == nil {
				sFree = sf.freeOf(v)
			}
			if !sFree.Has(t) {
				return true
			}
		}
	}
	for t := range cHeads {
		if st.Has(t) && !sn.Has(t) {
			return true
		}
	}
	return false
}

// freeOf returns the terms that text's sentences holding a negation or
// advice-against cue hold where no cue reaches: each cue's clause is cut
// out from the cue to the clause's end, or, when nothing follows the cue,
// from the clause's start to the cue. A sentence without a cue is left
// out: it may assert the term of another thing ("Histamine-mediated
// angioedema usually occurs with hives. Bradykinin-mediated angioedema
// usually occurs without hives").
func (v *Lexical) freeOf(text string) lexicon.TermSet {
	b := []byte(text)
	blank := func(from, to int) {
		for i := from; i < to; i++ {
			b[i] = ' '
		}
	}
	last := 0
	for _, m := range append(sentenceEndRE.FindAllStringIndex(text, -1), []int{len(text), len(text)}) {
		if s := text[last:m[0]]; !negationCues.in(s) && !avoidRE.MatchString(s) && !hyphenNegated(s) {
			blank(last, m[0])
		}
		last = m[1]
	}
	cues := append(negationRE.FindAllStringIndex(text, -1), avoidRE.FindAllStringIndex(text, -1)...)
	for _, cue := range cues {
		rest := text[cue[1]:]
		if m := clauseEndRE.FindStringIndex(rest); m != nil {
			rest = rest[:m[0]]
		}
		if len(v.an.Terms(rest)) > 0 {
			blank(cue[0], cue[1]+len(rest))
			continue
		}
		from := 0
		if ms := clauseEndRE.FindAllStringIndex(text[:cue[0]], -1); len(ms) > 0 {
			from = ms[len(ms)-1][1]
		}
		blank(from, cue[1])
	}
	for _, m := range append(hyphenNegRE.FindAllStringIndex(text, -1), freeRE.FindAllStringIndex(text, -1)...) {
		blank(m[0], m[1])
	}
	return lexicon.NewTermSet(v.an.Terms(string(b)))
}

// hyphenNegRE finds a word made its opposite by a hyphenated prefix
// ("non-surgical", "un-treated"), which wordSet reads as two words.
var hyphenNegRE = regexp.MustCompile(`(?i)\b(?:non|un)-(\pL{4,})`)

// freeRE finds a word denied by a hyphenated "-free" ("nappy-free time",
// "fragrance-free"): "without" it.
var freeRE = regexp.MustCompile(`(?i)\b(\pL{3,})-free\b`)

// hyphenNegated reports whether text holds a word made its opposite by a
// hyphenated prefix (hyphenNegRE) or "-free" (freeRE): it denies that
// word as a cue would
// ("Non-bullous impetigo ... The sores of impetigo most often appear
// around the nose" holds nothing "bullous impetigo" may take).
func hyphenNegated(text string) bool {
	return strings.Contains(text, "-") && (hyphenNegRE.MatchString(text) || freeRE.MatchString(text))
}

// negatedTerms returns the terms a text puts under a negation cue (up to the
// end of the cue's scope) and the stems of un-/non-prefixed words
// ("uncommon" denies "common"), and of those the heads: each cue's term
// next to it, and the prefixed words' stems.
func (v *Lexical) negatedTerms(text string) (heads, out lexicon.TermSet) {
	heads, out = lexicon.TermSet{}, lexicon.TermSet{}
	cues := append(negationRE.FindAllStringIndex(text, -1), avoidRE.FindAllStringIndex(text, -1)...)
	for _, cue := range cues {
		if hedgeCues[strings.ToLower(text[cue[0]:cue[1]])] {
			continue // a hedge of frequency, judged by the contrast sets
		}
		rest := text[cue[1]:]
		if m := clauseEndRE.FindStringIndex(rest); m != nil {
			rest = rest[:m[0]]
		}
		terms := v.an.Terms(rest)
		reach := negationReach
		backward := false
		if len(terms) == 0 && contrastCues[strings.ToLower(text[cue[0]:cue[1]])] {
			continue // "rather than at once": the words after it are all it sets aside
		}
		if len(terms) == 0 {
			backward = true
			// Nothing follows the cue ("... are best avoided"): it denies
			// what comes before it in its clause.
			before := text[:cue[0]]
			if ms := clauseEndRE.FindAllStringIndex(before, -1); len(ms) > 0 {
				before = before[ms[len(ms)-1][1]:]
			}
			terms = v.an.Terms(before)
			reach = 2 * negationReach
			terms = terms[max(0, len(terms)-reach):]
		}
		head := ""
		for i, t := range terms[:min(len(terms), reach)] {
			// A cue in another's scope ("does not clear without
			// treatment") is no content the text denies.
			if v.cueTerms.Has(t) {
				continue
			}
			out[t] = struct{}{}
			if head == "" || backward || i == 0 {
				head = t
			}
		}
		if head != "" {
			heads[head] = struct{}{}
		}
		// "No specific test confirms X": a subject with "no" denies
		// what any such thing does, its verb as much as itself.
		if m := noSubjectRE.FindStringSubmatch(text[cue[1]:]); m != nil && strings.EqualFold(text[cue[0]:cue[1]], "no") {
			for _, t := range v.an.Terms(m[1]) {
				out[t] = struct{}{}
				heads[t] = struct{}{}
			}
		}
	}
	for _, re := range []*regexp.Regexp{hyphenNegRE, freeRE} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			for _, t := range v.an.Terms(m[1]) {
				out[t] = struct{}{}
				heads[t] = struct{}{}
			}
		}
	}
	for w := range wordSet(text) {
		if notNegatingPrefix(w) {
			continue
		}
		for _, p := range antonymPrefixes {
			if rest, ok := strings.CutPrefix(w, p); ok && len(rest) >= 4 {
				for _, t := range v.an.Terms(rest) {
					out[t] = struct{}{}
					heads[t] = struct{}{}
				}
			}
		}
	}
	return heads, out
}

// contrastCues set one thing aside for another ("rather than hot water")
// rather than deny what comes before them.
var contrastCues = map[string]bool{"rather than": true, "instead of": true}

// notNegatingPrefix reports whether w starts with "un" without being the
// opposite of the rest: "unlike", "unless", "until", "under...", "uni...".
func notNegatingPrefix(w string) bool {
	switch w {
	case "unlike", "unless", "until":
		return true
	}
	return strings.HasPrefix(w, "under") || strings.HasPrefix(w, "uni")
}

// noSubjectRE finds, after "no", a subject of one to three words and a
// verb of what a remedy or test achieves ("No specific test confirms",
// "No known measure prevents"): what "no" denies there is the verb.
var noSubjectRE = regexp.MustCompile(`(?i)^\s+(?:[\pL-]+\s+){1,3}?(confirms|prevents|cures|stops|clears|removes|exists)\b`)

// negationReach is how many content terms after a cue it denies: "not
// contagious", "does not require prior sensitisation", not the whole rest of
// the clause.
const negationReach = 2

// avoidRE finds advice against something: it denies what it governs as a
// negation does ("avoid massaging reddened skin", "avoidance of irritating
// foods").
var avoidRE = regexp.MustCompile(`(?i)\b(avoid|avoided|avoiding|avoidance|discouraged|not recommended|best avoided)\b`)

// avoidIn is avoidRE.MatchString(text), skipping the regexp when text
// holds none of its words.
func avoidIn(text string) bool {
	return mayHoldFold(text, "avoid", "discouraged", "recommended") && avoidRE.MatchString(text)
}

// hedgeCues are negation cues that hedge frequency rather than deny.
var hedgeCues = map[string]bool{"rarely": true, "rare": true, "seldom": true, "unlikely": true}

// clauseEndRE ends a negation's scope: "and", "but", a word opening a
// subordinate clause ("needs no treatment because the rash resolves"), a
// preposition of time ("heals without scarring within two weeks"), a comma
// or a stop.
var clauseEndRE = regexp.MustCompile(`(?i)\b(and|but|while|` + scopeEndWords + `)\b|[,;.:]`)

// cueTerms returns the analysed forms of the negation and advice-against
// cue words: a cue inside another cue's scope is no content it denies.
func cueTerms(an *lexicon.Analyzer) lexicon.TermSet {
	out := lexicon.TermSet{}
	words := []string{"rather", "instead", "avoid", "avoided", "avoiding", "avoidance", "discouraged"}
	for w := range negationCues.words {
		words = append(words, w)
	}
	for _, w := range words {
		for _, t := range an.Terms(w) {
			out[t] = struct{}{}
		}
	}
	return out
}

// canonical returns terms with each one-word thesaurus term replaced by a
// name of its equivalence set, so that equivalent words compare equal.
func (v *Lexical) canonical(terms lexicon.TermSet) lexicon.TermSet {
	out := make(lexicon.TermSet, len(terms))
	for t := range terms {
		if g, n, ok := v.th.Match([]string{t}, 0); ok && n == 1 {
			t = "\x00" + strconv.Itoa(g)
		}
		out[t] = struct{}{}
	}
	return out
}
