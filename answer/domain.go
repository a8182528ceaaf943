package answer

import (
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

// This file tells whether a question is about dermatology at all: the skin
// words it holds, their other everyday senses and the words the version
// never uses. The words and expressions are data (domain.txt).

// domainText is the word lists of domain.txt.
//
//go:embed domain.txt
var domainText string

// englishNearText is english_near.txt: English words within a spelling
// slip of a thesaurus term, generated from a word list of English.
//
//go:embed english_near.txt
var englishNearText string

// englishNear holds the words of english_near.txt, which the spelling
// correction leaves as they are.
var englishNear = wordSet(listWords(englishNearText))

// listWords returns the words of a list file, one a line, after its
// comment lines ("#").
func listWords(text string) []string {
	var out []string
	for line := range strings.Lines(text) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// The lists of domain.txt (see its header): skin words, the ambiguous ones,
// a topic's everyday name in another sense, an ambiguous word used as a
// verb.
var (
	domainLists        = mustParseDomain(domainText)
	skinWords          = domainLists["skin"]
	ambiguousSkinWords = domainLists["ambiguous"]
	otherSenseRE       = anyOf(domainLists["other sense"])
	verbUseRE          = anyOf(domainLists["verb use"])
	notNames           = wordSet(domainLists["not names"])
	textSpeak          = pairMap(domainLists["text speak"])
	everydayWords      = domainLists["everyday"]
	otherConditions    = newPhraseSet(domainLists["other conditions"])
	symptomNamesRE     = anyOf(domainLists["symptom names"])
)

// phraseSet finds any of a list of phrases in a text as whole words, case
// ignored, longest first: a word-by-word match, which a list of a few
// hundred phrases makes far cheaper than one regular expression.
type phraseSet struct {
	byFirst map[string][][]string // a phrase's words, by its first word; longest first
}

// newPhraseSet returns the set of phrases, each read as its words.
func newPhraseSet(phrases []string) phraseSet {
	ps := phraseSet{byFirst: map[string][][]string{}}
	for _, p := range phrases {
		var words []string
		for _, w := range wordSpans(p) {
			words = append(words, strings.ToLower(p[w[0]:w[1]]))
		}
		if len(words) > 0 {
			ps.byFirst[words[0]] = append(ps.byFirst[words[0]], words)
		}
	}
	for _, list := range ps.byFirst {
		slices.SortStableFunc(list, func(a, b []string) int { return len(b) - len(a) })
	}
	return ps
}

// find returns where phrases of the set stand in text, as byte spans, left
// to right and not overlapping.
func (ps phraseSet) find(text string) [][2]int {
	spans := wordSpans(text)
	var out [][2]int
	for i := 0; i < len(spans); i++ {
		list := ps.byFirst[strings.ToLower(text[spans[i][0]:spans[i][1]])]
		for _, words := range list {
			if i+len(words) > len(spans) || !slices.EqualFunc(words[1:], spans[i+1:i+len(words)], func(w string, sp [2]int) bool {
				return strings.EqualFold(w, text[sp[0]:sp[1]])
			}) {
				continue
			}
			out = append(out, [2]int{spans[i][0], spans[i+len(words)-1][1]})
			i += len(words) - 1
			break
		}
	}
	return out
}

// wordSpans returns the byte spans of text's words: runs of letters,
// digits, apostrophes and hyphens.
func wordSpans(text string) [][2]int {
	var out [][2]int
	start := -1
	for i, r := range text {
		in := unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’' || r == '-'
		switch {
		case in && start < 0:
			start = i
		case !in && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(text)})
	}
	return out
}

// NamesOnlyOtherConditions reports whether the question names a skin
// condition the version has no topic of (domain.txt's other conditions)
// and no topic of the version outside that name: "How is tinea versicolor
// treated?" asks about neither tinea corporis nor tinea pedis. Such a
// question is not answered from any part of itself either: "Is keratosis
// pilaris contagious? the tiny rough bumps on the arms" is not a question
// about rough bumps.
func (c *Composer) NamesOnlyOtherConditions(question string) bool {
	if c.namesOnlyOther(question) {
		return true
	}
	// A question proper that asks what another condition is asks about
	// it, whatever words of the version its context uses to describe it
	// ("In cold weather his toes go itchy and purplish-red. What are
	// chilblains ...?"); one that names another condition in passing does
	// not ("I was diagnosed with shingles. Can the virus spread to someone
	// who never had chickenpox?").
	asked, ok := questionSentences(question)
	if !ok {
		return false
	}
	m := whatIsOtherRE.FindStringIndex(asked)
	if m == nil {
		return false
	}
	locs := otherConditions.find(asked)
	return len(locs) > 0 && locs[0][0] == m[1] && c.namesOnlyOther(asked)
}

// whatIsOtherRE is the opening of a question that asks what something is:
// "What are", "what's a".
var whatIsOtherRE = regexp.MustCompile(`(?i)^\W*(?:what\s+(?:is|are)|what'?s|whats)\s+(?:an?\s+|the\s+)?`)

// namesOnlyOther is NamesOnlyOtherConditions for text as a whole.
func (c *Composer) namesOnlyOther(question string) bool {
	locs := otherConditions.find(question)
	if locs == nil {
		return false
	}
	rest := []byte(question)
	other := false
	for _, l := range locs {
		if len(c.topics.exactlyName(question[l[0]:l[1]])) > 0 {
			continue // a topic of the version goes by that name
		}
		other = true
		for i := l[0]; i < l[1]; i++ {
			rest[i] = ' '
		}
	}
	if !other {
		return false
	}
	// Beside it, a symptom that names a topic of the version ("so
	// itchy") describes the condition named.
	described := symptomNamesRE.ReplaceAllString(string(rest), " ")
	return !c.namesTopic(askedTerms(c.ix.Analyze(described)))
}

// pairMap reads "word=meaning" pairs.
func pairMap(pairs []string) map[string]string {
	out := make(map[string]string, len(pairs))
	for _, p := range pairs {
		if k, v, ok := strings.Cut(p, "="); ok {
			out[k] = v
		}
	}
	return out
}

// wordSet returns the words as a set.
func wordSet(words []string) map[string]bool {
	out := make(map[string]bool, len(words))
	for _, w := range words {
		out[w] = true
	}
	return out
}

// parseDomain reads domain.txt: sections opened by "[name]" lines, each
// holding words separated by spaces or, for the expression sections, one
// expression a line.
func parseDomain(text string) (map[string][]string, error) {
	out := map[string][]string{}
	section := ""
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			section = line[1 : len(line)-1]
		case section == "":
			return nil, fmt.Errorf("domain.txt:%d: a line before any section", i+1)
		case lineSection[section]:
			out[section] = append(out[section], strings.ToLower(line))
		case expressionSection[section]:
			if _, err := regexp.Compile(line); err != nil {
				return nil, fmt.Errorf("domain.txt:%d: %v", i+1, err)
			}
			out[section] = append(out[section], line)
		default:
			out[section] = append(out[section], strings.Fields(line)...)
		}
	}
	for _, want := range []string{"skin", "ambiguous", "other sense", "verb use", "not names", "other conditions", "symptom names"} {
		if len(out[want]) == 0 {
			return nil, fmt.Errorf("domain.txt: section [%s] missing or empty", want)
		}
	}
	return out, nil
}

