package claims_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/claims"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		want   []claims.Sentence
		reason string
	}{{
		name: "HeadingRunIn",
		text: "Key Points - Skin cancer is a disease of the skin. Summary : Clinical trials test new approaches. Type 1 - the common form.",
		want: []claims.Sentence{
			{Text: "Skin cancer is a disease of the skin.", Start: 13, End: 50},
			{Text: "Clinical trials test new approaches.", Start: 61, End: 97},
			{Text: "Type 1 - the common form.", Start: 98, End: 123},
		},
		reason: "a heading of capitalised words run into its sentence with a spaced dash or colon is no part of the sentence; a dash before a lowercase word is",
	}, {
		name: "Prose",
		text: "Eczema is common. It itches.",
		want: []claims.Sentence{
			{Text: "Eczema is common.", Start: 0, End: 17},
			{Text: "It itches.", Start: 18, End: 28},
		},
		reason: "a period followed by a space and a capital ends a sentence; the space between belongs to neither",
	}, {
		name: "EgBeforeCapital",
		text: "Use a bland emollient, e.g. Vaseline, twice a day. Reapply after bathing.",
		want: []claims.Sentence{
			{Text: "Use a bland emollient, e.g. Vaseline, twice a day.", Start: 0, End: 50},
			{Text: "Reapply after bathing.", Start: 51, End: 73},
		},
		reason: "e.g. introduces what follows it, so a capital after it does not start a sentence",
	}, {
		name: "IeBeforeCapital",
		text: "Treat the flexures, i.e. Elbows and knees, first. Then the face.",
		want: []claims.Sentence{
			{Text: "Treat the flexures, i.e. Elbows and knees, first.", Start: 0, End: 49},
			{Text: "Then the face.", Start: 50, End: 64},
		},
		reason: "i.e. never ends a sentence",
	}, {
		name: "DrBeforeName",
		text: "Dr. Smith examined the rash. She prescribed a cream.",
		want: []claims.Sentence{
			{Text: "Dr. Smith examined the rash.", Start: 0, End: 28},
			{Text: "She prescribed a cream.", Start: 29, End: 52},
		},
		reason: "a title abbreviation is always followed by the name it belongs to",
	}, {
		name: "VsBeforeCapital",
		text: "Tacrolimus vs. Placebo was the comparison. Results differed.",
		want: []claims.Sentence{
			{Text: "Tacrolimus vs. Placebo was the comparison.", Start: 0, End: 42},
			{Text: "Results differed.", Start: 43, End: 60},
		},
		reason: "vs. joins two things and never ends a sentence",
	}, {
		name: "EtcBeforeCapital",
		text: "Avoid wool, soaps, etc. Most people improve.",
		want: []claims.Sentence{
			{Text: "Avoid wool, soaps, etc.", Start: 0, End: 23},
			{Text: "Most people improve.", Start: 24, End: 44},
		},
		reason: "etc. closes a list, so it is often the last word of its sentence; its period then ends the sentence too",
	}, {
		name: "EtcBeforeLowercase",
		text: "Wool, soaps, etc. are common triggers.",
		want: []claims.Sentence{
			{Text: "Wool, soaps, etc. are common triggers.", Start: 0, End: 38},
		},
		reason: "a lowercase word after etc. continues the sentence",
	}, {
		name: "DecimalsAndPercentages",
		text: "Apply 0.05% cream twice daily. Lesions over 1.5 mm may need review.",
		want: []claims.Sentence{
			{Text: "Apply 0.05% cream twice daily.", Start: 0, End: 30},
			{Text: "Lesions over 1.5 mm may need review.", Start: 31, End: 67},
		},
		reason: "a period between digits is a decimal point, not a stop",
	}, {
		name: "Initial",
		text: "The sign was described by J. Smith in 1990. It is rare.",
		want: []claims.Sentence{
			{Text: "The sign was described by J. Smith in 1990.", Start: 0, End: 43},
			{Text: "It is rare.", Start: 44, End: 55},
		},
		reason: "a single capital letter before a period is an initial; a number before one ends the sentence",
	}, {
		name: "QuestionAndExclamation",
		text: "Is eczema contagious? No. It is not! Ask a clinician.",
		want: []claims.Sentence{
			{Text: "Is eczema contagious?", Start: 0, End: 21},
			{Text: "No.", Start: 22, End: 25},
			{Text: "It is not!", Start: 26, End: 36},
			{Text: "Ask a clinician.", Start: 37, End: 53},
		},
		reason: "? and ! end sentences; No. is an abbreviation only before a number",
	}, {
		name: "NoBeforeNumber",
		text: "See table No. 5 for doses. No. It is not.",
		want: []claims.Sentence{
			{Text: "See table No. 5 for doses.", Start: 0, End: 26},
			{Text: "No.", Start: 27, End: 30},
			{Text: "It is not.", Start: 31, End: 41},
		},
		reason: "No. before a number abbreviates 'number'; before a capital it is the answer no",
	}, {
		name: "ClosingQuoteAndParenthesis",
		text: `Patients call it "the itch." It worsens at night (often after bathing.) Sleep suffers.`,
		want: []claims.Sentence{
			{Text: `Patients call it "the itch."`, Start: 0, End: 28},
			{Text: "It worsens at night (often after bathing.)", Start: 29, End: 71},
			{Text: "Sleep suffers.", Start: 72, End: 86},
		},
		reason: "a quote or parenthesis closing right after the stop belongs to the sentence it ends",
	}, {
		name: "CurlyClosingQuote",
		text: "He said “stop.” Then it eased.",
		want: []claims.Sentence{
			{Text: "He said “stop.”", Start: 0, End: 19},
			{Text: "Then it eased.", Start: 20, End: 34},
		},
		reason: "a multi-byte closing quote belongs to the sentence as an ASCII one does",
	}, {
		name: "CitationMarkers",
		text: "Emollients help. [2] Steroids reduce flares.[1, 3] Both are safe.",
		want: []claims.Sentence{
			{Text: "Emollients help. [2]", Start: 0, End: 20},
			{Text: "Steroids reduce flares.[1, 3]", Start: 21, End: 50},
			{Text: "Both are safe.", Start: 51, End: 65},
		},
		reason: "a citation marker after a stop cites the sentence before it, with or without a space",
	}, {
		name: "BulletList",
		text: "Triggers:\n- wool\n- harsh soaps\n* sweat",
		want: []claims.Sentence{
			{Text: "Triggers:", Start: 0, End: 9},
			{Text: "wool", Start: 12, End: 16},
			{Text: "harsh soaps", Start: 19, End: 30},
			{Text: "sweat", Start: 33, End: 38},
		},
		reason: "each list item is a sentence of its own, without its marker",
	}, {
		name: "NumberedList",
		text: "1. Apply cream.\n2. Rinse off after ten minutes.",
		want: []claims.Sentence{
			{Text: "Apply cream.", Start: 3, End: 15},
			{Text: "Rinse off after ten minutes.", Start: 19, End: 47},
		},
		reason: "the period of a list number opening a line is part of the marker, not a sentence \"1.\"",
	}, {
		name: "PaddedListMarker",
		text: "-  padded item\n-  another",
		want: []claims.Sentence{
			{Text: "padded item", Start: 3, End: 14},
			{Text: "another", Start: 18, End: 25},
		},
		reason: "spaces after a list marker are trimmed like any other",
	}, {
		name: "Paragraphs",
		text: "First paragraph without a stop\n\nSecond paragraph. Third sentence.",
		want: []claims.Sentence{
			{Text: "First paragraph without a stop", Start: 0, End: 30},
			{Text: "Second paragraph.", Start: 32, End: 49},
			{Text: "Third sentence.", Start: 50, End: 65},
		},
		reason: "a blank line ends a sentence even without a stop",
	}, {
		name: "WrappedLine",
		text: "A sentence that\nwraps lines. Next.",
		want: []claims.Sentence{
			{Text: "A sentence that\nwraps lines.", Start: 0, End: 28},
			{Text: "Next.", Start: 29, End: 34},
		},
		reason: "a single newline inside a paragraph is not a boundary",
	}, {
		name: "Emphasis",
		text: "It is **very** common. It is *not* contagious.",
		want: []claims.Sentence{
			{Text: "It is **very** common.", Start: 0, End: 22},
			{Text: "It is *not* contagious.", Start: 23, End: 46},
		},
		reason: "Markdown emphasis stays in the sentence text; Clean removes it",
	}, {
		name: "EmphasisClosingAfterStop",
		text: "It is **important.** Next one.",
		want: []claims.Sentence{
			{Text: "It is **important.**", Start: 0, End: 20},
			{Text: "Next one.", Start: 21, End: 30},
		},
		reason: "emphasis closing right after the stop belongs to the sentence it ends",
	}, {
		name: "SurroundingWhitespace",
		text: "  \n Eczema is common.  \t\n",
		want: []claims.Sentence{
			{Text: "Eczema is common.", Start: 4, End: 21},
		},
		reason: "leading and trailing whitespace belongs to no sentence",
	}, {
		name:   "Empty",
		text:   "",
		want:   nil,
		reason: "no text, no sentence",
	}, {
		name:   "OnlyWhitespace",
		text:   " \n\n\t ",
		want:   nil,
		reason: "whitespace alone holds no sentence",
	}, {
		name: "NoFinalStop",
		text: "Eczema is common",
		want: []claims.Sentence{
			{Text: "Eczema is common", Start: 0, End: 16},
		},
		reason: "the end of the text ends the last sentence",
	}, {
		name: "MultiByte",
		text: "L'eczéma est fréquent. Ça démange. Ésotérique? Oui.",
		want: []claims.Sentence{
			{Text: "L'eczéma est fréquent.", Start: 0, End: 24},
			{Text: "Ça démange.", Start: 25, End: 38},
			{Text: "Ésotérique?", Start: 39, End: 52},
			{Text: "Oui.", Start: 53, End: 57},
		},
		reason: "offsets are in bytes, and a non-ASCII capital starts a sentence",
	}, {
		name: "Ellipsis",
		text: "Wait... Then it cleared.",
		want: []claims.Sentence{
			{Text: "Wait...", Start: 0, End: 7},
			{Text: "Then it cleared.", Start: 8, End: 24},
		},
		reason: "only the last period of an ellipsis is followed by a space",
	}, {
		name: "DotInsideWord",
		text: "See dermliving.example for more. Done.",
		want: []claims.Sentence{
			{Text: "See dermliving.example for more.", Start: 0, End: 32},
			{Text: "Done.", Start: 33, End: 38},
		},
		reason: "a period with no space after it is inside a word",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := claims.Split(tt.text)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Split(%q) mismatch (-want +got):\n%s\nreason: %s", tt.text, diff, tt.reason)
			}
			checkSentences(t, tt.text, got)
		})
	}
}

