package answer

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

// This file tells whether a question is about dermatology at all: the skin
// words it holds, their other everyday senses and the words the version
// never uses.

// skinWords name the skin and what happens to it; a question holding one is
// about dermatology even when it names no topic of the version.
var skinWords = []string{"skin", "rash", "rashes", "itch", "itchy", "itching", "itches", "mole", "moles", "wart", "warts", "blister", "blisters",
	"pimple", "pimples", "spot", "spots", "spotty", "hair", "scalp", "nail", "nails", "toenail", "fingernail", "sunburn", "sunburnt", "sunscreen", "spf", "tan", "tanning",
	"lesion", "lesions", "bump", "bumps", "scar", "scars", "scarring", "acne", "dermatologist", "dermatology", "freckle", "freckles", "wrinkle", "wrinkles",
	"sweat", "sweating", "sweaty", "flaky", "flaking", "peeling", "dandruff", "eczema", "hives", "welts", "psoriasis", "sore", "sores", "boil", "boils",
	"cyst", "cysts", "lump", "lumps", "birthmark", "pigment", "pigmentation", "complexion", "pores", "pore", "blackheads", "whiteheads", "zits", "lice",
	"nits", "ringworm", "fungus", "fungal", "moisturiser", "moisturizer", "emollient", "emollients", "cream", "creams", "ointment", "lotion", "steroid",
	"bald", "baldness", "balding", "hairline", "eyebrows", "lips", "nappy", "diaper", "bedsore", "bedsores", "ulcer", "ulcers", "redness", "flushing",
	"patches", "patch", "plaques", "scaly", "scales", "crust", "crusts", "swelling", "swollen", "stings", "bites", "bite", "uv", "ultraviolet", "sun"}

// ambiguousSkinWords name the skin in a dermatology question but have
// another everyday sense: rust patches, boiling an egg, a sore throat.
var ambiguousSkinWords = []string{"boil", "boils", "patch", "patches", "sore", "sores", "bite", "bites", "sun", "tan", "tanning", "cream", "creams",
	"lump", "lumps", "scales", "scaly", "crust", "crusts", "pore", "pores", "stings", "swelling", "swollen", "ulcer", "ulcers", "peeling", "flaking",
	"flaky", "lotion", "fungus", "fungal", "spot", "spots", "spotty", "redness", "flushing", "plaques", "bump", "bumps", "scar", "scars"}

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

// otherSenseRE finds a topic's everyday name used in another sense: the
// animal ("moles digging up the lawn"), the beehive ("bee hives").
var otherSenseRE = regexp.MustCompile(`(?i)\b(?:moles?\b[^.?!]{0,40}\b(?:lawn|garden|yard|digging|dig|tunnel\w*|molehills?|traps?|pests?)|(?:lawn|garden|yard)\b[^.?!]{0,40}\bmoles?|bee\s*hives?|beehives?|hives?\s+(?:of|for)\s+(?:bees|honey)|(?:keep|keeping|build|building|install|set\s+up)\s+(?:a\s+|some\s+|\d+\s+)?hives?)\b`)

// verbUseRE finds one of the ambiguous skin words used as a verb ("should I
// boil", "how to patch", "to tan the hide").
var verbUseRE = regexp.MustCompile(`(?i)\b(?:to|i|you|we|they|should|can|do|does|how|please|never|always)\s+(?:boil|patch|bite|sting|tan|cream|scale|crust|peel|flake|scar|bump|swell|flush)\b`)

// ambiguousRE finds the ambiguous skin words.
var ambiguousRE = regexp.MustCompile(`(?i)\b(?:` + strings.Join(ambiguousSkinWords, "|") + `)\b`)

// WithoutAmbiguous returns question with its skin words of another everyday
// sense ("patches", "boil") taken out, so that a caller can ask whether
// anything else in it names the body or a person's health.
func WithoutAmbiguous(question string) string { return ambiguousRE.ReplaceAllString(question, " ") }

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
	c.skinOnce.Do(func() {
		c.skinSet = lexicon.TermSet{}
		for _, w := range skinWords {
			if t := c.an.Term(w); t != "" {
				c.skinSet[t] = struct{}{}
			}
		}
		c.ambiguousSet = lexicon.TermSet{}
		for _, w := range ambiguousSkinWords {
			if t := c.an.Term(w); t != "" {
				c.ambiguousSet[t] = struct{}{}
			}
		}
	})
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
		if c.ambiguousSet.Has(w.Terms[0]) {
			ambiguous = append(ambiguous, w.Terms[0])
			continue
		}
		if w.Known && w.Domain && !c.phrasing(w.Concept) {
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
	if c.namesTopic(asked) {
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
