package claims_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/sandbox"
)

func TestZZScratch(t *testing.T) {
	kv, err := sandbox.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	ix := kv.Index()
	v := claims.NewLexical(ix.Analyzer(), ix.Thesaurus(), ix.IDF)
	get := func(ids ...string) []claims.Passage {
		var ps []claims.Passage
		for _, id := range ids {
			p, err := kv.Evidence(id)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, claims.Passage{ID: p.ID, Text: p.Text})
		}
		return ps
	}
	ad := get("ev_atopic_dermatitis_causes_1", "ev_atopic_dermatitis_causes_2")
	cases := []struct {
		claim string
		ps    []claims.Passage
	}{
		{"Atopic dermatitis is not contagious and cannot be passed from person to person by touch.", get("ev_atopic_dermatitis_overview_2")},
		{"Eczema is not contagious.", get("ev_atopic_dermatitis_overview_2")},
		{"Atopic dermatitis is contagious.", get("ev_atopic_dermatitis_overview_2")},
		{"Hives usually fade within 24 hours.", get("ev_urticaria_overview_1")},
		{"Individual hives wheals usually fade within 24 hours without leaving a mark.", get("ev_urticaria_overview_1")},
		{"Individual urticaria wheals usually fade within 12 hours without leaving a mark.", get("ev_urticaria_overview_1")},
		{"A sunscreen of SPF 15 or higher is commonly advised for outdoor exposure.", get("ev_general_skin_care_sunscreen_1")},
		{"A sunscreen of SPF 30 or higher is commonly advised for outdoor exposure.", get("ev_general_skin_care_sunscreen_1")},
		{"Eczema always begins in infancy.", get("ev_atopic_dermatitis_overview_1")},
		{"Atopic dermatitis commonly begins in infancy or early childhood.", get("ev_atopic_dermatitis_overview_1")},
		{"Emollients cure atopic dermatitis.", get("ev_atopic_dermatitis_treatment_1")},
		{"Regular use of emollients cures atopic dermatitis.", get("ev_atopic_dermatitis_treatment_1")},
		{"Topical corticosteroids are the main anti-inflammatory treatment for atopic dermatitis flares.", get("ev_atopic_dermatitis_treatment_1")},
		{"Wool is the main trigger of atopic dermatitis.", ad},
		{"Psoriasis arises from a combination of genetic, immune and environmental factors.", ad},
		{"Wool, harsh soaps and sweat are commonly reported to worsen symptoms of psoriasis.", ad},
		{"Sunscreen should be reapplied every two hours.", ad},
		{"", ad},
		{"It is the of and.", ad},
		{"Food allergy is the main trigger of flares in adults.", ad},
		{"Impaired skin barrier function contributes to disease activity.", ad},
		{"Wool, harsh soaps and sweat are commonly reported to worsen symptoms.", ad},
		{"Food allergy is an uncommon trigger of atopic dermatitis in adults.", ad},
		{"Food is a common trigger of atopic dermatitis in adults.", ad},
		{"Acne is caused by poor hygiene.", get("ev_acne_overview_2")},
		{"Urticaria is very common.", get("ev_urticaria_overview_1")},
		{"Hives is very common.", get("ev_urticaria_overview_1")},
		{"Hives are very common.", get("ev_urticaria_overview_1")},
	}
	for _, c := range cases {
		j, err := v.Verify(context.Background(), c.claim, c.ps)
		if err != nil {
			t.Fatal(err)
		}
		span := ""
		if len(j.Support) > 0 {
			s := j.Support[0]
			for _, p := range c.ps {
				if p.ID == s.PassageID {
					span = p.Text[s.Start:s.End]
				}
			}
		}
		fmt.Printf("%-12s %.2f %q\n   reason=%q\n   span=%q\n", j.Verdict, j.Score, c.claim, j.Reason, span)
	}
}
