package claims

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLabelled checks the reading of a telegraphic "Label: description"
// claim as "Label is description" when the passages name the label.
func TestLabelled(t *testing.T) {
	v := bindingVerifier(t)
	passages := []Passage{{ID: "p", Text: "Rash Q causes redness on the front of the neck (alpha sign) and on the upper back (beta sign). Lotion X is used for limited rash Q."}}
	tests := []struct {
		name, claim, want string
	}{
		{"label the passage names", "Beta sign: redness on the front of the neck.", "Beta sign is redness on the front of the neck."},
		{"label the passage does not name", "Limited disease: lotion X.", "Limited disease: lotion X."},
		{"no colon", "Beta sign is redness on the upper back.", "Beta sign is redness on the upper back."},
		{"two colons", "Beta sign: redness: upper back.", "Beta sign: redness: upper back."},
		{"label with a clause break", "In rash Q, beta sign: redness on the upper back.", "In rash Q, beta sign: redness on the upper back."},
		{"label too long", "Rash Q causes redness on the upper back beta sign: yes.", "Rash Q causes redness on the upper back beta sign: yes."},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, v.labelled(tt.claim, passages)); diff != "" {
			t.Errorf("%s: labelled(%q) mismatch (-want +got):\n%s", tt.name, tt.claim, diff)
		}
	}
}
