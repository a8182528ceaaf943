package answer

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dermliving/dermliving/lexicon"
)

// Correction is one word of a question read as another: a misspelled name
// of something the version holds ("exema" as "eczema").
type Correction struct {
	From, To string
}

// Correct returns the question with misspelled names corrected, and the
// corrections. A word is corrected only when the version's passages never
// use it, it is not a stop word, and one name word of the version's topics
// lies within a small edit distance of it (one edit for words of four
// letters, two for longer ones), the first letter kept unless the word is
// long and the slip single; a word the passages do use is corrected only
// to complete a two-word name beside it ("liken planus"). The corrections
// stand only when the corrected question names one of the version's
// topics.
func (c *Composer) Correct(question string) (string, []Correction) {
	expanded, spoken := expandTextSpeak(question)
	corrected, fixes := c.correct(expanded)
	return corrected, append(spoken, fixes...)
}

// textSpeakRE finds a word typed in text speak (domain.txt's text speak).
var textSpeakRE = func() *regexp.Regexp {
	words := slices.Sorted(maps.Keys(textSpeak))
	return regexp.MustCompile(`(?i)\b(?:` + strings.Join(words, "|") + `)\b`)
}()

// expandTextSpeak writes the words of question typed in text speak as the
// words they stand for ("what r" as "what are"), with a Correction each.
func expandTextSpeak(question string) (string, []Correction) {
	var fixes []Correction
	out := textSpeakRE.ReplaceAllStringFunc(question, func(w string) string {
		to := textSpeak[strings.ToLower(w)]
		fixes = append(fixes, Correction{From: w, To: to})
		return to
	})
	return out, fixes
}

// correct is Correct without text speak.
func (c *Composer) correct(question string) (string, []Correction) {
	type fix struct {
		i, j int
		to   string
	}
	var fixes []fix
	var spans [][2]int // every word of the question
	for i := 0; i < len(question); {
		r, size := utf8.DecodeRuneInString(question[i:])
		if !unicode.IsLetter(r) {
			i += size
			continue
		}
		j := i
		for j < len(question) {
			r, size := utf8.DecodeRuneInString(question[j:])
			if !unicode.IsLetter(r) && r != '\'' {
				break
			}
			j += size
		}
		spans = append(spans, [2]int{i, j})
		if to, ok := c.correctWord(strings.ToLower(question[i:j])); ok {
			fixes = append(fixes, fix{i, j, to})
		}
		i = j
	}
	// A word the passages use may still be a slip for the other word of a
	// two-word name whose one word stands beside it: "liken planus" for
	// "lichen planus".
	for k, sp := range spans {
		if slices.ContainsFunc(fixes, func(f fix) bool { return f.i == sp[0] }) {
			continue
		}
		w := strings.ToLower(question[sp[0]:sp[1]])
		var before, after string
		if k > 0 {
			before = strings.ToLower(question[spans[k-1][0]:spans[k-1][1]])
		}
		if k+1 < len(spans) {
			after = strings.ToLower(question[spans[k+1][0]:spans[k+1][1]])
		}
		if to, ok := c.correctBeside(w, before, after); ok {
			fixes = append(fixes, fix{sp[0], sp[1], to})
		}
	}
	slices.SortFunc(fixes, func(a, b fix) int { return a.i - b.i })
	if len(fixes) == 0 {
		return question, nil
	}
	apply := func(fs []fix) string {
		var b strings.Builder
		last := 0
		for _, f := range fs {
			b.WriteString(question[last:f.i])
			b.WriteString(f.to)
			last = f.j
		}
		b.WriteString(question[last:])
		return b.String()
	}
	names := func(q string) bool { return c.namesTopic(askedTerms(c.ix.Analyze(q))) }
	// A correction must make the question name a topic: "roses" is not
	// read as the "rosea" of pityriasis rosea, nor "herbs" as "herpes", in a
	// question that names neither. One the question names a topic without
	// is left out ("store" is not read as "sore" beside "herpes").
	if !names(apply(fixes)) {
		return question, nil
	}
	for k := 0; k < len(fixes) && len(fixes) > 1; {
		without := slices.Delete(slices.Clone(fixes), k, k+1)
		// A misspelled medical word is corrected even when the question
		// names its topic without it: left as it is, "dermatitus" in
		// "alergic contact dermatitus" would read as the name of something
		// the version lacks.
		// Nor is one that writes a word of a topic the question names
		// without it: "hidradenitis supperativa" is suppurativa.
		if names(apply(without)) && !lexicon.LooksMedical(c.an.Term(strings.ToLower(question[fixes[k].i:fixes[k].j]))) && !c.writesNamed(apply(without), fixes[k].to) {
			fixes = without
			continue
		}
		k++
	}
	// Nor is a correction that names no topic the question does not name
	// without it, unless it writes a word of a topic named: "How can a
	// doctor be sure it is tinea corporis?" is not read as "sore", which
	// names nothing beside tinea corporis, while "molluscum contagiosm" is
	// still read as "contagiosum".
	topics := func(q string) map[int]bool { return c.namedTopics(askedTerms(c.ix.Analyze(q))) }
	have := topics(apply(fixes))
	for k := 0; k < len(fixes); {
		without := slices.Delete(slices.Clone(fixes), k, k+1)
		lack := topics(apply(without))
		keep := len(lack) == 0
		for ti := range have {
			keep = keep || !lack[ti] || c.topicWord(ti, fixes[k].to)
		}
		if !keep {
			fixes, have = without, lack
			continue
		}
		k++
	}
	// A first letter changed is a slip only in a question that names no
	// topic without it ("zerosis"): beside moles, "a poster in the
	// surgery" is a poster, not zoster.
	for k := 0; k < len(fixes); {
		from := strings.ToLower(question[fixes[k].i:fixes[k].j])
		without := slices.Delete(slices.Clone(fixes), k, k+1)
		if from[0] != fixes[k].to[0] && !silentFirst(fixes[k].to, from) && names(apply(without)) {
			fixes = without
			continue
		}
		k++
	}
	if len(fixes) == 0 {
		return question, nil
	}
	corrected := apply(fixes)
	// A word the version never uses beside a correction is no sign that
	// the question is about something else: misspelled questions hold
	// other misspelled words ("wat causes exema to get wrose"). An English
	// word near a name is never corrected in the first place
	// (english_near.txt: "how to store fresh herbs" is not about herpes).
	out := make([]Correction, len(fixes))
	for k, f := range fixes {
		out[k] = Correction{From: question[f.i:f.j], To: f.to}
	}
	return corrected, out
}

