package claims

import (
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// contrastWords are sets of mutually exclusive terms: a claim that names one
// member where its passage names another (bacteria for yeast, men for women,
// the face for the feet, antibiotics for antifungals) is about something
// else, however many other words agree.
var contrastWords = [][]string{
	{"bacteria", "bacterial", "virus", "viral", "viruses", "fungus", "fungal", "fungi", "yeast", "yeasts", "mite", "mites", "parasite", "parasites", "louse", "lice"},
	{"antibiotic", "antibiotics", "antifungal", "antifungals", "antiviral", "antivirals", "antihistamine", "antihistamines", "antiseptic", "antiseptics", "retinoid", "retinoids", "immunosuppressant", "immunosuppressants"},
	{"men", "man", "male", "males", "boys", "women", "woman", "female", "females", "girls"},
	{"adults", "adult", "children", "child", "infants", "infant", "babies", "baby", "newborns", "newborn", "elderly", "teenagers", "adolescents", "toddlers"},
	{"face", "scalp", "hands", "hand", "feet", "foot", "trunk", "legs", "leg", "arms", "arm", "nails", "fingernails", "toenails", "mouth", "lips", "eyes", "eyelids", "genitals", "chest", "neck", "elbows", "knees", "groin", "armpits", "palms", "soles", "nose", "cheeks", "ears", "shins"},
	{"more", "less", "fewer"},
	{"higher", "lower"},
	{"increase", "increases", "increased", "decrease", "decreases", "decreased"},
	{"common", "rare", "uncommon"},
	{"often", "rarely", "seldom"},
	{"better", "worse"},
	{"hot", "cold", "warm", "cool"},
	{"dry", "moist", "wet", "oily"},
	{"red", "white", "yellow", "brown", "black", "blue", "purple", "pink", "grey", "gray", "silver", "green"},
	{"benign", "malignant", "cancerous"},
	{"acute", "chronic"},
	{"painful", "painless"},
	{"topical", "oral", "systemic", "injected"},
}

// contrasts maps an analysed term to the index of its set.
type contrasts map[string]int

func newContrasts(an *lexicon.Analyzer) contrasts {
	c := contrasts{}
	for i, set := range contrastWords {
		for _, w := range set {
			for _, t := range an.Terms(w) {
				if _, taken := c[t]; !taken {
					c[t] = i
				}
			}
		}
	}
	return c
}

// clash reports whether the claim names a member of a contrast set that the
// span lacks while the span names another member of that set; or whether
// both compare ("more ... than X") with different members after "than".
func (c contrasts) clash(claim, span []string) bool {
	inSpan := map[string]bool{}
	for _, t := range span {
		inSpan[t] = true
	}
	inClaim := map[string]bool{}
	for _, t := range claim {
		inClaim[t] = true
	}
	for _, t := range claim {
		set, ok := c[t]
		if !ok || inSpan[t] {
			continue
		}
		for _, u := range span {
			if s, ok := c[u]; ok && s == set && !inClaim[u] {
				return true
			}
		}
	}
	return false
}

// comparedOtherwise reports whether claim and span both compare ("more
// common in men than in women") with different members of one contrast set
// after "than": the comparison runs the other way.
func (c contrasts) comparedOtherwise(claim, span string, an *lexicon.Analyzer) bool {
	a, okA := c.afterThan(claim, an)
	b, okB := c.afterThan(span, an)
	return okA && okB && a != b && c[a] == c[b]
}

// afterThan returns the first contrast-set term within four words after
// "than".
func (c contrasts) afterThan(text string, an *lexicon.Analyzer) (string, bool) {
	words := strings.Fields(strings.ToLower(text))
	for i, w := range words {
		if strings.Trim(w, ",.;:") != "than" {
			continue
		}
		for _, x := range words[i+1 : min(i+5, len(words))] {
			for _, t := range an.Terms(x) {
				if _, ok := c[t]; ok {
					return t, true
				}
			}
		}
	}
	return "", false
}
