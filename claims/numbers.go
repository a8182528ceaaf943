package claims

import (
	"regexp"
	"slices"
	"strings"
)

// numbersAgree reports whether text states every number of nums, numbers
// written in words read as digits ("two weeks" states 2).
func numbersAgree(nums []string, text string) bool {
	if len(nums) == 0 {
		return true
	}
	have := map[string]bool{}
	for _, n := range numberRE.FindAllString(numberWords(text), -1) {
		have[n] = true
	}
	for _, n := range nums {
		if !have[n] {
			return false
		}
	}
	return true
}

// strongAgree reports whether text holds every strong word of the claim
// ("always", "only", "cures"): a passage that hedges does not support
// a claim that asserts.
func strongAgree(strong []string, text string) bool {
	if len(strong) == 0 {
		return true
	}
	return strongHeld(strong, lowerWords(text))
}

// strongHeld reports whether words (see lowerWords) hold every strong word,
// in its own form or another of strongForms.
func strongHeld(strong []string, words map[string]bool) bool {
	for _, s := range strong {
		if !words[s] && !slices.ContainsFunc(strongForms[s], func(w string) bool { return words[w] }) {
			return false
		}
	}
	return true
}

// strongForms are, for a strong word of a claim, the other words by which
// a passage asserts as much: a claim's "only" is held by "alone", its
// "most" by "mainly", its "cures" by "cure". A claim's "main" is not held
// by "most", which passages use for superlatives of their own ("the most
// important trigger").
var strongForms = map[string][]string{
	"only": {"alone", "just", "solely"}, "just": {"only", "alone", "solely"},
	"most":    {"mostly", "mainly", "majority"},
	"main":    {"mainly", "primary", "primarily", "chiefly"},
	"mainly":  {"main", "mostly", "primarily", "chiefly"},
	"primary": {"primarily", "main", "mainly"},
	"cure":    {"cures", "cured"}, "cures": {"cure", "cured"}, "cured": {"cure", "cures"},
	"guarantee": {"guarantees", "guaranteed"}, "guarantees": {"guarantee", "guaranteed"}, "guaranteed": {"guarantee", "guarantees"},
	"eliminate": {"eliminates"}, "eliminates": {"eliminate"},
}

// numberWordCues is numberWordRE as cueWords.
var numberWordCues = cueWords{re: numberWordRE, words: wordsOf(`one two three four five six seven eight nine ten
	eleven twelve fifteen twenty thirty forty fifty hundred`)}

var numberWordRE = regexp.MustCompile(`(?i)\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred)\b`)

var numberWordValues = map[string]string{
	"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
	"nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "fifteen": "15", "twenty": "20", "thirty": "30",
	"forty": "40", "fifty": "50", "hundred": "100",
}

// numberWords writes number words as digits, so that "seven classes" and "7
// classes" agree and "four" differs from "seven".
//
// "One" that counts nothing ("one of the warning signs", "one another", "no
// one") stays a word; "one side" and "one of two" still count.
func numberWords(s string) string {
	if !numberWordCues.in(s) {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range numberWordRE.FindAllStringIndex(s, -1) {
		w := strings.ToLower(s[m[0]:m[1]])
		if w == "one" && (notACountAfter.MatchString(s[m[1]:]) || notACountBefore.MatchString(s[:m[0]])) {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(numberWordValues[w])
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// notACountAfter and notACountBefore find the words around a "one" that
// counts nothing: "one of", "one another", "no one", "each one", and the
// pronoun a relative clause follows ("one that appears in adulthood" for
// "a new mole appearing in adulthood").
var (
	notACountAfter  = regexp.MustCompile(`(?i)^\s+(of\s+(the|these|those|its|their|his|her|our|your|many|several|a|an)|another|that|which|who)\b`)
	notACountBefore = regexp.MustCompile(`(?i)\b(no|any|each|every|some|this|that|the other|another|which)\s+$`)
)
