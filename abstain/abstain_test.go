package abstain

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReasonRoundTrip(t *testing.T) {
	tests := []struct {
		r      Reason
		code   string
		reason string
	}{
		{PatientData, "patient_data", "screened first"},
		{ClinicalDecision, "clinical_decision", "screened second"},
		{InsufficientEvidence, "insufficient_evidence", "decided by retrieval and verification"},
	}
	for _, tc := range tests {
		if !tc.r.Valid() {
			t.Errorf("%v.Valid() = false, want true (%s)", tc.r, tc.reason)
		}
		if got := tc.r.String(); got != tc.code {
			t.Errorf("Reason(%d).String() = %q, want %q", uint8(tc.r), got, tc.code)
		}
		b, err := tc.r.MarshalText()
		if err != nil || string(b) != tc.code {
			t.Errorf("Reason(%d).MarshalText() = %q, %v; want %q, nil", uint8(tc.r), b, err, tc.code)
		}
		var back Reason
		if err := back.UnmarshalText(b); err != nil || back != tc.r {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v, nil", b, back, err, tc.r)
		}
		if p, err := ParseReason(tc.code); err != nil || p != tc.r {
			t.Errorf("ParseReason(%q) = %v, %v; want %v, nil", tc.code, p, err, tc.r)
		}
	}
}

func TestReasonInvalid(t *testing.T) {
	for _, r := range []Reason{0, InsufficientEvidence + 1, 255} {
		if r.Valid() {
			t.Errorf("Reason(%d).Valid() = true, want false", uint8(r))
		}
		if b, err := r.MarshalText(); err == nil {
			t.Errorf("Reason(%d).MarshalText() = %q, nil; want an error", uint8(r), b)
		}
		if got, want := r.String(), "Reason("; !strings.HasPrefix(got, want) {
			t.Errorf("Reason(%d).String() = %q, want the %q form", uint8(r), got, want)
		}
		if _, err := json.Marshal(struct{ R Reason }{r}); err == nil {
			t.Errorf("json.Marshal of Reason(%d) succeeded, want an error", uint8(r))
		}
	}
	for _, code := range []string{"", "unknown", "Patient_Data", "patient_data ", "Reason(1)", "1"} {
		if p, err := ParseReason(code); err == nil {
			t.Errorf("ParseReason(%q) = %v, nil; want an error", code, p)
		}
		r := ClinicalDecision
		if err := r.UnmarshalText([]byte(code)); err == nil {
			t.Errorf("UnmarshalText(%q) succeeded, want an error", code)
		}
		if r != ClinicalDecision {
			t.Errorf("UnmarshalText(%q) changed the reason to %v on error", code, r)
		}
	}
}

func TestReasonJSON(t *testing.T) {
	type envelope struct {
		Status string  `json:"status"`
		Reason Reason  `json:"reason"`
		Also   *Reason `json:"also,omitempty"`
	}
	in := envelope{Status: "abstained", Reason: ClinicalDecision}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"status":"abstained","reason":"clinical_decision"}`; got != want {
		t.Errorf("json.Marshal = %s, want %s", got, want)
	}
	var out envelope
	if err := json.Unmarshal([]byte(`{"status":"abstained","reason":"patient_data","also":"insufficient_evidence"}`), &out); err != nil {
		t.Fatal(err)
	}
	ie := InsufficientEvidence
	if d := cmp.Diff(envelope{Status: "abstained", Reason: PatientData, Also: &ie}, out); d != "" {
		t.Errorf("json.Unmarshal mismatch (-want +got):\n%s", d)
	}
	for _, bad := range []string{`{"reason":"nope"}`, `{"reason":2}`, `{"reason":""}`} {
		if err := json.Unmarshal([]byte(bad), &out); err == nil {
			t.Errorf("json.Unmarshal(%s) succeeded, want an error", bad)
		}
	}
}

func TestWithoutFraming(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"I am not asking for a diagnosis: what does guttate psoriasis look like?", "what does guttate psoriasis look like?", true},
		{"Not looking for medical advice, how is scabies spread?", "how is scabies spread?", true},
		{"No pido diagnóstico: ¿cómo es un carcinoma basocelular típico?", "¿como es un carcinoma basocelular tipico?", true},
		{"What is a diagnosis of exclusion?", "What is a diagnosis of exclusion?", false},
		// A text that is only a disclaimer is left as it is.
		{"I'm not asking for advice.", "I'm not asking for advice.", false},
		// A report of who asked frames the question it reports.
		{"A customer asked me whether sunburn blisters should be popped.", "sunburn blisters should be popped.", true},
		{"One of my clients wanted to know which creams are used for melasma", "which creams are used for melasma", true},
		{"My friend asked me about a rash", "My friend asked me about a rash", false},
		// The rest keeps its capitals, so that its sentences still split.
		{"A customer asked me what a rodent ulcer is. Her grandmother used that name. Is it cancer?", "what a rodent ulcer is. Her grandmother used that name. Is it cancer?", true},
	}
	for _, tt := range tests {
		if got, ok := WithoutFraming(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("WithoutFraming(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
