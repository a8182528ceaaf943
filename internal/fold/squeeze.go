package fold

import "strings"

// Spacing inside numbers, for the identifier screen: spaces put into a
// number break it into pieces that no detector reads as one. squeeze
// takes them out where a number cannot mean anything else:
//
//   - a run of spaces or tabs is one space;
//   - spaces around a '-' or '/' between two letters or digits, one of
//     them a digit, go ("523 - 45 - 6781", "14 / 03 / 1962", "HPX - 8180",
//     "00 - 5E"), and around a '.' between two digits when one stands
//     before it ("192 . 0 . 2 . 44"; "I was 5. 3 days later" ends a
//     sentence);
//   - in a run of four or more single digits joined by single spaces or
//     those separators, the spaces go ("5 2 3 4" as "5234", "1 1 1 1" as
//     "1111"); the first digit may touch a word ("SSN5 2 3 4").

// squeeze returns s with the spacing inside numbers squeezed, and the
// offsets of its bytes: from maps each byte of s to an offset (nil: its
// own), and the result maps each byte it keeps to the same. It returns s
// and from themselves when nothing changes.
func squeeze(s string, from []int32) (string, []int32) {
	if !needsSqueeze(s) {
		return s, from
	}
	at := func(i int) int32 {
		if from == nil {
			return int32(i)
		}
		return from[i]
	}
	out := make([]byte, 0, len(s))
	of := make([]int32, 0, len(s))
	// joins reports whether the separator sep at i, between the byte
	// before (the last written) and the one at k, joins them into one
	// number: digits on both sides, or digits on one and on the other a
	// run of letters holding a digit or a short one that is no word ("HPX -
	// 8180", "KK3 - KH13"; "MK72 - is" is a number and a word).
	joins := func(sep byte, k int) bool {
		if len(out) == 0 {
			return false
		}
		before, after := out[len(out)-1], s[k]
		switch {
		case isDigit(before) && isDigit(after):
			return true
		case sep == '.':
			return false
		case isDigit(before) && isAlnumByte(after):
			e := k
			for e < len(s) && isAlnumByte(s[e]) {
				e++
			}
			return codeLike(s[k:e])
		case isDigit(after) && isAlnumByte(before):
			b := len(out)
			for b > 0 && isAlnumByte(out[b-1]) {
				b--
			}
			return codeLike(string(out[b:]))
		}
		return false
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			j := skipBlanks(s, i)
			if j < len(s) && isNumberSep(s[j]) {
				if k := skipBlanks(s, j+1); k < len(s) && joins(s[j], k) {
					out, of = append(out, s[j]), append(of, at(j))
					i = k
					continue
				}
			}
			out, of = append(out, ' '), append(of, at(i))
			i = j
			continue
		case (c == '-' || c == '/') && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\t'):
			if k := skipBlanks(s, i+1); k < len(s) && joins(c, k) {
				out, of = append(out, c), append(of, at(i))
				i = k
				continue
			}
		}
		out, of = append(out, c), append(of, at(i))
		i++
	}
	out, of = joinSpacedDigits(out, of)
	return string(out), of
}

// needsSqueeze reports whether squeeze changes s: a tab, two spaces, a
// space beside a separator, or a single digit, a space and a digit.
func needsSqueeze(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		c, d := s[i], s[i+1]
		switch {
		case c == '\t' || c == ' ' && (d == ' ' || d == '\t'):
			return true
		case c == ' ' && isNumberSep(d) || isNumberSep(c) && d == ' ':
			return true
		case isDigit(c) && d == ' ' && i+2 < len(s) && isDigit(s[i+2]):
			return true
		}
	}
	return len(s) > 0 && s[len(s)-1] == '\t'
}

func isNumberSep(c byte) bool { return c == '-' || c == '/' || c == '.' }

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// joinSpacedDigits removes the spaces of every run of four or more single
// digits joined by single spaces or number separators; the run's first
// digit may follow a letter.
func joinSpacedDigits(s []byte, from []int32) ([]byte, []int32) {
	single := func(i int) bool {
		return isDigit(s[i]) && (i == 0 || !isAlnumByte(s[i-1])) && (i+1 == len(s) || !isAlnumByte(s[i+1]))
	}
	first := func(i int) bool {
		return single(i) || isDigit(s[i]) && i > 0 && !isDigit(s[i-1]) && (i+1 == len(s) || !isAlnumByte(s[i+1]))
	}
	out, of := s[:0:0], from[:0:0]
	for i := 0; i < len(s); {
		if !first(i) {
			out, of = append(out, s[i]), append(of, from[i])
			i++
			continue
		}
		// A run: a single digit, then joiner and single digit, repeated.
		j, n, spaced := i+1, 1, false
		for j+1 < len(s) && (s[j] == ' ' || isNumberSep(s[j])) && single(j+1) {
			spaced = spaced || s[j] == ' '
			j += 2
			n++
		}
		for k := i; k < j; k++ {
			if n >= 4 && spaced && s[k] == ' ' {
				continue
			}
			out, of = append(out, s[k]), append(of, from[k])
		}
		i = j
	}
	return out, of
}

// codeLike reports whether a run of letters and digits beside a number
// may be part of it: it holds a digit, or is one to three letters that are
// no short word (a single letter is a code: "A - 5695873").
func codeLike(run string) bool {
	for i := 0; i < len(run); i++ {
		if isDigit(run[i]) {
			return true
		}
	}
	return len(run) >= 1 && len(run) <= 3 && !shortWords[run]
}

// shortWords are English and Spanish words of up to three letters that
// stand beside numbers in prose.
var shortWords = setOf("an|and|are|as|at|be|by|for|he|her|his|if|in|is|it|me|my|no|not|of|on|or|our|she|so|the|to|up|us|was|we|who|why|yes|you|al|de|del|el|en|es|la|las|lo|los|mi|mis|que|se|si|su|sus|te|tu|un|una|ya|day|mg|ml|cm|mm|kg")

func isAlnumByte(c byte) bool { return isDigit(c) || isLower(c) || isUpper(c) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

// setOf returns the set of the words of a list separated by '|'.
func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Split(words, "|") {
		m[w] = true
	}
	return m
}
