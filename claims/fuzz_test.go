package claims_test

import (
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
