package fold

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ in, want, reason string }{
		{"What causes hives?", "What causes hives?", "ASCII is already normal"},
		{"SSN 523\u200b-45\u200b-6781", "SSN 523-45-6781", "zero-width spaces are format characters"},
		{"52\u00ad3\u2060-4\ufeff5", "523-45", "soft hyphen, word joiner and byte order mark go too"},
		{"\u200b\u200c\u200d\u2060\ufeff", "", "a text of invisible characters is empty"},
		{"MRN ٤٨٢١٣٣٧٧", "MRN 48213377", "Arabic-Indic digits"},
		{"۴۸۲", "482", "extended Arabic-Indic digits"},
		{"४८२१", "4821", "Devanagari digits"},
		{"４８２１", "4821", "full-width digits, by NFKC"},
		{"𝟒𝟖", "48", "mathematical digits, by NFKC"},
		{"523‐45‑6781 523−45–6781", "523-45-6781 523-45—6781", "hyphens and minus signs are '-', an en dash is the em dash"},
		{"warm—cellulitis? a ― b", "warm—cellulitis? a — b", "sentence dashes are the em dash"},
		{"14⁄03∕1962 14／03", "14/03/1962 14/03", "fraction and division slashes"},
		{"14·03。1962 192．0", "14.03.1962 192.0", "middle dots and full stops"},
		{"a\u00a0b\u2009c\u3000d\u202fe", "a b c d e", "spaces"},
		{"a\u2028b", "a\nb", "a line separator is a newline"},
		{"ﬁle ½", "file 1/2", "compatibility forms, by NFKC"},
		{"José e\u0301 5\u0301", "José é 5", "NFKC composes; a mark on no letter goes"},
		{"Calle Sol nº 5, 3º", "Calle Sol no 5, 3o", "ordinal indicators are letters in NFKC"},
		{"a\xffb", "a\ufffdb", "a byte that is not UTF-8 is U+FFFD"},
		{"☀️ ok", "☀ ok", "a variation selector is invisible"},
		{"\U000e0041\U000e0042x", "x", "tag characters are format characters"},
	} {
		if got := Normalize(tc.in); got != tc.want {
			t.Errorf("Normalize(%q) = %q, want %q (%s)", tc.in, got, tc.want, tc.reason)
		}
	}
}

// TestDigitValue checks what digitValue relies on: unicode.Nd's ranges are
// whole runs of ten digits, so that a digit's value is its distance from
// its range's start, modulo ten; and that value agrees with NFKD where a
// digit decomposes to an ASCII one.
func TestDigitValue(t *testing.T) {
	for _, rg := range unicode.Nd.R16 {
		if rg.Stride != 1 || (int(rg.Hi)-int(rg.Lo)+1)%10 != 0 {
			t.Errorf("Nd range %U-%U (stride %d) is not whole runs of ten", rg.Lo, rg.Hi, rg.Stride)
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if rg.Stride != 1 || (int(rg.Hi)-int(rg.Lo)+1)%10 != 0 {
			t.Errorf("Nd range %U-%U (stride %d) is not whole runs of ten", rg.Lo, rg.Hi, rg.Stride)
		}
	}
	n := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !unicode.Is(unicode.Nd, r) {
			continue
		}
		n++
		v, ok := digitValue(r)
		if !ok {
			t.Fatalf("digitValue(%U) found no value", r)
		}
		if d := norm.NFKD.String(string(r)); len(d) == 1 && d[0] >= '0' && d[0] <= '9' && d[0]-'0' != v {
			t.Errorf("digitValue(%U) = %d, NFKD says %s", r, v, d)
		}
		if got := Normalize(string(r)); got != string(rune('0'+v)) {
			t.Errorf("Normalize(%U) = %q, want the ASCII digit %d", r, got, v)
		}
	}
	if n < 600 {
		t.Errorf("%d decimal digits, want every one of Unicode's", n)
	}
}

