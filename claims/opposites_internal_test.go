package claims

import (
	"strings"
	"testing"

	"github.com/dermliving/dermliving/lexicon"
	"github.com/google/go-cmp/cmp"
)

// TestOpposites checks the embedded opposites list: it parses, its pairs
// hold both ways round, and words on no line, or on one side of one, are
// not opposed.
func TestOpposites(t *testing.T) {
	an := testAnalyzer(t)
	o, err := parseOpposites(oppositesText, an)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		a, b   string
		want   bool
		reason string
	}{
		{"well", "poorly", true, "how well a condition responds: the reverse"},
		{"poorly", "well", true, "pairs hold both ways round"},
		{"keeps", "lets", true, "a barrier that keeps water in does not let irritants in"},
		{"younger", "older", true, "age groups the contrast sets do not name"},
		{"increased", "lower", true, "inflected forms stem to the listed words"},
		{"develops", "progresses", false, "everyday wording for one change, on no line"},
		{"lighter", "paler", false, "one side of one line: the same sense"},
		{"thick", "thick", false, "a word is not its own opposite"},
		// Round 23.
		{"lighten", "darkens", true, "a change of colour the reverse way"},
		{"lighten", "darker", false, "a verb of change is on a line of its own: a claim that exchanges darken and lighter keeps both clashes"},
		{"loss", "keep", true, "a hairline's loss is the reverse of keeping it"},
	}
	for _, tt := range tests {
		a, b := an.Terms(tt.a), an.Terms(tt.b)
		if got := o.opposed(a[0], b[0]); got != tt.want {
			t.Errorf("opposed(%q, %q) = %v, want %v: %s", tt.a, tt.b, got, tt.want, tt.reason)
		}
	}
}

// TestParseOpposites checks the format's errors.
func TestParseOpposites(t *testing.T) {
	an := testAnalyzer(t)
	tests := []struct {
		text, err string
		reason    string
	}{
		{"# a comment\n\nwarm / cool\n", "", "comments and blank lines are skipped"},
		{"warm, cool\n", `line 1: want two sides split by " / ", got 1`, "a line needs two sides"},
		{"warm / cool / tepid\n", `line 1: want two sides split by " / ", got 3`, "and no more than two"},
		{"into / out of\n", `line 1: "into" is 0 terms, want one`, "a stop word would match nothing"},
		{"well-defined / blurred\n", `line 1: "well-defined" is 2 terms, want one`, "pairs are of single words"},
	}
	for _, tt := range tests {
		_, err := parseOpposites(tt.text, an)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if diff := cmp.Diff(tt.err, got); diff != "" {
			t.Errorf("parseOpposites(%q) error (-want +got):\n%s\n%s", tt.text, diff, tt.reason)
		}
	}
	// The list never puts a word on both sides of one line.
	for i, line := range strings.Split(oppositesText, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sides := strings.Split(line, " / ")
		left := map[string]bool{}
		for _, w := range strings.Split(sides[0], ",") {
			left[an.Terms(w)[0]] = true
		}
		for _, w := range strings.Split(sides[1], ",") {
			if left[an.Terms(w)[0]] {
				t.Errorf("line %d: %q on both sides", i+1, strings.TrimSpace(w))
			}
		}
	}
}

// TestHoldsOpposite checks the opposite read on each sentence of a span
// joined from two that stand apart (see partsAgree).
func TestHoldsOpposite(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name, claim, part string
		want              bool
	}{
		{"the part says the reverse of a word the other part lends",
			"Pigmented alphoma is seen more often in fair skin.",
			"Pigmented alphoma, seen more often in darker skin, may look brown or black.", true},
		{"the part holds the claim's word itself",
			"Alphoma is seen more often in fair skin.",
			"Alphoma is seen more often in fair skin than in darker skin.", false},
		{"the claim holds both sides of the line itself",
			"Betoma grows slowly, while gammoma is fast-growing.",
			"Gammoma, a rapidly growing nodule, is a variant.", false},
		{"no opposite in the part",
			"Alphoma is seen more often in fair skin.",
			"Alphoma may look brown or black.", false},
	}
	for _, tt := range tests {
		ct := lexicon.NewTermSet(v.an.Terms(tt.claim))
		if got := v.holdsOpposite(ct, ct, lexicon.NewTermSet(v.an.Terms(tt.part))); got != tt.want {
			t.Errorf("%s: holdsOpposite(%q, %q) = %v, want %v", tt.name, tt.claim, tt.part, got, tt.want)
		}
	}
}

// TestOppositeSwap checks the opposite read in the place the claim puts
// content of its own (see oppositeSwap).
func TestOppositeSwap(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"an opposite in the span's place", "Fingernail infections need a longer course than toenail infections.",
			"Toenail infections need about three months, and fingernail infections need a shorter course.", true},
		{"a word elsewhere matched through the thesaurus says the reverse", "Keeping the affected limb lowered helps reduce the swelling of cellulitis.",
			"Raising the affected limb, pain relief and rest can help reduce the swelling and discomfort of cellulitis alongside antibiotics.", true},
		{"the claim holds both sides itself", "The number of moles tends to increase until middle age and then slowly decline.",
			"The number of moles tends to rise until middle age and then slowly fall, as some moles fade.", false},
		{"no opposite", "Fingernail infections need a different course than toenail infections.",
			"Toenail infections need about three months, and fingernail infections need a shorter course.", false},
	}
	for _, tt := range tests {
		as := v.assess(tt.claim, []Passage{{ID: "p", Text: tt.span}}, true)
		if got := v.oppositeSwap(as.ci, as.best); got != tt.want {
			t.Errorf("%s: oppositeSwap(%q, %q) = %v, want %v", tt.name, tt.claim, tt.span, got, tt.want)
		}
	}
}
