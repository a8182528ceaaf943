package dermliving_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/citation"
	"github.com/dermliving/dermliving/sandbox"
)

// TestAskSpanish checks issue 18's examples: Spanish questions get the
// answer their English reading gets, quoted from the English passages, with
// the languages in the metadata.
func TestAskSpanish(t *testing.T) {
	kv, err := sandbox.Open()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cases := []struct{ es, en, reason string }{
		{"¿Qué causa el acné?", "What causes acne?", "the issue's cause question"},
		{"¿Cómo se trata la dermatitis atópica?", "How is atopic dermatitis treated?", "the issue's treatment question"},
		{"que es la culebrilla", "What is shingles?", "a lay name, no accents or question marks"},
		{"¿La sarna es contagiosa?", "Is scabies contagious?", "a yes/no question"},
	}
	for _, c := range cases {
		res, err := dermliving.Ask(ctx, c.es, kv, dermliving.WithRequestID("req"))
		if err != nil {
			t.Fatal(err)
		}
		g, ok := res.(*dermliving.Grounded)
		if !ok {
			t.Errorf("%q: %s, want grounded (%s)", c.es, res.Status(), c.reason)
			continue
		}
		md := g.Metadata
		if md.QuestionLanguage != "es" || md.PassageLanguage != "en" || md.EnglishQuestion != c.en {
			t.Errorf("%q: metadata %+v, want es, en and %q (%s)", c.es, md, c.en, c.reason)
		}
		for _, cit := range g.Citations {
			if st, why := citation.Check(cit, kv); st != citation.Valid {
				t.Errorf("%q: citation %s: %s", c.es, cit.ID, why)
			}
		}
		// The same answer as the English question's.
		enRes, err := dermliving.Ask(ctx, c.en, kv, dermliving.WithRequestID("req"))
		if err != nil {
			t.Fatal(err)
		}
		eg, ok := enRes.(*dermliving.Grounded)
		if !ok {
			t.Fatalf("%q: English reading %s", c.es, enRes.Status())
		}
		if diff := cmp.Diff(eg.Claims, g.Claims); diff != "" {
			t.Errorf("%q: claims differ from %q's (-English +Spanish):\n%s", c.es, c.en, diff)
		}
		b, _ := json.Marshal(g)
		if !strings.Contains(string(b), `"question_language":"es","passage_language":"en"`) {
			t.Errorf("%q: JSON lacks the languages: %s", c.es, b)
		}
	}
}

// TestAskUnsupportedLanguage checks that questions in other languages
// abstain with insufficient_evidence and the unsupported-language message,
// never an answer, whatever they ask about.
func TestAskUnsupportedLanguage(t *testing.T) {
	kv, err := sandbox.Open()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ q, lang string }{
		{"Qu'est-ce qui cause l'acné ?", "fr"},
		{"O que causa a caspa?", "pt"},
		{"Was hilft gegen Sonnenbrand?", "de"},
		{"Come si curano le verruche?", "it"},
		{"Wat veroorzaakt acne?", "nl"},
		{"Что вызывает акне?", "und"},
	}
	for _, c := range cases {
		res, err := dermliving.Ask(context.Background(), c.q, kv)
		if err != nil {
			t.Fatal(err)
		}
		a, ok := res.(*dermliving.Abstained)
		if !ok || a.Reason.String() != "insufficient_evidence" || a.Message != dermliving.MessageUnsupportedLanguage {
			t.Errorf("%q: %s %+v, want the unsupported-language abstention", c.q, res.Status(), res)
			continue
		}
		if a.Metadata.QuestionLanguage != c.lang || a.Metadata.PassageLanguage != "en" {
			t.Errorf("%q: metadata %+v, want question_language %s", c.q, a.Metadata, c.lang)
		}
	}
}

// TestAskLanguageScreensOrder checks that the screens keep their order for
// Spanish questions: patient identifiers first, clinical decisions read in
// Spanish.
func TestAskLanguageScreensOrder(t *testing.T) {
	kv, err := sandbox.Open()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ q, reason, why string }{
		{"escríbame a jose.perez@example.com, ¿qué es la psoriasis?", "patient_data", "an identifier is screened before the language"},
		{"Écrivez-moi à jose.perez@example.com, qu'est-ce que le psoriasis ?", "patient_data", "in any language"},
		{"¿Qué crema le pongo a mi hijo en la tiña del brazo?", "clinical_decision", "the Spanish screen reads the question as asked"},
	}
	for _, c := range cases {
		res, err := dermliving.Ask(context.Background(), c.q, kv)
		if err != nil {
			t.Fatal(err)
		}
		a, ok := res.(*dermliving.Abstained)
		if !ok || a.Reason.String() != c.reason {
			t.Errorf("%q: %s, want %s (%s)", c.q, res.Status(), c.reason, c.why)
		}
	}
}

// TestAskEnglishMetadata checks that an English question's metadata and
// JSON are as they were: no language fields.
func TestAskEnglishMetadata(t *testing.T) {
	kv, err := sandbox.Open()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"What causes acne?", "What is the capital of France?"} {
		res, err := dermliving.Ask(context.Background(), q, kv)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res)
		for _, k := range []string{"question_language", "passage_language", "english_question"} {
			if strings.Contains(string(b), k) {
				t.Errorf("%q: JSON holds %s: %s", q, k, b)
			}
		}
	}
}

// TestRetrieveSpanish checks that Retrieve searches a Spanish question in
// English, as Ask does.
func TestRetrieveSpanish(t *testing.T) {
	kv, err := sandbox.Open()
	if err != nil {
		t.Fatal(err)
	}
	hits, err := dermliving.Retrieve(context.Background(), "¿Qué causa el acné?", kv)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range hits {
		ids = append(ids, h.ID)
	}
	if !slices.Contains(ids, "ev_acne_causes_1") {
		t.Errorf("hits %v lack ev_acne_causes_1", ids)
	}
}
