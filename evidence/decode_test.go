package evidence

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// jsonPassage decodes a line as load did before the fast path: json.Unmarshal,
// or when strict a json.Decoder refusing unknown fields.
func jsonPassage(line string, strict bool) (Passage, error) {
	var p Passage
	if !strict {
		err := json.Unmarshal([]byte(line), &p)
		return p, err
	}
	d := json.NewDecoder(strings.NewReader(line))
	d.DisallowUnknownFields()
	err := d.Decode(&p)
	return p, err
}

// checkLine holds decodePassage and fastPassage to encoding/json on one line.
func checkLine(t *testing.T, line string) {
	t.Helper()
	for _, strict := range []bool{false, true} {
		got, gotErr := decodePassage(line, strict)
		want, wantErr := jsonPassage(line, strict)
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("strict %v: %q: decodePassage error %v, encoding/json error %v", strict, line, gotErr, wantErr)
		}
		if gotErr == nil && got != want {
			t.Fatalf("strict %v: %q: decodePassage differs from encoding/json (-json +fast):\n%s", strict, line, cmp.Diff(want, got))
		}
	}
	p, ok := fastPassage(line)
	if !ok {
		return
	}
	// What the fast path accepts, encoding/json accepts whole (nothing may
	// follow the object) and unknown fields refused, with the same result.
	var want Passage
	if err := json.Unmarshal([]byte(line), &want); err != nil {
		t.Fatalf("%q: the fast path accepts what json.Unmarshal refuses: %v", line, err)
	}
	if p != want {
		t.Fatalf("%q: fast path differs from json.Unmarshal (-json +fast):\n%s", line, cmp.Diff(want, p))
	}
	if strict, err := jsonPassage(line, true); err != nil || strict != p {
		t.Fatalf("%q: the fast path accepts what the strict decoder refuses or reads otherwise: %v", line, err)
	}
}

