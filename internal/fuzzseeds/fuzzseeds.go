// Package fuzzseeds holds awkward inputs that seed the fuzz targets of the
// text folding and of the screens, so that both start from the same edge
// cases. Nothing here runs when a question is answered.
package fuzzseeds

// Awkward are inputs beyond the table cases: invalid UTF-8, combining marks,
// cues at the end of the text, runs of digits, invisible characters and
// Unicode digits.
var Awkward = []string{
	"\xff\xfe Patient \xc3",
	"Mr. ",
	"DOB",
	"Patient John\u0301 Smith",
	"Name:\u00a0Ana",
	"+1 (555) 123-4567 ext. 89",
	"1234567890123456789012345678901234567890",
	"a@b.cc@d.ee",
	"Ms. Ä",
	"Eczéma – ‘atopic’ … should I?",
	"İs thİs mole cancer?",
	"ﬀ ﬁ ﬂ should ı",
	"SSN 523\u200b-45\u00ad-6781 \ufeff",
	"MRN ٤٨٢١٣٣٧٧ ४८२१ ２",
	"DOB 14 / 03 / 1962, 5 2 3 - 4 5",
	"Mrs. Ana Demo, 14MAR1962, SW1A 1AA",
}
