package answer

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/dermliving/dermliving/retrieve"
)

// This file finds the kinds of question some sentences settle better than
// others of their kind: what sets a condition off (the sentence of its
// triggers), how it spreads (its routes), whether it is contagious, and an
// acronym (the sentence that spells it out).

// acronymRE finds an acronym a question names: three to six capitals.
var acronymRE = regexp.MustCompile(`\b[A-Z]{3,6}\b`)

// Expands reports whether the sentence spells out an acronym the question
// names ("melanoma ABCDE - what are the letters?"; see expands).
func Expands(question, sentence string) bool {
	return slices.ContainsFunc(acronymRE.FindAllString(question, -1), func(a string) bool { return expands(sentence, a) })
}

// expands reports whether the sentence spells out the acronym: after it,
// words with capitals whose initials are its letters in order ("ABCDE
// ...: Asymmetry, irregular Border, uneven Colour, Diameter ... and
// Evolving").
func expands(sentence, acronym string) bool {
	i := strings.Index(sentence, acronym)
	if i < 0 {
		return false
	}
	k := 0
	for _, w := range strings.FieldsFunc(sentence[i+len(acronym):], func(r rune) bool { return !unicode.IsLetter(r) }) {
		if k < len(acronym) && w[0] == acronym[k] {
			k++
		}
	}
	return k == len(acronym)
}

// AsksTriggers reports whether the question asks what sets a condition off
// or makes it flare ("What sets off cold sores?"), which the sentence of
// its triggers answers (see NamesTriggers), not the one of its cause.
func AsksTriggers(question string) bool {
	return retrieve.TriggerAskRE.MatchString(question) || triggerAskWordRE.MatchString(question)
}

// NamesTriggers reports whether the sentence tells what triggers a
// condition or makes it flare.
func NamesTriggers(sentence string) bool { return triggerRE.MatchString(sentence) }

// routesAskRE asks how a condition passes from one person to another:
// "How does impetigo spread?", "how do kids catch it?".
var routesAskRE = regexp.MustCompile(`(?i)\bhow\b[^?.]{0,40}?\b(?:spread\w*|catch\w*|caught|pass\w*\s+(?:on|around|round|between|from)|transmit\w*|go(?:es)?\s+(?:a)?round)\b`)

// routesRE marks a sentence that names how a condition passes between
// people: by contact, shared things, droplets or animals.
var routesRE = regexp.MustCompile(`(?i)\b(?:(?:spread\w*|pass\w*|transmit\w*|caught|catch\w*)\s+(?:\w+\s+){0,4}?(?:through|by|via|from)\b|direct\s+contact|skin-to-skin|close\s+contact|shared|sharing|contaminated|droplets?)`)

// AsksRoutes reports whether the question asks how a condition passes
// between people ("How does impetigo spread?"), which the sentence naming
// its routes answers (see NamesRoutes), not the one saying it is
// contagious.
func AsksRoutes(question string) bool { return routesAskRE.MatchString(question) }

// NamesRoutes reports whether the sentence tells how a condition passes
// between people: by contact, shared things, droplets or animals.
func NamesRoutes(sentence string) bool { return routesRE.MatchString(sentence) }

// settlingKind is a kind of question some sentences of its kind settle
// better than others: asks finds the question, names the sentence. A kind
// of zero applies whatever kinds of answer the wording asks for.
type settlingKind struct {
	kind  Intent
	asks  func(string) bool
	names func(string) bool
}

// settlingKinds are what sets a condition off (the sentence of its
// triggers, not of its cause), how it spreads (its routes, not that it is
// contagious) and whether it is contagious (the sentence that says so).
var settlingKinds = []settlingKind{
	{Cause, AsksTriggers, NamesTriggers},
	{Contagion, AsksRoutes, NamesRoutes},
	{Contagion, AsksIfContagious, SaysContagious},
	{Prognosis, AsksIfLasting, SaysHowLasting},
	{0, AsksIfTurnsInto, SaysTurnsInto}, // whatever else the wording asks
	{0, AsksName, SaysName},
	{Contagion, AsksAbsence, SaysAbsence},
	{Duration, AsksEach, SaysEach},
}

// AsksAbsence reports whether the question asks how long someone stays
// away from school, nursery or work ("how long are kids kept off
// school?"), which the sentence saying when they may return settles (see
// SaysAbsence), not one that says how many days something else takes.
func AsksAbsence(question string) bool { return absenceAskRE.MatchString(question) }

