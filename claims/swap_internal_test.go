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
