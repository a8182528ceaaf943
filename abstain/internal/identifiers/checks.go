package identifiers

import "github.com/dermliving/dermliving/abstain/internal/lex"

// Check-digit and validity rules for the identifier kinds that have them. Each
// function takes the identifier's characters with separators removed and
// letters in upper case, and reports whether it is a well-formed value.

// luhn reports whether digits (ASCII '0'-'9' only) pass the Luhn check.
func luhn(digits string) bool {
	if len(digits) < 2 {
		return false
	}
	sum := 0
	double := false
	for i := len(digits) - 1; i >= 0; i-- {
		c := digits[i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

// validSSN applies the SSA's rules to nine digits: the area is not 000, 666
// or 900-999, the group is not 00 and the serial is not 0000.
func validSSN(digits string) bool {
	if len(digits) != 9 || !allDigits(digits) {
		return false
	}
	area, group, serial := digits[:3], digits[3:5], digits[5:]
	if area == "000" || area == "666" || area[0] == '9' {
		return false
	}
	return group != "00" && serial != "0000"
}

// validCard reports whether digits are a payment card number: 13 to 19
// digits, an issuer prefix of a major scheme with a length it issues, and a
// valid Luhn check digit.
func validCard(digits string) bool {
	n := len(digits)
	if n < 13 || n > 19 || !luhn(digits) {
		return false
	}
	p2 := atoiPrefix(digits, 2)
	p4 := atoiPrefix(digits, 4)
	p3 := atoiPrefix(digits, 3)
	switch {
	case digits[0] == '4': // Visa
		return n == 13 || n == 16 || n == 19
	case p2 >= 51 && p2 <= 55, p4 >= 2221 && p4 <= 2720: // Mastercard
		return n == 16
	case p2 == 34 || p2 == 37: // American Express
		return n == 15
	case p4 == 6011, p2 == 65, p3 >= 644 && p3 <= 649: // Discover
		return n >= 16
	case p2 == 35: // JCB
		return n >= 16
	case p2 == 36 || p2 == 38 || p2 == 30: // Diners Club
		return n >= 14
	case p2 == 62: // UnionPay
		return n >= 16
	}
	return false
}

// validIBAN applies the ISO 13616 mod-97 check to an IBAN in upper case
// without spaces.
func validIBAN(s string) bool {
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	if !lex.IsUpper(s[0]) || !lex.IsUpper(s[1]) || !lex.IsDigit(s[2]) || !lex.IsDigit(s[3]) {
		return false
	}
	if want, ok := ibanLengths[s[:2]]; !ok || len(s) != want {
		return false
	}
	if cd := s[2:4]; cd == "00" || cd == "01" || cd == "99" {
		return false // ISO 13616 check digits run from 02 to 98
	}
	rem := 0
	add := func(c byte) bool {
		switch {
		case lex.IsDigit(c):
			rem = (rem*10 + int(c-'0')) % 97
		case lex.IsUpper(c):
			v := int(c-'A') + 10
			rem = (rem*100 + v) % 97
		default:
			return false
		}
		return true
	}
	for i := 4; i < len(s); i++ {
		if !add(s[i]) {
			return false
		}
	}
	for i := 0; i < 4; i++ {
		if !add(s[i]) {
			return false
		}
	}
	return rem == 1
}

// ibanLengths holds the IBAN length of each country the screen knows; a
// code it does not know is no IBAN. Every one of these holds at least ten
// digits, which the screen's precheck relies on.
var ibanLengths = map[string]int{
	"AD": 24, "AE": 23, "AT": 20, "BE": 16, "BG": 22, "BR": 29, "CH": 21, "CY": 28,
	"CZ": 24, "DE": 22, "DK": 18, "EE": 20, "ES": 24, "FI": 18, "FR": 27, "GB": 22,
	"GR": 27, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IS": 26, "IT": 27, "LI": 21,
	"LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28,
	"PT": 25, "RO": 24, "SA": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TR": 26,
}

// validNPI checks a National Provider Identifier: ten digits, the first 1
// or 2, and a Luhn check digit computed with the prefix 80840.
func validNPI(digits string) bool {
	if len(digits) != 10 || !allDigits(digits) || (digits[0] != '1' && digits[0] != '2') {
		return false
	}
	return luhn("80840" + digits)
}

// validDEA checks a DEA registration number: a registrant-type letter, a
// letter (or 9), six digits and a check digit: the last digit of
// (d1+d3+d5) + 2*(d2+d4+d6).
func validDEA(s string) bool {
	if len(s) != 9 {
		return false
	}
	switch s[0] {
	case 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'P', 'R', 'S', 'T', 'U', 'X':
	default:
		return false
	}
	if !lex.IsUpper(s[1]) && s[1] != '9' {
		return false
	}
	d := s[2:]
	if !allDigits(d) {
		return false
	}
	odd := int(d[0]-'0') + int(d[2]-'0') + int(d[4]-'0')
	even := int(d[1]-'0') + int(d[3]-'0') + int(d[5]-'0')
	return (odd+2*even)%10 == int(d[6]-'0')
}

// vinShaped reports whether s has the shape of a vehicle identification
// number, without its check digit: 17 letters and digits, no I, O or Q, with
// both letters and digits. VINs outside North America carry no check digit;
// right after a VIN cue the shape is enough.
func vinShaped(s string) bool {
	if len(s) != 17 {
		return false
	}
	letters, digits := 0, 0
	for i := 0; i < 17; i++ {
		if vinValue(s[i]) < 0 {
			return false
		}
		if lex.IsDigit(s[i]) {
			digits++
		} else {
			letters++
		}
	}
	return letters > 0 && digits > 0
}

// validVIN checks a 17-character vehicle identification number: no I, O or
// Q, and the check digit in position 9 (ISO 3779 as used in North America).
func validVIN(s string) bool {
	if !vinShaped(s) {
		return false
	}
	weights := [17]int{8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2}
	sum := 0
	for i := 0; i < 17; i++ {
		sum += vinValue(s[i]) * weights[i]
	}
	check := sum % 11
	if check == 10 {
		return s[8] == 'X'
	}
	return s[8] == byte('0'+check)
}

// vinValue transliterates one VIN character, or returns -1.
func vinValue(c byte) int {
	switch {
	case lex.IsDigit(c):
		return int(c - '0')
	case c >= 'A' && c <= 'H':
		return int(c-'A') + 1
	case c >= 'J' && c <= 'N':
		return int(c-'J') + 1
	case c == 'P':
		return 7
	case c == 'R':
		return 9
	case c >= 'S' && c <= 'Z':
		return int(c-'S') + 2
	}
	return -1
}

// validIMEI checks a 15-digit IMEI with its Luhn check digit.
func validIMEI(digits string) bool {
	return len(digits) == 15 && luhn(digits)
}

// mbiLetter reports whether c may stand where a Medicare Beneficiary
// Identifier has a letter: A-Z without S, L, O, I, B and Z.
func mbiLetter(c byte) bool {
	return lex.IsUpper(c) && c != 'S' && c != 'L' && c != 'O' && c != 'I' && c != 'B' && c != 'Z'
}

// validMBI checks the Medicare Beneficiary Identifier format: 11
// characters, C A AN N A AN N A A N N, where C is 1-9, N a digit, A an MBI
// letter and AN either.
func validMBI(s string) bool {
	if len(s) != 11 || s[0] < '1' || s[0] > '9' {
		return false
	}
	const layout = "CAPNAPNAANN"
	for i := 1; i < 11; i++ {
		c := s[i]
		switch layout[i] {
		case 'A':
			if !mbiLetter(c) {
				return false
			}
		case 'N':
			if !lex.IsDigit(c) {
				return false
			}
		case 'P':
			if !mbiLetter(c) && !lex.IsDigit(c) {
				return false
			}
		}
	}
	return true
}

// validRUT reports whether s, digits and a last digit or K, is a Chilean
// RUT or RUN: a body of seven or eight digits and its modulus-11 check.
func validRUT(s string) bool {
	if len(s) < 8 || len(s) > 9 || !allDigits(s[:len(s)-1]) {
		return false
	}
	sum, mul := 0, 2
	for i := len(s) - 2; i >= 0; i-- {
		sum += int(s[i]-'0') * mul
		if mul++; mul > 7 {
			mul = 2
		}
	}
	want := byte('0' + (11-sum%11)%11)
	if 11-sum%11 == 10 {
		want = 'K'
	}
	return s[len(s)-1] == want
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !lex.IsDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// atoiPrefix returns the number formed by the first n digits of s, or -1.
func atoiPrefix(s string, n int) int {
	if len(s) < n {
		return -1
	}
	v := 0
	for i := 0; i < n; i++ {
		if !lex.IsDigit(s[i]) {
			return -1
		}
		v = v*10 + int(s[i]-'0')
	}
	return v
}
