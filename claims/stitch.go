package claims

import (
	"context"
	"regexp"
	"strings"
)

// stitchRE splits a claim joined from independent clauses ("X is caused by A,
// while Y is caused by B").
var stitchRE = regexp.MustCompile(`(?i);\s+|,\s+(?:and|while|whereas|but)\s+`)

// bothRE finds a predicate shared by two short names at the end of a claim:
// "permethrin is used to treat both scabies and head lice".
var bothRE = regexp.MustCompile(`(?i)^(.*\S)\s+both\s+((?:[\w'-]+\s+){0,3}?[\w'-]+)\s+and\s+((?:[\w'-]+\s+){0,2}[\w'-]+)\s*[.!]?\s*$`)

// distribute splits a claim whose predicate is shared by "both A and B" at
// its end into one claim for each ("permethrin is used to treat scabies",
// "... head lice"), each to be supported on its own. Any other claim is
// returned as is. Only names at the very end are split, so that no
// qualifier after them is lost from either part.
func distribute(claim string) []string {
	m := bothRE.FindStringSubmatch(claim)
	if m == nil {
		return []string{claim}
	}
	return []string{m[1] + " " + m[2] + ".", m[1] + " " + m[3] + "."}
}

// sharedSubjectRE finds two predicates of one subject joined by "and":
// "spironolactone is an option for acne in women and may also be
// considered for female pattern hair loss".
var sharedSubjectRE = regexp.MustCompile(`(?i)^(\S.{2,80}?) (` + predicateVerbs + `) (.+?),? and (?:also )?(` + predicateVerbs + `) (?:also )?(.+?)[.!]?\s*$`)

// predicateVerbs open a predicate.
const predicateVerbs = `is|are|was|were|can|may|might|could|should|often|usually|has|have|causes?|includes?|affects?|appears?|develops?|needs?|requires?`

// shareSubject splits a claim whose subject has two predicates joined by
// "and" into one claim for each, the subject repeated; otherwise it returns
// the claim alone.
func shareSubject(claim string) []string {
	m := sharedSubjectRE.FindStringSubmatch(claim)
	if m == nil || strings.Contains(m[1], ",") {
		return []string{claim}
	}
	return []string{m[1] + " " + m[2] + " " + m[3] + ".", m[1] + " " + m[4] + " " + m[5] + "."}
}

// minStitchedPart is the least number of content terms a part of a stitched
// claim must have to be checked on its own: a bare fragment ("is itchy") is
// not a claim.
const minStitchedPart = 3

// stitched verifies a claim joined from clauses part by part: it is supported
// only if every part is, each by its own span, and then cites every span.
func (v *Lexical) stitched(ctx context.Context, claim string, passages []Passage) (Judgment, bool) {
	var parts []string
	for _, part := range stitchRE.Split(claim, -1) {
		parts = append(parts, distribute(part)...)
	}
	if len(parts) < 2 {
		parts = shareSubject(claim)
	}
	if len(parts) < 2 {
		return Judgment{}, false
	}
	// A part read alone is short: a word of its own in place of the span's
	// is too much of what it says to let stand (see swapAllowed).
	// The parts are judged at Strict whatever v's operating point: the
	// structural verdict is Strict's (featRule), which the support score
	// was trained on; a Balanced copy would let the score decide a part.
	strict := *v
	strict.Usage = nil
	strict.Point, strict.Threshold = Strict, 0
	out := Judgment{Verdict: Supported, Score: 1}
	seen := map[Support]bool{}
	for _, part := range parts {
		if len(v.an.Terms(part)) < minStitchedPart {
			return Judgment{}, false
		}
		j, err := strict.Verify(ctx, part, passages)
		if err != nil || j.Verdict != Supported {
			return Judgment{}, false
		}
		out.Score = min(out.Score, j.Score)
		for _, sp := range j.Support {
			if !seen[sp] {
				seen[sp] = true
				out.Support = append(out.Support, sp)
			}
		}
	}
	return out, true
}
