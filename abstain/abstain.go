// Package abstain decides when DermLiving must not answer: the input appears to
// hold patient identifiers (patient_data), or the question asks for a decision
// about a particular person (clinical_decision). insufficient_evidence is
// decided later, by retrieval and verification, but shares the Reason type.
//
// # Patient data
//
// [ScreenPatientData] finds, offline and in pure Go, every HIPAA Safe Harbor
// identifier kind a text can carry (see [AllKinds]): names after cues
// ("Patient", "Mrs.", "my name is", "me llamo", "my son") or a known first
// name with a surname, with dermatology eponyms (Darier, Kaposi, Mohs, Wood)
// left alone; dates tied to a person and ages over 89, in digits or in words
// ("ninety-three", "a hundred and two", "noventa y dos años",
// "centenarian"); telephone and fax
// numbers, e-mail addresses, URLs and IP addresses that point to a person;
// SSNs under the SSA's rules; record, health plan (with Medicare MBIs),
// account (Luhn card numbers, mod-97 IBANs), licence (NPI, DEA), vehicle (VIN)
// and device (IMEI, MAC) numbers, with their check digits; street addresses
// and ZIP codes. Cue words match as whole words, in English and Spanish, on
// text folded to lower case without accents. Dermatology numbers (SPF 50,
// 0.1%, 40 mg, ICD-10 L20.9, CPT codes, durations, Fitzpatrick types) are not
// identifiers.
//
// Screens never return or log the text they find: a [Finding] names an
// identifier kind and its offsets only, and [Redact] replaces each value by
// its kind.
//
// # Clinical decisions
//
// [IsClinicalDecision] matches questions that ask for a particular person's
// diagnosis, treatment choice or dose, or triage ("ER now?", "¿voy a
// urgencias?"), in the first or third person ("her GP wants her on
// methotrexate; is that right for her?"), as a case vignette ("Man, 41, hives
// for 8 weeks. What would you add?"), or about an attached image, in English
// and Spanish (folded with golang.org/x/text, so case and accents do not
// matter).
// Reference questions that only look similar are rewritten first ("do I have
// to wear sunscreen", "I am not asking for a diagnosis") and pass.
// [Decide] runs both screens and names the rule that decided.
//
// # Urgent decisions
//
// A decision about a person who shows an emergency sign now (a swelling
// tongue or throat, trouble breathing with hives, widespread blistering
// with a fever, spots with a fever that do not fade under a glass ...) is
// urgent: [Decision].Urgent and [IsUrgent] say so, and [Decision].Sign
// names the sign, never a diagnosis, so that a caller can tell the person
// to seek emergency care first. The signs are data, with examples and
// look-alikes (internal/decision/rules/urgent.rules). [Language] tells a
// Spanish question from an English one for the message, and
// [NamesHealth] tells a decision about a person's care from a question
// about something else that only looks like one ("should I buy a new
// car?").
//
// Both screens read a text through [Normalize] first: in NFKC, without
// invisible characters, with every decimal digit as an ASCII digit and one
// form of each dash, slash, dot and space, so that "523\u200b-45-6781" or
// "MRN ٤٨٢١٣٣٧٧" hides nothing. Findings name offsets in the text as given;
// a finding spans the invisible characters inside it.
//
// Screens are pure functions, safe for concurrent use.
//
// # Layout
//
// This package is the screens' public face; they live in internal
// packages: internal/identifiers is the patient-data screen and
// internal/decision the clinical-decision screen, with its rule files
// (internal/decision/rules) and its learned model, which
// internal/decision/gen.go trains (go generate ./abstain/...). Both read
// text folded by the module's internal/fold, run their expressions with internal/fastre
// and share the word helpers of internal/lex. internal/labelled reads the
// labelled question sets of testdata/screens; internal/screentest holds what
// the tests share.
package abstain

import (
	"fmt"
)

// Reason is why an answer was withheld. Only the three constants below are
// valid; a Reason's zero value is invalid.
type Reason uint8

// Reasons, in the order the pipeline checks them.
const (
	PatientData Reason = iota + 1
	ClinicalDecision
	InsufficientEvidence
)

var reasonNames = [...]string{
	PatientData:          "patient_data",
	ClinicalDecision:     "clinical_decision",
	InsufficientEvidence: "insufficient_evidence",
}

// String returns the reason code, such as "patient_data".
func (r Reason) String() string {
	if r.Valid() {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Valid reports whether r is one of the defined reasons.
func (r Reason) Valid() bool { return r >= PatientData && r <= InsufficientEvidence }

// MarshalText encodes the reason code, such as "clinical_decision".
func (r Reason) MarshalText() ([]byte, error) {
	if !r.Valid() {
		return nil, fmt.Errorf("abstain: invalid reason %d", uint8(r))
	}
	return []byte(reasonNames[r]), nil
}

// UnmarshalText decodes a reason code.
func (r *Reason) UnmarshalText(b []byte) error {
	p, err := ParseReason(string(b))
	if err != nil {
		return err
	}
	*r = p
	return nil
}

// ParseReason returns the reason with the given code.
func ParseReason(code string) (Reason, error) {
	for r := PatientData; r <= InsufficientEvidence; r++ {
		if reasonNames[r] == code {
			return r, nil
		}
	}
	return 0, fmt.Errorf("abstain: unknown reason %q", code)
}
