package claims

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/lexicon"
)

func TestMovedDescription(t *testing.T) {
	v := bindingVerifier(t)
	const span = "Options include salicylic acid, cryotherapy and cantharidin, which is painted on and covered for a day. " +
		"Rashes may appear on the elbows (extensor sign), the knees and the palms (palmar sign). " +
		"Look-alikes include zorbitis, quenchia and flarosis, a yeast infection that shines blue under a lamp."
	tests := []struct {
		name  string
		claim string
		want  bool
	}{
		{"description kept on its item", "Cantharidin is painted on and covered for a day.", false},
		{"description moved to another item", "Cryotherapy is painted on and covered for a day.", true},
		{"label kept", "A rash on the palms is called the palmar sign.", false},
		{"label moved to another item", "The palmar sign is a rash on the elbows.", true},
		{"list regrouped, no description", "Cryotherapy, cantharidin and salicylic acid are options.", false},
		{"description alone", "One option is painted on and covered for a day.", false},
		// An appositive after a list's last item or a lone item (round 18).
		{"appositive kept on its item", "Flarosis, a yeast infection that shines blue under a lamp, is a look-alike.", false},
		{"appositive moved to another item", "Zorbitis, a yeast infection that shines blue under a lamp, is a look-alike.", true},
		{"both items with their own labels", "The extensor sign is on the elbows, whereas the palmar sign is on the palms.", false},
	}
	// An appositive after a clause describes what the clause says (round
	// 19).
	const clauseSpan = "In alpha rash, gentle rubbing of nearby skin can cause the top layer to shear off, a finding called the zeta sign."
	if v.movedDescription("Gentle rubbing of nearby skin can make the top layer shear off, which is called the zeta sign.", clauseSpan) {
		t.Errorf("an appositive after a clause read as an item's description")
	}
	// A lone word after a clause goes on with the clause's predicate
	// (round 20): names in brackets after each kind's attributes, kept.
	const namedSpan = "Spots may be flat (alpha spots), slightly raised (beta spots) or dome-shaped and soft (gamma spots), and some grow hairs."
	for _, tt := range []struct {
		claim string
		want  bool
	}{
		{"Alpha spots are flat, beta spots are slightly raised, and gamma spots are dome-shaped and soft.", false},
		{"Alpha spots are dome-shaped and soft, and gamma spots are flat.", true},
	} {
		if got := v.movedDescription(tt.claim, namedSpan); got != tt.want {
			t.Errorf("movedDescription(%q) = %v, want %v", tt.claim, got, tt.want)
		}
	}
	var got, want []bool
	for _, tt := range tests {
		got = append(got, v.movedDescription(tt.claim, span))
		want = append(want, tt.want)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		for i, tt := range tests {
			if got[i] != want[i] {
				t.Errorf("%s: movedDescription(%q) = %v, want %v", tt.name, tt.claim, got[i], want[i])
			}
		}
		t.Logf("(-want +got):\n%s", diff)
	}
}

// TestMovedDescriptionKept checks that a name given with an adverb ("often
// called") stays with the item it follows, so that a claim that keeps it
// there, dropping a relative clause, is no moved description.
func TestMovedDescriptionKept(t *testing.T) {
	v := bindingVerifier(t)
	const span = "Short broken hairs that narrow toward the scalp, often called exclamation mark hairs, are a sign at the edge of active patches."
	for _, claim := range []string{
		"Short broken hairs called exclamation mark hairs are a sign at the edge of active patches.",
		"Exclamation mark hairs are short broken hairs seen at the edge of active patches.",
	} {
		if v.movedDescription(claim, span) {
			t.Errorf("movedDescription(%q) = true, want false", claim)
		}
	}
}

// TestMovedDescriptionOfList checks that a participle phrase after the
// comma that closes a list describes the list's items together, so that
// a claim giving it to any of them moves nothing; a relative clause there
// still describes the item next to it.
func TestMovedDescriptionOfList(t *testing.T) {
	v := bindingVerifier(t)
	const span = "Options include creams such as zetafine, clotrizole, miconazole and other azoles, usually applied to the rash and a margin of skin."
	if claim := "Creams such as zetafine, clotrizole or miconazole are usually applied to the rash and a margin of skin."; v.movedDescription(claim, span) {
		t.Errorf("movedDescription(%q) = true, want false", claim)
	}
	const rel = "Options include salicylic acid, cryotherapy and cantharidin, which is painted on and covered for a day."
	if claim := "Cryotherapy is painted on and covered for a day."; !v.movedDescription(claim, rel) {
		t.Errorf("movedDescription(%q) = false, want true", claim)
	}
}

