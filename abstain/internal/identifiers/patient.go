// Package identifiers is the patient-data screen: Find returns the HIPAA
// Safe Harbor identifiers a text carries, by kind and offsets, never their
// values. It normalises and folds the text (package fold), finds the cue
// phrases of cues.go, reads the values after them, and recognises values
// by their shape (shapes.go, with the check digits of checks.go), dates
// and ages (dates.go, and datecue.go after a cue), street addresses
// (address.go) and names (names.go, firstnames.go); beside another
// identifier, dates and postcodes too (partial.go). Overlapping findings
// are merged, in the original text's offsets.
package identifiers

import (
	"slices"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/lex"
	"github.com/dermliving/dermliving/internal/fold"
)

// Kind is a kind of patient identifier: one of the HIPAA Safe Harbor
// identifier kinds that a text can carry.
type Kind string

// Identifier kinds the patient-data screen detects.
const (
	KindName        Kind = "name"
	KindDateOfBirth Kind = "date_of_birth"
	KindDate        Kind = "date" // a date tied to a person: admission, visit, biopsy
	KindAgeOver89   Kind = "age_over_89"
	KindPhone       Kind = "phone"
	KindFax         Kind = "fax"
	KindEmail       Kind = "email"
	KindURL         Kind = "url"
	KindIPAddress   Kind = "ip_address"
	KindSSN         Kind = "ssn"
	KindMRN         Kind = "medical_record_number"
	KindHealthPlan  Kind = "health_plan_number"
	KindAccount     Kind = "account_number"
	KindCard        Kind = "card_number"
	KindLicence     Kind = "licence_number"
	KindVehicle     Kind = "vehicle_identifier"
	KindDevice      Kind = "device_identifier"
	KindAddress     Kind = "address"
	KindZIP         Kind = "zip_code"
)

// AllKinds returns every identifier kind, in the order of the constants.
func AllKinds() []Kind {
	return []Kind{
		KindName, KindDateOfBirth, KindDate, KindAgeOver89, KindPhone, KindFax,
		KindEmail, KindURL, KindIPAddress, KindSSN, KindMRN, KindHealthPlan,
		KindAccount, KindCard, KindLicence, KindVehicle, KindDevice, KindAddress,
		KindZIP,
	}
}

// Valid reports whether k is one of the kinds in [AllKinds].
func (k Kind) Valid() bool { return slices.Contains(AllKinds(), k) }

// Finding is one identifier found in a text: its kind and byte offsets. It
// never carries the identifier's value; text[Start:End] is the value.
type Finding struct {
	Kind  Kind
	Start int
	End   int
}

// Priorities of detections: when two overlap, the merged finding takes the
// kind of the higher.
const (
	prioShape = 1 // a value recognised by its shape alone
	prioCheck = 2 // a shape with a check digit, or a cue nearby
	prioCue   = 3 // a value right after the cue that names its kind
	// prioExact is a grouping only one kind is printed in, with its check
	// digit: an IMEI as 35-209900-176148-1 after "the IMEI of my mobile:"
	// is a device, although "mobile" is a phone cue.
	prioExact = 4
)

// detection is a finding before overlaps are merged, in offsets of the
// normalised text (fold.Text.N) until screen maps them to the original's.
type detection struct {
	kind       Kind
	start, end int
	prio       int
}

// scan is one text being screened.
type scan struct {
	f      *fold.Text
	s      string // f.s
	digits int    // ASCII digits in s
	// oldAge is hasOldAge(s) when digits >= 2: a number that may be an age
	// over 89, the condition of the age detectors.
	oldAge bool
	// precheck lets detectors skip expressions whose cheap necessary
	// condition fails; tests turn it off to check that skipping changes
	// nothing.
	precheck bool
	hits     []cueHit
	out      []detection
}

// add records a detection given in folded offsets.
func (sc *scan) add(k Kind, start, end, prio int) {
	if start >= end {
		return
	}
	sc.out = append(sc.out, detection{k, sc.f.Start(start), sc.f.End(end), prio})
}

// addN records a detection given in offsets of the normalised text,
// which the detectors that need capitals read (fold.Text.N).
func (sc *scan) addN(k Kind, start, end, prio int) {
	if start >= end {
		return
	}
	sc.out = append(sc.out, detection{k, start, end, prio})
}

// may reports whether a detector should run: always without prechecks,
// otherwise when its condition holds.
func (sc *scan) may(cond bool) bool { return !sc.precheck || cond }

// Find returns the identifiers found in text, in order of position.
// Overlapping findings are merged into one that covers both and takes the
// more specific kind (a value after its cue over a value recognised by shape
// alone), so that [Redact] leaves no part of either.
//
// The screen is offline and deterministic. It errs towards finding: a
// missed identifier costs more than a refused question.
func Find(text string) []Finding {
	return screen(text, true)
}

