package citation_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/citation"
	"github.com/dermliving/dermliving/evidence"
)

// mixed has 2- and 3-byte characters: é (2 bytes), – ‘ ’ … (3 bytes each).
//
//	bytes:  Eczéma 0-7, space 7, – 8-11, space 11, ‘ 12-15, atopic 15-21,
//	        ’ 21-24, space 24, … 25-28, " is itchy." 28-38
//	runes:  Eczéma 0-6, – 7, ‘ 9, atopic 10-16, ’ 16, … 18, itchy 23-28
const mixed = "Eczéma – ‘atopic’ … is itchy."

func TestMakeSpan(t *testing.T) {
	tests := []struct {
		start, end int
		quote      string
		want       citation.Span
		reason     string
	}{
		{0, 38, mixed, citation.Span{Start: 0, End: 38, StartRune: 0, EndRune: 29}, "the whole text: 38 bytes, 29 runes"},
		{0, 7, "Eczéma", citation.Span{Start: 0, End: 7, StartRune: 0, EndRune: 6}, "é takes two bytes and one rune"},
		{15, 21, "atopic", citation.Span{Start: 15, End: 21, StartRune: 10, EndRune: 16}, "after – and ‘ the byte offset runs ahead of the rune offset by 5"},
		{12, 24, "‘atopic’", citation.Span{Start: 12, End: 24, StartRune: 9, EndRune: 17}, "a span may start and end with a 3-byte character"},
		{25, 28, "…", citation.Span{Start: 25, End: 28, StartRune: 18, EndRune: 19}, "one 3-byte character"},
		{32, 37, "itchy", citation.Span{Start: 32, End: 37, StartRune: 23, EndRune: 28}, "ASCII after all the multi-byte characters"},
		{38, 38, "", citation.Span{Start: 38, End: 38, StartRune: 29, EndRune: 29}, "an empty span at the end is on a boundary"},
	}
	for _, tc := range tests {
		got, err := citation.MakeSpan(mixed, tc.start, tc.end)
		if err != nil {
			t.Errorf("MakeSpan(%d, %d) = %v (%s)", tc.start, tc.end, err, tc.reason)
			continue
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("MakeSpan(%d, %d) (%s) mismatch (-want +got):\n%s", tc.start, tc.end, tc.reason, d)
		}
		if q := mixed[got.Start:got.End]; q != tc.quote {
			t.Errorf("text[%d:%d] = %q, want %q", got.Start, got.End, q, tc.quote)
		}
		if n := utf8.RuneCountInString(mixed[:tc.start]); got.StartRune != n {
			t.Errorf("StartRune = %d, want %d runes before byte %d", got.StartRune, n, tc.start)
		}
		if n := utf8.RuneCountInString(mixed[:tc.end]); got.EndRune != n {
			t.Errorf("EndRune = %d, want %d runes before byte %d", got.EndRune, n, tc.end)
		}
	}
}

func TestMakeSpanErrors(t *testing.T) {
	tests := []struct {
		start, end int
		reason     string
	}{
		{-1, 5, "negative start"},
		{0, 39, "end past the text"},
		{39, 39, "start past the text"},
		{21, 15, "end before start"},
		{4, 7, "start inside é"},
		{0, 4, "end inside é"},
		{9, 12, "start inside –"},
		{12, 13, "end inside ‘"},
		{26, 28, "start inside …"},
	}
	for _, tc := range tests {
		_, err := citation.MakeSpan(mixed, tc.start, tc.end)
		if !errors.Is(err, citation.ErrSpan) {
			t.Errorf("MakeSpan(%d, %d) = %v, want ErrSpan (%s)", tc.start, tc.end, err, tc.reason)
		}
		_, err = citation.New(evidence.Passage{ID: "ev_x", Text: mixed}, tc.start, tc.end)
		if !errors.Is(err, citation.ErrSpan) || !strings.Contains(err.Error(), "ev_x") {
			t.Errorf("New(%d, %d) = %v, want an error wrapping ErrSpan naming the passage (%s)", tc.start, tc.end, err, tc.reason)
		}
	}
}

