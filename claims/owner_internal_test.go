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
		{"the owner named by another of its words", "Nits are tiny oval eggs glued to the hair, and unlike dandruff they cannot easily be brushed off.",
			"Alpha lice eggs, called nits, are tiny oval specks glued to hair shafts and, unlike dandruff, are not easily brushed or shaken off.", false},
		{"a later item of the owner's list", "Avoiding alcohol and hot drinks, which can worsen itching in some people, may help with itch at night.",
			"A cool bedroom and avoiding alcohol and hot drinks, which can worsen itching in some people, may help with alpha itch at night.", false},
		// A name closing a unit makes it no clause, and a unit of
		// condition says when the one before holds (round 19).
		{"a named list item", "The alpha scheme uses four classes, namely mild, moderate, potent and very potent.",
			"Creams are grouped by potency: the alpha scheme uses four classes, mild (also called low), moderate, potent and very potent, while the beta system uses seven classes.", false},
		{"a condition after the predicate", "Oral drugs may be used for extensive infection or when there is fever.",
			"Clinicians may use oral drugs for alpha rash that is extensive, or when the infection is accompanied by fever.", false},
		{"a word of another unit's predicate", "Large boils may need drainage by a clinician, while extensive or deep infection may need oral antibiotics.",
			"Treatment options for alpha folliculitis include topical antibiotics and, for extensive or deep infection, oral antibiotics, while large boils may need drainage by a clinician.", false},
		{"another unit's thing as the object", "Alpha cell carcinoma can give rise to actinic keratoses.",
			"Long-term ultraviolet exposure is the main cause of alpha cell carcinoma, and actinic keratoses can be precursors.", true},
		{"a claim opened by a pronoun", "It isn't contagious and isn't caused by poor hygiene.",
			"Alpha rash is not contagious and is not caused by poor hygiene or diet.", false},
		{"the other sentence names both things, the claim moves the fact", "Shave removal is generally preferred when a spot looks suspicious.",
			"Common methods include shave removal, which leaves a flat scar, and deep removal with stitches, which takes the whole spot. Deep removal is generally preferred when a spot is suspicious.", true},
		{"the other sentence names both things, the fact kept", "Deep removal is generally preferred when a spot looks suspicious.",
			"Common methods include shave removal, which leaves a flat scar, and deep removal with stitches, which takes the whole spot. Deep removal is generally preferred when a spot is suspicious.", false},
		{"the other sentence names only the claim's thing", "Alpha rash spreads by close skin contact.",
			"Alpha rash is caused by a mite. Infestation spreads by close skin contact.", false},
		{"a description taken from the other sentence", "Antifungal creams and powders are options, many without a prescription.",
			"Treatment options for alpha foot include antifungal creams and powders. Many alpha foot treatments are available without a prescription, and the skin usually improves within weeks.", false},
		// An elliptic unit that goes on a relative clause with no comma
		// between says it of the relative pronoun's antecedent.
		{"the relative clause's antecedent owns what follows it", "Alphoids stay within the wound area and often flatten over time.",
			"Alphoids, also called alpha scars, differ from beta scars, which are also raised but stay within the wound area and often flatten over time.", true},
		{"the antecedent named in the other clause of the claim", "Beta scars grow beyond the wound, while alphoids stay within the wound area and often flatten over time.",
			"Alphoids, also called alpha scars, differ from beta scars, which are also raised but stay within the wound area and often flatten over time.", true},
		{"the antecedent named", "Beta scars stay within the wound area and often flatten over time.",
			"Alphoids, also called alpha scars, differ from beta scars, which are also raised but stay within the wound area and often flatten over time.", false},
		// A verbless item of the last clause's list is no subject of the
		// elliptic unit after it.
		{"a list item before the elliptic unit", "Alphoma is confirmed by removing the whole lesion with a margin.",
			"Alphoma is suspected on skin examination and dermoscopy and is confirmed by removing the whole lesion with a margin.", false},
		{"a comma closes the relative clause", "Alpha rash usually clears within weeks.",
			"Alpha rash is caused by a betavirus, which lives on the skin, and usually clears within weeks.", false},
	}
	for _, tt := range tests {
		if got := v.movedOwner(v.claimUnits(tt.claim), tt.claim, tt.span); got != tt.want {
			t.Errorf("%s: movedOwner(%q) = %v, want %v", tt.name, tt.claim, got, tt.want)
		}
	}
}
