package claims

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/dermliving/dermliving/lexicon"
)

// contrastWords are sets of mutually exclusive terms: a claim that names one
// member where its passage names another (bacteria for yeast, men for women,
// the face for the feet, antibiotics for antifungals, zinc oxide for iron
// oxides) is about something else, however many other words agree.
var contrastWords = [][][]string{
	{{"bacteria", "bacterial", "bacterium", "staphylococcus", "staphylococcal", "streptococcus", "streptococcal", "streptococci", "staphylococci", "staph", "strep", "pseudomonas", "cutibacterium", "propionibacterium"},
		{"virus", "viral", "viruses", "poxvirus", "varicella", "hpv"},
		{"fungus", "fungal", "fungi", "yeast", "yeasts", "candida", "candidal", "dermatophyte", "dermatophytes", "malassezia"},
		{"mite", "mites"}, {"louse", "lice"}},
	{{"antibiotic", "antibiotics"}, {"antifungal", "antifungals"}, {"antiviral", "antivirals"}, {"antihistamine", "antihistamines"}, {"retinoid", "retinoids"}, {"corticosteroid", "corticosteroids", "steroid", "steroids"}},
	{{"men", "man", "male", "males", "boys"}, {"women", "woman", "female", "females", "girls"}},
	{{"adults", "adult", "elderly"}, {"children", "child", "kids", "juvenile", "infants", "infant", "babies", "baby", "newborns", "newborn", "toddlers", "teenagers", "adolescents"}},
	{{"face", "facial", "cheeks", "forehead", "nose", "chin"}, {"scalp"}, {"hands", "hand", "palms", "fingers"}, {"feet", "foot", "soles", "toes"}, {"trunk", "chest", "back", "abdomen"}, {"legs", "leg", "shins", "thighs", "thigh"}, {"arms", "arm", "forearms", "forearm"}, {"neck"}, {"ears", "ear"}, {"buttocks"}, {"fingernails"}, {"toenails"}, {"mouth", "lips"}, {"eyes", "eyelids"}, {"genitals"}, {"groin"}, {"armpits", "armpit", "underarm", "underarms", "axilla", "axillae", "axillary"}},
	{{"more", "most", "majority"}, {"less", "fewer", "least", "minority"}},
	{{"higher"}, {"lower"}},
	{{"increase", "increases", "increased", "raise", "raises"}, {"decrease", "decreases", "decreased", "reduce", "reduces", "reduced", "lessen", "lessens"}},
	{{"common"}, {"rare", "uncommon"}},
	{{"often"}, {"rarely", "seldom"}},
	{{"better"}, {"worse"}},
	{{"hot", "warm"}, {"cold", "cool"}},
	{{"dry"}, {"moist", "wet", "oily"}},
	{{"red"}, {"white"}, {"yellow"}, {"brown"}, {"black"}, {"blue"}, {"purple", "violet"}, {"pink"}, {"grey", "gray", "silver", "silvery"}, {"green"}},
	{{"benign"}, {"malignant", "cancerous"}},
	{{"acute"}, {"chronic"}},
	{{"painful"}, {"painless"}},
	{{"topical"}, {"oral", "systemic", "injected"}},
	{{"hour", "hours"}, {"day", "days"}, {"week", "weeks"}, {"month", "months"}, {"year", "years"}},
	{{"spare", "spares", "spared", "sparing"}, {"involve", "involves", "involved", "involving", "affect", "affects", "affected", "affecting"}},
	{{"before"}, {"after"}},
	{{"upper"}, {"lower"}},
	{{"above"}, {"below", "beneath", "underneath"}},
	{{"toward", "towards"}, {"away"}},
	{{"first"}, {"second"}, {"third"}},
	{{"first-line"}, {"second-line"}, {"third-line"}},
	{{"strongest"}, {"weakest"}},
	{{"mild", "low-potency", "weak", "weaker"}, {"moderate", "moderate-potency"}, {"potent", "high-potency", "superpotent", "strong", "stronger"}},
	{{"superficial"}, {"deep", "deeper", "deepest"}},
	{{"congenital"}, {"acquired"}},
	{{"encouraged", "recommended", "advised"}, {"discouraged"}},
	{{"allergic"}, {"irritant"}},
	{{"spontaneous"}, {"inducible"}},
	{{"segmental"}, {"nonsegmental"}},
	{{"localized", "localised"}, {"widespread", "generalized", "generalised"}},
	{{"uva"}, {"uvb"}},
	{{"zinc"}, {"titanium"}, {"iron"}, {"selenium"}},
}

