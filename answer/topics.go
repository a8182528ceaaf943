package answer

import (
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/lexicon"
)

// A topic is what a group of passages is about: a condition or a general
// subject. In a bundle whose sections read "Topic / kind" (MedQuAD's "Acne /
// symptoms"), the topic is the part before the slash; otherwise it is the
// passage's source title ("Shingles") and the section is the kind of answer.
type topic struct {
	name     string
	title    []string   // the name's analysed terms
	names    [][]string // analysed ways of naming the topic: title parts and aliases
	passages []int      // indexes into Topics.passages, in document order
	// ids and weights hold, term by term of names, each term's number (see
	// Topics.termID) and its rarity weight among topic names (see
	// nameCover), set once every name is known.
	ids     [][]int32
	weights [][]float64
	// sites marks, term by term of names, a place on the body ("nose" in
	// "rum nose"), a word that describes a lesion ("sore" in "cold
	// sores") or one that says who has it ("childhood" in "childhood
	// eczema"): a name is not asked by such words alone.
	sites [][]bool
	// generic is true when the topic's title holds only words that never
	// name a topic alone (genericName): "General skin care".
	generic bool
	// subjects holds the names (their terms joined by spaces) of subjects
	// the topic covers ("emollients" in general skin care, see addSubject):
	// such a name does not keep a topic of general care beside a condition
	// the question names too.
	subjects map[string]bool
	// subject marks, name by name, the names in subjects: a subject is
	// asked only by all its words ("cream" alone asks for no "steroid
	// cream").
	subject []bool
}

// passageInfo is what the composer needs of a passage besides its text.
type passageInfo struct {
	id      string
	topic   int
	kind    string // the section, or the part after " / "
	intents Intent // what the section answers
	section []string
	title   []string
}

// Topics indexes a version's passages by topic. It is built once per version
// (see For) and is safe for concurrent use.
type Topics struct {
	an       *lexicon.Analyzer
	topics   []topic
	passages []passageInfo
	byID     map[string]int
	byTerm   map[string][]int // name term -> topics whose names hold it
	nameDF   map[string]int   // name term -> number of topics naming it
	termID   map[string]int32 // name term -> its number, from 0
	words    map[string]string
	// pairs indexes each two words side by side in a name by each of them (see
	// Composer.correctBeside), set once every name is known.
	pairs map[string][][2]string
	// nameTopics counts, for each name (its terms joined by spaces), the
	// topics it names, set once every name is known.
	nameTopics map[string]int
}

// splitSection returns a passage's topic name and kind of answer.
func splitSection(title, section string) (name, kind string) {
	if i := strings.LastIndex(section, " / "); i >= 0 {
		return strings.TrimSpace(section[:i]), strings.TrimSpace(section[i+3:])
	}
	return title, section
}

// nameSplitRE cuts a title into the names it joins: "Sunburn and sun
// protection" names sunburn and sun protection.
var nameSplitRE = regexp.MustCompile(`(?i)\s*(?:,|;|\band\b|\bor\b|\(|\))\s*`)

// alsoCalledRE finds another name a passage gives its subject: "Shingles,
// known medically as herpes zoster", "sometimes called spot baldness".
var alsoCalledRE = regexp.MustCompile(`(?i)\b(?:also|often|sometimes|commonly|widely|popularly|medically)?\s*(?:called|known as|referred to as|termed)\s+((?:[A-Za-z'-]+\s?){1,4})`)

// aliasStop ends an alias taken from a passage at the first word that is no
// part of a name.
var aliasStop = map[string]bool{"is": true, "are": true, "which": true, "that": true, "and": true, "or": true, "in": true, "on": true, "of": true, "by": true, "because": true, "when": true, "with": true, "a": true, "an": true, "the": true, "it": true, "its": true, "for": true, "to": true, "as": true, "can": true, "may": true, "was": true}

