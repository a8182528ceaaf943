package identifiers

import (
	"regexp"
	"strings"
)

// Partial identifiers: values that identify no one alone, but do beside
// another identifier. A date with no cue ("Ms. Ana Demo, 14/03/1962") or a
// UK postcode ("SW1A 1AA") in a text about a named person is part of what
// identifies them, and Redact, whose output a host may store, must not
// leave it. They are findings only in a text that holds another, so that
// they never make a question refused on their own.

// rePostcode is a UK postcode (A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A
// 9AA, AA9A 9AA) or a Canadian postal code (A9A 9A9), in capitals, on the
// normalised text.
var rePostcode = regexp.MustCompile(`\b(?:[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][ABD-HJLNP-UW-Z]{2}|[ABCEGHJ-NPRSTVXY][0-9][A-Z] ?[0-9][A-Z][0-9])\b`)

// partials adds the partial identifiers of a text that holds another.
func (sc *scan) partials() {
	n := sc.f.N
	for _, m := range rePostcode.FindAllStringIndex(n, -1) {
		sc.addN(KindZIP, m[0], m[1], prioShape)
	}
	s := sc.s
	if !hasDateShape(s) {
		return
	}
	for d := range dateMatches(s) {
		named := strings.ContainsAny(s[d.start:d.end], "abcdefghijklmnopqrstuvwxyz")
		if d.parts.month && (d.parts.year || named && d.parts.day) {
			sc.add(KindDate, d.start, d.end, prioShape)
		}
	}
}