func TestWithOffsets(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		reason   string
	}{
		{"DOB 14 / 03 / 1962", "dob 14/03/1962", "spaces around a slash between digits"},
		{"SSN 523 - 45 - 6781", "ssn 523-45-6781", "spaces around a hyphen between digits"},
		{"IP 192 . 0 . 2 . 44", "ip 192.0.2.44", "spaces on both sides of a dot"},
		{"I was 5. 3 days later", "i was 5. 3 days later", "a dot and a space end a sentence"},
		{"5 2 3 - 4 5 - 6 7 8 1", "523-45-6781", "single digits joined by spaces"},
		{"1 1 1 1", "1111", "four single digits"},
		{"types 1 2 3", "types 1 2 3", "three single digits stay apart"},
		{"MRN\t\t4821  3377", "mrn 4821 3377", "runs of spaces and tabs are one space"},
		{"SSN 523\u200b-45\u200b-6781", "ssn 523-45-6781", "invisible characters"},
		{"MRN ٤٨٢١ ٣٣٧٧", "mrn 4821 3377", "Unicode digits"},
		{"Eczéma – ‘atopic’", "eczema - 'atopic'", "accents, dashes and quotes as before"},
		{"1 x 2 y 3 z 4", "1 x 2 y 3 z 4", "digits between words"},
		{"rash - what is it", "rash - what is it", "a dash between words"},
		{"HPX - 8180 - 7664", "hpx-8180-7664", "a hyphen between letters and digits"},
		{"ssn5 2 3 4", "ssn5234", "the first spaced digit touches a word"},
		{"5 /", "5 /", "nothing after the slash"},
	} {
		if got := WithOffsets(tc.in).S; got != tc.want {
			t.Errorf("WithOffsets(%q).S = %q, want %q (%s)", tc.in, got, tc.want, tc.reason)
		}
	}
}

// TestOrigSpan checks that a span of the folded text maps to the whole
// original span, invisible characters inside it included.
func TestOrigSpan(t *testing.T) {
	orig := "SSN 5\u200b23\u00ad-45-6781\u2060. ok"
	f := WithOffsets(orig)
	i := strings.Index(f.S, "523-45-6781")
	a, b := f.OrigSpan(f.Start(i), f.End(i+len("523-45-6781")))
	if got, want := orig[a:b], "5\u200b23\u00ad-45-6781"; got != want {
		t.Errorf("span of the number = %q, want %q", got, want)
	}
	orig = "MRN ٤٨٢١٣٣٧٧ x"
	f = WithOffsets(orig)
	i = strings.Index(f.S, "48213377")
	a, b = f.OrigSpan(f.Start(i), f.End(i+8))
	if got, want := orig[a:b], "٤٨٢١٣٣٧٧"; got != want {
		t.Errorf("span of the number = %q, want %q", got, want)
	}
	orig = "x ﬁ 14 / 03"
	f = WithOffsets(orig)
	i = strings.Index(f.S, "14/03")
	a, b = f.OrigSpan(f.Start(i), f.End(i+5))
	if got, want := orig[a:b], "14 / 03"; got != want {
		t.Errorf("span of the date = %q, want %q", got, want)
	}
}

// checkOffsets fails unless every byte of the folded text maps to a
// character boundary of N, and every span of N to one of the original, in
// order.
func checkOffsets(t *testing.T, s string) {
	t.Helper()
	f := WithOffsets(s)
	if !utf8.ValidString(f.N) {
		t.Fatalf("WithOffsets(%q).N = %q is not UTF-8", s, f.N)
	}
	prev := 0
	for i := range len(f.S) {
		st, e := f.Start(i), f.End(i+1)
		if st < prev || st >= e || e > len(f.N) || !utf8.RuneStart(f.N[st]) {
			t.Fatalf("WithOffsets(%q): folded byte %d maps to [%d,%d) of N %q", s, i, st, e, f.N)
		}
		prev = st
	}
	prev = 0
	for i := range len(f.N) {
		a, b := f.OrigSpan(i, i+1)
		if a < prev || a >= b || b > len(s) {
			t.Fatalf("WithOffsets(%q): N byte %d maps to [%d,%d) of the original", s, i, a, b)
		}
		prev = a
	}
	if n := Normalize(s); n != f.N {
		t.Fatalf("Normalize(%q) = %q, WithOffsets has %q", s, n, f.N)
	}
	if Normalize(f.N) != f.N {
		t.Fatalf("Normalize is not idempotent on %q", s)
	}
}

func TestOffsets(t *testing.T) {
	for _, s := range fuzzSeeds {
		checkOffsets(t, s)
	}
	for _, q := range devTexts(t, screensDir) {
		checkOffsets(t, q)
	}
}

func FuzzWithOffsets(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	for _, s := range []string{"ﬁ½", "5 2 3 - 4 5", "a\u200bb", "e\u0301\u0301\u0301", "\xff\u0301"} {
		f.Add(s)
	}
	f.Fuzz(checkOffsets)
}
