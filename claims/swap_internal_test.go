package claims

import "testing"

func TestCrossedClauses(t *testing.T) {
	v := bindingVerifier(t)
	span := "Rash Q is caused mainly by alphacoccus, with betacoccus responsible for some cases. Lotion X often darkens during summer and may lighten during winter."
	tests := []struct {
		name, claim string
		want        bool
		reason      string
	}{
		{"names exchanged across clauses", "Rash Q is mainly caused by betacoccus, with alphacoccus responsible for some cases.", true,
			"the main cause and the minor one trade places; every word is the span's"},
		{"attributes exchanged across clauses", "Lotion X often lightens during summer and darkens during winter.", true,
			"the seasons keep their clauses while the verbs trade them"},
		{"faithful reorder", "Betacoccus is responsible for some cases of rash Q, which is caused mainly by alphacoccus.", false,
			"each claim clause stands on one span clause"},
		{"one clause", "Alphacoccus mainly causes rash Q.", false, "a claim of one clause exchanges nothing"},
		{"list reordered", "Rash Q is caused by betacoccus and alphacoccus.", false, "a list item is not a clause"},
	}
	for _, tt := range tests {
		if got := v.crossedClauses(tt.claim, span); got != tt.want {
			t.Errorf("%s: crossedClauses(%q) = %v, want %v (%s)", tt.name, tt.claim, got, tt.want, tt.reason)
		}
	}
}

// TestCrossedClausesLists checks the round 19 readings: the items of a
// one-word list, reordered, move nothing between clauses, and a modifier
// moved from one claim clause's span clause into another's, its place
// taken by words from elsewhere, is a crossing.
func TestCrossedClausesLists(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"one-word list reordered", "Adding a sparing drug such as zetamab, quorbine or flaxolol may let the steroid dose be lowered.",
			"Sparing drugs such as flaxolol, quorbine or zetamab may be added to allow lower steroid doses in alpha rash.", false},
		{"modifier moved to the other clause", "Drug D mainly helps kidney itch and is often of little benefit for itch caused by hives.",
			"Drug D mainly helps itch caused by hives and is often of little benefit for other itch. Lotion L is used for kidney itch in people on dialysis.", true},
		{"modifier kept", "Drug D mainly helps itch caused by hives and is often of little benefit for kidney itch.",
			"Drug D mainly helps itch caused by hives and is often of little benefit for other itch. Lotion L is used for kidney itch in people on dialysis.", false},
	}
	for _, tt := range tests {
		if got := v.crossedClauses(tt.claim, tt.span); got != tt.want {
			t.Errorf("%s: crossedClauses(%q, %q) = %v, want %v", tt.name, tt.claim, tt.span, got, tt.want)
		}
	}
}

// TestCrossedClausesSynonyms checks that words of one thesaurus set
// (here the verifier's paraphrases: "begin" and "start") placed in each
// other's clauses exchange nothing, while a name exchanged still does
// (round 24).
func TestCrossedClausesSynonyms(t *testing.T) {
	v := NewLexical(testAnalyzer(t), nil, nil)
	span := "Rash Q often begins with burning in one area of skin, which may start days before any blisters appear."
	tests := []struct {
		name, claim string
		want        bool
		reason      string
	}{
		{"synonyms in each other's clauses", "It often starts with burning in one area of skin, which may begin days before any blisters.", false,
			"start and begin are one paraphrase set: each claim clause stands on its own span clause"},
		{"clauses exchanged", "It often starts with blisters in one area of skin, which may begin days before any burning.", true,
			"burning and blisters trade clauses"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := v.crossedClauses(tt.claim, span); got != tt.want {
				t.Errorf("crossedClauses(%q) = %v, want %v: %s", tt.claim, got, tt.want, tt.reason)
			}
		})
	}
}
