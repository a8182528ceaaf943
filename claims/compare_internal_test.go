package claims

import (
	"testing"

	"github.com/dermliving/dermliving/lexicon"
	"github.com/google/go-cmp/cmp"
)

func TestClaimComparison(t *testing.T) {
	tests := []struct {
		text   string
		want   bool
		reason string
	}{
		{"Drug D is more effective than drug E.", true, "a comparative with its than"},
		{"Rash R is easier to feel than to see.", true, "an -er adjective a few words before than"},
		{"Rash R is more common in women.", true, "a group ranked over the rest without its than"},
		{"Light therapy works better on darker skin.", true, "better ranks a group without its than"},
		{"Rash R is treated with creams rather than tablets.", false, "rather than states a preference, not a comparison"},
		{"Hives are called chronic when they last more than six weeks.", false, "more than before a number bounds a quantity"},
		{"Cradle cap usually needs nothing more than gentle washing.", false, "nothing more than limits: it says only"},
		{"Rash R is common in older adults.", false, "older names a group, it compares nothing"},
		{"Rash R is more likely to spread.", false, "more likely to states a tendency, which the strength checks read"},
	}
	for _, tt := range tests {
		if got := claimComparison(tt.text); got != tt.want {
			t.Errorf("claimComparison(%q) = %v, want %v (%s)", tt.text, got, tt.want, tt.reason)
		}
	}
}

func TestComparedUnheld(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		claim, span string
		want        bool
		reason      string
	}{
		{"Drug D is more effective than drug E at preventing relapse.",
			"Drug D or drug E may be offered after surgery to lower the chance of relapse.", true,
			"the span names both drugs and compares neither; lower the chance is no comparison"},
		{"Drug D is more effective than drug E at preventing relapse.",
			"Drug D prevents relapse better than drug E does.", false,
			"the span makes the comparison"},
		{"Light therapy for rash R works better on darker skin.",
			"For persistent rash R, clinicians may consider light therapy. Marks left by rash R are more noticeable on darker skin.", true,
			"the sentence on light therapy compares nothing; the other sentence's comparison is of the marks"},
		{"Rash R is more common in women.", "Rash R mainly affects women.", false,
			"mainly ranks women over the rest: which way is for the contrast checks"},
		{"Dry skin often gets worse in winter.", "Dry skin often worsens in winter.", false,
			"a verb of change compares a thing with itself at another time"},
		{"Incidence of rash R is higher than that of rash Q.",
			"Incidence of rash R varied between 18 and 30 per 1000, and was 1.4 times higher than that of rash Q.", false,
			"the comparison stands in a clause sharing the sentence's subject"},
		{"Rash R is treated with creams rather than tablets.", "Rash R is treated with creams.", false,
			"rather than makes no comparison for this check"},
	}
	for _, tt := range tests {
		if got := v.comparedUnheld(tt.claim, tt.span); got != tt.want {
			t.Errorf("comparedUnheld(%q, %q) = %v, want %v (%s)", tt.claim, tt.span, got, tt.want, tt.reason)
		}
	}
}

func TestSentenceParts(t *testing.T) {
	got := sentenceParts("Rash R is red; it itches. It fades in 2.5 weeks!")
	want := []string{"Rash R is red", " it itches", "It fades in 2.5 weeks", ""}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sentenceParts (-want +got):\n%s", diff)
	}
}

func TestConversed(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name, claim, span, want string
	}{
		{"an order turned round with its word",
			"Weakness often comes after the rash of condition K.",
			"The rash of condition K often appears before weakness.",
			"Weakness often comes before the rash of condition K."},
		{"a comparison turned round with its word",
			"Hives are usually more itchy than angioedema.",
			"Angioedema is usually less itchy than hives.",
			"Hives are usually less itchy than angioedema."},
		{"an order turned round without its word is left for the role checks",
			"The rash of condition K often comes after weakness.",
			"The rash of condition K often appears before weakness.",
			"The rash of condition K often comes after weakness."},
		{"a word of frequency is no relation's word",
			"New moles become more common after age 40.",
			"New moles become less common after age 40.",
			"New moles become more common after age 40."},
		{"the span holds both words",
			"Weakness comes after the rash.",
			"The rash appears before weakness, and fever after it.",
			"Weakness comes after the rash."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, v.conversed(tt.claim, tt.span)); diff != "" {
				t.Errorf("conversed(%q, %q) (-want +got):\n%s", tt.claim, tt.span, diff)
			}
		})
	}
}