// screen is Find; with precheck false every detector runs over
// the whole text, which tests compare against.
func screen(text string, precheck bool) []Finding {
	sc := &scan{f: fold.WithOffsets(text), precheck: precheck}
	sc.s = sc.f.S
	for i := 0; i < len(sc.s); i++ {
		if lex.IsDigit(sc.s[i]) {
			sc.digits++
		}
	}
	sc.oldAge = sc.digits >= 2 && hasOldAge(sc.s)
	sc.hits = findCues(sc.s)
	sc.cueValues()
	sc.shapes()
	sc.dates()
	sc.cuedDates()
	sc.ages()
	sc.addresses()
	sc.names()
	// An age put aside after a person ("my gran, 94,", "Mr. Walter
	// Placeholder, 91,") is read once the names are known.
	if sc.may(sc.oldAge) {
		sc.agesAside()
	}
	// Dates and postcodes that identify no one alone are findings beside
	// another identifier (partial.go).
	if len(sc.out) > 0 {
		sc.partials()
	}
	for i := range sc.out {
		d := &sc.out[i]
		d.start, d.end = sc.f.OrigSpan(d.start, d.end)
	}
	return merge(sc.out)
}

// merge sorts detections and merges overlapping ones.
func merge(ds []detection) []Finding {
	if len(ds) == 0 {
		return nil
	}
	slices.SortStableFunc(ds, func(a, b detection) int {
		if a.start != b.start {
			return a.start - b.start
		}
		if a.end != b.end {
			return b.end - a.end
		}
		return b.prio - a.prio
	})
	var out []Finding
	prio := 0
	for _, d := range ds {
		if n := len(out); n > 0 && d.start < out[n-1].End {
			last := &out[n-1]
			last.End = max(last.End, d.end)
			if d.prio > prio {
				last.Kind, prio = d.kind, d.prio
			}
			continue
		}
		out = append(out, Finding{Kind: d.kind, Start: d.start, End: d.end})
		prio = d.prio
	}
	return out
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
// store or forward the rest. Removing one identifier can bring another's
// shape to light (a number that touched it stands alone), so Redact screens
// what it returns again, until the screen finds nothing in it.
func Redact(text string) string {
	for range maxRedactRounds {
		fs := Find(text)
		if len(fs) == 0 {
			return text
		}
		text = redactFindings(text, fs)
	}
	return text
}

// maxRedactRounds bounds Redact's rounds; each replaces at least one
// letter or digit outside the brackets it writes, and in practice a second
// round is rare and a third rarer still.
const maxRedactRounds = 16

// redactFindings replaces each finding of text by its kind in brackets.
func redactFindings(text string, fs []Finding) string {
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

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool { return lex.IsDigit(c) || lex.IsLower(c) || lex.IsUpper(c) }

// isLetterByte reports whether c starts a letter in folded text: an ASCII
// letter or a byte of a multi-byte character.
func isLetterByte(c byte) bool { return lex.IsLower(c) || lex.IsUpper(c) || c >= 0x80 }

// sentenceStart returns the start of the sentence holding folded offset i:
// just past the last '.', '?', '!', ';' or newline followed by a space, or 0.
func sentenceStart(s string, i int) int {
	for j := min(i, len(s)) - 1; j > 0; j-- {
		switch s[j-1] {
		case '?', '!', ';', '\n':
			return j
		case '.':
			if s[j] == ' ' && j >= 3 && !isAbbrevDot(s, j-1) {
				return j
			}
		}
	}
	return 0
}

// sentenceEnd returns the end of the sentence holding folded offset i.
func sentenceEnd(s string, i int) int {
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '?', '!', ';', '\n':
			return j
		case '.':
			if (j+1 == len(s) || s[j+1] == ' ') && !isAbbrevDot(s, j) {
				return j
			}
		}
	}
	return len(s)
}

// isAbbrevDot reports whether the '.' at s[j] ends a title such as "dr." or
// an initial, rather than a sentence.
func isAbbrevDot(s string, j int) bool {
	k := j
	for k > 0 && lex.IsLower(s[k-1]) {
		k--
	}
	w := s[k:j]
	if k > 0 && lex.IsWordByte(s[k-1]) {
		return false
	}
	switch w {
	case "dr", "dra", "mr", "mrs", "ms", "sr", "sra", "srta", "prof", "pt", "st", "no", "vs", "e.g", "i.e", "b", "d.o.b", "o.b", "ext", "tel", "apt", "nac", "fec", "nacim", "av", "avda", "pza", "ctra", "cra", "num", "nro", "tlf", "telf", "mob", "ref", "approx", "dept":
		return true
	}
	return len(w) == 1
}

// wordAt reports whether the folded text holds word w at i as a whole word.
func wordAt(s string, i int, w string) bool {
	if i < 0 || !strings.HasPrefix(s[i:], w) {
		return false
	}
	if i > 0 && lex.IsWordByte(s[i-1]) && lex.IsWordByte(w[0]) {
		return false
	}
	e := i + len(w)
	return e == len(s) || !lex.IsWordByte(s[e]) || !lex.IsWordByte(w[len(w)-1])
}

// hasWord reports whether s holds any of words as a whole word.
func hasWord(s string, words ...string) bool {
	for _, w := range words {
		for off := 0; off < len(s); {
			i := strings.Index(s[off:], w)
			if i < 0 {
				break
			}
			if wordAt(s, off+i, w) {
				return true
			}
			off += i + 1
		}
	}
	return false
}
