package identifiers

import (
	"net/netip"
	"regexp"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// Expressions for identifiers recognised by their shape, on folded text.
var (
	reEmail = regexp.MustCompile(`[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}`)
	// reEmailObfuscated is an address written to dodge harvesters: "jane
	// (at) example (dot) com", "ana [at] example.org", "luis arroba example
	// punto com", "luis arroba example.com".
	reEmailObfuscated = regexp.MustCompile(`\b[a-z0-9._%+-]+ ?(?:\(at\)|\[at\]|<at>|\{at\}|\(arroba\)|\[arroba\]) ?[a-z0-9-]+(?:(?: ?(?:\(dot\)|\[dot\]|<dot>| dot | punto |\(punto\)) ?|\.)[a-z0-9-]+)*(?: ?(?:\(dot\)|\[dot\]|<dot>| dot | punto |\(punto\)) ?|\.)` + tldRE + `\b` +
		`|\b[a-z0-9._%+-]+ (?:at|arroba) [a-z0-9-]+(?:(?: ?(?:\(dot\)|\[dot\]|<dot>| dot | punto |\(punto\)) ?|\.)[a-z0-9-]+)* ?(?:\(dot\)|\[dot\]|<dot>| dot | punto |\(punto\)) ?` + tldRE + `\b` +
		// "arroba" is only ever the at sign, so a plain dotted domain may
		// follow it; "look at webmd.com" is no address.
		`|\b[a-z0-9._%+-]+ arroba [a-z0-9-]+(?:\.[a-z0-9-]+)*\.` + tldRE + `\b`)
	reURL  = regexp.MustCompile(`(?:https?://|ftp://|www\.)[^\s<>"]+|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|org|net|edu|gov|io|me|info|es|mx|co|uk|us|ca|de|fr|it|ar|cl|pe|health|app|ly|site|online|link|page|blog)/[^\s<>"]*`)
	reIPv4 = fastre.NewAt(`\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b`, lex.NumberStarts).Within(24)
	reIPv6 = regexp.MustCompile(`[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}`)
	reMAC  = fastre.NewAt(`\b[0-9a-f]{2}(?:[:-][0-9a-f]{2}){5}\b|\b[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}\b`, macStarts).Within(17)
	reSSN  = fastre.NewAt(`\b\d{3}[- ]\d{2}[- ]\d{4}\b`, lex.NumberStarts).Within(16)
	// reRUT is a Chilean RUT written with its dots and check digit,
	// "12.345.678-5": a shape no other number is printed in.
	reRUT = fastre.NewAt(`\b\d{1,2}\.\d{3}\.\d{3}-[\dk]\b`, lex.NumberStarts).Within(14)
	// rePhone: North American numbers with separators (and an extension
	// written 'x12'), international numbers with '+' or 00, UK and Spanish
	// national formats.
	rePhone = fastre.NewAt(`(?:\+?\b1[ .-]?)?(?:\(\d{3}\) ?|\b\d{3}[ ./-])\d{3}[ .-]\d{4}(?:x\d{1,6})?\b`+
		// UK mobiles written without spaces, Indian numbers in 6-5 groups.
		`|\b07\d{9}\b|\b0\d{5}[ -]\d{5}\b`+
		`|\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){2,5}\b`+
		// International numbers dialled with 00 rather than '+', in groups.
		`|\b00[1-9]\d{0,2}(?:[ .-]\(?\d{1,8}\)?){2,5}\b`+
		`|\b0\d{2,4}[ -]\d{3,4}[ -]?\d{3,4}\b`+
		// National numbers with the trunk code in brackets: (02) 9876 5432.
		`|\(0\d{1,4}\) ?\d{3,4}[ -]?\d{3,4}\b`+
		`|\b[6789]\d{2}[ .-]\d{3}[ .-]\d{3}\b|\b[6789]\d{2}(?:[ .-]\d{2}){3}\b|\b[89]\d[ .-]\d{3}[ .-]\d{2}[ .-]\d{2}\b`+
		// French and other European domestic numbers: 06 12 34 56 78.
		`|\b0[1-9](?:[ .-]\d{2}){4}\b`, phoneStarts).Within(40)
	reCard = fastre.NewAt(`\b\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{1,7}\b|\b\d{4}[ -]?\d{6}[ -]?\d{4,5}\b`, lex.NumberStarts).Within(32)
	reIBAN = fastre.NewAt(`\b[a-z]{2}\d{2}(?: ?[a-z0-9]{4}){2,7}(?: ?[a-z0-9]{1,3})?\b`, wordStarts).Within(48)
	reVIN  = fastre.NewAt(`\b[a-hj-npr-z0-9]{17}\b`, wordStarts).Within(20)
	reMBI  = fastre.NewAt(`\b[1-9][a-z][a-z0-9]\d-?[a-z][a-z0-9]\d-?[a-z]{2}\d{2}\b`, lex.NumberStarts).Within(20)
	reDEA  = fastre.NewAt(`\b[a-z][a-z9]\d{7}\b`, wordStarts).Within(12)
	reIMEI = fastre.NewAt(`\b\d{15}\b|\b\d{2}[ -]\d{6}[ -]\d{6}[ -]\d\b`, lex.NumberStarts).Within(24)
	// reStateZIP is a US state code and ZIP code: "Springfield, IL 62704".
	// It runs on the normalised text, which keeps case: the state code is in capitals.
	reStateZIP = fastre.NewAt(`\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC|PR)\.? +(\d{5}(?:-\d{4})?)\b`, stateStarts)
)

// reVanity is a North American number with letters for digits.
var reVanity = regexp.MustCompile(`\b1-\d{3}-[a-z0-9]{3}-[a-z0-9]{4}\b|\b1-\d{3}-[a-z]{5,8}\b`)

// reNumberIsMine is a run of digits its writer then calls their phone.
var reNumberIsMine = regexp.MustCompile(`(\+?\d[\d .()-]{5,20}\d) (?:is|es) (?:my|mi) (?:phone|number|cell|mobile|telephone|numero|movil|celular|telefono|cel)\b`)

// vanityCandidates returns reVanity's matches; most texts hold no "1-".
func vanityCandidates(s string) [][]int {
	if !strings.Contains(s, "1-") {
		return nil
	}
	return reVanity.FindAllStringIndex(s, -1)
}

// reLocal7 is a seven-digit local number, dashed 3-4, exchange first.
var reLocal7 = fastre.NewAt(`\b[2-9]\d{2}-\d{4}\b`, lex.NumberStarts).Within(8)

// rangeWord before a dashed pair makes it a range: "between 200-1000".
var rangeWord = lex.SetOf("between|from|range|of|to|entre|de|desde|ages|aged|years|days|weeks|doses|dose|lot|batch|ref|code|model|lote|codigo|no|nr|serial")

// rangeBefore reports whether the word before position i makes what follows
// a range or a code.
func rangeBefore(s string, i int) bool {
	w := lex.PrevWords(s, i, 1)
	return len(w) > 0 && rangeWord[w[0]]
}

// digitWords name digits, in English and Spanish.
var digitWords = lex.SetOf("zero|oh|one|two|three|four|five|six|seven|eight|nine|cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve")

// spelledPhone finds seven or more digits spelled out as words, one digit a
// word, separated only by spaces, commas or hyphens: "call me five-five-five
// oh one two two", "llámenme al seis uno dos, tres cuatro".
func spelledPhone(s string) (start, end int, ok bool) {
	run := 0 // digit words in the current run, from start to end
	for i := 0; i < len(s); {
		if !isLetterByte(s[i]) {
			if s[i] != ' ' && s[i] != ',' && s[i] != '-' {
				if run >= 7 {
					return start, end, true
				}
				run = 0
			}
			i++
			continue
		}
		j := i
		for j < len(s) && isLetterByte(s[j]) {
			j++
		}
		switch {
		case digitWords[s[i:j]]:
			if run == 0 {
				start = i
			}
			run++
			end = j
		case run >= 7:
			return start, end, true
		default:
			run = 0
		}
		i = j
	}
	return start, end, run >= 7
}

const tldRE = `(?:com|org|net|edu|gov|io|me|info|es|mx|co|uk|us|ca|de|fr|it|ar|cl|pe|br|pt|nl|au|ie|eu|ch|at|be)`

// wordStarts returns the positions where a word of letters, digits or '_'
// starts: where \b meets a word character.
func wordStarts(s string) []int {
	var pos []int
	for p := 0; p < len(s); p++ {
		if lex.IsWordByte(s[p]) && (p == 0 || !lex.IsWordByte(s[p-1])) {
			pos = append(pos, p)
		}
	}
	return pos
}

// phoneStarts returns where a telephone number can start: a '+', a '(' or a
// digit that starts a word.
func phoneStarts(s string) []int {
	var pos []int
	for p := 0; p < len(s); p++ {
		if s[p] == '+' || s[p] == '(' || lex.IsDigit(s[p]) && (p == 0 || !lex.IsWordByte(s[p-1])) {
			pos = append(pos, p)
		}
	}
	return pos
}

// stateStarts returns where a state code before a ZIP code can start: two
// capitals at a word start, then a '.' or a space.
func stateStarts(o string) []int {
	var pos []int
	for p := 0; p+2 < len(o); p++ {
		if lex.IsUpper(o[p]) && lex.IsUpper(o[p+1]) && (o[p+2] == ' ' || o[p+2] == '.') && (p == 0 || !lex.IsWordByte(o[p-1])) {
			pos = append(pos, p)
		}
	}
	return pos
}

// macStarts returns where a MAC address can start: a word start with two
// hex digits, then a ':' or '-', or two more hex digits and a '.'.
func macStarts(s string) []int {
	var pos []int
	for p := 0; p+2 < len(s); p++ {
		if p > 0 && lex.IsWordByte(s[p-1]) || !isHex(s[p]) || !isHex(s[p+1]) {
			continue
		}
		if c := s[p+2]; c == ':' || c == '-' || p+4 < len(s) && isHex(c) && isHex(s[p+3]) && s[p+4] == '.' {
			pos = append(pos, p)
		}
	}
	return pos
}

// isHex reports whether c is a lower-case hex digit, as in [0-9a-f].
func isHex(c byte) bool { return lex.IsDigit(c) || 'a' <= c && c <= 'f' }

// shapes finds identifiers by their shape: e-mail addresses, URLs, IP and
// MAC addresses, SSNs, telephone, card, account, vehicle, health plan,
// licence and device numbers.
func (sc *scan) shapes() {
	s := sc.s
	if sc.may(strings.IndexByte(s, '@') >= 0) {
		for _, m := range reEmail.FindAllStringIndex(s, -1) {
			sc.add(KindEmail, m[0], m[1], prioCheck)
		}
	}
	if sc.may(strings.Contains(s, "(at)") || strings.Contains(s, "[at]") || strings.Contains(s, "<at>") || strings.Contains(s, "{at}") || strings.Contains(s, "arroba") || strings.Contains(s, "dot") || strings.Contains(s, "punto")) {
		for _, m := range reEmailObfuscated.FindAllStringIndex(s, -1) {
			sc.add(KindEmail, m[0], m[1], prioCheck)
		}
	}
	if sc.may(strings.Contains(s, "://") || strings.Contains(s, "www.") || strings.IndexByte(s, '/') >= 0 && strings.IndexByte(s, '.') >= 0) {
		for _, m := range reURL.FindAllStringIndex(s, -1) {
			e := trimURL(s, m[0], m[1])
			if sc.personalURL(m[0], e) {
				sc.add(KindURL, m[0], e, prioCheck)
			}
		}
	}
	if sc.may(sc.digits >= 4 && strings.Count(s, ".") >= 3) {
		for _, m := range reIPv4.FindAllStringIndex(s) {
			if m[0] > 0 && (s[m[0]-1] == '.' || s[m[0]-1] == '-') || m[1] < len(s)-1 && s[m[1]] == '.' && lex.IsDigit(s[m[1]+1]) {
				continue // part of a longer dotted number
			}
			if _, err := netip.ParseAddr(s[m[0]:m[1]]); err == nil && sc.personalIP(m[0]) {
				sc.add(KindIPAddress, m[0], m[1], prioCheck)
			}
		}
	}
	if sc.may(strings.Contains(s, "::") || strings.Count(s, ":") >= 7) {
		for _, m := range reIPv6.FindAllStringIndex(s, -1) {
			if m[1]-m[0] < 3 {
				continue
			}
			if m[0] > 0 && isAlnum(s[m[0]-1]) || m[1] < len(s) && isAlnum(s[m[1]]) {
				continue
			}
			if a, err := netip.ParseAddr(s[m[0]:m[1]]); err == nil && a.Is6() && sc.personalIP(m[0]) {
				sc.add(KindIPAddress, m[0], m[1], prioCheck)
			}
		}
	}
	if sc.may(strings.Count(s, ":") >= 5 || strings.Count(s, "-") >= 5 || strings.Count(s, ".") >= 2) {
		for _, m := range reMAC.FindAllStringIndex(s) {
			if sc.digits >= 1 {
				sc.add(KindDevice, m[0], m[1], prioCheck)
			}
		}
	}
	sc.iban()
	// Vanity numbers: "1-800-555-INKS", "1-555-DRY-SKIN".
	for _, m := range vanityCandidates(s) {
		if isolated(s, m[0], m[1]) && strings.IndexFunc(s[m[0]:m[1]], func(r rune) bool { return 'a' <= r && r <= 'z' }) >= 0 {
			sc.add(KindPhone, m[0], m[1], prioCheck)
		}
	}
	// A number the writer calls theirs after it: "555 55 50 144 is my
	// phone".
	if strings.Contains(s, " is my ") || strings.Contains(s, " es mi ") {
		for _, m := range reNumberIsMine.FindAllStringSubmatchIndex(s, -1) {
			if n := len(compact(s[m[2]:m[3]])); n >= 7 && n <= 15 && isolated(s, m[2], m[3]) {
				sc.add(KindPhone, m[2], m[3], prioCheck)
			}
		}
	}
	// Numbers spelled out digit by digit: "five five five, oh one two two".
	if st, e, ok := spelledPhone(s); ok {
		sc.add(KindPhone, st, e, prioCheck)
	}
	if !sc.may(sc.digits >= 7) {
		return
	}
	for _, m := range reSSN.FindAllStringIndex(s) {
		if isolated(s, m[0], m[1]) && validSSN(compact(s[m[0]:m[1]])) && !sc.refNear(m[0]) {
			sc.add(KindSSN, m[0], m[1], prioCheck)
		}
	}
	for _, m := range reRUT.FindAllStringIndex(s) {
		if validRUT(compact(s[m[0]:m[1]])) && !sc.refNear(m[0]) {
			sc.add(KindLicence, m[0], m[1], prioCheck)
		}
	}
	for _, m := range rePhone.FindAllStringIndex(s) {
		st, e := m[0], m[1]
		if st > 0 && s[st-1] == '(' && strings.IndexByte(s[st:e], ')') < 0 {
			st-- // "(555) 123-4567" after "+1 "
		}
		if !isolated(s, st, e) || sc.refNear(st) || unitAfter(s, e) {
			continue
		}
		if n := len(compact(s[st:e])); n < 7 || n > 15 || looksLikeDate(s[st:e]) || yearRange(s[st:e]) || sc.tollFree(st, e) {
			continue
		}
		kind := KindPhone
		if sc.faxNear(st) || faxAfter(s, e) {
			kind = KindFax
		}
		if e2, ok := readPhone(s, st); ok && e2 > e {
			e = e2 // the extension
		}
		sc.add(kind, st, e, prioCheck)
	}
	// Local numbers of seven digits, dashed 3-4: "..., 555-0135". A range
	// of round numbers ("250-1000") or one followed by a unit is no phone.
	for _, m := range reLocal7.FindAllStringIndex(s) {
		v := s[m[0]:m[1]]
		if isolated(s, m[0], m[1]) && !unitAfter(s, m[1]) && !strings.HasSuffix(v, "0") && !rangeBefore(s, m[0]) &&
			(m[0] == 0 || s[m[0]-1] != '-' && s[m[0]-1] != '/') && (m[1] == len(s) || s[m[1]] != '-' && s[m[1]] != '/') {
			sc.add(KindPhone, m[0], m[1], prioCheck)
		}
	}
	// Numbers with a bare phone shape (seven or ten digits) count only after
	// a phone or fax cue in the same clause.
	if !sc.may(sc.digits >= 12) {
		return
	}
	for _, m := range reCard.FindAllStringIndex(s) {
		if isolated(s, m[0], m[1]) && validCard(compact(s[m[0]:m[1]])) && !sc.refNear(m[0]) {
			sc.add(KindCard, m[0], m[1], prioCheck)
		}
	}
	for _, m := range reIMEI.FindAllStringIndex(s) {
		// Fifteen bare digits that pass Luhn may be a card number; grouped
		// 2-6-6-1, as IMEIs are printed, they are a device.
		c := compact(s[m[0]:m[1]])
		grouped := len(c) < m[1]-m[0]
		if isolated(s, m[0], m[1]) && validIMEI(c) && (!validCard(c) || grouped) && !sc.refNear(m[0]) {
			prio := prioCheck
			if grouped {
				prio = prioExact
			}
			sc.add(KindDevice, m[0], m[1], prio)
		}
	}
}

// iban finds IBANs and the alphanumeric shapes with a check: VINs,
// Medicare MBIs and DEA numbers.
func (sc *scan) iban() {
	s := sc.s
	runs := alnumRunLengths(s)
	if sc.may(sc.digits >= 10) {
		for _, m := range reIBAN.FindAllStringIndex(s) {
			t := token{start: m[0], end: m[1], letters: 1}
			if validIBAN(compact(s[m[0]:m[1]])) {
				sc.add(KindAccount, m[0], m[1], prioCheck)
			} else if e, ok := shrinkIBAN(s, t); ok {
				sc.add(KindAccount, m[0], e, prioCheck)
			}
		}
	}
	if sc.may(sc.digits >= 1 && runs&(1<<17) != 0) {
		for _, m := range reVIN.FindAllStringIndex(s) {
			if validVIN(compact(s[m[0]:m[1]])) {
				sc.add(KindVehicle, m[0], m[1], prioCheck)
			}
		}
	}
	// An MBI is 11 characters, or split by one or two dashes (4-7, 7-4 or
	// 4-3-4): every dashed form has a 4-character run holding a digit.
	if sc.may(sc.digits >= 5 && (runs&(1<<11) != 0 || runs&(1<<4) != 0 && strings.Contains(s, "-"))) {
		for _, m := range reMBI.FindAllStringIndex(s) {
			if validMBI(compact(s[m[0]:m[1]])) && !sc.refNear(m[0]) {
				sc.add(KindHealthPlan, m[0], m[1], prioCheck)
			}
		}
	}
	if sc.may(sc.digits >= 7 && runs&(1<<9) != 0) {
		for _, m := range reDEA.FindAllStringIndex(s) {
			if validDEA(compact(s[m[0]:m[1]])) && !sc.refNear(m[0]) {
				sc.add(KindLicence, m[0], m[1], prioCheck)
			}
		}
	}
}

// alnumRunLengths returns a mask with bit n set when s holds a run of n
// ASCII letters and digits (n < 64) that holds a digit.
func alnumRunLengths(s string) uint64 {
	var mask uint64
	for i := 0; i < len(s); {
		if !isAlnum(s[i]) {
			i++
			continue
		}
		j, digit := i, false
		for j < len(s) && isAlnum(s[j]) {
			digit = digit || lex.IsDigit(s[j])
			j++
		}
		if digit && j-i < 64 {
			mask |= 1 << (j - i)
		}
		i = j
	}
	return mask
}

// isolated reports whether s[i:j] is not part of a longer run of digits
// joined by separators.
func isolated(s string, i, j int) bool {
	if i > 0 && isAlnum(s[i-1]) || j < len(s) && isAlnum(s[j]) {
		return false
	}
	if i > 1 && strings.IndexByte("-./", s[i-1]) >= 0 && lex.IsDigit(s[i-2]) {
		return false
	}
	if j+1 < len(s) && strings.IndexByte("-./", s[j]) >= 0 && lex.IsDigit(s[j+1]) {
		return false
	}
	return true
}

// looksLikeDate reports whether a phone-shaped run is a date such as
// 2025-06-02 or 12.03.2024.
func looksLikeDate(v string) bool {
	c := compact(v)
	return len(c) == 8 && (strings.HasPrefix(c, "19") || strings.HasPrefix(c, "20")) && strings.Count(v, "-")+strings.Count(v, ".")+strings.Count(v, "/") == 2 && len(v) == 10
}

// yearRange reports whether v is a range of years, "2023-2024", not a
// telephone number.
func yearRange(v string) bool {
	if len(v) != 9 || v[4] != '-' && v[4] != '/' {
		return false
	}
	year := func(y string) bool { return allDigits(y) && (y[:2] == "19" || y[:2] == "20") }
	return year(v[:4]) && year(v[5:])
}

// faxNear reports whether a fax cue stands in the same clause within 40
// bytes before folded offset i, nearer than any other phone cue.
func (sc *scan) faxNear(i int) bool {
	fax := false
	for _, h := range sc.hits {
		if h.end > i || i-h.end > 40 {
			continue
		}
		if strings.ContainsAny(sc.s[h.end:i], ".;?!") {
			continue
		}
		switch h.role {
		case roleFax:
			fax = true
		case rolePhone:
			if h.phrase != "number" && h.phrase != "numero" && h.phrase != "contact" {
				fax = false
			}
		}
	}
	return fax
}

// tollFree reports whether a number at folded [st, e) is a North American
// toll-free line (800, 833, 844, 855, 866, 877, 888), which belongs to an
// organisation, and the writer does not call it theirs.
func (sc *scan) tollFree(st, e int) bool {
	c := compact(sc.s[st:e])
	c = strings.TrimPrefix(c, "1")
	if len(c) != 10 {
		return false
	}
	switch c[:3] {
	case "800", "833", "844", "855", "866", "877", "888":
	default:
		return false
	}
	a := sentenceStart(sc.s, st)
	return !hasWord(sc.s[a:st], "my", "me", "mi", "our", "his", "her", "su")
}

// faxAfter reports whether "(fax)" or "fax" follows a number ending at
// folded offset e.
func faxAfter(s string, e int) bool {
	rest := strings.TrimLeft(s[e:], " (")
	return wordAt(rest, 0, "fax") || wordAt(rest, 0, "facsimile")
}

// trimURL drops trailing punctuation from a URL match.
func trimURL(s string, i, j int) int {
	for j > i && strings.IndexByte(".,;:!?)]}'\"", s[j-1]) >= 0 {
		j--
	}
	return j
}

// urlPersonMarkers are path segments and query keys of pages about one
// person.
var urlPersonMarkers = map[string]bool{
	"patient": true, "patients": true, "paciente": true, "pacientes": true, "user": true,
	"users": true, "u": true, "profile": true, "profiles": true, "perfil": true, "member": true,
	"members": true, "people": true, "person": true, "account": true, "accounts": true,
	"me": true, "my": true, "mrn": true, "chart": true, "record": true, "records": true,
	"uid": true, "userid": true, "user_id": true, "patientid": true, "patient_id": true,
	"pid": true, "name": true, "email": true, "diary": true, "diario": true, "album": true,
	"albums": true, "photos": true, "fotos": true, "gallery": true, "in": true, "id": true,
	"mi": true, "mis": true, "share": true, "shared": true, "s": true, "file": true, "d": true,
	"folder": true, "drive": true, "invite": true, "appointment": true, "appointments": true,
	"cita": true, "citas": true, "portal": true, "mychart": true, "results": true,
	"resultados": true, "token": true, "session": true,
}

// socialHosts hold pages that belong to one person.
var socialHosts = []string{"facebook.", "instagram.", "twitter.", "x.com", "tiktok.", "linkedin.", "youtube.", "flickr.", "dropbox.", "drive.google.", "photos.google.", "photos.app.goo.gl", "icloud.", "imgur.", "wa.me", "t.me", "onedrive.", "snapchat.", "pinterest.", "reddit.com/user", "reddit.com/u/", "github.com/"}

// personalURL reports whether the URL at folded [i, j) points to a person:
// its path names a patient, user or profile, a person's name, a social page,
// or the text calls it "my page", "mi perfil".
func (sc *scan) personalURL(i, j int) bool {
	u := sc.s[i:j]
	for _, h := range socialHosts {
		if strings.Contains(u, h) && strings.Count(strings.TrimRight(u, "/"), "/") >= 3 {
			return true
		}
	}
	rest := u
	if k := strings.Index(rest, "://"); k >= 0 {
		rest = rest[k+3:]
	}
	host, path, _ := strings.Cut(rest, "/")
	if strings.Contains(host, "@") {
		return true // user info in the URL
	}
	for _, seg := range strings.FieldsFunc(path, func(r rune) bool {
		return r == '/' || r == '?' || r == '&' || r == '=' || r == '#' || r == '.' || r == '-' || r == '_' || r == '+' || r == '%'
	}) {
		if urlPersonMarkers[seg] || strings.HasPrefix(seg, "~") || strings.HasPrefix(seg, "@") {
			return true
		}
		if firstNames[seg] && !ambiguousNames[seg] {
			return true
		}
	}
	if strings.Contains(path, "/~") || strings.Contains(path, "/@") {
		return true
	}
	// "my page", "mi perfil" before the URL, in the same sentence.
	from := max(sentenceStart(sc.s, i), i-80)
	before := sc.s[from:i]
	if hasWord(before, "my", "mi", "mis", "our", "his", "her", "nuestro", "nuestra", "i", "i've", "i'm", "me") &&
		hasWord(before, "page", "profile", "photos", "photo", "pictures", "pics", "blog", "site", "website", "diary", "album", "account", "portal", "chart", "records", "record", "instagram", "facebook", "tiktok", "gallery", "drive", "dropbox", "folder", "link", "pagina", "perfil", "fotos", "foto", "web", "diario", "cuenta", "historial", "enlace", "shared", "posted", "uploaded", "compartido", "subido", "subi", "comparti", "results", "resultados", "handle", "channel", "canal", "video", "videos") {
		return true
	}
	return false
}

// personalIP reports whether an IP address at folded offset i points to a
// person: anything but an address the text ties to a server, site or
// clinic, without the writer's own device or home.
func (sc *scan) personalIP(i int) bool {
	a, b := sentenceStart(sc.s, i), sentenceEnd(sc.s, i)
	ctx := sc.s[a:b]
	server := hasWord(ctx, "server", "servers", "servidor", "servidores", "website", "site", "sitio", "web", "dns", "gateway", "proxy", "host", "hosting", "printer", "impresora", "clinic's", "hospital's", "firewall", "vpn", "domain", "dominio", "intranet", "ehr", "emr", "portal", "api", "endpoint", "subnet")
	personal := hasWord(ctx, "my", "mi", "mis", "i", "i'm", "me", "mine", "home", "casa", "personal", "phone", "telefono", "laptop", "computer", "ordenador", "computadora", "patient", "paciente", "his", "her", "su", "from", "desde", "user", "usuario", "tracked", "logged", "login")
	return !server || personal
}
