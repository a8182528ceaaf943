package abstain

import (
	"regexp"
	"slices"
	"strings"
)

// Kind is a kind of patient identifier.
type Kind string

// Identifier kinds the patient-data screen detects.
const (
	KindName        Kind = "name"
	KindDateOfBirth Kind = "date_of_birth"
	KindPhone       Kind = "phone"
	KindEmail       Kind = "email"
	KindSSN         Kind = "ssn"
	KindMRN         Kind = "medical_record_number"
)

// Finding is one identifier found in a text: its kind and byte offsets. It
// never carries the identifier's value.
type Finding struct {
	Kind  Kind
	Start int
	End   int
}

const (
	monthRE = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`
	dateRE  = `(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{1,2}-\d{1,2}|` + monthRE + `\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?` + monthRE + `,?\s+\d{4})`
)

// patterns find identifiers. The submatch named "v", when present, is the
// identifier itself; otherwise the whole match is.
var patterns = []struct {
	kind Kind
	re   *regexp.Regexp
}{
	{KindEmail, regexp.MustCompile(`(?i)\b[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b`)},
	{KindSSN, regexp.MustCompile(`\b(?P<v>\d{3}-\d{2}-\d{4})\b`)},
	{KindSSN, regexp.MustCompile(`(?i)\b(?:ssn|social security(?: number| no\.?)?)\s*(?:is|:|#)?\s*(?P<v>\d{9}|\d{3}[ -]\d{2}[ -]\d{4})\b`)},
	{KindMRN, regexp.MustCompile(`(?i)\b(?:mrn|medical record(?: number| no\.?| #)?|record (?:number|no\.?|#)|chart (?:number|no\.?|#)|patient (?:id|number|no\.?|#))\s*(?:is|:|#|-)?\s*(?P<v>[a-z]{0,3}[-]?\d[\d-]{3,})\b`)},
	{KindDateOfBirth, regexp.MustCompile(`(?i)\b(?:dob|d\.o\.b\.?|date of birth|birth ?date|born(?: on)?)\s*(?:is|:|-)?\s*(?P<v>` + dateRE + `)`)},
	{KindPhone, regexp.MustCompile(`(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b`)},
	{KindName, regexp.MustCompile(`(?:(?i:\bpatient(?: name)?|\bpt\.?|\bmy name is|\bname\s*:|\bmr\.?|\bmrs\.?|\bms\.?|\bmiss|\bdr\.?|\bdoctor)\s+)(?P<v>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)`)},
}

// eponyms are surnames that name skin signs, tests and conditions; after a cue
// such as "Dr." they are still not taken for a person's name.
var eponyms = map[string]bool{
	"darier": true, "bowen": true, "kaposi": true, "spitz": true, "mohs": true, "breslow": true,
	"clark": true, "fitzpatrick": true, "koebner": true, "nikolsky": true, "stevens": true,
	"sweet": true, "grover": true, "paget": true, "becker": true, "wood": true, "auspitz": true,
	"gottron": true, "hutchinson": true, "lyme": true, "raynaud": true, "addison": true,
	"cushing": true, "hansen": true, "behcet": true, "sezary": true, "netherton": true,
	"hailey": true, "bazex": true, "leser": true, "trelat": true, "favre": true, "wickham": true,
	"has": true, "is": true, "was": true, "with": true, "presents": true, "reports": true,
}

// ScreenPatientData returns the identifiers found in text, in order of
// position. Overlapping findings are merged into the earliest.
func ScreenPatientData(text string) []Finding {
	var out []Finding
	for _, p := range patterns {
		vi := p.re.SubexpIndex("v")
		for _, m := range p.re.FindAllStringSubmatchIndex(text, -1) {
			s, e := m[0], m[1]
			if vi > 0 && m[2*vi] >= 0 {
				s, e = m[2*vi], m[2*vi+1]
			}
			if p.kind == KindName {
				first := strings.ToLower(strings.Fields(text[s:e])[0])
				if eponyms[first] {
					continue
				}
			}
			out = append(out, Finding{Kind: p.kind, Start: s, End: e})
		}
	}
	slices.SortFunc(out, func(a, b Finding) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return b.End - a.End
	})
	merged := out[:0]
	for _, f := range out {
		if n := len(merged); n > 0 && f.Start < merged[n-1].End {
			continue
		}
		merged = append(merged, f)
	}
	return merged
}

// Kinds returns the distinct kinds among findings, in order of first
// appearance.
func Kinds(findings []Finding) []Kind {
	var kinds []Kind
	for _, f := range findings {
		if !slices.Contains(kinds, f.Kind) {
			kinds = append(kinds, f.Kind)
		}
	}
	return kinds
}

// Redact returns text with every identifier the screen finds replaced by its
// kind in brackets, such as "[date_of_birth]", so that a host application can
// store or forward the rest.
func Redact(text string) string {
	fs := ScreenPatientData(text)
	if len(fs) == 0 {
		return text
	}
	var b strings.Builder
	last := 0
	for _, f := range fs {
		b.WriteString(text[last:f.Start])
		b.WriteString("[" + string(f.Kind) + "]")
		last = f.End
	}
	b.WriteString(text[last:])
	return b.String()
}
