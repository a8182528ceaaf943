package claims_test

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dermliving/dermliving/claims"
)

// fuzzSeeds are texts that reach the splitter's and the cleaner's special
// cases: abbreviations, decimals, initials, markers, lists, emphasis, quotes,
// multi-byte text and malformed input.
var fuzzSeeds = []string{
	"",
	" ",
	"Eczema is common. It itches.",
	"Use a bland emollient, e.g. Vaseline, twice a day. Reapply.",
	"Dr. Smith vs. Placebo, i.e. Nothing, etc. Then more.",
	"Apply 0.05% cream. Lesions over 1.5 mm. SPF 30.",
	"Described by J. Smith. It is rare.",
	"Is it contagious? No. It is not! See No. 5.",
	`Call it "the itch." Then (after bathing.) Sleep. He said “stop.” Then.`,
	"Emollients help. [2] Steroids reduce flares.[1, 3] Both [4-6].",
	"Triggers:\n- wool\n- harsh soaps\n* sweat\n• heat\n+ stress",
	"1. Apply cream.\n2. Rinse off.\n10) Repeat.",
	"-  padded\n-\n- \n-",
	"First\n\nSecond.\r\n\r\nThird",
	"It is **important.** Next. _Really_ snake_case `code`.",
	"L'eczéma est fréquent. Ça démange. 湿疹。Ésotérique? Oui.",
	"Wait... Then. ?!. .. . [ ] [,] [1",
	"a [1]_b_ c [*2*] [[1]2] x__y *_z",
	"\xff\xfe. Bad\x80 bytes. \xe2\x80",
	"end.\u00a0Next. \u2028Line.",
}

func FuzzSplit(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkSentences(t, text, claims.Split(text))
	})
}

func FuzzClean(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := claims.Clean(s)
		if again := claims.Clean(c); again != c {
			t.Fatalf("Clean not idempotent:\nClean(%q) = %q\nClean(%q) = %q", s, c, c, again)
		}
		if strings.TrimSpace(c) != c || strings.Contains(c, "  ") {
			t.Errorf("Clean(%q) = %q: spaces not collapsed", s, c)
		}
		if utf8.ValidString(s) && !utf8.ValidString(c) {
			t.Errorf("Clean(%q) = %q: valid UTF-8 in, invalid out", s, c)
		}
	})
}

// FuzzVerify verifies arbitrary claims against sandbox passages with the
// default verifier: it must never fail or panic, and its judgment must be
// well formed: a score in [0,1], support spans of whole runes inside their
// passages, and a reason exactly when the claim is not supported.
func FuzzVerify(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	for _, s := range []string{
		"Stage 2 pressure injuries extend through the full thickness of the skin into fat.",
		"Simple irritant diaper rash tends to involve the folds, and one of the signs is redness.",
		"Since most inflamed epidermoid cysts are not infected, antibiotics are used mainly when there are clear signs of infection.",
		"In adults, dermatomyositis is linked to a raised risk of internal cancer; both one and 6 mm; any stage.",
		"one one one of of the the",
	} {
		f.Add(s)
	}
	v := verifier(f)
	ps := passages(f, "ev_pressure_injuries_diagnosis_1", "ev_cutaneous_candidiasis_symptoms_2", "ev_epidermoid_cysts_treatment_2", "ev_melanoma_symptoms_1")
	f.Fuzz(func(t *testing.T, claim string) {
		j, err := v.Verify(context.Background(), claim, ps)
		if err != nil {
			t.Fatalf("Verify: %v", err)
		}
		checkJudgment(t, claim, ps, j)
	})
}