// marshal is the canonical line the builder writes for p.
func marshal(t testing.TB, p Passage) string {
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var samplePassage = Passage{
	ID: "mq_0000001_1-1_1", SourceID: "medquad-cancergov", SourceVersion: "577bd37",
	Locator:  Locator{Section: "Adult Acute Lymphoblastic Leukemia / information", Paragraph: 1},
	Text:     "Key Points - Adult acute lymphoblastic leukemia (ALL) is a type of cancer.",
	Checksum: Checksum("Key Points - Adult acute lymphoblastic leukemia (ALL) is a type of cancer."),
	License:  License{ID: "CC-BY-4.0"},
}

// TestFastPassageCanonical: every line in the builder's form takes the fast
// path and decodes as encoding/json decodes it, whatever the strings hold.
func TestFastPassageCanonical(t *testing.T) {
	texts := []struct {
		text   string
		reason string
	}{
		{"plain ASCII text", "the common case, a substring of the line"},
		{"short", "shorter than one eight-byte word"},
		{"", "empty"},
		{`He said "stop" \ then / left`, `quotes and backslashes are escaped as \" and \\`},
		{"<b> & </b>", `json.Marshal escapes <, > and & as \u003c, \u003e, \u0026`},
		{"line\nbreak\ttab\rreturn\bback\fform", "control characters with short escapes"},
		{"nul \x00 and \x1f", `other control characters as \u00XX`},
		{"Eczéma, naïve, 日本語, emoji 😀", "valid UTF-8 is written as is"},
		{"sep \u2028 and \u2029", `json.Marshal escapes U+2028 and U+2029`},
		{"\ufffd replacement written out", "U+FFFD itself is valid UTF-8"},
		{strings.Repeat("long text with é ", 500), "many words, non-ASCII throughout"},
		{strings.Repeat("x", 7) + "é", "non-ASCII in the tail after the last whole word"},
	}
	for _, c := range texts {
		p := samplePassage
		p.Text, p.Checksum = c.text, Checksum(c.text)
		p.Locator.Section = c.text
		for _, lic := range []License{{ID: "CC0-1.0"}, {ID: "CC-BY-4.0", Holder: "NIH"}, {ID: "x", URL: "https://example.org/?a=1&b=<2>"}, {ID: "x", Holder: "H", URL: "u"}} {
			p.License = lic
			for _, para := range []int{0, 1, 42, -3, 999_999_999, -999_999_999} {
				p.Locator.Paragraph = para
				line := marshal(t, p)
				got, ok := fastPassage(line)
				if !ok {
					t.Errorf("%s: the fast path declines the canonical line %q", c.reason, line)
					continue
				}
				if got != p {
					t.Errorf("%s: %q decodes to (-want +got):\n%s", c.reason, line, cmp.Diff(p, got))
				}
				checkLine(t, line)
			}
		}
	}
}

// TestFastPassageDeclines lists lines outside the builder's form: the fast
// path declines each, and decodePassage still agrees with encoding/json.
func TestFastPassageDeclines(t *testing.T) {
	canon := marshal(t, samplePassage)
	cases := []struct {
		line   string
		reason string
	}{
		{strings.Replace(canon, `{"id":`, `{ "id":`, 1), "a space is not the builder's form"},
		{strings.Replace(canon, `"id"`, `"ID"`, 1), "encoding/json matches keys without regard to case; the fast path does not"},
		{strings.Replace(canon, `"paragraph":1`, `"paragraph":01`, 1), "a leading zero is not JSON"},
		{strings.Replace(canon, `"paragraph":1`, `"paragraph":-0`, 1), "minus zero is left to encoding/json"},
		{strings.Replace(canon, `"paragraph":1`, `"paragraph":1.0`, 1), "a fraction does not decode into an int"},
		{strings.Replace(canon, `"paragraph":1`, `"paragraph":1e2`, 1), "an exponent does not decode into an int"},
		{strings.Replace(canon, `"paragraph":1`, `"paragraph":99999999999999999999`, 1), "too large for an int"},
		{strings.Replace(canon, `"paragraph":1`, `"paragraph":"1"`, 1), "a string is not an int"},
		{strings.Replace(canon, `"paragraph":1`, `"paragraph":null`, 1), "null leaves the zero value in encoding/json"},
		{strings.Replace(canon, `Key Points`, "Key\tPoints", 1), "a raw control character is not JSON"},
		{strings.Replace(canon, `Key Points`, "Key \xff Points", 1), "invalid UTF-8, which encoding/json replaces with U+FFFD"},
		{strings.Replace(canon, `Key Points`, "Key \xed\xa0\x80 Points", 1), "an encoded surrogate is invalid UTF-8"},
		{strings.Replace(canon, `Key Points`, `Key \ud83d\ude00 Points`, 1), "a surrogate pair escape is left to encoding/json"},
		{strings.Replace(canon, `Key Points`, `Key \ud83d Points`, 1), "a lone surrogate escape becomes U+FFFD in encoding/json"},
		{strings.Replace(canon, `Key Points`, `Key \x Points`, 1), "not an escape"},
		{strings.Replace(canon, `Key Points`, `Key \u12 Points`, 1), "a short \\u escape"},
		{strings.Replace(canon, `Key Points`, `Key Points\`, 1), "an escaped closing quote leaves the string open"},
		{canon + " ", "trailing space (eachLine trims it, but the decoder does not rely on that)"},
		{canon + "x", "data after the object"},
		{canon + "{}", "a second object"},
		{canon[:len(canon)-1], "the object not closed"},
		{strings.Replace(canon, `}}`, `,"extra":1}}`, 1), "an unknown field, which strict decoding refuses"},
		{strings.Replace(canon, `,"checksum":`, `,"extra":"x","checksum":`, 1), "an unknown field in the middle"},
		{strings.Replace(canon, `"CC-BY-4.0"}`, `"CC-BY-4.0","url":"u","holder":"h"}`, 1), "holder and url out of order"},
		{`{"id":"x"}`, "fields missing: encoding/json leaves them empty"},
		{`{}`, "an empty object"},
		{``, "nothing"},
		{`[]`, "not an object"},
		{`{"id":"a","id":"b"}`, "a repeated key"},
	}
	for _, c := range cases {
		if _, ok := fastPassage(c.line); ok {
			t.Errorf("%s: the fast path accepts %q", c.reason, c.line)
		}
		checkLine(t, c.line)
	}
}

// TestPlainText checks the eight-byte test against the byte-by-byte one for
// every byte value in every lane and in the tail, among plain, non-ASCII and
// control neighbours.
func TestPlainText(t *testing.T) {
	byByte := func(v string) bool {
		for i := 0; i < len(v); i++ {
			if v[i] < 0x20 {
				return false
			}
		}
		return utf8.ValidString(v)
	}
	for _, fill := range []byte{'a', 0x7f, ' ', '!', '"', '\\', 0x1f, 0x00, 0x80, 0xff} {
		for _, n := range []int{1, 7, 8, 9, 16, 19} {
			for at := range n {
				for c := range 256 {
					b := bytes.Repeat([]byte{fill}, n)
					b[at] = byte(c)
					v := string(b)
					if got, want := plainText(v), byByte(v); got != want {
						t.Errorf("plainText(%q) = %v, want %v", v, got, want)
					}
				}
			}
		}
	}
	for _, v := range []string{"", "é", "日本語 text 😀 of some length", "abcdefg\xc3", "abcdefgh\xc3\xa9", "\xed\xa0\x80abcdefgh"} {
		if got, want := plainText(v), byByte(v); got != want {
			t.Errorf("plainText(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestDecodePassagesSplit: a file decoded in parts across goroutines gives
// the passages, lines and problems that one pass over it gives.
func TestDecodePassagesSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for i := 0; b.Len() < 3*parallelMin; i++ {
		switch rng.IntN(50) {
		case 0:
			b.WriteString("\n") // a blank line
		case 1:
			fmt.Fprintf(&b, "{\"id\":\"bad_%d\",\"text\":\n", i) // not JSON
		case 2:
			b.WriteString("  \t\r\n")
		default:
			p := samplePassage
			p.ID = fmt.Sprintf("p_%06d", i)
			p.Text = strings.Repeat("word ", rng.IntN(200))
			b.WriteString(marshal(t, p) + "\r\n"[rng.IntN(2):])
		}
	}
	text := b.String()
	whole := decodePart(text, false)
	split := decodePassages(text, false)
	if len(whole.problems) == 0 || len(whole.passages) < 1000 {
		t.Fatalf("the test file has %d passages and %d problems", len(whole.passages), len(whole.problems))
	}
	if diff := cmp.Diff(whole, split, cmp.AllowUnexported(passageLines{}, lineError{})); diff != "" {
		t.Errorf("split decoding differs (-whole +split):\n%s", diff)
	}
	// Both number lines as eachLine does.
	var lines []int32
	var problems []int
	err := eachLine(strings.NewReader(text), PassagesFile, true, func(line int, b []byte) error {
		if _, err := jsonPassage(string(b), false); err != nil {
			problems = append(problems, line)
		} else {
			lines = append(lines, int32(line))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(lines, split.lines); diff != "" {
		t.Errorf("passage lines differ from eachLine's (-eachLine +split):\n%s", diff)
	}
	var got []int
	for _, p := range split.problems {
		got = append(got, p.line)
		if p.err.Line != p.line {
			t.Errorf("problem on line %d names line %d", p.line, p.err.Line)
		}
	}
	if diff := cmp.Diff(problems, got); diff != "" {
		t.Errorf("problem lines differ from eachLine's (-eachLine +split):\n%s", diff)
	}
}

// TestLongLine: a line over the limit stops decoding there, as eachLine does,
// with an error naming the line.
func TestLongLine(t *testing.T) {
	canon := marshal(t, samplePassage)
	long := strings.Repeat("x", maxLineBytes)
	for _, text := range []string{
		canon + "\n" + long + "\n" + canon + "\n",
		strings.Repeat(canon+"\n", parallelMin/len(canon)+10) + long + "\n" + canon + "\n",
	} {
		pl := decodePassages(text, false)
		wantLine := strings.Count(text[:strings.Index(text, long)], "\n") + 1
		if pl.tooLong == nil || pl.tooLong.Line != wantLine {
			t.Errorf("tooLong = %v, want an error on line %d", pl.tooLong, wantLine)
		}
		if len(pl.passages) != wantLine-1 {
			t.Errorf("%d passages decoded, want the %d before the long line", len(pl.passages), wantLine-1)
		}
	}
}

// TestVersionChecksum holds VersionChecksum to its definition, written out
// the plain way, on ids that are prefixes of one another, repeated ids, and
// ids and checksums holding bytes below the tab.
func TestVersionChecksum(t *testing.T) {
	def := func(ps []Passage) string {
		var lines []string
		for _, p := range ps {
			lines = append(lines, p.ID+"\t"+p.Checksum+"\n")
		}
		sortStrings(lines)
		return checksumBytes([]byte(strings.Join(lines, "")))
	}
	sets := [][]Passage{
		nil,
		{{ID: "a", Checksum: "sha256:1"}},
		{{ID: "ab", Checksum: "x"}, {ID: "a", Checksum: "y"}, {ID: "a!", Checksum: "z"}, {ID: "a\x01", Checksum: "w"}},
		{{ID: "a", Checksum: "y"}, {ID: "a", Checksum: "x"}, {ID: "a", Checksum: "x\x00"}, {ID: "a", Checksum: "x\t"}},
		{{ID: "", Checksum: ""}, {ID: "\t", Checksum: "\n"}},
	}
	var big []Passage
	for i := range 3000 {
		big = append(big, Passage{ID: fmt.Sprintf("id_%d", (i*7919)%3000), Checksum: Checksum(fmt.Sprint(i))})
	}
	sets = append(sets, big)
	for _, ps := range sets {
		if got, want := VersionChecksum(ps), def(ps); got != want {
			t.Errorf("VersionChecksum(%d passages) = %s, want %s", len(ps), got, want)
		}
	}
}

// TestCompareLines holds compareLines to strings.Compare of the lines
// written out, on every pair of ids and checksums drawn from short strings
// of tabs, newlines and letters.
func TestCompareLines(t *testing.T) {
	parts := []string{"", "a", "b", "\t", "\n", "a\t", "\ta", "a\n", "ab", "a\tb", "\t\n", "\x00"}
	line := func(p *Passage) string { return p.ID + "\t" + p.Checksum + "\n" }
	sign := func(c int) int { return max(-1, min(1, c)) }
	for _, ai := range parts {
		for _, ac := range parts {
			for _, bi := range parts {
				for _, bc := range parts {
					a, b := &Passage{ID: ai, Checksum: ac}, &Passage{ID: bi, Checksum: bc}
					if got, want := sign(compareLines(a, b)), strings.Compare(line(a), line(b)); got != want {
						t.Errorf("compareLines(%q, %q) = %d, want %d", line(a), line(b), got, want)
					}
				}
			}
		}
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// TestChecksumString: the string form hashes as the byte form does, across
// the buffer's size.
func TestChecksumString(t *testing.T) {
	for _, n := range []int{0, 1, 64<<10 - 1, 64 << 10, 64<<10 + 1, 200 << 10} {
		s := strings.Repeat("abcdefg", n/7+1)[:n]
		if got, want := checksumString(s), checksumBytes([]byte(s)); got != want {
			t.Errorf("%d bytes: %s, want %s", n, got, want)
		}
	}
}

// FuzzDecodePassageLine holds the passages line decoder to encoding/json:
// for any line, decodePassage gives what encoding/json gives or both refuse
// it, strictly or not; and whatever the fast path accepts, encoding/json
// accepts whole with the same result.
func FuzzDecodePassageLine(f *testing.F) {
	canon := marshal(f, samplePassage)
	f.Add(canon)
	f.Add(`{"id":"a","source_id":"s","source_version":"1","locator":{"section":"A","paragraph":0},"text":"Hives \"itch\" \u003c\u0026 é","checksum":"c","license":{"id":"l","holder":"h","url":"u"}}`)
	f.Add(`{"id":"a","source_id":"s","source_version":"1","locator":{"section":"A","paragraph":-12},"text":"\ud83d\ude00","checksum":"c","license":{"id":"l"}}`)
	f.Add(strings.Replace(canon, `"id"`, `"Id"`, 1))
	f.Add(canon + "x")
	f.Fuzz(func(t *testing.T, line string) {
		checkLine(t, line)
	})
}

// FuzzPassageRoundTrip: any passage the builder could write, written as the
// builder writes it, takes the fast path and reads back as encoding/json
// reads it.
func FuzzPassageRoundTrip(f *testing.F) {
	p := samplePassage
	f.Add(p.ID, p.SourceID, p.Locator.Section, p.Locator.Paragraph, p.Text, p.License.Holder, p.License.URL)
	f.Add("x", "s", "Causes", 3, "Text with \"quotes\", <tags> & \\ \n\t\x00 é 😀 \u2028", "NIH", "https://x.org/?a&b")
	f.Add("", "", "", -1, "\xff\xfe", "", "")
	f.Fuzz(func(t *testing.T, id, source, section string, para int, text, holder, url string) {
		p := Passage{ID: id, SourceID: source, SourceVersion: "1", Locator: Locator{Section: section, Paragraph: para},
			Text: text, Checksum: Checksum(text), License: License{ID: "CC0-1.0", Holder: holder, URL: url}}
		line := marshal(t, p)
		checkLine(t, line)
		// Every canonical line takes the fast path (invalid UTF-8 is
		// written as \ufffd, never as a surrogate), but for paragraph
		// numbers longer than maxDigits, which are left to encoding/json.
		digits := len(strconv.Itoa(para))
		if para < 0 {
			digits--
		}
		if _, ok := fastPassage(line); !ok && digits <= maxDigits {
			t.Errorf("the fast path declines the canonical line %q", line)
		}
	})
}

// TestOpenKeepsSubstrings: an opened bundle serves the same passages
// whichever decoder read them.
func TestOpenKeepsSubstrings(t *testing.T) {
	recs := []Record{
		{SourceID: "s", SourceVersion: "1", Section: "A", Paragraph: 1, Text: `Plain text.`, License: "CC0-1.0"},
		{SourceID: "s", SourceVersion: "1", Section: "B", Paragraph: 2, Text: `Quoted "text" with <tags> & é.`, License: "CC0-1.0"},
	}
	b, err := Build(t.Context(), recs, BuildOptions{ID: "kv_sub", Released: "2026-01-01"})
	if err != nil {
		t.Fatal(err)
	}
	man, err := EncodeManifest(b.Manifest)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{ManifestFile: {Data: man}, PassagesFile: {Data: b.Files[PassagesFile]}}
	v, problems := load(fsys, nil, true, nil)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	if diff := cmp.Diff(b.Passages, v.passages); diff != "" {
		t.Errorf("passages differ from those built (-built +opened):\n%s", diff)
	}
}