// checkSentences checks the invariants every result of Split holds: each
// sentence is the trimmed, non-empty text at its offsets, and the spans are
// increasing and do not overlap. On valid UTF-8 the offsets fall on rune
// boundaries.
func checkSentences(t *testing.T, text string, got []claims.Sentence) {
	t.Helper()
	prevEnd := 0
	for i, s := range got {
		if s.Start < prevEnd || s.End <= s.Start || s.End > len(text) {
			t.Fatalf("Split(%q)[%d] = [%d:%d] after end %d: spans must increase, not overlap and stay in the text", text, i, s.Start, s.End, prevEnd)
		}
		if text[s.Start:s.End] != s.Text {
			t.Errorf("Split(%q)[%d]: text[%d:%d] = %q, Text = %q", text, i, s.Start, s.End, text[s.Start:s.End], s.Text)
		}
		if strings.TrimSpace(s.Text) != s.Text {
			t.Errorf("Split(%q)[%d].Text = %q, not trimmed", text, i, s.Text)
		}
		if utf8.ValidString(text) && (!utf8.RuneStart(text[s.Start]) || s.End < len(text) && !utf8.RuneStart(text[s.End])) {
			t.Errorf("Split(%q)[%d] = [%d:%d]: offsets inside a rune", text, i, s.Start, s.End)
		}
		prevEnd = s.End
	}
}

