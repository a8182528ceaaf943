package answer

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

// This file finds the topics a question is about (see Composer.focus).

// focus returns the topics the question is about and how much of the best
// one's name the question holds. compare is true when the question
// compares topics (compareRE): every topic it names alike is kept.
func (c *Composer) focus(question string, concepts []retrieve.Weighted, hits []retrieve.Hit, compare bool) ([]int, float64) {
	t := c.topics
	asked := askedTerms(concepts)
	// The candidate topics, each once (seen is a bit set over topics),
	// in no particular order: out is sorted below.
	seen := make([]uint64, (len(t.topics)+63)/64)
	var cands []int
	add := func(ti int) {
		if seen[ti/64]&(1<<(ti%64)) == 0 {
			seen[ti/64] |= 1 << (ti % 64)
			cands = append(cands, ti)
		}
	}
	for term := range asked {
		for _, ti := range t.byTerm[strings.TrimPrefix(term, innerMark)] {
			add(ti)
		}
	}
	var firstHit = -1
	for i, h := range hits {
		if pi, ok := t.byID[h.ID]; ok {
			add(t.passages[pi].topic)
			if i == 0 || firstHit < 0 {
				firstHit = t.passages[pi].topic
			}
		}
	}
	names := t.asked(asked)
	covOf := make([]float64, len(cands))
	bestCov := 0.0
	for i, ti := range cands {
		cv := t.nameCover(ti, names)
		covOf[i] = cv
		bestCov = max(bestCov, cv)
	}
	var out []int
	if bestCov >= 0.5 {
		for i, ti := range cands {
			if covOf[i] >= bestCov-0.01 {
				out = append(out, ti)
			}
		}
		// A topic of general care named by its title's words alone
		// ("General skin care", by "skin care") gives way to a condition
		// the question names alike ("How is bullous pemphigoid treated, and
		// what skin care helps?"); named by a subject of its own
		// ("sunscreen"), it stays.
		if len(out) > 1 && slices.ContainsFunc(out, func(ti int) bool { return !t.topics[ti].generic }) {
			out = slices.DeleteFunc(out, func(ti int) bool { return t.topics[ti].generic && !t.namedBesidesTitle(ti, asked) })
		}
		// A topic the question names only by words that say what kind of
		// answer is wanted gives way to one it names by other words: "How
		// Its Treated", part of the title "What I need to know about Kidney
		// Failure and How Its Treated", does not make "What are the
		// treatments for psoriasis?" a question about kidney failure.
		if len(out) > 1 {
			namedByPhrasing := func(ti int) bool {
				named := false
				for k, name := range t.topics[ti].names {
					if !nameAsked(name, asked, k == 0) {
						continue
					}
					if slices.ContainsFunc(name, func(term string) bool { return !c.phrasingTerm(term) }) {
						return false
					}
					named = true
				}
				return named
			}
			if slices.ContainsFunc(out, func(ti int) bool { return !namedByPhrasing(ti) }) {
				out = slices.DeleteFunc(out, namedByPhrasing)
			}
		}
		// A topic the question names by a name of its own ("scc") comes
		// before those it names only by a name they share ("skin cancer"
		// names three).
		if len(out) > 1 {
			own := slices.DeleteFunc(slices.Clone(out), func(ti int) bool { return !t.namedAlone(ti, out, asked) })
			if len(own) > 0 {
				out = own
			}
		}
		// A topic named only by words that say what kind of answer is
		// wanted ("Clinical Trials" in "what research (or clinical trials)
		// is being done for psoriasis?") gives way to one the question
		// asks about.
		if len(out) > 1 {
			phrased := func(ti int) bool {
				for _, name := range t.topics[ti].names {
					if slices.ContainsFunc(name, func(term string) bool { return !c.phrasingTerm(term) }) {
						return false
					}
				}
				return true
			}
			if slices.ContainsFunc(out, func(ti int) bool { return !phrased(ti) }) {
				out = slices.DeleteFunc(out, phrased)
			}
		}
		// A topic the question proper names comes before one named only in
		// its context: "For a lesson on sun safety: what does the ABCDE rule
		// for melanoma stand for?" asks about melanoma.
		if len(out) > 1 && !compare {
			if asked, ok := questionSentences(question); ok {
				// What a topic turns into is no topic the question asks
				// about: "'Barnacles' - the brown stuck-on growths. Can
				// they turn into cancer?" asks about the growths.
				if m := intoRE.FindStringIndex(asked); m != nil {
					asked = asked[:m[0]]
				}
				held := lexicon.NewTermSet(c.an.Terms(asked))
				inQuestion := slices.DeleteFunc(slices.Clone(out), func(ti int) bool {
					return !t.namedIn(ti, held)
				})
				if len(inQuestion) > 0 {
					out = inQuestion
				}
			}
		}
		// A topic named only by a name of care ("sun protection" of
		// sunburn and sun protection) gives way to a condition the question
		// names by its own: "What are the main treatments for vitiligo, and
		// why do vitiligo patches need extra sun protection?" asks about
		// vitiligo.
		if len(out) > 1 {
			careOnly := func(ti int) bool {
				named := false
				for _, name := range t.topics[ti].names {
					if nameAsked(name, asked, false) {
						if !slices.ContainsFunc(name, func(term string) bool { return careTerms[term] }) {
							return false
						}
						named = true
					}
				}
				return named
			}
			if slices.ContainsFunc(out, func(ti int) bool { return !careOnly(ti) }) {
				out = slices.DeleteFunc(out, careOnly)
			}
		}
		// A topic named only after a word of likeness gives way to one
		// named before it: "Is Malassezia folliculitis treated with
		// antibiotics like acne is?" asks about folliculitis. A question
		// that names topics only to liken what it describes to them ("tiny
		// white specks glued to kids' hair that won't brush out like
		// dandruff does") names none: what retrieval finds first is what
		// it describes, unless that is one of them.
		if !compare {
			if m := likenessRE.FindStringIndex(question); m != nil {
				before := lexicon.NewTermSet(c.an.Terms(question[:m[0]]))
				named := slices.DeleteFunc(slices.Clone(out), func(ti int) bool { return !t.namedIn(ti, before) })
				switch {
				case len(named) > 0 && len(out) > 1:
					out = named
				case len(named) == 0 && firstHit >= 0 && !slices.Contains(out, firstHit):
					return []int{firstHit}, 0
				}
			}
		}
		// A topic the question names only to set it aside, after a word
		// of contrast ("is a candida infection and not just chafing",
		// "eczema rather than dry skin"), gives way to the others.
		if len(out) > 1 && !compare {
			if m := setAsideRE.FindStringIndex(question); m != nil {
				after := question[m[1]-1:]
				if i := strings.IndexAny(after, "?.;,"); i >= 0 {
					after = after[:i]
				}
				held := lexicon.NewTermSet(c.an.Terms(after))
				kept := slices.DeleteFunc(slices.Clone(out), func(ti int) bool { return t.namedIn(ti, held) })
				if len(kept) > 0 {
					out = kept
				}
			}
		}
		// Among topics the question names alike, those with a name that
		// holds most of the question's own words: "primary gastrointestinal
		// melanoma" before "melanoma", "tinea unguium" (onychomycosis) before
		// "tinea". A question that compares them ("melanoma versus basal
		// cell carcinoma") keeps both.
		if len(out) > 1 && !compare {
			words := c.an.Terms(question)
			own := lexicon.TermSet{}
			for _, w := range concepts {
				if !w.Filler {
					for _, term := range w.Terms {
						own[term] = struct{}{}
					}
				}
			}
			// A topic's specificity: the most of the question's own words
			// that one of its names, all of it asked, holds.
			// A name of several words counts only when the question holds
			// them together: "burn easy in sun" does not call sunburn by
			// "sun burn" more than it calls vitiligo by its name.
			spec := func(ti int) int {
				most := 0
				for k, name := range t.topics[ti].names {
					n, all := 0, true
					for _, term := range name {
						all = all && hasTerm(asked, term, len(name), k == 0)
						if own.Has(term) {
							n++
						}
					}
					if all && (len(name) == 1 || together(name, words, concepts)) {
						most = max(most, n)
					}
				}
				return most
			}
			// A topic of general care named by a product of several words
			// ("sun cream") is no more specific than the condition the
			// question asks about it for: "Why must people with vitiligo
			// put the sun cream on the white patches?" asks about
			// vitiligo. The conditions' specificity sets the bar.
			conditions := slices.ContainsFunc(out, func(ti int) bool { return !t.topics[ti].generic })
			most := 0
			for _, ti := range out {
				if !conditions || !t.topics[ti].generic {
					most = max(most, spec(ti))
				}
			}
			if most > 0 {
				out = slices.DeleteFunc(out, func(ti int) bool { return spec(ti) < most })
			}
			// Then those the question calls by their very title, in its
			// own words: "melanoma" before "intraocular (uveal) melanoma",
			// "atopic dermatitis" before a topic titled "eczema".
			titled := func(ti int) bool {
				for _, term := range t.topics[ti].names[0] {
					if !own.Has(term) {
						return false
					}
				}
				return len(t.topics[ti].names[0]) > 0
			}
			if slices.ContainsFunc(out, titled) {
				out = slices.DeleteFunc(out, func(ti int) bool { return !titled(ti) })
			}
		}
		// Among topics the question names alike, those retrieval found,
		// unless the question compares them.
		if len(out) > 1 && !compare {
			var found []int
			for _, ti := range out {
				for _, h := range hits {
					if pi, ok := t.byID[h.ID]; ok && t.passages[pi].topic == ti {
						found = append(found, ti)
						break
					}
				}
			}
			if len(found) > 0 {
				out = found
			}
		}
		slices.Sort(out)
		if len(out) > 3 {
			out = out[:0]
		}
	}
	if len(out) == 0 && firstHit >= 0 {
		return []int{firstHit}, bestCov
	}
	return out, bestCov
}

