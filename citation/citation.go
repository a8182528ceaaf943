// Package citation pins a claim to the exact words of one passage in one
// knowledge version: evidence id, source and version, locator, checksum,
// licence, and the quoted span with byte and rune offsets.
//
// Citations are plain values, safe to copy and share.
package citation

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/dermliving/dermliving/evidence"
)

// Source names the publisher record and release of a cited passage.
type Source struct {
	ID      string `json:"id"`
	Version string `json:"version"`
}

// Span locates a quote in its passage's text: Start and End are byte offsets
// (text[Start:End] == quote), StartRune and EndRune the same positions counted
// in runes.
type Span struct {
	Start     int `json:"start"`
	End       int `json:"end"`
	StartRune int `json:"start_rune"`
	EndRune   int `json:"end_rune"`
}

// Citation pins a claim to the passage that supports it.
type Citation struct {
	ID         string           `json:"id"` // "cit_1", numbered in answer order
	EvidenceID string           `json:"evidence_id"`
	Source     Source           `json:"source"`
	Locator    evidence.Locator `json:"locator"`
	Checksum   string           `json:"checksum"`
	License    evidence.License `json:"license"`
	Quote      string           `json:"quote"`
	Span       Span             `json:"span"`
}

// ErrSpan is returned for a span that does not fit its passage.
var ErrSpan = errors.New("citation: span outside passage or not on a character boundary")

// New cites text[start:end] of passage p. id is left empty for the caller to
// number.
func New(p evidence.Passage, start, end int) (Citation, error) {
	span, err := MakeSpan(p.Text, start, end)
	if err != nil {
		return Citation{}, fmt.Errorf("%w: passage %s [%d:%d]", err, p.ID, start, end)
	}
	return Citation{
		EvidenceID: p.ID,
		Source:     Source{ID: p.SourceID, Version: p.SourceVersion},
		Locator:    p.Locator,
		Checksum:   p.Checksum,
		License:    p.License,
		Quote:      p.Text[start:end],
		Span:       span,
	}, nil
}

// MakeSpan computes the span of text[start:end], checking that both ends fall
// on UTF-8 character boundaries.
func MakeSpan(text string, start, end int) (Span, error) {
	if start < 0 || end < start || end > len(text) || !boundary(text, start) || !boundary(text, end) {
		return Span{}, ErrSpan
	}
	sr := utf8.RuneCountInString(text[:start])
	return Span{Start: start, End: end, StartRune: sr, EndRune: sr + utf8.RuneCountInString(text[start:end])}, nil
}

func boundary(s string, i int) bool {
	return i == 0 || i == len(s) || utf8.RuneStart(s[i])
}

// Status says whether a citation still holds in a knowledge version.
type Status int

// Citation statuses.
const (
	// Valid: the passage exists with the same checksum, source, version,
	// locator, licence, and the span slices to the quote.
	Valid Status = iota
	// Changed: the passage exists but something the citation pins differs.
	Changed
	// Missing: the version has no passage with that id.
	Missing
)

// String returns "valid", "changed" or "missing".
func (s Status) String() string {
	switch s {
	case Valid:
		return "valid"
	case Changed:
		return "changed"
	case Missing:
		return "missing"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Check tells whether citation c holds in kv, with a reason when it does not.
func Check(c Citation, kv *evidence.Version) (Status, string) {
	p, err := kv.Evidence(c.EvidenceID)
	if err != nil {
		return Missing, "no passage " + c.EvidenceID + " in " + kv.ID()
	}
	switch {
	case p.Checksum != c.Checksum:
		return Changed, "checksum differs"
	case p.SourceID != c.Source.ID || p.SourceVersion != c.Source.Version:
		return Changed, "source or source version differs"
	case p.Locator != c.Locator:
		return Changed, "locator differs"
	case p.License != c.License:
		return Changed, "licence differs"
	}
	span, err := MakeSpan(p.Text, c.Span.Start, c.Span.End)
	if err != nil || span != c.Span || p.Text[c.Span.Start:c.Span.End] != c.Quote {
		return Changed, "span does not slice to the quote"
	}
	return Valid, ""
}