func newTopics(kv *evidence.Version, an *lexicon.Analyzer, th *lexicon.Thesaurus) *Topics {
	t := &Topics{an: an, byID: map[string]int{}, byTerm: map[string][]int{}, nameDF: map[string]int{}, words: map[string]string{}}
	byName := map[string]int{}
	for p := range kv.All() {
		src, _ := kv.Source(p.SourceID, p.SourceVersion)
		name, kind := splitSection(src.Title, p.Locator.Section)
		ti, ok := byName[strings.ToLower(name)]
		if !ok {
			ti = len(t.topics)
			byName[strings.ToLower(name)] = ti
			t.topics = append(t.topics, topic{name: name, title: t.an.Terms(name)})
			for _, part := range append([]string{name}, nameSplitRE.Split(name, -1)...) {
				t.addName(ti, part)
				// "Dermatomyositis skin signs" is named by "dermatomyositis".
				var kept []string
				for _, w := range strings.Fields(part) {
					if !genericName[strings.ToLower(w)] {
						kept = append(kept, w)
					}
				}
				if len(kept) > 0 && len(kept) < len(strings.Fields(part)) {
					t.addName(ti, strings.Join(kept, " "))
				}
			}
		}
		// A section that is no kind of answer names a subject of the topic
		// ("Sunscreen" in general skin care). In a topic of general care,
		// so does every section not named for a kind of answer (not its
		// overview, not when to see a clinician), and each subject of a section named for two ("Emollients
		// and moisturisers") names it alone, and a subject is named without
		// the word for what is said of it ("Topical corticosteroid
		// strengths"). These everyday words ("bathing") are no words a
		// misspelling is corrected to ("baking").
		if sectionIntents(kind) == 0 || strings.EqualFold(kind, "sunscreen") {
			t.addName(ti, kind)
		}
		if genericTitle(name) && kindOf(kind) == "" {
			t.addSubject(ti, kind)
			for _, part := range nameSplitRE.Split(kind, -1) {
				fields := strings.Fields(part)
				if n := len(fields); n > 1 && subjectAspect[strings.ToLower(fields[n-1])] {
					fields = fields[:n-1]
				}
				t.addSubject(ti, strings.Join(fields, " "))
			}
		}
		pi := len(t.passages)
		t.passages = append(t.passages, passageInfo{id: p.ID, topic: ti, kind: kind, intents: sectionIntents(kind), section: an.Terms(kind), title: an.Terms(name)})
		t.byID[p.ID] = pi
		t.topics[ti].passages = append(t.topics[ti].passages, pi)
		// Another name the passage gives its subject, in a passage that says
		// what the topic is.
		if t.passages[pi].intents&Definition != 0 {
			for _, m := range alsoCalledRE.FindAllStringSubmatch(p.Text, 3) {
				var words []string
				for _, w := range strings.Fields(m[1]) {
					if aliasStop[strings.ToLower(w)] {
						break
					}
					words = append(words, w)
				}
				if len(words) > 0 {
					t.addName(ti, strings.Join(words, " "))
				}
			}
		}
	}
	// Thesaurus sets that name a topic name it too: "eczema" names atopic
	// dermatitis.
	if th != nil {
		for i := range th.Len() {
			if th.General(i) {
				continue
			}
			g := th.Group(i)
			var named []int
			// subject[ti]: ti is named by the group's subject names only.
			subject := map[int]bool{}
			for _, p := range g {
				for _, ti := range t.exactly(p.Terms) {
					s, seen := subject[ti]
					subject[ti] = t.topics[ti].subjects[strings.Join(p.Terms, " ")] && (s || !seen)
					if !seen {
						named = append(named, ti)
					}
				}
			}
			for _, ti := range named {
				for _, p := range g {
					t.addPhrase(ti, p.Text, p.Terms, subject[ti])
				}
			}
		}
	}
	for _, a := range aliases {
		for _, ti := range t.exactlyName(a.target) {
			for _, n := range a.names {
				t.addName(ti, n)
			}
		}
	}
	t.weigh()
	return t
}

// weigh numbers every name term and computes, for each topic name, its
// terms' numbers and rarity weights, so that nameCover reads no map and
// takes no logarithm per question.
func (t *Topics) weigh() {
	t.termID = map[string]int32{}
	t.pairs = map[string][][2]string{}
	t.nameTopics = map[string]int{}
	n := float64(len(t.topics))
	for ti := range t.topics {
		tp := &t.topics[ti]
		seen := map[string]bool{}
		for _, name := range tp.names {
			if key := strings.Join(name, " "); !seen[key] {
				seen[key] = true
				t.nameTopics[key]++
			}
		}
		tp.ids = make([][]int32, len(tp.names))
		tp.weights = make([][]float64, len(tp.names))
		tp.sites = make([][]bool, len(tp.names))
		tp.subject = make([]bool, len(tp.names))
		for k, name := range tp.names {
			tp.subject[k] = tp.subjects[strings.Join(name, " ")]
		}
		// Each two words side by side in a name of two or more: "basal
		// cell" in "basal cell carcinoma" vouches for "basil cell".
		for _, name := range tp.names {
			for k := 0; k+1 < len(name); k++ {
				pair := [2]string{name[k], name[k+1]}
				t.pairs[name[k]] = append(t.pairs[name[k]], pair)
				t.pairs[name[k+1]] = append(t.pairs[name[k+1]], pair)
			}
		}
		tp.generic = len(tp.names) > 0 && !slices.ContainsFunc(tp.names[0], func(term string) bool { return !t.genericTerm(term) })
		for k, name := range tp.names {
			ids := make([]int32, len(name))
			ws := make([]float64, len(name))
			sites := make([]bool, len(name))
			for i, term := range name {
				id, ok := t.termID[term]
				if !ok {
					id = int32(len(t.termID))
					t.termID[term] = id
				}
				ids[i] = id
				ws[i] = math.Log(1 + n/float64(max(t.nameDF[term], 1)))
				sites[i] = len(name) > 1 && (siteTerm(term) || t.lesionTerm(term) || t.analysedIn(term, groupWords))
			}
			tp.ids[k], tp.weights[k], tp.sites[k] = ids, ws, sites
		}
	}
}

