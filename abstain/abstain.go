// Package abstain decides when DermLiving must not answer: the input appears to
// hold patient identifiers (patient_data), or the question asks for a decision
// about a particular person (clinical_decision). insufficient_evidence is
// decided later, by retrieval and verification, but shares the Reason type.
//
// Screens never return or log the text they find: a [Finding] names an
// identifier kind and its offsets only. Screens are pure functions, safe for
// concurrent use.
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
