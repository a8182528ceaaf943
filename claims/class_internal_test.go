package claims

import "testing"

func TestMovedClass(t *testing.T) {
	v := bindingVerifier(t)
	span := "Options include biologic injections such as zetamab and quorbimab, oral blockers, and older pills such as ciclozine. Certain antibiotics such as doxamycin and some diuretics make the skin sensitive."
	tests := []struct {
		name, claim string
		want        bool
		reason      string
	}{
		{"class moved to a listed drug", "Zetamab and quorbimab are oral blockers.", true,
			"the span lists them as biologic injections; oral blockers is another item"},
		{"sibling member taken for the class", "Doxamycin is one of the diuretics that make the skin sensitive.", true,
			"doxamycin is listed under antibiotics; diuretics is another item"},
		{"class kept", "Zetamab is a biologic injection.", false, "the span's own class for the drug"},
		{"a remedy word binds nothing", "Ciclozine is an older treatment.", false, "older is ciclozine's class; treatment names any remedy"},
		{"a participle is no class", "Zetamab is used with oral blockers.", false, "no class is claimed"},
	}
	for _, tt := range tests {
		if got := v.movedClass(tt.claim, span); got != tt.want {
			t.Errorf("%s: movedClass(%q) = %v, want %v (%s)", tt.name, tt.claim, got, tt.want, tt.reason)
		}
	}
}

func TestMovedAppositive(t *testing.T) {
	v := bindingVerifier(t)
	span := "For lasting itch, zetamab, a biologic injection, is an established option, and ciclozine is sometimes used."
	tests := []struct {
		name, claim string
		want        bool
	}{
		{"appositive class moved to another drug", "Ciclozine is a biologic injection used for lasting itch.", true},
		{"appositive class kept", "Zetamab is a biologic injection used for lasting itch.", false},
		{"a drug the span does not name", "Quorbimab is a biologic injection.", false},
		{"another class", "Ciclozine is an established option.", false},
	}
	for _, tt := range tests {
		if got := v.movedClass(tt.claim, span); got != tt.want {
			t.Errorf("%s: movedClass(%q) = %v, want %v", tt.name, tt.claim, got, tt.want)
		}
	}
}

// TestMovedClassParticiple checks that an irregular participle ("is known
// as", "is seen in") names no class, as one in "-ed" does not.
func TestMovedClassParticiple(t *testing.T) {
	v := bindingVerifier(t)
	span := "Alpha rash causes flaky patches on oily areas such as the scalp, face and chest. Mild alpha rash of the scalp is known as dandruff."
	for _, claim := range []string{
		"Mild alpha rash of the scalp is known as dandruff.",
		"Mild alpha rash of the scalp is seen on oily areas.",
	} {
		if v.movedClass(claim, span) {
			t.Errorf("movedClass(%q) = true, want false", claim)
		}
	}
}
