package lexicon_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/lexicon"
)

// TestTranslate holds the translator to questions written for this test.
func TestTranslate(t *testing.T) {
	tr, err := lexicon.NewSpanish()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		es, en string
		frames []string
		reason string
	}{
		{"¿Qué causa el acné?", "What causes acne?", []string{"cause"}, "issue 18's first example"},
		{"¿Cómo se trata la dermatitis atópica?", "How is atopic dermatitis treated?", []string{"treatment"}, "issue 18's second example; adjective after its noun"},
		{"que es la culebrilla", "What is shingles?", []string{"definition"}, "lay name, no accents or question marks"},
		{"¿Las berrugas son contagiosas?", "Is warts contagious?", []string{"contagion"}, "misspelling matched by sound"},
		{"tratamiento de la soriasis", "How is psoriasis treated?", []string{"treatment"}, "a dropped p"},
		{"¿Cuánto dura la pitiriasis rosada?", "How long does pityriasis rosea last?", []string{"duration"}, "duration frame"},
		{"¿Dónde salen los mezquinos?", "Where does warts usually appear?", []string{"location"}, "regional name for warts"},
		{"¿A quién le da la urticaria crónica?", "Who gets chronic urticaria?", []string{"risk"}, "adjective read before its noun"},
		{"¿Qué es el melasma o paño?", "What is melasma?", []string{"definition"}, "two names of one condition give one"},
		{"¿Los piojos saltan?", "Can head lice jump?", nil, "a yes/no question with no frame"},
		{"¿Hay algún análisis de sangre para la dermatitis atópica?", "Is there blood test atopic dermatitis?", []string{"is_there"}, "yes/no opening"},
		{"¿La queratosis seborreica se vuelve cáncer?", "Can seborrheic keratosis turn into cancer?", nil, "a protected phrase is no frame's"},
		{"¿El melasma vuelve después del tratamiento?", "Does melasma after treatment come back?", []string{"comes_back"}, "after treatment is no treatment question"},
		{"que protector solar es mejor para el paño", "What helps sunscreen melasma?", []string{"helps"}, "a frame keeps its topic words"},
		{"¿Qué es la impétigo y cómo se contagia?", "What is impetigo and how is it spread?", []string{"definition", "spread"}, "two frames"},
		{"¿Los queloides vuelven a salir después de quitarlos?", "Does keloids after remove come back?", []string{"comes_back"}, "a pronoun joined to a verb"},
		{"vacuna contra la culebrilla", "vaccine shingles", nil, "a string of words stays one"},
		{"¿Qué es el pénfigo foliáceo?", "What is pemphigus foliaceus?", []string{"definition"}, "an unknown medical name keeps a medical shape"},
	}
	for _, c := range cases {
		got := tr.Translate(c.es)
		if got.English != c.en || !cmp.Equal(got.Frames, c.frames) {
			t.Errorf("Translate(%q) = %q %v, want %q %v (%s)", c.es, got.English, got.Frames, c.en, c.frames, c.reason)
		}
	}
}

// TestSpanishLexicon checks the lexicon's size and that every term's
// English is written.
func TestSpanishLexicon(t *testing.T) {
	tr, err := lexicon.NewSpanish()
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() < 300 || tr.Frames() < 20 {
		t.Errorf("lexicon has %d terms and %d frames; want a few hundred terms", tr.Len(), tr.Frames())
	}
}

// TestParseSpanishErrors checks that malformed lexicon lines are errors
// naming their line.
func TestParseSpanishErrors(t *testing.T) {
	cases := []struct{ in, reason string }{
		{"[terms x]\nverruga\n", "a term without English"},
		{"[frame cause]\nen: What causes it?\nes: que causa\n", "a template without {}"},
		{"[frame cause]\nen: What causes {}\nes: (que\n", "a bad pattern"},
		{"[frame cause]\nen: What causes {}\n", "a frame without patterns"},
		{"[nouns]\nx = y\n", "an unknown section"},
		{"verruga = wart\n", "a line outside a section"},
	}
	for _, c := range cases {
		if _, err := lexicon.ParseSpanish(strings.NewReader(c.in)); err == nil {
			t.Errorf("ParseSpanish(%q): no error (%s)", c.in, c.reason)
		}
	}
}

// FuzzTranslate checks that translation never fails on any text and gives
// valid UTF-8 without control characters.
func FuzzTranslate(f *testing.F) {
	tr, err := lexicon.NewSpanish()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"¿Qué causa el acné?", "quitarlos", "ñññ", "¿?¡!", "a b c d e f g h", "cuánto tiempo 6 semanas"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := tr.Translate(s)
		if !utf8ValidNoControl(got.English) {
			t.Errorf("Translate(%q) = %q", s, got.English)
		}
	})
}

func utf8ValidNoControl(s string) bool {
	for _, r := range s {
		if r < 0x20 {
			return false
		}
	}
	return strings.ToValidUTF8(s, "\uFFFD") == s
}
