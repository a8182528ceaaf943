package citation_test

import (
	"fmt"
	"strings"

	"github.com/dermliving/dermliving/citation"
	"github.com/dermliving/dermliving/evidence"
)

func ExampleNew() {
	text := "Eczéma – atopic dermatitis – is a long-term itchy skin condition."
	p := evidence.Passage{
		ID:            "ev_atopic_dermatitis_overview_1",
		SourceID:      "src_notes",
		SourceVersion: "2026.10",
		Locator:       evidence.Locator{Section: "Overview", Paragraph: 1},
		Text:          text,
		Checksum:      evidence.Checksum(text),
		License:       evidence.License{ID: "CC-BY-4.0"},
	}
	start := strings.Index(text, "atopic dermatitis")
	c, err := citation.New(p, start, start+len("atopic dermatitis"))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s %q\n", c.EvidenceID, c.Quote)
	fmt.Printf("bytes %d-%d, runes %d-%d\n", c.Span.Start, c.Span.End, c.Span.StartRune, c.Span.EndRune)

	// A span that cuts a character is refused.
	_, err = citation.New(p, 4, 7)
	fmt.Println(err)
	// Output:
	// ev_atopic_dermatitis_overview_1 "atopic dermatitis"
	// bytes 12-29, runes 9-26
	// citation: span outside passage or not on a character boundary: passage ev_atopic_dermatitis_overview_1 [4:7]
}
