package lexicon

import (
	"slices"
	"strconv"
	"strings"
)

// Concept is one idea in a question: a word or a multi-word term, with every
// equivalent way of writing it that the thesaurus knows.
type Concept struct {
	// Terms are the question's own analysed terms for the concept.
	Terms []string
	// Alternatives lists equivalent term sequences; Alternatives[0] is Terms.
	Alternatives [][]string
	// Group is the thesaurus set the concept belongs to, or -1.
	Group int
	// Filler is true for words that shape a question but carry no topic
	// ("look", "usually", "make"); they never decide relevance.
	Filler bool
}

// fillerWords shape questions without naming a topic. Words that signal what
// kind of answer is wanted (cause, treatment, symptom) are not fillers.
var fillerWords = []string{
	"make", "makes", "made", "get", "gets", "getting", "happen", "happens",
	"usually", "usual", "typically", "typical", "normally",
	"look", "looks", "like", "mean", "means", "know", "tell", "explain", "describe",
	"can", "thing", "things", "people", "someone", "person", "anyone", "one",
	"kind", "kinds", "way", "ways", "really", "also", "much", "many", "exactly",
	"actually", "common", "commonly", "often", "work", "works", "please", "question",
	"information", "info", "learn", "overview", "basic", "basics", "simple", "terms",
	"rid", "deal", "dealing", "recommend", "recommended", "recommendation", "suggest", "suggested",
	"advise", "advised", "advice", "need", "needed", "use", "used", "using", "important", "possible",
	"found", "find", "go", "goes", "going", "away", "come", "comes", "back", "keep", "kept", "stay",
	"take", "takes", "taking", "long", "still", "ever", "okay", "ok", "fine", "normal", "whether",
	"differ", "different", "difference", "compared", "compare", "versus", "apart", "told", "say",
	"said", "called", "name", "named", "mean", "meant", "refer", "refers", "referring", "happen", "happening", "start", "starts",
	"begin", "begins", "typically", "likely", "main", "usually", "step", "steps", "handle", "best", "good", "right", "exist", "existing",
	"just", "both", "couple", "anything", "become", "becomes", "became", "becoming", "something", "bit", "meaning", "words", "word", "reason", "reasons",
	// Text speak and greetings.
	"u", "ur", "r", "pls", "plz", "thx", "thanks", "cuz", "coz", "bc", "im", "ive", "dont", "doesnt", "cant", "vs", "tho", "lol",
	"hi", "hello", "hey", "guys", "wondering", "curious",
	// Words of when that tie parts of a question together.
	"afterwards", "afterward", "thereafter",
	// "Is it a serious matter?" asks whether it is serious.
	"matter", "matters",
}

// Concepts splits text into concepts: thesaurus phrases are matched greedily,
// longest first, and each remaining term is a concept of its own. A concept
// that repeats an earlier one is dropped.
func (a *Analyzer) Concepts(text string, th *Thesaurus) []Concept {
	terms := a.Terms(text)
	var out []Concept
	seen := map[string]bool{}
	for i := 0; i < len(terms); {
		if g, n, ok := th.Match(terms, i); ok {
			key := "g" + strconv.Itoa(g)
			if !seen[key] {
				seen[key] = true
				own := slices.Clone(terms[i : i+n])
				alts := [][]string{own}
				for _, p := range th.Group(g) {
					if !slices.Equal(p.Terms, own) {
						alts = append(alts, p.Terms)
					}
				}
				out = append(out, Concept{Terms: own, Alternatives: alts, Group: g})
			}
			i += n
			continue
		}
		t := terms[i]
		i++
		if seen["t"+t] {
			continue
		}
		seen["t"+t] = true
		out = append(out, Concept{Terms: []string{t}, Alternatives: [][]string{{t}}, Group: -1, Filler: a.filler[t]})
	}
	return out
}

// TermSet is a set of analysed terms.
type TermSet map[string]struct{}

// NewTermSet returns the set of terms.
func NewTermSet(terms ...[]string) TermSet {
	s := TermSet{}
	for _, ts := range terms {
		for _, t := range ts {
			s[t] = struct{}{}
		}
	}
	return s
}

// Add puts the terms in the set.
func (s TermSet) Add(terms ...string) {
	for _, t := range terms {
		s[t] = struct{}{}
	}
}

// Has reports whether t is in the set.
func (s TermSet) Has(t string) bool { _, ok := s[t]; return ok }

