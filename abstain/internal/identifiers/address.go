package identifiers

import (
	"strings"
	"unicode"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/abstain/internal/lex"
)

const streetSuffixes = `street|st|avenue|ave|av|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|terrace|ter|circle|cir|highway|hwy|parkway|pkwy|square|sq|trail|trl|close|crescent|cres|row|mews|grove|gardens|walk|alley|plaza|loop|path|pike|run|broadway`

// Street addresses, on the normalised text, where "nº" and "3º" are "no"
// and "3o". A house number, one to four capitalised words and a street
// suffix: "12 Placeholder Street"; a Spanish street type, a name and a
// number: "Calle Mayor 12", "C/ del Sol, 5"; a post office box.
var (
	reStreetEN = fastre.NewAt(`\b\d{1,6}[A-Za-z]?(?: [NSEW]\.?)?(?: (?:[A-Z][\p{L}'’.-]*|\d{1,3}(?:st|nd|rd|th))){1,4} (?i:`+streetSuffixes+`)\b\.?`+
		`(?:,? (?i:apt|apartment|unit|suite|ste|flat|#)\.? ?#?[A-Za-z0-9-]+)?`, lex.NumberStarts).Within(160)
	reStreetES = fastre.NewAt(`(?i:\b(?:calle|avenida|avda\.?|av\.|paseo|plaza|pza\.|carrera|cra\.?|camino|ronda|traves[ií]a|glorieta|calzada|carretera|ctra\.?) |\bc/ ?)(?:(?:de|del|la|las|los|el) )*[\p{Lu}\d][\p{L}\d'’.-]*(?: (?:(?:de|del|la|las|los|el|y) )*\p{Lu}[\p{L}'’.-]*){0,3},? ?(?:(?i:n)[o°.]? ?)?\d{1,5}[A-Za-z]?\b(?:,? ?\d{1,2}[°oa]? ?[A-Za-z]?\b)?`, letterStarts("cCaApPrRtTgG")).Within(160)
	// reStreetFolded is a street address on the folded text, for a text
	// whose capitals say nothing (all lower or upper case, or alternating):
	// a house number, one to three words, and a suffix that names a street
	// in prose too ("for 3 days in a row" is no address).
	reStreetFolded = fastre.NewAt(`\b\d{1,5}(?: [a-z][a-z'.-]*){1,3} (?:street|avenue|ave|road|rd|boulevard|blvd|lane|court|highway|hwy|parkway|pkwy|terrace|crescent)\b\.?`+
		`(?:,? (?:apt|apartment|unit|suite|ste|flat|#)\.? ?#?[a-z0-9-]+)?`, lex.NumberStarts).Within(100)
	// reStateZIPFolded is a city, a comma, a US state code and a ZIP code,
	// on the folded text: "springfield, il 62704".
	reStateZIPFolded = fastre.NewAt(`\b[a-z]{3,}, (?:al|ak|az|ar|ca|co|ct|de|fl|ga|hi|id|il|in|ia|ks|ky|la|me|md|ma|mi|mn|ms|mo|mt|ne|nv|nh|nj|nm|ny|nc|nd|oh|ok|or|pa|ri|sc|sd|tn|tx|ut|vt|va|wa|wv|wi|wy|dc|pr) (\d{5}(?:-\d{4})?)\b`, wordStarts).Within(40)
	rePOBox          = fastre.NewAt(`(?i:\bp\.? ?o\.? ?box|\bapartado(?: de correos)?|\bpost office box) ?#?\d+`, letterStarts("pPaA")).Within(40)
)

// streetWords are the street suffixes and types, folded: a cheap necessary
// condition for the street expressions.
var streetWords = lex.NewWordMap(lex.SetOf(streetSuffixes + "|calle|c|avenida|avda|av|paseo|plaza|pza|carrera|cra|camino|ronda|travesia|glorieta|calzada|carretera|ctra|box|apartado|ave"))

// splitJoined returns s with apostrophes and hyphens as spaces: the street
// expressions end a word there ("12 Oak Ct-2"), so their precheck must too.
func splitJoined(s string) string {
	if strings.IndexByte(s, '\'') < 0 && strings.IndexByte(s, '-') < 0 {
		return s
	}
	return strings.NewReplacer("'", " ", "-", " ").Replace(s)
}

// letterStarts returns a function that finds the word starts whose first
// byte is one of letters.
func letterStarts(letters string) func(s string) []int {
	return func(s string) []int {
		var pos []int
		for p := 0; p < len(s); p++ {
			if strings.IndexByte(letters, s[p]) >= 0 && (p == 0 || !lex.IsWordByte(s[p-1])) {
				pos = append(pos, p)
			}
		}
		return pos
	}
}

