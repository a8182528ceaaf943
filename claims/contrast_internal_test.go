package claims

import (
	"slices"
	"testing"
)

func TestComparedOn(t *testing.T) {
	tests := []struct {
		claim, span string
		want        bool
	}{
		{"Alpha rash is more common in people with darker skin.", "Alpha rash affects all skin types, but its patches are often more visible on darker skin.", true},
		{"Alpha rash is more severe in women.", "Alpha rash is more common in women.", true},
		{"Alpha rash occurs more often in older adults.", "Alpha rash is more common in older adults.", false},
		{"Wet skin is more susceptible to fungal infections.", "Wet skin is more prone to fungal infections.", false},
		{"Alpha rash is more noticeable on darker skin.", "Alpha rash is often more visible on darker skin.", false},
		{"Alpha rash can be more severe in people with gout.", "Alpha rash is more common and may be more severe in people with gout.", false},
		{"Creams make clothing more likely to catch fire.", "Creams can soak into clothing and make it more flammable.", false},
		{"People with fair skin tend to have more moles.", "Alpha rash is more common in people with fair skin.", false},
	}
	for _, tt := range tests {
		if got := comparedOn(tt.claim, tt.span); got != tt.want {
			t.Errorf("comparedOn(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
		}
	}
}

func TestWordsContrastAliases(t *testing.T) {
	if got := words("Ultraviolet A penetrates deeply"); !slices.Contains(got, "uva") {
		t.Errorf("words: %v lacks uva", got)
	}
	if got := words("ultraviolet and visible light"); slices.Contains(got, "uva") {
		t.Errorf("words: %v holds uva", got)
	}
}

// TestIncreaseAgainstReduce checks that "reduce" and "increase" are other
// members of one contrast set, and that "reduce" agrees with "decrease".
func TestIncreaseAgainstReduce(t *testing.T) {
	c := newContrasts(testAnalyzer(t))
	tests := []struct {
		claim, span string
		want        bool
	}{
		{"Squeezing spots helps reduce inflammation.", "Squeezing spots can increase inflammation.", true},
		{"Exercise raises the risk.", "Exercise reduces the risk.", true},
		{"Moisturisers reduce itch.", "Moisturisers decrease itch.", false},
	}
	for _, tt := range tests {
		if got := c.clash(words(tt.claim), words(tt.span)); got != tt.want {
			t.Errorf("clash(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
		}
	}
}

// TestMostAgainstMinority checks that "most" (and "majority") and
// "minority" are other members of one contrast set, and that "juvenile"
// is a child, not an adult.
func TestMostAgainstMinority(t *testing.T) {
	c := newContrasts(testAnalyzer(t))
	tests := []struct {
		claim, span string
		want        bool
	}{
		{"Most people with discoid lupus go on to develop systemic lupus.", "Only a minority of people with discoid lupus go on to develop systemic disease.", true},
		{"A majority of patients respond.", "Only a minority of patients respond.", true},
		{"Most patients respond.", "The majority of patients respond.", false},
		{"Calcinosis develops particularly in adult dermatomyositis.", "Calcinosis can develop, particularly in juvenile dermatomyositis.", true},
	}
	for _, tt := range tests {
		if got := c.clash(words(tt.claim), words(tt.span)); got != tt.want {
			t.Errorf("clash(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
		}
	}
}

// TestRankedOtherwise checks that a superlative of the claim is refused
// where the span ranks on the same quality only the other way (round 18).
func TestRankedOtherwise(t *testing.T) {
	tests := []struct {
		claim, span string
		want        bool
	}{
		{"Melanoma is the most common type of skin cancer.", "Melanoma is less common than basal cell carcinoma but causes most deaths from skin cancer.", true},
		{"Form A is the least severe form.", "Form A is more severe than form B.", true},
		{"Form A is the most common form.", "Form A is the most common form, and form B is less common.", false},
		{"Form A is the most common form.", "Form A is common, and it causes most deaths.", false},
		{"Form B is more common than form A.", "Form A is less common than form B.", false},
	}
	for _, tt := range tests {
		if got := rankedOtherwise(tt.claim, tt.span); got != tt.want {
			t.Errorf("rankedOtherwise(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
		}
	}
}

// TestBodySites checks that the limbs' parts, the neck, the ears and the
// buttocks are body sites of their own, and that a part agrees with its
// limb (round 21).
func TestBodySites(t *testing.T) {
	c := newContrasts(testAnalyzer(t))
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"forearm against back", "Cream C is applied to the forearm.", "Cream C is applied to the back.", true},
		{"thighs against face", "Rash R spreads to the thighs.", "Rash R spreads to the face.", true},
		{"neck against scalp", "Rash R starts on the neck.", "Rash R starts on the scalp.", true},
		{"ears against hands", "Rash R affects the ears.", "Rash R affects the hands.", true},
		{"forearms with arms", "Rash R affects the forearms.", "Rash R affects the arms.", false},
		{"thighs with legs", "Rash R affects the thighs.", "Rash R affects the legs.", false},
		// The armpits under their other names (round 23).
		{"underarm against palms", "Treatment T is used on the palms.", "Treatment T is used on underarm sweat glands.", true},
		{"underarms with armpits", "Rash R affects the underarms and palms.", "Rash R affects the armpits and palms.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.clash(words(tt.claim), words(tt.span)); got != tt.want {
				t.Errorf("clash(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
			}
		})
	}
}

// TestElements checks that the elements that name skin-care ingredients
// ("zinc oxide", "iron oxides", "titanium dioxide", "selenium sulfide")
// are other members of one contrast set (round 21).
func TestElements(t *testing.T) {
	c := newContrasts(testAnalyzer(t))
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"zinc against iron", "Tinted sunscreens containing zinc oxide block visible light.", "A tinted product containing iron oxides blocks visible light.", true},
		{"titanium against zinc", "Mineral filters such as titanium dioxide reflect light.", "Mineral filters such as zinc oxide reflect light.", true},
		{"the same element", "Zinc oxide is a mineral filter.", "Mineral filters include zinc oxide.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.clash(words(tt.claim), words(tt.span)); got != tt.want {
				t.Errorf("clash(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
			}
		})
	}
}