// SaysAbsence reports whether the sentence says when someone stays away
// from, or goes back to, school, nursery or work.
func SaysAbsence(sentence string) bool { return absenceRE.MatchString(sentence) }

// absenceAskRE asks about staying away from school, nursery or work.
var absenceAskRE = regexp.MustCompile(`(?i)\b(?:(?:stay|stays|staying|kept|keep|keeping|be)\s+(?:off|away\s+from|home\s+from|out\s+of)\s+(?:the\s+)?(?:school|nursery|daycare|day\s+care|work|class|childcare|kindergarten)|(?:off|away\s+from)\s+(?:school|nursery|daycare|work)|(?:go|goes|going|get|gets|went)\s+back\s+to\s+(?:school|nursery|daycare|work|class)|return\w*\s+to\s+(?:school|nursery|daycare|work|class)|exclu\w+\s+from)\b`)

// absenceRE says when someone stays away or returns.
var absenceRE = regexp.MustCompile(`(?i)\b(?:stay\s+(?:away|off|home)|kept\s+(?:away|off|home)|return\w*\s+to\s+(?:school|nursery|daycare|work)|go\s+back\s+to\s+(?:school|nursery|daycare|work)|exclu\w+\s+from)\b`)

// AsksEach reports whether the question asks about one lesion of many
// ("how long does each welt last?", "a single hive"), which the sentence
// about individual lesions settles (see SaysEach), not one about the
// condition as a whole.
func AsksEach(question string) bool { return eachAskRE.MatchString(question) }

// SaysEach reports whether the sentence tells of individual lesions.
func SaysEach(sentence string) bool { return eachRE.MatchString(sentence) }

// eachAskRE asks about one lesion of many.
var eachAskRE = regexp.MustCompile(`(?i)\b(?:each|every|a\s+single|one\s+single|an\s+individual|individual|any\s+one|a\s+given)\s+(?:\w+\s+)?(?:lumps?|welts?|wheals?|weals?|hives?|bumps?|spots?|blisters?|sores?|patch(?:es)?|lesions?|bites?)\b`)

// eachRE tells of individual lesions.
var eachRE = regexp.MustCompile(`(?i)\b(?:individual|each|single)\s+(?:\w+\s+)?(?:lumps?|welts?|wheals?|weals?|hives?|bumps?|spots?|blisters?|sores?|patch(?:es)?|lesions?|bites?)\b`)

// AsksIfTurnsInto reports whether the question asks whether its topic
// turns into another ("Can they develop into skin cancer?"), which the
// sentence saying whether it does, and how often, settles (see
// SaysTurnsInto).
func AsksIfTurnsInto(question string) bool { return intoRE.MatchString(question) }

// SaysTurnsInto reports whether the sentence says whether something turns
// into something else: "does not turn into skin cancer", "a small
// proportion progress to squamous cell carcinoma".
func SaysTurnsInto(sentence string) bool { return turnsIntoRE.MatchString(sentence) }

// turnsIntoRE says that something turns into something else, or does not.
var turnsIntoRE = regexp.MustCompile(`(?i)\b(?:(?:turn|turns|develop|develops|progress|progresses|change|changes|transform|transforms|evolve|evolves)\s+(?:in)?to|(?:become|becomes)\s+(?:cancerous|malignant|(?:a\s+)?(?:\w+\s+)?(?:cancer|melanoma|carcinoma))|precancerous|pre-cancerous|premalignant|malignant\s+transformation)\b`)

// AsksIfLasting reports whether the question asks whether a condition
// lasts or goes ("does the allergy wear off?", "is it permanent?", "will
// it go away on its own?"), which the sentence saying how long it lasts or
// whether it clears settles (see SaysHowLasting).
func AsksIfLasting(question string) bool { return lastingAskRE.MatchString(question) }

// SaysHowLasting reports whether the sentence says whether something lasts
// for life, clears on its own, comes back or cannot be cured.
func SaysHowLasting(sentence string) bool { return lastingRE.MatchString(sentence) }

