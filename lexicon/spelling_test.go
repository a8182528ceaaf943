package lexicon_test

import (
	"testing"

	"github.com/dermliving/dermliving/lexicon"
)

func TestNormalize(t *testing.T) {
	cases := []struct{ in, want, reason string }{
		{"Localised impetigo", "localized impetigo", "-ise to -ize"},
		{"Oedema and naevi", "edema and nevi", "oe and ae in medical words"},
		{"The colour of the tumour", "the color of the tumor", "-our words"},
		{"Exercise and bruise", "exercise and bruise", "words that end in -ise in both spellings"},
		{"This is it", "this is it", "short words untouched"},
		{"Paediatric haemangioma", "pediatric hemangioma", "paed and haem"},
	}
	for _, c := range cases {
		if got := lexicon.Normalize(c.in); got != c.want {
			t.Errorf("Normalize(%q) = %q, want %q (%s)", c.in, got, c.want, c.reason)
		}
	}
}

func BenchmarkNormalize(b *testing.B) {
	s := "Regular use of emollients (moisturisers) is the foundation of atopic dermatitis care, helping to restore the skin barrier and reduce flares."
	for b.Loop() {
		lexicon.Normalize(s)
	}
}