// contrastAliases write a member of a contrast set in several words
// ("ultraviolet A" for UVA); words adds the member where the text holds
// them.
var contrastAliases = [][2]string{{"ultraviolet a", "uva"}, {"ultraviolet b", "uvb"}}

// contrasts maps a word to its set and class: [2]int{set, class}. Words of
// one class (infants and babies) agree; words of different classes of one
// set clash.
type contrasts map[string][2]int

// newContrasts indexes the sets by word. Words are compared as written
// (lowercased), not analysed: several members ("more", "most") are stop
// words the analyzer drops.
func newContrasts(an *lexicon.Analyzer) contrasts {
	c := contrasts{}
	for i, set := range contrastWords {
		for j, class := range set {
			for _, w := range class {
				if _, taken := c[w]; !taken {
					c[w] = [2]int{i, j}
				}
			}
		}
	}
	return c
}

// words returns the lowercased words of text, and its hyphenated
// compounds whole as well ("first-line" gives "first", "line" and
// "first-line"), so that a contrast set can name a compound, and the
// member a contrast alias writes in several words ("ultraviolet A" gives
// "uva" as well).
func words(text string) []string {
	lower := strings.ToLower(lexicon.Fold(text))
	out := strings.FieldsFunc(lower, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	if strings.Contains(lower, "-") {
		out = append(out, compoundRE.FindAllString(lower, -1)...)
	}
	for _, a := range contrastAliases {
		for rest := lower; ; {
			i := strings.Index(rest, a[0])
			if i < 0 {
				break
			}
			rest = rest[i+len(a[0]):]
			if rest == "" || !unicode.IsLetter(rune(rest[0])) {
				out = append(out, a[1])
				break
			}
		}
	}
	return out
}

// compoundRE finds hyphenated compounds.
var compoundRE = regexp.MustCompile(`\pL+(?:-\pL+)+`)

// clash reports whether the claim names a member of a contrast set that the
// span lacks while the span names another member of that set; or whether
// both compare ("more ... than X") with different members after "than".
func (c contrasts) clash(claim, span []string) bool {
	spanClasses := map[[2]int]bool{}
	for _, w := range span {
		if k, ok := c[w]; ok {
			spanClasses[k] = true
		}
	}
	claimClasses := map[[2]int]bool{}
	for _, w := range claim {
		if k, ok := c[w]; ok {
			claimClasses[k] = true
		}
	}
	for k := range claimClasses {
		if spanClasses[k] {
			continue
		}
		for o := range spanClasses {
			if o[0] == k[0] && !claimClasses[o] {
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
	return okA && okB && c[a][0] == c[b][0] && c[a][1] != c[b][1]
}

// frequencyWords say how often something is ("more common", "more
// frequent"): a comparison on how often is another comparison than one on
// how visible, how severe or how itchy. "likely" is not among them: "more
// likely to catch fire" says "more flammable". "prone" and "susceptible"
// are: "more prone to infections" says they happen more often.
var frequencyWords = map[string]bool{"common": true, "commoner": true, "frequent": true, "frequently": true, "often": true, "usual": true, "prevalent": true, "prone": true, "susceptible": true, "rare": true, "rarer": true, "uncommon": true}

// comparedRE finds a comparison's quality: the word after "more",
// "less", "most" or "least" that a preposition, "than" or a clause end
// follows ("more visible on darker skin", "less common than", "the most
// common."). comparedOn reads a word of frequencyWords after any of them,
// and another word only after "more" or "less" with a preposition or
// "than" after it: a noun after "more" ("have more moles.") is no
// quality.
var comparedRE = regexp.MustCompile(`(?i)\b(more|less|most|least)\s+([a-z]+)(\s+(?:in|on|among|than|for|at|during|when|with|to|after|before|between)\b|\s*[,.;]|\s*$)`)

// comparedOn reports whether the claim compares on how often ("more
// common in people with darker skin") where the span compares on another
// quality and not on how often ("more visible on darker skin"), or the
// other way round: the comparison is another one however many words
// agree.
func comparedOn(claim, span string) bool {
	if !strings.Contains(claim, "ore") && !strings.Contains(claim, "ess") && !strings.Contains(claim, "ost") && !strings.Contains(claim, "east") {
		return false // no "more", "less", "most" or "least"
	}
	qualities := func(text string) (freq, other []string) {
		for _, m := range comparedRE.FindAllStringSubmatch(text, -1) {
			w, deg := strings.ToLower(m[2]), strings.ToLower(m[1])
			switch {
			case frequencyWords[w]:
				freq = append(freq, w)
			case (deg == "more" || deg == "less") && strings.TrimSpace(m[3]) != "" && !strings.ContainsAny(m[3], ",.;"):
				other = append(other, w)
			}
		}
		return freq, other
	}
	cf, co := qualities(claim)
	if len(cf) == 0 && len(co) == 0 {
		return false
	}
	sf, so := qualities(span)
	has := func(ws []string, text string) bool {
		lw := words(text)
		for _, w := range ws {
			if slices.Contains(lw, w) {
				return true
			}
		}
		return false
	}
	switch {
	case len(cf) > 0 && len(co) == 0 && len(sf) == 0 && len(so) > 0:
		return !has(cf, span)
	case len(co) > 0 && len(cf) == 0 && len(so) == 0 && len(sf) > 0:
		return !has(co, span)
	}
	return false
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
			x = strings.Trim(x, ",.;:()")
			if _, ok := c[x]; ok {
				return x, true
			}
		}
	}
	return "", false
}

// superlativeRE finds a superlative made with "most" or "least" and the
// quality it ranks on ("the most common type"); degreeRE any degree.
var (
	superlativeRE = regexp.MustCompile(`(?i)\b(most|least)\s+([a-z]+)\b`)
	degreeRE      = regexp.MustCompile(`(?i)\b(more|less|most|least)\s+([a-z]+)\b`)
)

// rankedOtherwise reports whether the claim ranks its subject highest on
// a quality ("the most common type of skin cancer") where the span ranks
// on that quality only downward ("less common than basal cell
// carcinoma", "the least common"), or lowest where the span ranks only
// upward: the span places it the other way, whatever "most" qualifies
// elsewhere in it ("most deaths").
func rankedOtherwise(claim, span string) bool {
	if !strings.Contains(claim, "ost") && !strings.Contains(claim, "east") {
		return false
	}
	cm := superlativeRE.FindAllStringSubmatch(claim, -1)
	if len(cm) == 0 {
		return false
	}
	up, down := map[string]bool{}, map[string]bool{}
	held := map[string]bool{}
	for _, m := range degreeRE.FindAllStringSubmatch(span, -1) {
		deg, q := strings.ToLower(m[1]), strings.ToLower(m[2])
		switch deg {
		case "more":
			up[q] = true
		case "less":
			down[q] = true
		}
		held[deg+" "+q] = true
	}
	for _, m := range cm {
		deg, q := strings.ToLower(m[1]), strings.ToLower(m[2])
		switch {
		case held[deg+" "+q]:
		case deg == "most" && (down[q] || held["least "+q]):
			return true
		case deg == "least" && (up[q] || held["most "+q]):
			return true
		}
	}
	return false
}
