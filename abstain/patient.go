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
	dateRE  = `(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|` + monthRE + `\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?` + monthRE + `,?\s+\d{4})`
	// nameRE is one capitalised name: "Smith", "José", "O'Brien", "McDonald",
	// "Smith-Jones". An all-capitals word ("HIV") is not taken for a name.
	nameRE = `\p{Lu}(?:['’]\p{Lu})?\p{Ll}[\p{L}'’-]*`
)

// A pattern finds one kind of identifier. The submatch named "v", when
// present, is the identifier itself; otherwise the whole match is.
type pattern struct {
	kind Kind
	re   *regexp.Regexp
	// may is a cheap necessary condition for re to match: the count of ASCII
	// digits an identifier needs, or a cue it starts with. Most questions
	// hold neither, and skip the expression.
	may func(t *screenText) bool
}

var patterns = []pattern{
	{KindEmail, regexp.MustCompile(`(?i)\b[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b`),
		func(t *screenText) bool { return strings.IndexByte(t.s, '@') >= 0 }},
	{KindSSN, regexp.MustCompile(`\b(?P<v>\d{3}-\d{2}-\d{4})\b`),
		func(t *screenText) bool { return t.digits >= 9 }},
	{KindSSN, regexp.MustCompile(`(?i)\b(?:ssn|social security(?: number| no\.?)?)\s*(?:is\s*)?[:#]?\s*(?P<v>\d{9}|\d{3}[ -]\d{2}[ -]\d{4})\b`),
		func(t *screenText) bool { return t.digits >= 9 && t.hasAny("ssn", "social security") }},
	{KindMRN, regexp.MustCompile(`(?i)\b(?:mrn|medical record(?: number| no\.?| #)?|record (?:number|no\.?|#)|chart (?:number|no\.?|#)|patient (?:id|number|no\.?|#))\s*(?:is\s*)?[:#-]?\s*(?P<v>[a-z]{0,3}-?\d[\d-]{3,})\b`),
		func(t *screenText) bool {
			return t.digits >= 1 && t.hasAny("mrn", "medical record", "record number", "record no", "record #",
				"chart number", "chart no", "chart #", "patient id", "patient number", "patient no", "patient #")
		}},
	{KindDateOfBirth, regexp.MustCompile(`(?i)\b(?:dob|d\.o\.b\.?|date of birth|birth ?date|birthday|born(?: on)?)\s*(?:is\s*)?[:-]?\s*(?P<v>` + dateRE + `)`),
		func(t *screenText) bool { return t.digits >= 4 && t.hasAny("dob", "d.o.b", "birth", "born") }},
	{KindPhone, regexp.MustCompile(`(?:\+\d{1,3}[\s.-]?|\b1[\s.-])?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b`),
		func(t *screenText) bool { return t.digits >= 10 }},
	{KindName, regexp.MustCompile(nameCueRE + `(?P<v>` + nameRE + `(?:\s+` + nameRE + `)?)`),
		func(t *screenText) bool { return len(t.cues()) > 0 }},
}

// nameCueRE is the cue before a name: "Patient", "Dr.", "my name is",
// "Name:". Each alternative starts with one of nameCues.
const nameCueRE = `(?:(?i:\bpatient(?: name)?|\bpt\.?|\bmr\.?|\bmrs\.?|\bms\.?|\bmiss|\bdr\.?|\bdoctor)(?:\s*:\s*|\s+)|(?i:\bmy name is)\s+|(?i:\bname)\s*:\s*)`

var nameCues = []string{"patient", "pt", "mr", "ms", "miss", "dr", "doctor", "my name is", "name"}

// nameAt matches a name pattern that starts where a cue starts: the name
// pattern runs only from the cue positions rather than over the whole text.
var nameAt = regexp.MustCompile(`^` + nameCueRE + `(?P<v>` + nameRE + `(?:\s+` + nameRE + `)?)`)

// screenText is a text being screened, with what the patterns' prechecks use.
type screenText struct {
	s      string
	lower  string // s with ASCII letters lowercased: same length and offsets
	digits int    // ASCII digits in s
	// precheck is false when the caller turns prechecks off, or when s holds
	// U+017F (ſ) or U+212A (K), which (?i) matches as s and k: the prechecks
	// look at ASCII only. Every expression then runs over the whole text.
	precheck bool
	cuePos   []int // start of each name cue at a word boundary
	cueDone  bool
}

func newScreenText(s string, precheck bool) *screenText {
	t := &screenText{s: s, precheck: precheck && !strings.ContainsAny(s, "\u017f\u212a")}
	if !t.precheck {
		return t
	}
	b := []byte(s)
	for i, c := range b {
		switch {
		case 'A' <= c && c <= 'Z':
			b[i] = c + 'a' - 'A'
		case '0' <= c && c <= '9':
			t.digits++
		}
	}
	t.lower = string(b)
	return t
}

// hasAny reports whether the lowered text holds any of the words.
func (t *screenText) hasAny(words ...string) bool {
	for _, w := range words {
		if strings.Contains(t.lower, w) {
			return true
		}
	}
	return false
}