// testVersion builds, writes and opens a tiny knowledge version holding the
// mixed text and one ASCII passage.
func testVersion(t *testing.T) *evidence.Version {
	t.Helper()
	recs := []evidence.Record{
		{ID: "ev_eczema_1", SourceID: "src_notes", SourceVersion: "2026.10", Section: "Overview", Paragraph: 1, Text: mixed, License: "CC-BY-4.0"},
		{ID: "ev_triggers_2", SourceID: "src_notes", SourceVersion: "2026.10", Section: "Triggers", Paragraph: 2, Text: "Wool, harsh soaps and sweat are commonly reported to worsen symptoms.", License: "CC-BY-4.0"},
	}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{
		ID: "kv_cite_test", Released: "2026-10-01",
		Sources: []evidence.Source{{ID: "src_notes", Version: "2026.10", Title: "Notes", Publisher: "DermLiving",
			License: evidence.License{ID: "CC-BY-4.0", Holder: "DermLiving authors"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "kv")
	if err := b.WriteDir(context.Background(), dir, nil); err != nil {
		t.Fatal(err)
	}
	kv, err := evidence.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kv.Close() })
	return kv
}

func TestNew(t *testing.T) {
	kv := testVersion(t)
	p, err := kv.Evidence("ev_eczema_1")
	if err != nil {
		t.Fatal(err)
	}
	c, err := citation.New(p, 15, 21)
	if err != nil {
		t.Fatal(err)
	}
	want := citation.Citation{
		EvidenceID: "ev_eczema_1",
		Source:     citation.Source{ID: "src_notes", Version: "2026.10"},
		Locator:    evidence.Locator{Section: "Overview", Paragraph: 1},
		Checksum:   evidence.Checksum(mixed),
		License:    evidence.License{ID: "CC-BY-4.0", Holder: "DermLiving authors"},
		Quote:      "atopic",
		Span:       citation.Span{Start: 15, End: 21, StartRune: 10, EndRune: 16},
	}
	if d := cmp.Diff(want, c); d != "" {
		t.Errorf("New mismatch (-want +got):\n%s", d)
	}
}

func TestCitationJSON(t *testing.T) {
	c := citation.Citation{
		ID: "cit_1", EvidenceID: "ev_eczema_1",
		Source:   citation.Source{ID: "src_notes", Version: "2026.10"},
		Locator:  evidence.Locator{Section: "Overview", Paragraph: 1},
		Checksum: "sha256:00",
		License:  evidence.License{ID: "CC-BY-4.0", Holder: "DermLiving authors"},
		Quote:    "atopic",
		Span:     citation.Span{Start: 15, End: 21, StartRune: 10, EndRune: 16},
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"cit_1","evidence_id":"ev_eczema_1","source":{"id":"src_notes","version":"2026.10"},` +
		`"locator":{"section":"Overview","paragraph":1},"checksum":"sha256:00",` +
		`"license":{"id":"CC-BY-4.0","holder":"DermLiving authors"},"quote":"atopic",` +
		`"span":{"start":15,"end":21,"start_rune":10,"end_rune":16}}`
	if string(b) != want {
		t.Errorf("json.Marshal =\n%s\nwant (CONTRACT section 3)\n%s", b, want)
	}
	var back citation.Citation
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(c, back); d != "" {
		t.Errorf("JSON round trip mismatch (-want +got):\n%s", d)
	}
}

func TestCheck(t *testing.T) {
	kv := testVersion(t)
	p, err := kv.Evidence("ev_eczema_1")
	if err != nil {
		t.Fatal(err)
	}
	good, err := citation.New(p, 12, 24)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		tamper func(c *citation.Citation)
		want   citation.Status
		reason string
	}{
		{"untouched", func(*citation.Citation) {}, citation.Valid, "a citation made from the version holds in it"},
		{"numbered", func(c *citation.Citation) { c.ID = "cit_7" }, citation.Valid, "the citation's own number is not pinned"},
		{"checksum", func(c *citation.Citation) { c.Checksum = evidence.Checksum("other text") }, citation.Changed, "the passage's checksum differs"},
		{"source id", func(c *citation.Citation) { c.Source.ID = "src_other" }, citation.Changed, "a different source"},
		{"source version", func(c *citation.Citation) { c.Source.Version = "2025.01" }, citation.Changed, "another release of the source"},
		{"section", func(c *citation.Citation) { c.Locator.Section = "Triggers" }, citation.Changed, "the locator's section differs"},
		{"paragraph", func(c *citation.Citation) { c.Locator.Paragraph = 2 }, citation.Changed, "the locator's paragraph differs"},
		{"licence id", func(c *citation.Citation) { c.License.ID = "CC-BY-NC-4.0" }, citation.Changed, "another licence"},
		{"licence holder", func(c *citation.Citation) { c.License.Holder = "" }, citation.Changed, "the rights holder is dropped"},
		{"quote", func(c *citation.Citation) { c.Quote = "‘atopik’" }, citation.Changed, "the quote no longer matches the text at the span"},
		{"shifted span", func(c *citation.Citation) {
			c.Span = citation.Span{Start: 15, End: 21, StartRune: 10, EndRune: 16}
		}, citation.Changed, "a valid span that no longer slices to the quote"},
		{"rune offsets", func(c *citation.Citation) { c.Span.StartRune++ }, citation.Changed, "byte offsets right, rune offsets wrong"},
		{"span cuts a character", func(c *citation.Citation) { c.Span.Start = 13 }, citation.Changed, "the span starts inside ‘"},
		{"span past the text", func(c *citation.Citation) { c.Span.End = len(mixed) + 1 }, citation.Changed, "the span ends past the passage"},
		{"unknown passage", func(c *citation.Citation) { c.EvidenceID = "ev_gone" }, citation.Missing, "the version has no such passage"},
		{"other passage", func(c *citation.Citation) { c.EvidenceID = "ev_triggers_2" }, citation.Changed, "another passage: its checksum differs"},
	}
	for _, tc := range tests {
		c := good
		tc.tamper(&c)
		got, why := citation.Check(c, kv)
		if got != tc.want {
			t.Errorf("%s: Check = %v (%q), want %v (%s)", tc.name, got, why, tc.want, tc.reason)
		}
		if (got == citation.Valid) != (why == "") {
			t.Errorf("%s: Check = %v with reason %q: want a reason exactly when not valid", tc.name, got, why)
		}
	}
}

func TestStatusString(t *testing.T) {
	tests := []struct {
		s    citation.Status
		want string
	}{
		{citation.Valid, "valid"},
		{citation.Changed, "changed"},
		{citation.Missing, "missing"},
		{citation.Status(7), "Status(7)"},
		{citation.Status(-1), "Status(-1)"},
	}
	for _, tc := range tests {
		if got := tc.s.String(); got != tc.want {
			t.Errorf("Status(%d).String() = %q, want %q", int(tc.s), got, tc.want)
		}
	}
}

func FuzzMakeSpan(f *testing.F) {
	f.Add(mixed, 15, 21)
	f.Add(mixed, 4, 7)
	f.Add(mixed, 0, len(mixed))
	f.Add("", 0, 0)
	f.Add("a\xffb\xe2\x80", 1, 3)
	f.Add("日本語", 3, 6)
	f.Add("e\u0301", 1, 3)
	f.Fuzz(func(t *testing.T, text string, start, end int) {
		s, err := citation.MakeSpan(text, start, end)
		if err != nil {
			if !errors.Is(err, citation.ErrSpan) {
				t.Fatalf("MakeSpan(%q, %d, %d) = %v, want ErrSpan", text, start, end, err)
			}
			if 0 <= start && start <= end && end <= len(text) && boundary(text, start) && boundary(text, end) {
				t.Fatalf("MakeSpan(%q, %d, %d) refused a span on character boundaries", text, start, end)
			}
			return
		}
		if s.Start != start || s.End != end || start < 0 || end < start || end > len(text) {
			t.Fatalf("MakeSpan(%q, %d, %d) = %+v, out of range", text, start, end, s)
		}
		if !boundary(text, start) || !boundary(text, end) {
			t.Fatalf("MakeSpan(%q, %d, %d) accepted a span cutting a character", text, start, end)
		}
		if s.StartRune != utf8.RuneCountInString(text[:start]) || s.EndRune != utf8.RuneCountInString(text[:end]) {
			t.Fatalf("MakeSpan(%q, %d, %d) = %+v: rune offsets disagree with counting", text, start, end, s)
		}
		if s.EndRune-s.StartRune != utf8.RuneCountInString(text[start:end]) {
			t.Fatalf("MakeSpan(%q, %d, %d) = %+v: rune length disagrees with the quote", text, start, end, s)
		}
		if utf8.ValidString(text) && !utf8.ValidString(text[start:end]) {
			t.Fatalf("MakeSpan(%q, %d, %d): quote %q of valid text is not valid UTF-8", text, start, end, text[start:end])
		}
		c, err := citation.New(evidence.Passage{ID: "ev_f", Text: text}, start, end)
		if err != nil || c.Quote != text[start:end] || c.Span != s {
			t.Fatalf("New(%q, %d, %d) = %+v, %v; want quote %q and span %+v", text, start, end, c, err, text[start:end], s)
		}
	})
}

// boundary reports whether i is a character boundary of s: its ends, or a
// byte that starts a UTF-8 sequence.
func boundary(s string, i int) bool {
	return i == 0 || i == len(s) || 0 < i && i < len(s) && utf8.RuneStart(s[i])
}
