package main

import (
	"fmt"
	"io"

	"github.com/dermliving/dermliving/claims"
)

// writeTextDiff writes a unified-style diff of a passage's old and new
// text, one sentence a line (a passage is a paragraph; its sentences are
// the units an edit changes), each line indented by indent: "---" and "+++"
// name the two sides, then each sentence follows with " " when both texts
// hold it, "-" when only the old one does, "+" when only the new one does.
// A passage is short, so the whole of it is shown as context.
func writeTextDiff(w io.Writer, indent, fromName, toName, from, to string) {
	fmt.Fprintf(w, "%s--- %s\n%s+++ %s\n", indent, fromName, indent, toName)
	for _, l := range diffLines(sentences(from), sentences(to)) {
		fmt.Fprintf(w, "%s%c %s\n", indent, l.op, l.text)
	}
}

// sentences splits text with the library's sentence splitter.
func sentences(text string) []string {
	var out []string
	for _, s := range claims.Split(text) {
		out = append(out, s.Text)
	}
	return out
}

// diffLine is one line of a diff: op is ' ', '-' or '+'.
type diffLine struct {
	op   byte
	text string
}

// diffLines returns the lines of a, b and both in order, by their longest
// common subsequence; removals come before additions where both stand.
func diffLines(a, b []string) []diffLine {
	// lcs[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []diffLine
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			out = append(out, diffLine{' ', a[i]})
			i++
			j++
		case j == len(b) || (i < len(a) && lcs[i+1][j] >= lcs[i][j+1]):
			out = append(out, diffLine{'-', a[i]})
			i++
		default:
			out = append(out, diffLine{'+', b[j]})
			j++
		}
	}
	return out
}