// Jaccard is the share of the terms in either set that are in both: 1 for
// two empty sets.
func (s TermSet) Jaccard(o TermSet) float64 {
	if len(s) == 0 && len(o) == 0 {
		return 1
	}
	inter := s.Shared(o)
	return float64(inter) / float64(len(s)+len(o)-inter)
}

// Shared is how many terms of s o holds too.
func (s TermSet) Shared(o TermSet) int {
	n := 0
	for t := range s {
		if o.Has(t) {
			n++
		}
	}
	return n
}

// Matched returns how much of c the terms hold: 1 when some alternative has
// all its terms in s, otherwise the largest share of one multi-word
// alternative's terms that s holds with its head word (so "chronic
// urticaria" goes some way to "chronic spontaneous urticaria"), and 0 for a
// single word that is absent.
func (c Concept) Matched(s TermSet) float64 { return c.MatchedIn(s, nil) }

// MatchedIn is Matched on the union of s and more, without building it.
func (c Concept) MatchedIn(s, more TermSet) float64 {
	best := 0.0
	for _, alt := range c.Alternatives {
		n := 0
		for _, t := range alt {
			if s.Has(t) || more.Has(t) {
				n++
			}
		}
		if n == len(alt) {
			return 1
		}
		// Partial credit needs the head word, the last: "chronic urticaria"
		// is part of "chronic spontaneous urticaria", but "acne" is no part
		// of "acne rosacea".
		if len(alt) > 1 && (s.Has(alt[len(alt)-1]) || more.Has(alt[len(alt)-1])) {
			best = max(best, float64(n)/float64(len(alt)))
		}
	}
	return best
}

// MatchedBy reports whether any alternative of c has all its terms in s.
func (c Concept) MatchedBy(s TermSet) bool {
	for _, alt := range c.Alternatives {
		all := true
		for _, t := range alt {
			if !s.Has(t) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// medicalSuffixes end words that name conditions, organisms and drugs.
var medicalSuffixes = []string{
	"itis", "iti", "osis", "osi", "oma", "iasis", "iasi", "emia", "aemia", "pathi", "pathy", "derma", "plasia",
	"ectomi", "otomi", "cyte", "coccus", "cocci", "virus", "viral", "mycosi", "acea", "ae",
	"um", "us", "ica", "mab", "nib", "cillin", "azol", "azole", "cyclin", "olol", "pril",
	"sartan", "statin", "sone", "olone", "imus", "ase", "gen", "cide", "philia", "phobia",
}

// everydayLatinate are everyday words, as analysed, with an ending of
// medicalSuffixes: "read on a forum that impetigo ..." names nothing the
// knowledge lacks.
var everydayLatinate = map[string]bool{
	"forum": true, "bonus": true, "campus": true, "album": true, "museum": true, "premium": true, "minimum": true,
	"maximum": true, "medium": true, "stadium": true, "status": true, "census": true, "chorus": true, "focus": true,
	"genius": true, "basi": true, "crisi": true, "analysi": true, "thesi": true, "tenni": true, "penni": true,
	"christma": true, "atla": true, "canva": true, "plus": true, "minus": true,
	"curriculum": true, "momentum": true, "aquarium": true, "gymnasium": true, "auditorium": true, "podium": true,
	// Adjectives in "-ous" that the stemmer leaves whole describe, they
	// do not name ("a big swollen bulbous nose").
	"bulbous": true, "famous": true, "nervous": true, "generous": true, "serious": true, "various": true, "jealous": true, "joyous": true,
	// Words in "-ase" the stemmer leaves whole name no enzyme: "what does
	// the phrase 'double-ended comedones' refer to?".
	"phrase": true, "chase": true, "showcase": true,
	// Everyday words in "-us" and "-um": "the missus came out in it".
	"missus": true, "circus": true, "hummus": true, "octopus": true, "cactus": true, "apparatus": true,
}

// LooksMedical reports whether an analysed term is shaped like a medical
// name: a Latin or Greek ending common in conditions, organisms and drug
// names. Used to decide how much a word the corpus lacks should weigh.
func LooksMedical(term string) bool {
	// Adjectives in "-ious" and "-eous" the stemmer leaves whole
	// ("anxious", "previous", "gorgeous") describe; they name nothing.
	if len(term) < 5 || everydayLatinate[term] || strings.HasSuffix(term, "ious") || strings.HasSuffix(term, "eous") {
		return false
	}
	for _, s := range medicalSuffixes {
		if strings.HasSuffix(term, s) {
			return true
		}
	}
	return false
}