// genericTerm reports whether an analysed term is that of a genericName
// word.
func (t *Topics) genericTerm(term string) bool {
	return t.analysedIn(term, slices.Collect(maps.Keys(genericName)))
}

// lesionWords describe what a lesion looks like: "dental plaque" does not
// ask for psoriasis by its name "plaque psoriasis", nor a sore by "cold
// sores".
var lesionWords = []string{"plaque", "plaques", "patch", "patches", "spot", "spots", "bump", "bumps", "lump", "lumps", "blister", "blisters", "sore", "sores", "rash", "mark", "marks", "itch", "itching", "itchy"}

// groupWords say who has a condition ("childhood" in "childhood eczema",
// "infantile" in "infantile haemangioma"): a name is not asked by such
// words alone, so "blisters from the chickenpox virus they had as
// children" does not name atopic dermatitis by "childhood eczema".
var groupWords = []string{"child", "children", "childhood", "kid", "kids", "baby", "babies", "infant", "infants", "infantile", "newborn", "neonatal", "juvenile", "adult", "adults", "old", "older", "age", "aged", "elder", "elderly", "senior", "senile", "women", "men", "female", "male"}

// lesionTerm reports whether an analysed term is that of a lesionWords
// word.
func (t *Topics) lesionTerm(term string) bool { return t.analysedIn(term, lesionWords) }

// analysedIn reports whether term is the analysed form of one of words.
func (t *Topics) analysedIn(term string, words []string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return t.an.Term(w) == term })
}

// siteTerm reports whether a name's term is a place on the body.
func siteTerm(term string) bool {
	loc := bodySiteRE.FindStringIndex(term)
	return loc != nil && loc[0] == 0 && loc[1] == len(term)
}

// exactly returns the topics one of whose names is exactly terms.
func (t *Topics) exactly(terms []string) []int {
	if len(terms) == 0 {
		return nil
	}
	var out []int
	for _, ti := range t.byTerm[terms[0]] {
		for _, n := range t.topics[ti].names {
			if equal(n, terms) {
				out = append(out, ti)
				break
			}
		}
	}
	return out
}

func (t *Topics) exactlyName(name string) []int { return t.exactly(t.an.Terms(name)) }

func (t *Topics) addName(ti int, text string) {
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	t.addPhrase(ti, text, t.an.Terms(text), false)
}

// addSubject adds a name of a subject of topic ti (see addName and
// topic.subjects), whose words are no words misspellings are corrected to.
func (t *Topics) addSubject(ti int, text string) {
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	t.addPhrase(ti, text, t.an.Terms(text), true)
}

// genericTitle reports whether every word of a topic's title is a
// genericName word ("General skin care").
func genericTitle(name string) bool {
	fields := strings.Fields(name)
	return len(fields) > 0 && !slices.ContainsFunc(fields, func(w string) bool { return !genericName[strings.ToLower(w)] })
}

// subjectAspect words, last in a section's title, say what the section
// tells of its subject ("Topical corticosteroid strengths").
var subjectAspect = map[string]bool{"strengths": true, "strength": true, "potency": true, "types": true, "basics": true, "use": true, "choice": true}

// genericName words never name a topic alone.
var genericName = map[string]bool{}

func init() {
	for _, w := range []string{"skin", "sign", "signs", "general", "care", "syndrome", "disease", "disorder", "condition", "type", "rash", "infection", "protection", "adult", "child", "childhood", "cancer", "sun"} {
		genericName[w] = true
	}
}

// addPhrase adds the analysed name terms of text to topic ti; subject
// marks the name of a subject of the topic (see addSubject).
func (t *Topics) addPhrase(ti int, text string, terms []string, subject bool) {
	if len(terms) == 0 || len(terms) > 8 {
		return
	}
	// Nor does a word that describes a lesion ("patches of skin called
	// plaques" names no topic "plaques").
	if len(terms) == 1 && (genericName[strings.ToLower(text)] || t.lesionTerm(terms[0])) {
		return
	}
	for _, n := range t.topics[ti].names {
		if equal(n, terms) {
			return
		}
	}
	t.topics[ti].names = append(t.topics[ti].names, terms)
	if subject {
		if t.topics[ti].subjects == nil {
			t.topics[ti].subjects = map[string]bool{}
		}
		t.topics[ti].subjects[strings.Join(terms, " ")] = true
	}
	seen := map[string]bool{}
	for _, term := range terms {
		if seen[term] {
			continue
		}
		seen[term] = true
		if !containsInt(t.byTerm[term], ti) {
			t.byTerm[term] = append(t.byTerm[term], ti)
			t.nameDF[term]++
		}
	}
	if subject {
		return
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(lexicon.Fold(text)), func(r rune) bool { return !(r >= 'a' && r <= 'z') && r != '\'' }) {
		if len(w) >= 4 {
			t.words[w] = t.an.Term(w)
		}
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func containsInt(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
