// Package lex holds what both screens read folded text with: ASCII byte
// classes, word lists and word sets, the words around an offset, and the
// Spanish words for a person that an age follows.
package lex

import (
	"slices"
	"strings"
)

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return '0' <= c && c <= '9' }

// IsUpper reports whether c is an ASCII upper-case letter.
func IsUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// IsLower reports whether c is an ASCII lower-case letter.
func IsLower(c byte) bool { return 'a' <= c && c <= 'z' }

// IsWordByte reports whether c is an ASCII word character, as \b sees it.
func IsWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// PrevWords returns up to n words that end before folded offset i, nearest
// last.
func PrevWords(s string, i, n int) []string {
	var ws []string
	j := i
	for len(ws) < n && j > 0 {
		for j > 0 && !IsWordByte(s[j-1]) && s[j-1] < 0x80 {
			if s[j-1] == '.' || s[j-1] == '?' || s[j-1] == '!' || s[j-1] == ';' {
				if len(ws) > 0 || j < i {
					return reverse(ws)
				}
			}
			j--
		}
		e := j
		for j > 0 && (IsWordByte(s[j-1]) || s[j-1] >= 0x80 || s[j-1] == '\'') {
			j--
		}
		if e == j {
			break
		}
		ws = append(ws, s[j:e])
	}
	return reverse(ws)
}

func reverse(ws []string) []string {
	slices.Reverse(ws)
	return ws
}

// NextWord returns the word that starts at or after folded offset i,
// skipping spaces and light punctuation.
func NextWord(s string, i int) string {
	for i < len(s) && (s[i] == ' ' || s[i] == ',' || s[i] == '(' || s[i] == ')' || s[i] == '-') {
		i++
	}
	j := i
	for j < len(s) && (IsWordByte(s[j]) || s[j] >= 0x80) {
		j++
	}
	return s[i:j]
}

// SetOf returns the set of the words of a list written a|b|c.
func SetOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Split(words, "|") {
		m[w] = true
	}
	return m
}

// WordMap matches any of its words, or two-word phrases, as whole words, by
// one pass over the text's words.
type WordMap struct {
	set map[string]bool
	// lens has bit n of lens[c] set when set holds a word of n bytes that
	// starts with c, bit 63 standing for every length from 63 up: most
	// words of a text fail this test without a map lookup.
	lens [256]uint64
}

// NewWordMap returns a WordMap of the words and phrases of set.
func NewWordMap(set map[string]bool) *WordMap {
	wm := &WordMap{set: set}
	for w := range set {
		if w != "" {
			wm.lens[w[0]] |= 1 << min(len(w), 63)
		}
	}
	return wm
}

// Has reports whether w is one of wm's words or phrases.
func (wm *WordMap) Has(w string) bool {
	if w == "" {
		return wm.set[w]
	}
	return wm.lens[w[0]]&(1<<min(len(w), 63)) != 0 && wm.set[w]
}

// MatchString reports whether s holds one of wm's words, or two-word
// phrases, as whole words.
func (wm *WordMap) MatchString(s string) bool {
	prev := -1 // start of the previous word
	for i := 0; i < len(s); {
		if !IsWordByte(s[i]) && s[i] != '\'' && s[i] != '-' {
			i++
			continue
		}
		j := i
		for j < len(s) && (IsWordByte(s[j]) || s[j] == '\'' || s[j] == '-') {
			j++
		}
		if wm.Has(s[i:j]) || prev >= 0 && s[prev:i-1] != "" && i-1 > prev && wm.Has(s[prev:j]) {
			return true
		}
		if j < len(s) && s[j] == ' ' {
			prev = i
		} else {
			prev = -1
		}
		i = j
	}
	return false
}

// ContainsAny reports whether s holds any of subs.
func ContainsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// NumberStarts returns the word starts that are digits: where \b\d can
// match.
func NumberStarts(s string) []int {
	var pos []int
	for p := 0; p < len(s); p++ {
		if IsDigit(s[p]) && (p == 0 || !IsWordByte(s[p-1])) {
			pos = append(pos, p)
		}
	}
	return pos
}

// SpanishPersons are Spanish words for a person that an age follows with
// "de": "hombre de 45 anos", "paciente de noventa".
var SpanishPersons = SetOf("hombre|mujer|varon|nino|nina|bebe|paciente|chico|chica|senor|senora|adolescente|lactante|anciano|anciana|joven|persona")