// TestMovedDescriptionNamesItem checks that a claim naming the described
// item by most of its own words moves nothing, though it leaves one out,
// while a claim that keeps one word of the item's name and puts another
// item's word for the rest moves the description (round 21).
func TestMovedDescriptionNamesItem(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"item kept by most of its words",
			"Plants like poison ivy and poison oak cause it through an oily resin called urushiol.",
			"Plants such as poison ivy and poison oak cause allergic contact dermatitis through an oily resin called urushiol.", false},
		{"item kept with its relative clause",
			"Daily suppressive antivirals for frequent recurrences reduce the number of outbreaks and the risk of passing genital herpes to a partner.",
			"For frequent recurrences of herpes simplex, clinicians may consider daily suppressive antiviral treatment, which can reduce the number of outbreaks and the risk of passing genital herpes to a partner.", false},
		{"one word kept, another item's put for the rest",
			"Zetasone injections are sometimes used for thick plaques.",
			"Options include topical steroids and creams such as zetasone, with steroid injections sometimes used for thick plaques.", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := v.movedDescription(tt.claim, tt.span); got != tt.want {
				t.Errorf("movedDescription(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
			}
		})
	}
}

// TestMovedDescriptionRarest checks that a claim that keeps a short
// description by its rarer words, with its commonest word paraphrased,
// still takes it from its item, unless the description is a name
// (round 23).
func TestMovedDescriptionRarest(t *testing.T) {
	an := testAnalyzer(t)
	common := lexicon.NewTermSet(an.Terms("work works kill kills lotion lotions called"))
	v := NewLexical(an, nil, func(term string) float64 {
		if common.Has(term) {
			return 1
		}
		return 5
	})
	const span = "Options for mites include physical treatments such as zetasone lotions, which work by coating the mites, and insecticides such as permethrin, with quorbetasol lotion available in some countries."
	tests := []struct {
		name, claim string
		want        bool
	}{
		{"description moved, its verb paraphrased", "Quorbetasol lotion kills mites by coating them.", true},
		{"description kept, its verb paraphrased", "Zetasone lotion kills mites by coating them.", false},
	}
	for _, tt := range tests {
		if got := v.movedDescription(tt.claim, span); got != tt.want {
			t.Errorf("%s: movedDescription(%q) = %v, want %v", tt.name, tt.claim, got, tt.want)
		}
	}
	const named = "Lesions may appear on the elbows, the knees and the scalp, and head mite eggs, called zorbits, are glued to the hair."
	if claim := "Zorbits are glued to the hair."; v.movedDescription(claim, named) {
		t.Errorf("movedDescription(%q) = true, want false: the claim names the eggs by their name", claim)
	}
}

// TestMovedUnlike checks that what the span says of a thing set off by
// "unlike" stays on that thing (round 23), and that a claim keeping the
// span's relative clause on its own "unlike" phrase keeps it there (round
// 24).
func TestMovedUnlike(t *testing.T) {
	v := bindingVerifier(t)
	const span = "Rash R can occur in anyone if exposure is strong enough, unlike rash Q, which requires prior sensitisation."
	tests := []struct {
		claim, reason string
		want          bool
	}{
		{"Rash R requires prior sensitisation, unlike rash Q.", "the requirement moved to R, Q set off", true},
		{"Unlike rash R, rash Q requires prior sensitisation.", "the contrast turned round, the requirement kept on Q", false},
		{"Rash Q requires prior sensitisation, unlike rash R.", "the requirement kept on Q", false},
		{"Rash R can occur in anyone, unlike rash Q.", "what the span says of R", false},
		// Round 24: the relative clause kept on the "unlike" phrase.
		{"It can occur in anyone if exposure is strong enough, unlike rash Q, which requires prior sensitisation.", "the requirement kept on Q by the claim's own relative clause", false},
		{"It requires prior sensitisation, unlike rash Q, which can occur in anyone.", "the requirement moved off Q, the clause on Q another", true},
	}
	for _, tt := range tests {
		if got := v.movedUnlike(tt.claim, span); got != tt.want {
			t.Errorf("movedUnlike(%q) = %v, want %v (%s)", tt.claim, got, tt.want, tt.reason)
		}
	}
}

// TestMovedDescriptionRenamedKind checks that a claim that keeps an
// item's place but names its kind by another item's word ("flat warts on
// the soles of the feet") moves the item's description to that other
// item (round 23).
func TestMovedDescriptionRenamedKind(t *testing.T) {
	v := bindingVerifier(t)
	const span = "Warts are grouped by appearance and site, including common warts, plantar warts on the soles of the feet (often called verrucas), flat warts and thread-like filiform warts."
	tests := []struct {
		name, claim string
		want        bool
	}{
		{"kind named by another item's word", "Flat warts on the soles of the feet are the ones often called verrucas.", true},
		{"the item's own name", "Plantar warts on the soles of the feet are often called verrucas.", false},
		{"the item by its place alone", "Warts on the soles of the feet are often called verrucas.", false},
	}
	for _, tt := range tests {
		if got := v.movedDescription(tt.claim, span); got != tt.want {
			t.Errorf("%s: movedDescription(%q) = %v, want %v", tt.name, tt.claim, got, tt.want)
		}
	}
}
