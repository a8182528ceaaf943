package lexicon_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/lexicon"
)

func TestFold(t *testing.T) {
	cases := []struct{ in, want, reason string }{
		{"Eczéma", "eczema", "diacritics and case"},
		{"ＳＰＦ ５０", "spf 50", "full-width forms (NFKC)"},
		{"Straße", "strasse", "case folding, not just lowering"},
		{"plain", "plain", "ASCII fast path"},
	}
	for _, c := range cases {
		if got := lexicon.Fold(c.in); got != c.want {
			t.Errorf("Fold(%q) = %q, want %q (%s)", c.in, got, c.want, c.reason)
		}
	}
}

func TestTerms(t *testing.T) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	got := an.Terms("The Patients' itching worsened in DERMATITIS flares")
	want := []string{"patient", "itch", "worsen", "dermat", "flare"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Terms (-want +got):\n%s", diff)
	}
}

func TestThesaurus(t *testing.T) {
	an, _ := lexicon.NewAnalyzer()
	th, err := lexicon.ParseThesaurus(strings.NewReader("# comment\natopic dermatitis, eczema\neczema, atopic eczema\nhives, urticaria\n"), an)
	if err != nil {
		t.Fatal(err)
	}
	if th.Len() != 2 {
		t.Errorf("%d sets, want 2: sets sharing a phrase merge", th.Len())
	}
	cs := an.Concepts("Do atopic dermatitis and hives itch?", th)
	var got [][]string
	for _, c := range cs {
		got = append(got, c.Terms)
	}
	if diff := cmp.Diff([][]string{{"atop", "dermat"}, {"hive"}, {"itch"}}, got); diff != "" {
		t.Errorf("concepts (-want +got):\n%s", diff)
	}
	if len(cs[0].Alternatives) != 3 || cs[2].Group != -1 {
		t.Errorf("alternatives %v group %d", cs[0].Alternatives, cs[2].Group)
	}
	if !cs[0].MatchedBy(lexicon.NewTermSet([]string{"eczema"})) || cs[0].MatchedBy(lexicon.NewTermSet([]string{"atop"})) {
		t.Error("MatchedBy: a multi-word alternative needs all its terms")
	}
	for _, bad := range []string{"eczema\n", "the, a\n"} {
		if _, err := lexicon.ParseThesaurus(strings.NewReader(bad), an); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
	if _, err := lexicon.DefaultThesaurus(an); err != nil {
		t.Errorf("default thesaurus: %v", err)
	}
}

func TestThesaurusExtend(t *testing.T) {
	an, _ := lexicon.NewAnalyzer()
	th, err := lexicon.ParseThesaurus(strings.NewReader("atopic dermatitis, eczema\n#!general\nbaby, infant\n"), an)
	if err != nil {
		t.Fatal(err)
	}
	ext, err := th.Extend(strings.NewReader("linked to, associated with\neczema, eczematous rash\ninfant, newborn\n"), an)
	if err != nil {
		t.Fatal(err)
	}
	if th.Len() != 2 || ext.Len() != 3 {
		t.Fatalf("Len: original %d, extended %d; want 2 and 3 (sets sharing a phrase merge; the original is unchanged)", th.Len(), ext.Len())
	}
	group := func(th *lexicon.Thesaurus, phrase string) int {
		g, _, ok := th.Match(an.Terms(phrase), 0)
		if !ok {
			t.Fatalf("%q matches no set", phrase)
		}
		return g
	}
	if g := group(ext, "eczematous rash"); ext.General(g) || g != group(ext, "atopic dermatitis") {
		t.Error("an added phrase joins the domain set it shares a phrase with, which stays a domain set")
	}
	if g := group(ext, "newborn"); !ext.General(g) || g != group(ext, "baby") {
		t.Error("an added phrase joins a general set")
	}
	if g := group(ext, "linked to"); !ext.General(g) || g != group(ext, "associated with") {
		t.Error("added sets are general")
	}
	if _, _, ok := th.Match(an.Terms("linked to"), 0); ok {
		t.Error("Extend changed the original thesaurus")
	}
	var none *lexicon.Thesaurus
	if ext, err := none.Extend(strings.NewReader("linked to, associated with\n"), an); err != nil || ext.Len() != 1 {
		t.Errorf("nil.Extend = %v, %v; want one set", ext, err)
	}
	if _, err := th.Extend(strings.NewReader("lonely\n"), an); err == nil {
		t.Error("a set of one phrase: want an error")
	}
}

func TestLooksMedical(t *testing.T) {
	for _, w := range []string{"rosacea", "keratosi", "psoriasi", "melanoma", "dupilumab", "molluscum", "fungus", "bullous"} {
		if !lexicon.LooksMedical(w) {
			t.Errorf("%s should look medical", w)
		}
	}
	for _, w := range []string{"regain", "compar", "kept", "swim", "forum", "analysi", "museum", "bulbous", "revis", "advis", "exercis", "anxious", "previous", "generous", "phrase", "missus", "cactus"} {
		if lexicon.LooksMedical(w) {
			t.Errorf("%s should not look medical", w)
		}
	}
}

// TestThesaurusPhrasesKeepTheirSense checks that no phrase of the
// default thesaurus shrinks, once its stop words are dropped, to one word
// that means something else: "by mouth" would have made "mouth" a word for
// tablets, and "ultraviolet a" "ultraviolet" one for UVA. A phrase may
// shrink to the term of another member of its group ("linked to" to
// "linked"). "by mouth" is kept on purpose: it makes "in the mouth" find
// "oral lichen planus", at the cost of "mouth" reading as tablets.
func TestThesaurusPhrasesKeepTheirSense(t *testing.T) {
	kept := map[string]bool{"by mouth": true}
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(lexicon.DefaultThesaurusText()) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		members := strings.Split(line, ",")
		single := map[string]bool{}
		for _, m := range members {
			if terms := an.Terms(m); len(strings.Fields(m)) == 1 && len(terms) == 1 {
				single[terms[0]] = true
			}
		}
		for _, m := range members {
			terms := an.Terms(m)
			if len(strings.Fields(m)) > 1 && len(terms) == 1 && !single[terms[0]] && !kept[strings.TrimSpace(m)] {
				t.Errorf("%q shrinks to %q, which no one-word member of its group is: %s", strings.TrimSpace(m), terms[0], line)
			}
		}
	}
}