func TestClean(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		want   string
		reason string
	}{
		{"Plain", "Eczema is common.", "Eczema is common.", "clean text is kept as it is"},
		{"TrailingMarker", "Emollients help. [2]", "Emollients help.", "a citation marker is not part of the claim"},
		{"MarkerBeforeStop", "Steroids reduce flares [1, 3].", "Steroids reduce flares.", "removing a marker leaves no space before the stop"},
		{"SeveralMarkers", "Both help [1][2] a lot.", "Both help a lot.", "adjacent markers all go"},
		{"Bold", "It is **very** common.", "It is very common.", "** is emphasis, not text"},
		{"Italic", "It is *not* contagious.", "It is not contagious.", "* is emphasis, not text"},
		{"UnderscoreEmphasis", "It is _not_ contagious.", "It is not contagious.", "_ at a word's edge is emphasis"},
		{"SnakeCase", "The field risk_score stays.", "The field risk_score stays.", "_ inside a word is part of it"},
		{"Code", "Use `tacrolimus` ointment.", "Use tacrolimus ointment.", "backticks are code emphasis"},
		{"Spaces", "  Eczema \t is\n common . ", "Eczema is common.", "runs of whitespace collapse to one space, none before the stop, none at the ends"},
		{"ExposedMarker", "Helps. [*2*]", "Helps.", "a marker revealed by removing emphasis is removed too"},
		{"ExposedEmphasis", "a [1]_b_ c", "a b c", "emphasis revealed at a word edge by removing a marker is removed too"},
		{"NotAMarker", "Apply [as directed].", "Apply [as directed].", "brackets around words are not a citation"},
		{"OnlyMarker", "[2]", "", "nothing is left of a bare marker"},
		{"Empty", "", "", "nothing in, nothing out"},
		{"MultiByte", "L'eczéma **démange** [3].", "L'eczéma démange.", "non-ASCII text is kept byte for byte"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := claims.Clean(tt.in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Clean(%q) mismatch (-want +got):\n%s\nreason: %s", tt.in, diff, tt.reason)
			}
			if again := claims.Clean(got); again != got {
				t.Errorf("Clean(Clean(%q)) = %q, want %q: Clean must be idempotent", tt.in, again, got)
			}
		})
	}
}