// addresses finds street addresses and the ZIP codes that go with them.
func (sc *scan) addresses() {
	o := sc.f.N
	if sc.may(sc.digits >= 5 && upperPairDigits(o)) {
		for _, m := range reStateZIP.FindAllStringSubmatchIndex(o) {
			sc.addN(KindZIP, m[2], m[3], prioCheck)
		}
	}
	if sc.may(sc.digits >= 5 && strings.Contains(sc.s, ", ")) {
		for _, m := range reStateZIPFolded.FindAllStringSubmatchIndex(sc.s) {
			if !unitAfter(sc.s, m[3]) {
				sc.add(KindZIP, m[2], m[3], prioCheck)
			}
		}
	}
	if !sc.may(sc.digits >= 1 && streetWords.MatchString(splitJoined(sc.s))) {
		return
	}
	for _, m := range reStreetFolded.FindAllStringIndex(sc.s) {
		if sc.caseless(m[0], m[1]) && plausibleFoldedStreet(sc.s[m[0]:m[1]]) {
			sc.add(KindAddress, m[0], m[1], prioCheck)
		}
	}
	var ends []int
	for _, re := range []*fastre.Regexp{reStreetEN, reStreetES, rePOBox} {
		for _, m := range re.FindAllStringIndex(o) {
			if re == reStreetEN && !plausibleStreet(o[m[0]:m[1]]) {
				continue
			}
			sc.addN(KindAddress, m[0], m[1], prioCheck)
			ends = append(ends, m[1])
		}
	}
	// A five-digit number in the 40 bytes after an address is its ZIP or
	// postal code: "Calle Mayor 12, 28013 Madrid".
	for _, e := range ends {
		tail := o[e:min(len(o), e+40)]
		for i := 0; i+5 <= len(tail); i++ {
			if (i == 0 || !isAlnum(tail[i-1])) && allDigits(tail[i:i+5]) && (i+5 == len(tail) || !isAlnum(tail[i+5])) {
				sc.addN(KindZIP, e+i, e+i+5, prioCheck)
				break
			}
			if tail[i] == '.' || tail[i] == '?' || tail[i] == '!' {
				break
			}
		}
	}
}

// notStreetWords are capitalised words that, between a number and "St" or
// "Dr", make a dose or a title rather than an address ("2 St John's wort").
var notStreetWords = map[string]bool{"St": true, "Dr": true, "Mr": true, "Mrs": true, "Ms": true}

// upperPairDigits is a cheap necessary condition for reStateZIP: two capitals,
// a space and a digit.
func upperPairDigits(o string) bool {
	for i := 0; i+3 < len(o); i++ {
		if lex.IsUpper(o[i]) && lex.IsUpper(o[i+1]) && (o[i+2] == ' ' || o[i+2] == '.') {
			return true
		}
	}
	return false
}

// caseless reports whether the letters of the normalised text behind
// folded [st, e) say nothing by their case: none is upper case, or all
// are, or a word's case changes inside it ("lInCoLn").
func (sc *scan) caseless(st, e int) bool {
	a, b := sc.f.Start(st), sc.f.End(e)
	upper, lower, flips := 0, 0, 0
	prevLetter, prevUpper := false, false
	for _, r := range sc.f.N[a:b] {
		if !unicode.IsLetter(r) {
			prevLetter = false
			continue
		}
		u := unicode.IsUpper(r)
		if u {
			upper++
		} else {
			lower++
		}
		if prevLetter && u && !prevUpper {
			flips++
		}
		prevLetter, prevUpper = true, u
	}
	return upper == 0 || lower == 0 || flips > 0
}

// plausibleFoldedStreet reports whether a folded street match names a
// street: its words are no measures or numbers of things.
func plausibleFoldedStreet(v string) bool {
	fs := strings.Fields(v)
	for _, w := range fs[1 : len(fs)-1] {
		if unitWords[w] || measureWord(w) || fillerWords[w] || w == "a" || w == "an" || w == "and" {
			return false
		}
	}
	return true
}

func plausibleStreet(v string) bool {
	fs := strings.Fields(v)
	return len(fs) >= 3 && !notStreetWords[strings.TrimRight(fs[1], ".")]
}

// addressAfter reads an address after an address cue: "my address is 45
// elm road", "vivo en la calle del sol 5", "I live at 45 Elm".
func (sc *scan) addressAfter(h cueHit) {
	s := sc.s
	i := valueStart(s, h.end)
	switch h.phrase {
	case "calle", "c/", "avenida", "avda", "avda.", "paseo", "plaza", "carrera", "camino", "ronda", "travesia", "glorieta", "calzada":
		// A street type: the name, then a number within five words.
		j := i
		for w := 0; w < 6 && j < len(s); w++ {
			for j < len(s) && (s[j] == ' ' || s[j] == ',') {
				j++
			}
			if j < len(s) && lex.IsDigit(s[j]) {
				k := j
				for k < len(s) && lex.IsDigit(s[k]) {
					k++
				}
				if k-j <= 5 && (k == len(s) || !isAlnum(s[k])) && w >= 1 && !unitWords[lex.NextWord(s, k)] {
					sc.add(KindAddress, h.start, k, prioCue)
				}
				return
			}
			for j < len(s) && (isLetterByte(s[j]) || s[j] == '\'' || s[j] == '.') {
				j++
			}
			if j < len(s) && strings.IndexByte(".?!;:", s[j]) >= 0 {
				return
			}
		}
		return
	}
	// Other cues: a house number and at least one word.
	if i >= len(s) || !lex.IsDigit(s[i]) {
		return
	}
	j := i
	for j < len(s) && lex.IsDigit(s[j]) {
		j++
	}
	if j-i > 6 || j < len(s) && isAlnum(s[j]) && !(j+1 <= len(s) && lex.IsLower(s[j]) && (j+1 == len(s) || !isAlnum(s[j+1]))) {
		return
	}
	end := -1
	for w := 0; w < 5 && j < len(s); w++ {
		k := j
		for k < len(s) && s[k] == ' ' {
			k++
		}
		m := k
		for m < len(s) && (isLetterByte(s[m]) || s[m] == '\'' || s[m] == '-') {
			m++
		}
		if m == k || k == j {
			break
		}
		if unitWords[s[k:m]] {
			return
		}
		end = m
		j = m
		if m < len(s) && s[m] == '.' {
			j = m + 1
			end = j
		}
	}
	if end > 0 {
		sc.add(KindAddress, i, end, prioCue)
	}
}