// lastingAskRE asks whether a condition lasts or goes away.
var lastingAskRE = regexp.MustCompile(`(?i)(?:^|[.?!,]\s+)(?:is|are|can|could|does|do|will|would)\b[^?.]{0,60}?\b(?:wears?\s+off|go(?:es)?\s+away|clear(?:s)?\s+up|disappear|fade|permanent\w*|for\s+life|lifelong|life-long|forever|for\s+good|last\s+for\s+ever|(?:on\s+(?:its|their)\s+own|by\s+(?:itself|themselves)))\b`)

// lastingRE says whether something lasts, clears or comes back.
var lastingRE = regexp.MustCompile(`(?i)\b(?:for\s+life|lifelong|life-long|permanent\w*|persist\w*|progressive|continues?\s+(?:\w+\s+)?(?:slowly|gradually|to\s+(?:progress|worsen|thin))|(?:clear|clears|settle|settles|resolve|resolves|fade|fades|go\s+away|goes\s+away|disappear|disappears|heal|heals)\s+(?:\w+\s+){0,3}?(?:on\s+(?:its|their)\s+own|without\s+treatment|by\s+(?:itself|themselves)|spontaneously)|(?:do|does)\s+not\s+(?:go\s+away|clear|resolve|shrink)|(?:no|not\s+a)\s+cure|cannot\s+be\s+cured|(?:come|comes|grow|grows)\s+back|recur\w*)`)

// Settlers returns, for a question asking the kinds in, the tests of the
// sentences that settle it best (see settlingKinds).
func Settlers(question string, in Intent) []func(string) bool {
	var out []func(string) bool
	for _, k := range settlingKinds {
		if (k.kind == 0 || in&k.kind != 0) && k.asks(question) {
			out = append(out, k.names)
		}
	}
	return out
}

// AsksIfContagious reports whether the question asks whether a condition
// is contagious ("Is scalp ringworm catching?"), which the sentence saying
// that it is, or is not, settles (see SaysContagious).
func AsksIfContagious(question string) bool { return contagiousAskRE.MatchString(question) }

// SaysContagious reports whether the sentence says whether a condition is
// contagious.
func SaysContagious(sentence string) bool { return contagiousRE.MatchString(sentence) }

// contagiousAskRE asks whether something is contagious.
var contagiousAskRE = regexp.MustCompile(`(?i)(?:^|[.?!]\s+)(?:is|are|can|could|does|do)\b[^?.]{0,60}?\b(?:contagious|infectious|catching|catchy)\b`)

// contagiousRE says whether something is contagious.
var contagiousRE = regexp.MustCompile(`(?i)\b(?:is|are)\s+(?:not\s+|highly\s+|very\s+|mildly\s+|only\s+mildly\s+)?(?:contagious|infectious|catching)\b`)

// triggerAskWordRE asks what triggers a condition or makes it flare.
var triggerAskWordRE = regexp.MustCompile(`(?i)\b(?:trigger\w*|flare\w*)`)

// triggerRE marks a sentence of what triggers a condition, makes it flare
// or favours it (its risk factors); "comes and goes in flares" is none.
var triggerRE = regexp.MustCompile(`(?i)\b(?:trigger\w*|worsen\w*|provok\w*|reactivat\w*|risk\s+factors?|predispos\w*|favou?red\s+by|(?:bring|brings|set|sets)\s+on|(?:make|makes|cause|causes)\s+\w+\s+flare)`)

// AsksName reports whether the question asks what something is called
// ("What's the proper name for it?", "what is that called?"), which the
// sentence that gives a name settles (see SaysName).
func AsksName(question string) bool { return nameAskRE.MatchString(question) }

// SaysName reports whether the sentence gives something's name: "called
// rhinophyma", "known as", "also termed".
func SaysName(sentence string) bool { return namesRE.MatchString(sentence) }

// nameAskRE asks what something is called.
var nameAskRE = regexp.MustCompile(`(?i)\b(?:(?:proper|real|medical|correct|right|official|technical|actual)\s+(?:name|term|word)|what(?:'s|\s+is|\s+are)\s+(?:it|that|this|they|those|these)\s+called|what\s+do\s+(?:you|doctors|they|we|people)\s+call|(?:is|are)\s+there\s+a\s+(?:proper\s+|medical\s+)?name)\b`)

// namesRE gives a name.
var namesRE = regexp.MustCompile(`(?i)\b(?:called|known\s+as|termed|named|referred\s+to\s+as)\b`)
