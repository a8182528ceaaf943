package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
)

// statusWords is a version's status as `versions` prints it: the status,
// and for a blocked version the gates it fails and whether it is served
// all the same; an unmeasured version says it has no gate report.
func statusWords(v dermliving.VersionView) string {
	switch v.Status {
	case dermliving.StatusBlocked:
		s := v.Status
		if len(v.FailedGates) > 0 {
			s += " (fails " + strings.Join(v.FailedGates, ", ") + ")"
		}
		if v.BlockedAllowed {
			s += ", served all the same"
		}
		return s
	case dermliving.StatusUnmeasured:
		return v.Status + " (no gate report)"
	}
	return v.Status
}

// printStatusNote writes, above an answer from a version that is not
// released, what its status is: an answer from a version that failed a
// gate, or was never measured, says so where it is read.
func printStatusNote(w io.Writer, kv *evidence.Version) {
	switch v := dermliving.DescribeVersion(kv); v.Status {
	case dermliving.StatusBlocked:
		fmt.Fprintf(w, "Note: %s is blocked: it fails the release gate(s) %s; it answers because it is served all the same (the sandbox is, for demonstration; --allow-blocked for a bundle). See dermliving versions.\n\n", v.ID, strings.Join(v.FailedGates, ", "))
	case dermliving.StatusUnmeasured:
		fmt.Fprintf(w, "Note: %s is unmeasured: its manifest stores no release-gate report, so nothing says how well it answers.\n\n", v.ID)
	}
}