// careTerms are the analysed words of a name of care rather than of a
// condition ("sun protection", "sun safety").
var careTerms = map[string]bool{"protect": true, "protection": true, "safeti": true, "safety": true, "care": true, "prevent": true, "prevention": true, "hygien": true}

// likenessRE introduces what a question likens its topic to ("like acne
// is", "as with eczema", "unlike psoriasis").
var likenessRE = regexp.MustCompile(`(?i)\b(?:like|unlike|as\s+with|as\s+for|similar\s+to|the\s+same\s+(?:way\s+)?as)\s+(?:in\s+|with\s+|for\s+)?(?:an?\s+|the\s+)?\w`)

// setAsideRE introduces what a question sets aside ("and not just
// chafing", "rather than dry skin", "instead of acne").
var setAsideRE = regexp.MustCompile(`(?i)\b(?:and\s+not(?:\s+(?:just|simply|merely|only))?|but\s+not|not\s+(?:just|simply|merely)|rather\s+than|instead\s+of|as\s+opposed\s+to)\s+(?:an?\s+|the\s+|plain\s+|ordinary\s+)?\w`)

// together reports whether the terms of name follow one another in the
// question, whose analysed terms are words, or inside one way of writing a
// concept of it ("sun protection factor" for "spf").
func together(name, words []string, concepts []retrieve.Weighted) bool {
	if containsRun(words, name) {
		return true
	}
	for _, w := range concepts {
		for _, alt := range w.Alternatives {
			if containsRun(alt, name) {
				return true
			}
		}
	}
	return false
}

// containsRun reports whether seq holds run as consecutive elements.
func containsRun(seq, run []string) bool {
	for i := 0; i+len(run) <= len(seq); i++ {
		if slices.Equal(seq[i:i+len(run)], run) {
			return true
		}
	}
	return false
}
