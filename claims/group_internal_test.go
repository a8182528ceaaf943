package claims

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestGroupUnheld(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"group the span does not name", "Pattern P is most common in people with diabetes.",
			"The most common pattern is pattern P, which starts at the free edge.", true},
		{"group named by the span", "Rash R is more severe in people with diabetes.",
			"Rash R can be more severe in people who have diabetes.", false},
		{"a group by one of its words", "Waiting is reasonable, particularly in people with weakened immune systems.",
			"Waiting is reasonable, particularly in people whose immune system is weakened.", false},
		{"a group the span lacks, after patients who have", "Cream C is used for patients who have kidney disease.",
			"Cream C is used for most adults.", true},
		{"no group", "Cream C suits most adults.", "Cream C suits most adults.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, v.groupUnheld(tt.claim, tt.span)); diff != "" {
				t.Errorf("groupUnheld(%q, %q) (-want +got):\n%s", tt.claim, tt.span, diff)
			}
		})
	}
}