func (c *Composer) correctWord(w string) (string, bool) {
	if len(w) < 4 || len(w) > 30 {
		return "", false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return "", false
		}
	}
	// An English word near a name is the word its writer meant: "300
	// miles a day" is not about moles (english_near.txt). Beside the other
	// word of its name it may still be a slip (correctBeside: "basil cell
	// carcinoma").
	if _, ok := c.topics.words[w]; ok || notNames[w] || englishNear[w] {
		return "", false
	}
	t := c.an.Term(w)
	if t == "" || c.ix.DocFreq(t) > 0 {
		return "", false
	}
	limit := 1
	if len(w) >= 5 {
		limit = 2
	}
	// A long name may take three slips, its first two letters kept
	// ("onicomicosis" for "onychomycosis": y written i twice, the h left
	// out).
	if len(w) >= minThreeSlipLen {
		limit = 3
	}
	best, bestD, bestDF, ties := "", limit+1, -1, 0
	for cand, term := range c.topics.words {
		if abs(len(cand)-len(w)) > limit {
			continue
		}
		d := lexicon.EditDistance(w, cand, limit)
		if d == 3 && (len(cand) < minThreeSlipLen || cand[:2] != w[:2]) {
			continue
		}
		// The first letter is kept, but for one slip in a long word
		// ("zerosis" for "xerosis") and a silent first letter left out
		// ("soriasis", "sorriasis" for "psoriasis").
		if cand[0] != w[0] && (d > 1 || len(w) < 6) && !silentFirst(cand, w) {
			continue
		}
		// Two edits may add letters a writer dropped ("exema" for
		// "eczema"), not remove letters a writer typed: "rosacea" is not
		// "rosea". In a long word one letter typed twice may come with
		// another slip ("dermmotitis" for "dermatitis").
		if d > limit || d == 2 && len(cand) < len(w) && (len(cand) < len(w)-1 || len(w) < minDoubledLen || !doubledLetter(w)) {
			continue
		}
		// Two letters changed apart in a short word make another word, not
		// a slip: "words" is not "warts". Two side by side are one slip of
		// the hand or ear ("excema" for "eczema").
		if d == 2 && len(cand) == len(w) && len(w) < minTwoSwapLen && !adjacentChanges(w, cand) {
			continue
		}
		df := c.ix.DocFreq(term)
		switch {
		case d < bestD || d == bestD && df > bestDF:
			best, bestD, bestDF, ties = cand, d, df, 0
		case d == bestD && df == bestDF && cand != best:
			ties++
		}
	}
	if best == "" || ties > 0 {
		return "", false
	}
	return best, true
}