func TestClauseOpposite(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		claim, span string
		want        bool
		reason      string
	}{
		{"Squeezing spots helps calm swelling and lowers the risk of scarring.",
			"Washing gently can help. Squeezing spots can increase swelling and the risk of scarring.", true,
			"the clause on squeezing says increase where the claim says lowers, with other words between"},
		{"Squeezing spots raises the risk of scarring.",
			"Washing gently can help. Squeezing spots can increase swelling and the risk of scarring.", false,
			"raise and increase are one side of a line"},
		{"Cream C lowers the risk of relapse.",
			"Cream C can lower the risk of relapse. Stopping it can increase the risk of relapse.", false,
			"the clause that matches best holds the claim's own word"},
		{"Short courses of mild creams can calm redness and itch.",
			"Washing gently can help. Short courses of mild creams can reduce redness and itch in inflamed rash R.", false,
			"inflamed before a noun names the rash's state, not what the creams do"},
		// Round 21: a list's later item shares the verb of the clause
		// that opens the list.
		{"Cream C helps prevent attacks of rash R.",
			"Attacks of rash R can be triggered by minor injury, dental work, stress or cream C.", true,
			"the last item of the list is a trigger, against the claim's prevent"},
		{"Cream C can trigger attacks of rash R.",
			"Attacks of rash R can be triggered by minor injury, dental work, stress or cream C.", false,
			"the list's verb is the claim's"},
		{"Rash R tends to increase until middle age and then decline.",
			"Rash R tends to increase until middle age. It then slowly declines.", false,
			"a claim holding both sides of a line sets them against each other itself"},
	}
	for _, tt := range tests {
		memo := &clauseMemo{claim: tt.claim}
		if got := v.clauseOpposite(memo, tt.claim, tt.span); got != tt.want {
			t.Errorf("clauseOpposite(%q, %q) = %v, want %v (%s)", tt.claim, tt.span, got, tt.want, tt.reason)
		}
	}
}

// TestClauseOppositeInName checks that a word the span holds only inside
// a thesaurus name ("loss" in "female pattern hair loss") does not hold
// the claim's word against the span's opposite of it (round 23).
func TestClauseOppositeInName(t *testing.T) {
	an := testAnalyzer(t)
	th, err := lexicon.DefaultThesaurus(an)
	if err != nil {
		t.Fatal(err)
	}
	v := NewLexical(an, th, nil)
	tests := []struct {
		claim, span string
		want        bool
		reason      string
	}{
		{"In women, androgenetic alopecia usually begins with loss of the front hairline.",
			"Women with female pattern hair loss usually keep the front hairline, and baldness is uncommon.", true,
			"the span's loss names the condition; of the hairline it says keep"},
		{"Women with female pattern hair loss usually keep the front hairline.",
			"Women with female pattern hair loss usually keep the front hairline, and baldness is uncommon.", false,
			"the claim holds the span's own word"},
		{"Men with pattern hair loss lose the front hairline first.",
			"Men with male pattern hair loss often lose the front hairline, while women keep it.", false,
			"the span's clause on men says lose, as the claim does"},
	}
	for _, tt := range tests {
		memo := &clauseMemo{claim: tt.claim}
		if got := v.mayOppose(memo, v.analyse(tt.claim), tt.span) && v.clauseOpposite(memo, tt.claim, tt.span); got != tt.want {
			t.Errorf("clauseOpposite(%q, %q) = %v, want %v (%s)", tt.claim, tt.span, got, tt.want, tt.reason)
		}
	}
}
