package decision

import (
	"path/filepath"
	"testing"

	"github.com/dermliving/dermliving/abstain/internal/labelled"
)

func TestLanguage(t *testing.T) {
	tests := []struct {
		question, want, reason string
	}{
		{"My tongue is swelling after a bee sting, what do I do?", "en", "English function words"},
		{"¿Qué hago? Se me hincha la lengua", "es", "an opening question mark"},
		{"se me hincha la lengua despues de una picadura que hago", "es", "Spanish without accents or question marks"},
		{"Tengo ronchas y me cuesta respirar", "es", "Spanish function words and verbs"},
		{"ER now??", "en", "nothing Spanish reads as English"},
		{"mi bebe tiene fiebre y manchas", "es", "'mi', 'tiene', 'y' are Spanish"},
		{"Is my son's fever an emergency? He has a rash", "en", "'son' is a word of both languages and counts for neither"},
		{"", "en", "an empty question reads as English"},
	}
	for _, tt := range tests {
		if got := Language(tt.question); got != tt.want {
			t.Errorf("Language(%q) = %q, want %q (%s)", tt.question, got, tt.want, tt.reason)
		}
	}
}

// TestLanguageLabelled measures Language on every labelled question set
// that is read in development (train and tune), whose questions carry
// their language; the held-out sets are left alone.
func TestLanguageLabelled(t *testing.T) {
	m, err := labelled.ReadManifest(screensDir)
	if err != nil {
		t.Skip(err)
	}
	var n, wrong int
	var ids []string
	for _, split := range labelled.Splits(m, func(role string) bool { return role == "train" || role == "tune" }) {
		qs, err := labelled.ReadJSONL[labelled.Question](filepath.Join(screensDir, split+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range qs {
			n++
			if Language(q.Text) != q.Lang {
				wrong++
				ids = append(ids, q.ID)
			}
		}
	}
	t.Logf("Language: %d of %d development questions read in another language than their label: %v", wrong, n, ids)
	if n > 0 && float64(wrong) > 0.005*float64(n) {
		t.Errorf("Language misreads %d of %d labelled questions, more than 0.5%%", wrong, n)
	}
}