// silentFirst reports whether w may be cand written without its silent
// first letter: the "p" of "ps" and "pn", the "k" and "g" of "kn" and "gn",
// the "w" of "wr", the "m" of "mn".
func silentFirst(cand, w string) bool {
	if len(cand) < 2 || cand[1] != w[0] {
		return false
	}
	switch cand[:2] {
	case "ps", "pn", "pt", "kn", "gn", "wr", "mn":
		return true
	}
	return false
}

// correctBeside returns the name word that w is a slip for, when the word
// before or after it completes a two-word name with that name word ("liken
// planus" for "lichen planus"): within the edit distance correctWord
// allows, first letter kept, or three letters dropped from a long word the
// passages never use, its first two kept.
func (c *Composer) correctBeside(w, before, after string) (string, bool) {
	if len(w) < 4 || notNames[w] {
		return "", false
	}
	if _, ok := c.topics.words[w]; ok {
		return "", false
	}
	tw := c.an.Term(w)
	limit := 1
	if len(w) >= 5 {
		limit = 2
	}
	// Beside the other word of its name, a long word the passages never
	// use may have lost a third letter ("seboric dermatitis" for
	// "seborrheic dermatitis"): the name's other word vouches for it.
	unused := len(w) >= minWideLen && tw != "" && c.ix.DocFreq(tw) == 0
	if unused {
		limit = 3
	}
	for _, side := range [2]struct {
		neighbour string
		at        int // the neighbour's place in the name
	}{{after, 1}, {before, 0}} {
		if side.neighbour == "" {
			continue
		}
		tn, ok := c.topics.words[side.neighbour]
		if !ok {
			continue
		}
		for _, name := range c.topics.pairs[tn] {
			if name[side.at] != tn || name[0] == tw || name[1] == tw {
				continue
			}
			want := name[1-side.at]
			best, bestD := "", limit+1
			for cand, term := range c.topics.words {
				if term != want || cand[0] != w[0] || abs(len(cand)-len(w)) > limit {
					continue
				}
				d := lexicon.EditDistance(w, cand, limit)
				if d == 3 && (len(cand) <= len(w) || cand[:2] != w[:2]) {
					continue
				}
				if d > 0 && (d < bestD || d == bestD && cand < best) {
					best, bestD = cand, d
				}
			}
			if best != "" {
				return best, true
			}
		}
	}
	return "", false
}

// writesNamed reports whether word is a word of a name of a topic the
// question names.
func (c *Composer) writesNamed(question, word string) bool {
	for ti := range c.namedTopics(askedTerms(c.ix.Analyze(question))) {
		if c.topicWord(ti, word) {
			return true
		}
	}
	return false
}

// minThreeSlipLen is the shortest word that may be three slips from a
// name.
const minThreeSlipLen = 10

// minWideLen is the shortest word that may be three letters short of a
// name word beside the other word of its name.
const minWideLen = 6

// topicWord reports whether word is a word of one of the topic's names.
func (c *Composer) topicWord(ti int, word string) bool {
	t := c.an.Term(word)
	for _, name := range c.topics.topics[ti].names {
		if slices.Contains(name, t) {
			return true
		}
	}
	return false
}

// minTwoSwapLen is the shortest word in which two changed letters may be
// slips of one word rather than another word.
const minTwoSwapLen = 7

// adjacentChanges reports whether a and b, of one length, differ in two
// letters side by side and nowhere else.
func adjacentChanges(a, b string) bool {
	first := -1
	for i := 0; i < len(a); i++ {
		if a[i] == b[i] {
			continue
		}
		switch {
		case first < 0:
			first = i
		case i != first+1:
			return false
		}
	}
	return first >= 0
}

// minDoubledLen is the shortest word whose doubled letter may come with
// another slip.
const minDoubledLen = 8

// doubledLetter reports whether w holds a letter typed twice in a row.
func doubledLetter(w string) bool {
	for i := 1; i < len(w); i++ {
		if w[i] == w[i-1] {
			return true
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