// TestPotencyWords checks that a potency in everyday words ("a strong
// steroid", "stronger steroids", "weaker creams") is a member of the
// potency set, and that the exchanged potencies of a sentence are told
// (round 23).
func TestPotencyWords(t *testing.T) {
	c := newContrasts(testAnalyzer(t))
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"strong against mild", "A strong steroid suits the face.", "A mild steroid suits the face.", true},
		{"weaker against stronger", "Weaker creams suit the folds.", "Stronger creams suit the folds.", true},
		{"strong with potent", "A strong steroid suits the soles.", "A potent steroid suits the soles.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.clash(words(tt.claim), words(tt.span)); got != tt.want {
				t.Errorf("clash(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
			}
		})
	}
	v := rarityVerifier(t)
	claim := "A strong steroid cream is sometimes used briefly in the folds, while mild creams are usually avoided there."
	span := "A mild steroid cream is sometimes used briefly in the folds, while stronger creams are usually avoided there."
	if !v.boundContrast(claim, span) {
		t.Errorf("boundContrast(%q, %q) = false, want true: the potencies are exchanged", claim, span)
	}
}

// TestSteroidClass checks that corticosteroids are a drug class of their
// own beside antihistamines and the others, under either name, and that
// Pseudomonas is a bacterium (round 23).
func TestSteroidClass(t *testing.T) {
	c := newContrasts(testAnalyzer(t))
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"antihistamines against corticosteroids", "Oral antihistamines are tapered over two weeks.", "Oral corticosteroids are tapered over two weeks.", true},
		{"steroids with corticosteroids", "Oral steroids are tapered over two weeks.", "Oral corticosteroids are tapered over two weeks.", false},
		{"a yeast against a bacterium named by its genus", "Rash R is linked to Malassezia yeast in hot tubs.", "Rash R is linked to Pseudomonas aeruginosa in hot tubs.", true},
		{"a genus with its kind", "Rash R is linked to bacteria in hot tubs.", "Rash R is linked to Pseudomonas aeruginosa in hot tubs.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.clash(words(tt.claim), words(tt.span)); got != tt.want {
				t.Errorf("clash(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
			}
		})
	}
}