// cues returns the positions where a name cue starts at a word boundary, in
// order.
func (t *screenText) cues() []int {
	if t.cueDone {
		return t.cuePos
	}
	t.cueDone = true
	for i := 0; i < len(t.lower); i++ {
		if c := t.lower[i]; c != 'p' && c != 'm' && c != 'd' && c != 'n' || i > 0 && isWordByte(t.lower[i-1]) {
			continue
		}
		for _, c := range nameCues {
			if strings.HasPrefix(t.lower[i:], c) {
				t.cuePos = append(t.cuePos, i)
				break
			}
		}
	}
	return t.cuePos
}

// isWordByte reports whether c is an ASCII word character, as \b sees it.
func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// findAll returns the submatch indexes of p's non-overlapping matches in t,
// as regexp's FindAllStringSubmatchIndex does.
func (p *pattern) findAll(t *screenText) [][]int {
	if !t.precheck {
		return p.re.FindAllStringSubmatchIndex(t.s, -1)
	}
	if !p.may(t) {
		return nil
	}
	if p.kind != KindName {
		return p.re.FindAllStringSubmatchIndex(t.s, -1)
	}
	// Every name match starts at a cue: try the anchored pattern at each cue
	// past the previous match, which finds the same leftmost matches.
	var out [][]int
	end := 0
	for _, i := range t.cues() {
		if i < end {
			continue
		}
		m := nameAt.FindStringSubmatchIndex(t.s[i:])
		if m == nil {
			continue
		}
		for j := range m {
			if m[j] >= 0 {
				m[j] += i
			}
		}
		out = append(out, m)
		end = m[1]
	}
	return out
}

// notNames are capitalised words that follow a cue such as "Patient" or "Dr."
// without being a person's name: eponyms of skin signs, tests and conditions
// ("Dr. Mohs", "Wood lamp"), function words and verbs ("Patient Has ..."), and
// the nouns of title-case headings ("Patient Information Leaflet"). Only the
// first word of a candidate name is looked up, lowercased.
var notNames = map[string]bool{
	// eponyms
	"darier": true, "bowen": true, "kaposi": true, "spitz": true, "mohs": true, "breslow": true,
	"clark": true, "fitzpatrick": true, "koebner": true, "köbner": true, "nikolsky": true, "stevens": true,
	"sweet": true, "grover": true, "paget": true, "becker": true, "wood": true, "auspitz": true,
	"gottron": true, "hutchinson": true, "lyme": true, "raynaud": true, "addison": true,
	"cushing": true, "hansen": true, "behcet": true, "behçet": true, "sezary": true, "sézary": true,
	"netherton": true, "hailey": true, "bazex": true, "leser": true, "trelat": true, "trélat": true,
	"favre": true, "wickham": true,
	// function words and verbs
	"a": true, "an": true, "the": true, "and": true, "or": true, "of": true, "for": true,
	"in": true, "on": true, "at": true, "to": true, "from": true, "about": true, "by": true,
	"as": true, "if": true, "who": true, "what": true, "when": true, "how": true, "why": true,
	"which": true, "this": true, "that": true, "these": true, "those": true, "my": true,
	"your": true, "his": true, "her": true, "our": true, "their": true, "it": true, "its": true,
	"has": true, "have": true, "had": true, "is": true, "are": true, "was": true, "were": true,
	"with": true, "without": true, "presents": true, "presented": true, "reports": true,
	"reported": true, "says": true, "said": true, "told": true, "recommends": true,
	"recommended": true, "prescribed": true, "prescribes": true, "may": true, "can": true,
	"could": true, "should": true, "would": true, "will": true, "does": true, "did": true,
	"do": true,
	// heading nouns and patient descriptors
	"education": true, "information": true, "info": true, "leaflet": true, "leaflets": true,
	"guide": true, "guides": true, "handout": true, "handouts": true, "care": true,
	"safety": true, "support": true, "portal": true, "resources": true, "forum": true,
	"advocacy": true, "advice": true, "history": true, "consent": true, "notes": true,
	"records": true, "questions": true, "visit": true, "visits": true, "appointment": true,
	"male": true, "female": true, "man": true, "woman": true, "boy": true, "girl": true,
	"child": true, "adult": true, "infant": true, "baby": true, "age": true, "aged": true,
}

// ScreenPatientData returns the identifiers found in text, in order of
// position. Overlapping findings are merged into the earliest: it keeps its
// kind and extends to cover both, so that [Redact] leaves no part of either.
func ScreenPatientData(text string) []Finding {
	return screen(text, true)
}

// screen is ScreenPatientData; with precheck false it runs every pattern
// over the whole text, which tests compare against.
func screen(text string, precheck bool) []Finding {
	t := newScreenText(text, precheck)
	var out []Finding
	for i := range patterns {
		p := &patterns[i]
		vi := p.re.SubexpIndex("v")
		for _, m := range p.findAll(t) {
			s, e := m[0], m[1]
			if vi > 0 && m[2*vi] >= 0 {
				s, e = m[2*vi], m[2*vi+1]
			}
			if p.kind == KindName {
				first := strings.ToLower(strings.Fields(text[s:e])[0])
				if notNames[first] {
					continue
				}
			}
			out = append(out, Finding{Kind: p.kind, Start: s, End: e})
		}
	}
	slices.SortStableFunc(out, func(a, b Finding) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return b.End - a.End
	})
	merged := out[:0]
	for _, f := range out {
		if n := len(merged); n > 0 && f.Start < merged[n-1].End {
			merged[n-1].End = max(merged[n-1].End, f.End)
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
