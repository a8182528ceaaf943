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
		{"¿Dónde salen los mezquinos?", "Where does warts usually develop and where does it appear?", []string{"location"}, "regional name for warts"},
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

// TestTranslateRound2 holds the translator to the families of questions
// round 2 taught it, each in words written for this test.
func TestTranslateRound2(t *testing.T) {
	tr, err := lexicon.NewSpanish()
	if err != nil {
		t.Fatal(err)
	}
	type reading struct {
		English string
		Frames  []string
	}
	cases := []struct {
		es     string
		want   reading
		reason string
	}{
		{"¿El angioedema puede ser peligroso?", reading{"Is angioedema dangerous or life-threatening?", []string{"dangerous"}}, "danger asked with puede ser; the English names the passages' word"},
		{"¿Qué tan grave es el pénfigo?", reading{"Is pemphigus dangerous or life-threatening?", []string{"dangerous"}}, "qué tan grave"},
		{"¿Es peligroso quitarse un lunar en casa?", reading{"Is remove moles at home harmful?", []string{"risky"}}, "danger of an act: es peligroso before an infinitive"},
		{"¿En qué se diferencia la dermatitis irritativa de contacto de la alérgica?", reading{"How does irritant contact dermatitis allergic differ?", []string{"differ"}}, "difference frame; a word order of the condition; alérgica alone"},
		{"¿Es lo mismo la caspa que la dermatitis seborreica?", reading{"How does dandruff seborrheic dermatitis differ?", []string{"differ"}}, "lo mismo que asks for a difference"},
		{"¿Dónde aparece la hidradenitis supurativa?", reading{"Where does hidradenitis suppurativa usually develop and where does it appear?", []string{"location"}}, "location asks both ways, for overview and symptom passages"},
		{"¿Cuándo conviene revisar un lunar nuevo?", reading{"When should someone see a doctor about new moles?", []string{"see_doctor"}}, "cuándo conviene revisar"},
		{"¿Cada cuánto hay que volver a ponerse protector solar?", reading{"How often should reapply sunscreen?", []string{"how_often"}}, "volver a ponerse is reapplying"},
		{"¿El carcinoma espinocelular se puede extender?", reading{"Can squamous cell carcinoma spread?", []string{"can"}}, "extender"},
		{"¿Qué es el molusco contagioso?", reading{"What is molluscum contagiosum?", []string{"definition"}}, "a condition's name is no contagion frame"},
		{"impétigo, qué bacteria lo causa", reading{"What causes impetigo bacteria?", []string{"cause"}}, "which germ causes it, the germ kept"},
		{"picor en todo el cuerpo, causas", reading{"What causes itching whole body?", []string{"cause"}}, "causas at the end"},
		{"xq salen granos en la adolescencia", reading{"What causes pimples puberty?", []string{"cause"}}, "texting spelling of por qué; adolescence is puberty"},
		{"¿Qué pasa si no se trata la tiña?", reading{"What happens if not treat ringworm?", []string{"what_if"}}, "qué pasa si"},
		{"¿Sirve el bótox para el sudor?", reading{"Does botulinum toxin sweating help?", []string{"works"}}, "sirve as a yes/no opening"},
		{"¿Qué alimentos empeoran el acné?", reading{"What triggers foods acne?", []string{"trigger"}}, "a kind of trigger kept"},
		{"¿Estar moreno protege del sol?", reading{"Can tan protect sun exposure?", nil}, "a tan"},
		{"consejos para la piel reseca en la ducha", reading{"tips dry skin showering", nil}, "tips and the shower"},
		{"¿Qué es el grosor de Breslow?", reading{"What is Breslow thickness?", []string{"definition"}}, "a staging term"},
		{"¿Qué es la tiña del cuerpo? ¿Hay un gusano?", reading{"What is ringworm of the body worm?", []string{"definition"}}, "gusano"},
	}
	for _, c := range cases {
		tt := tr.Translate(c.es)
		got := reading{tt.English, tt.Frames}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("Translate(%q) (-want +got):\n%s(%s)", c.es, diff, c.reason)
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
