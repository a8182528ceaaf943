package abstain

import "github.com/dermliving/dermliving/abstain/internal/identifiers"

// Kind is a kind of patient identifier: one of the HIPAA Safe Harbor
// identifier kinds that a text can carry. Its Valid method reports whether
// a kind is one of those in [AllKinds].
type Kind = identifiers.Kind

// Identifier kinds the patient-data screen detects.
const (
	KindName        = identifiers.KindName
	KindDateOfBirth = identifiers.KindDateOfBirth
	KindDate        = identifiers.KindDate // a date tied to a person: admission, visit, biopsy
	KindAgeOver89   = identifiers.KindAgeOver89
	KindPhone       = identifiers.KindPhone
	KindFax         = identifiers.KindFax
	KindEmail       = identifiers.KindEmail
	KindURL         = identifiers.KindURL
	KindIPAddress   = identifiers.KindIPAddress
	KindSSN         = identifiers.KindSSN
	KindMRN         = identifiers.KindMRN
	KindHealthPlan  = identifiers.KindHealthPlan
	KindAccount     = identifiers.KindAccount
	KindCard        = identifiers.KindCard
	KindLicence     = identifiers.KindLicence
	KindVehicle     = identifiers.KindVehicle
	KindDevice      = identifiers.KindDevice
	KindAddress     = identifiers.KindAddress
	KindZIP         = identifiers.KindZIP
)

// AllKinds returns every identifier kind, in the order of the constants.
func AllKinds() []Kind { return identifiers.AllKinds() }

// Finding is one identifier found in a text: its kind and byte offsets. It
// never carries the identifier's value; text[Start:End] is the value.
type Finding = identifiers.Finding

// ScreenPatientData returns the identifiers found in text, in order of
// position. Overlapping findings are merged into one that covers both and
// takes the more specific kind (a value after its cue over a value
// recognised by shape alone), so that [Redact] leaves no part of either.
//
// The screen is offline and deterministic. It errs towards finding: a
// missed identifier costs more than a refused question.
func ScreenPatientData(text string) []Finding { return identifiers.Find(text) }

// Kinds returns the distinct kinds among findings, in order of first
// appearance.
func Kinds(findings []Finding) []Kind { return identifiers.Kinds(findings) }

// Redact returns text with every identifier the screen finds replaced by its
// kind in brackets, such as "[date_of_birth]", so that a host application can
// store or forward the rest: [ScreenPatientData] finds nothing in what it
// returns, and redacting that again changes nothing. The span replaced is
// the identifier's whole span in text, invisible characters inside it
// included; a date or a postcode beside another identifier goes too.
func Redact(text string) string { return identifiers.Redact(text) }
