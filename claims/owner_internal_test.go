package claims

import "testing"

func TestMovedOwner(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"predicate of the contrasted clause", "Zeta rash often follows a throat infection.",
			"Alpha rash produces small spots on the trunk, often after a throat infection, while zeta rash causes smooth patches in skin folds.", true},
		{"faithful one clause", "Alpha rash often follows a throat infection.",
			"Alpha rash produces small spots on the trunk, often after a throat infection, while zeta rash causes smooth patches in skin folds.", false},
		{"relative clause of another list item", "Alphacoccus is often caught from cats and dogs.",
			"The common causes include alphacoccus, which spreads from person to person, and betacoccus, which is often caught from cats and dogs.", true},
		{"subject left out, the compared thing named", "Betoma causes most deaths from skin cancer.",
			"Alphoma is less common than betoma but causes most deaths from skin cancer.", true},
		{"subject left out, its own subject named", "Alphoma causes most deaths from skin cancer.",
			"Alphoma is less common than betoma but causes most deaths from skin cancer.", false},
		{"a pronoun refers back", "Alpha rash usually clears within weeks.",
			"Alpha rash is common in children, and it usually clears within weeks.", false},
		{"a general noun refers back", "Alpha rash does not clear without treatment.",
			"Alpha rash is not a sign of poor hygiene, and the infestation does not clear without treatment.", false},
		{"a list of subjects", "Kittens and puppies are common sources of alpha rash.",
			"Pets, especially kittens and puppies, and farm animals such as cattle are common sources of alpha rash.", false},
		{"a claim opened by a pronoun", "It isn't contagious and isn't caused by poor hygiene.",
			"Alpha rash is not contagious and is not caused by poor hygiene or diet.", false},
	}
	for _, tt := range tests {
		if got := v.movedOwner(v.claimUnits(tt.claim), tt.claim, tt.span); got != tt.want {
			t.Errorf("%s: movedOwner(%q) = %v, want %v", tt.name, tt.claim, got, tt.want)
		}
	}
}