// expressionSection marks the sections of domain.txt that hold expressions.
var expressionSection = map[string]bool{"other sense": true, "verb use": true}

// lineSection marks the sections of domain.txt that hold one phrase a line.
var lineSection = map[string]bool{"other conditions": true}

// mustParseDomain parses the embedded lists, which are part of the build
// and checked by tests: damaged ones panic.
func mustParseDomain(text string) map[string][]string {
	m, err := parseDomain(text)
	if err != nil {
		panic("answer: " + err.Error())
	}
	return m
}

// anyOf is one expression matching any of exprs as whole words, case
// ignored.
func anyOf(exprs []string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:` + strings.Join(exprs, "|") + `)\b`)
}

// foreignWord reports whether w is a word the version never uses that
// names no medical thing: a sign that a question is about something else
// ("rust", "yolk", "herbs"). Units and short words ("kg") are none.
func foreignWord(w retrieve.Weighted) bool {
	t := w.Terms[0]
	return !w.Filler && !w.Known && len(w.Terms) == 1 && w.Group < 0 && len(t) >= minForeignLen && !lexicon.LooksMedical(t) && strings.IndexFunc(t, unicode.IsDigit) < 0
}

// minForeignLen is the shortest word that can be foreign to the version: a
// unit ("kg") or an abbreviation is no sign of another subject.
const minForeignLen = 4

// ambiguousRE finds the ambiguous skin words.
var ambiguousRE = regexp.MustCompile(`(?i)\b(?:` + strings.Join(ambiguousSkinWords, "|") + `)\b`)

// WithoutAmbiguous returns question with its skin words of another everyday
// sense ("patches", "boil") and a topic's name used in another sense
// ("moles digging up my lawn") taken out, so that a caller can ask whether
// anything else in it names the body or a person's health.
func WithoutAmbiguous(question string) string {
	return ambiguousRE.ReplaceAllString(otherSenseRE.ReplaceAllString(question, " "), " ")
}

// ownedRE finds an ambiguous skin word that a person owns: "my boil", "her
// swollen patch", "my baby's sore".
var ownedRE = regexp.MustCompile(`(?i)\b(?:my|his|her|your|their|our|\w+'s)\s+(?:[a-z-]+\s+)?(?:` + strings.Join(ambiguousSkinWords, "|") + `)\b`)

// Dermatological reports whether a question, given with its analysis
// (retrieve.Index.Analyze), is about dermatology at all:
// it names a topic of the version, a thesaurus or medical term the version
// holds, or the skin, hair or nails and what happens to them, or most of its
// words are the version's. A question
// that is not ("How do I fix my car's transmission?") is outside what any
// version answers.
func (c *Composer) Dermatological(question string, concepts []retrieve.Weighted) bool {
	derm, _ := c.dermatological(question, concepts)
	return derm
}

// DermatologicalSense is Dermatological, and whether a question that is not
// has skin words only of another everyday sense, used so ("How long should
// I boil an egg?", "rust patches on my car door"): a question about
// something else, which no screen should read as a decision about a
// person's care. Ask reads both at once.
func (c *Composer) DermatologicalSense(question string, concepts []retrieve.Weighted) (derm, otherSense bool) {
	derm, other := c.dermatological(question, concepts)
	return derm, !derm && other
}

// analyseDomainWords analyses domain.txt's skin, everyday and ambiguous
// words, and the words that describe a lesion, once.
func (c *Composer) analyseDomainWords() {
	c.skinOnce.Do(func() {
		terms := func(words []string) lexicon.TermSet {
			set := lexicon.TermSet{}
			for _, w := range words {
				if t := c.an.Term(w); t != "" {
					set[t] = struct{}{}
				}
			}
			return set
		}
		c.skinSet = terms(skinWords)
		c.everydaySet = terms(everydayWords)
		c.ambiguousSet = terms(ambiguousSkinWords)
		c.lesionSet = terms(lesionWords)
	})
}

// dermatological is Dermatological, and whether the question's skin words
// read in another everyday sense: a topic's name beside a word of that
// sense, an ambiguous word used as a verb, or one beside a word the version
// never uses that no person owns.
func (c *Composer) dermatological(question string, concepts []retrieve.Weighted) (derm, otherSense bool) {
	// A topic's everyday name in another sense ("moles digging up the
	// lawn", "bee hives") names no topic.
	if otherSenseRE.MatchString(question) {
		return false, true
	}
	c.analyseDomainWords()
	asked := lexicon.NewTermSet()
	words, known, rare, foreign := 0, 0, false, false
	var ambiguous []string // skin words with another everyday sense
	for _, w := range concepts {
		if w.Filler {
			continue
		}
		if !c.phrasing(w.Concept) {
			words++
			if df := c.ix.DocFreq(w.Terms[0]); df > 0 {
				known++
				rare = rare || len(w.Terms[0]) >= 5 && df*40 <= c.ix.Len()
			} else if foreignWord(w) {
				foreign = true
			}
		}
		// A name of two words or more has no other sense: "plaque" alone
		// may be a dentist's, "plaque psoriasis" is not.
		if len(w.Terms) == 1 && c.ambiguousSet.Has(w.Terms[0]) {
			ambiguous = append(ambiguous, w.Terms[0])
			continue
		}
		if w.Known && w.Domain && !c.phrasing(w.Concept) && !(len(w.Terms) == 1 && c.everydaySet.Has(w.Terms[0])) {
			return true, false
		}
		for _, alt := range w.Alternatives {
			for _, t := range alt {
				if c.skinSet.Has(t) {
					return true, false
				}
				asked[t] = struct{}{}
			}
		}
	}
	if c.namesTopic(asked) || c.namesWithAmbiguous(asked, ambiguous) {
		return true, false
	}
	// A skin word with another everyday sense ("patches", "boil") names
	// the skin unless the question also holds words the version never uses
	// ("rust patches on my car door") or uses it as a verb ("should I boil
	// an egg?").
	verb := len(ambiguous) > 0 && verbUseRE.MatchString(question)
	if len(ambiguous) > 0 && !foreign && !verb {
		return true, false
	}
	// Beside a word the version never uses, an ambiguous word has its
	// other sense unless a person's body owns it ("my boil", but "rust
	// patches on my car door").
	other := verb || len(ambiguous) > 0 && foreign && !ownedRE.MatchString(question)
	// Failing those, most of its words are the version's, one of them a
	// rare one ("isotretinoin"), and none is foreign to it: a question
	// whose words are mostly foreign to the version ("fix", "car" beside
	// "transmission"), or that holds a word it never uses ("acid reflux"),
	// is not.
	return rare && !foreign && float64(known) >= dermKnownShare*float64(words), other
}

// dermKnownShare is the share of a question's words the version must use
// for the question to count as dermatology without naming a skin word.
const dermKnownShare = 0.6

// namesWithAmbiguous reports whether a name of a topic of two words or
// more, one of them a skin word of another everyday sense and one not,
// is asked whole: "sun poisoning" names sunburn however many words the
// version never uses stand beside it ("my mate says it's sun poisoning").
func (c *Composer) namesWithAmbiguous(asked lexicon.TermSet, ambiguous []string) bool {
	if len(ambiguous) == 0 {
		return false
	}
	amb := lexicon.NewTermSet(ambiguous)
	for _, tp := range c.topics.topics {
		for _, name := range tp.names {
			if len(name) < 2 {
				continue
			}
			hasAmb, hasOther, all := false, false, true
			for _, t := range name {
				switch {
				case amb.Has(t):
					hasAmb = true
				case asked.Has(t):
					hasOther = true
				default:
					all = false
				}
			}
			if all && hasAmb && hasOther {
				return true
			}
		}
	}
	return false
}
