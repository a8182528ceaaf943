package claims

import (
	"testing"

	"github.com/dermliving/dermliving/lexicon"
)

// TestExchangedNames checks that a claim putting each of two names where
// the span has the other is found, and that a claim in the other voice, a
// faithful rewording and a regrouped list are not.
func TestExchangedNames(t *testing.T) {
	an := testAnalyzer(t)
	v := NewLexical(an, nil, nil)
	v.Usage = NewUsage(an, func() []string { return nil }, lexicon.NewTermSet(an.Terms("shingles chickenpox alphacoccus betacoccus gammacoccus sunburn")))
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"names exchanged", "Chickenpox is caused by reactivation of the varicella-zoster virus, the same virus that causes shingles.",
			"Shingles is a painful rash caused by reactivation of the varicella-zoster virus, the same virus that causes chickenpox.", true},
		{"names exchanged around a verb", "Betacoccus spreads through shared towels, and alphacoccus spreads through the air.",
			"Alphacoccus spreads through shared towels, and betacoccus spreads through the air.", true},
		{"the span's own words", "Shingles is a painful rash caused by reactivation of the varicella-zoster virus, the same virus that causes chickenpox.",
			"Shingles is a painful rash caused by reactivation of the varicella-zoster virus, the same virus that causes chickenpox.", false},
		{"the other voice", "Alphacoccus is the main cause of sunburn in the valley.",
			"Sunburn in the valley is caused mainly by alphacoccus.", false},
		{"clauses in the other order", "Betacoccus spreads through the air, whereas alphacoccus spreads through shared towels.",
			"Alphacoccus spreads through shared towels, and betacoccus spreads through the air.", false},
		{"list regrouped", "Gammacoccus, betacoccus and alphacoccus cause sunburn in the valley.",
			"Alphacoccus, betacoccus and gammacoccus cause sunburn in the valley.", false},
		{"contrast members and their nouns exchanged", "For chronic wounds, topical dressings are usually given for a few weeks alongside oral painkillers.",
			"Chronic wounds may be managed with oral painkillers, usually for a few weeks alongside topical dressings.", true},
		{"contrast members in the span's places", "For chronic wounds, oral painkillers are usually given for a few weeks alongside topical dressings.",
			"Chronic wounds may be managed with oral painkillers, usually for a few weeks alongside topical dressings.", false},
		{"members of two sets", "For chronic wounds, topical dressings are usually given for a few weeks alongside painkillers for adults.",
			"Chronic wounds in adults may be managed with painkillers, usually for a few weeks alongside topical dressings.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			as := v.assess(tt.claim, []Passage{{ID: "p", Text: tt.span}}, false)
			if got := v.exchangedNames(tt.claim, as.ci, as.best); got != tt.want {
				t.Errorf("exchangedNames(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
			}
		})
	}
}
