package lexicon_test

import (
	"strings"
	"testing"

	"github.com/dermliving/dermliving/lexicon"
)

// TestDetect holds the detector to questions written for this test, in the
// languages it names and in English that looks foreign.
func TestDetect(t *testing.T) {
	d, err := lexicon.NewDetector()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		text   string
		want   lexicon.Language
		reason string
	}{
		// English, including what could pass for another language.
		{"What causes acne?", "en", "plain English"},
		{"psoriasis", "en", "a bare name is the knowledge's own word"},
		{"pityriasis rosea", "en", "Latin names carry no language"},
		{"molluscum contagiosum treatment", "en", "Latin name with an English word"},
		{"tinea capitis in children", "en", "Latin name in English"},
		{"Is van der Woude syndrome inherited?", "en", "one Dutch word in a name"},
		{"Is erythrokeratodermia variabilis et progressiva inherited?", "en", "one Latin 'et' in a name"},
		{"basel cell carcinoma non surgical treatments?", "en", "'non' as an English prefix word"},
		{"pt 34 y/o, failed doxy, start adalimumab?", "en", "clinical shorthand y/o"},
		{"Is café au lait spot a birthmark?", "en", "French loan words in English"},
		{"what is la culebrilla?", "en", "a Spanish name asked about in English"},
		{"Que?", "en", "one word is no evidence"},
		// Spanish: accents or none, keyword queries, regional words.
		{"¿Qué causa el acné?", "es", "the issue's first example"},
		{"¿Cómo se trata la dermatitis atópica?", "es", "the issue's second example"},
		{"que es la sarna", "es", "no accents, no question marks"},
		{"tratamiento para los hongos en los pies", "es", "keyword query with articles"},
		{"granos en la espalda", "es", "everyday words"},
		{"culebrilla contagio", "es", "two lexicon words"},
		{"mi hijo tiene piojos, como se quitan", "es", "informal"},
		{"Cuanto dura la varicela en adultos?", "es", "duration, no accents"},
		{"se pega la tiña?", "es", "short yes/no"},
		{"verrugas", "es", "one word that only Spanish writes"},
		{"sarna", "es", "one lexicon word"},
		// Other languages the detector names.
		{"Qu'est-ce qui cause l'acné ?", "fr", "French elisions"},
		{"Comment traiter le psoriasis du cuir chevelu ?", "fr", "French question word"},
		{"Est-ce que la gale est contagieuse ?", "fr", "est-ce que"},
		{"Pourquoi ma peau est-elle si sèche en hiver ?", "fr", "pourquoi"},
		{"O que causa a acne?", "pt", "o que"},
		{"Como tratar a micose de unha?", "pt", "Portuguese articles"},
		{"A psoríase é contagiosa?", "pt", "é contagiosa"},
		{"Quais são os sintomas da sarna?", "pt", "quais são"},
		{"Quanto tempo dura o herpes labial?", "pt", "quanto tempo"},
		{"Che cosa causa l'acne?", "it", "che cosa"},
		{"La scabbia è contagiosa?", "it", "è with an Italian word"},
		{"Come si curano le verruche?", "it", "come si curano"},
		{"Quali sono i sintomi della psoriasi?", "it", "quali sono"},
		{"Was verursacht Akne?", "de", "German was"},
		{"Ist Schuppenflechte ansteckend?", "de", "ansteckend"},
		{"Wie behandelt man Fußpilz?", "de", "ß and wie"},
		{"Welche Symptome hat die Gürtelrose?", "de", "Umlaut and welche"},
		{"Wat veroorzaakt acne en hoe behandel je het?", "nl", "Dutch"},
		{"Is schurft besmettelijk voor kinderen?", "nl", "Dutch besmettelijk"},
		{"Què causa l'acne i com es tracta?", "ca", "Catalan què"},
		{"Ce cauzează acneea și cum se tratează?", "ro", "Romanian"},
		{"Co powoduje trądzik i jak go leczyć?", "pl", "Polish"},
		{"Vad orsakar akne och hur behandlas det?", "sv", "Swedish"},
		{"Sedef hastalığı bulaşıcı mı?", "tr", "Turkish"},
		{"Apa penyebab jerawat dan bagaimana cara mengobatinya?", "id", "Indonesian"},
		// Other scripts.
		{"Что вызывает акне?", "und", "Cyrillic"},
		{"什么引起痤疮？", "und", "Chinese"},
		{"ما هو سبب حب الشباب؟", "und", "Arabic"},
	}
	for _, c := range cases {
		if got := d.Detect(c.text); got != c.want {
			t.Errorf("Detect(%q) = %s, want %s (%s); evidence %v", c.text, got, c.want, c.reason, d.Scores(c.text))
		}
	}
}

// TestParseProfilesErrors checks that a bad profile line is an error.
func TestParseProfilesErrors(t *testing.T) {
	for _, in := range []string{"en word", "en noun cat", "es word que\n"} {
		if _, err := lexicon.ParseProfiles(strings.NewReader(in)); err == nil {
			t.Errorf("ParseProfiles(%q): want an error", in)
		}
	}
}
