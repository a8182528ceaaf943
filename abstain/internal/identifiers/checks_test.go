package identifiers

import "testing"

// TestChecks runs each validity rule on published specimen values and on
// near misses.
func TestChecks(t *testing.T) {
	tests := []struct {
		name   string
		check  func(string) bool
		value  string
		want   bool
		reason string
	}{
		{"luhn", luhn, "79927398713", true, "the textbook Luhn example"},
		{"luhn", luhn, "79927398710", false, "a wrong check digit"},
		{"card", validCard, "4111111111111111", true, "the Visa test number"},
		{"card", validCard, "5555555555554444", true, "the Mastercard test number"},
		{"card", validCard, "378282246310005", true, "the American Express test number"},
		{"card", validCard, "6011111111111117", true, "the Discover test number"},
		{"card", validCard, "4111111111111112", false, "fails Luhn"},
		{"card", validCard, "1234567812345670", false, "Luhn-valid but no scheme issues prefix 12"},
		{"card", validCard, "490154203237518", false, "an IMEI: Luhn-valid, but Visa issues no 15-digit numbers"},
		{"ssn", validSSN, "123456789", true, "a valid-looking SSN"},
		{"ssn", validSSN, "000123456", false, "area 000 is never issued"},
		{"ssn", validSSN, "666123456", false, "area 666 is never issued"},
		{"ssn", validSSN, "912345678", false, "areas 900-999 are never issued"},
		{"ssn", validSSN, "123006789", false, "group 00 is never issued"},
		{"ssn", validSSN, "123450000", false, "serial 0000 is never issued"},
		{"iban", validIBAN, "GB82WEST12345698765432", true, "the ECBS specimen IBAN"},
		{"iban", validIBAN, "ES9121000418450200051332", true, "a Spanish specimen IBAN"},
		{"iban", validIBAN, "GB82WEST12345698765433", false, "a changed digit fails mod-97"},
		{"iban", validIBAN, "ES912100041845020005133", false, "wrong length for Spain"},
		{"npi", validNPI, "1234567893", true, "the CMS example NPI"},
		{"npi", validNPI, "1234567890", false, "a wrong check digit"},
		{"npi", validNPI, "3234567893", false, "NPIs begin with 1 or 2"},
		{"dea", validDEA, "AB1234563", true, "check digit 3: (1+3+5) + 2*(2+4+6) = 33"},
		{"dea", validDEA, "AB1234564", false, "a wrong check digit"},
		{"dea", validDEA, "ZB1234563", false, "Z is not a registrant type"},
		{"vin", validVIN, "1HGCM82633A004352", true, "a specimen VIN with check digit 3"},
		{"vin", validVIN, "1M8GDM9AXKP042788", true, "a VIN whose check digit is X"},
		{"vin", validVIN, "1HGCM82643A004352", false, "a wrong check digit"},
		{"vin", validVIN, "1HGCM82633A00435I", false, "VINs hold no I, O or Q"},
		{"imei", validIMEI, "490154203237518", true, "the specimen IMEI"},
		{"imei", validIMEI, "490154203237519", false, "a wrong check digit"},
		{"mbi", validMBI, "1EG4TE5MK73", true, "the CMS specimen MBI"},
		{"mbi", validMBI, "1EG4TE5MK7", false, "too short"},
		{"mbi", validMBI, "1SG4TE5MK73", false, "S is not an MBI letter"},
		{"mbi", validMBI, "0EG4TE5MK73", false, "the first character is 1-9"},
	}
	for _, tc := range tests {
		if got := tc.check(tc.value); got != tc.want {
			t.Errorf("%s(%q) = %v, want %v (%s)", tc.name, tc.value, got, tc.want, tc.reason)
		}
	}
}
