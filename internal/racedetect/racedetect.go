// Package racedetect lets long single-threaded tests (evaluations over whole
// labelled sets, every example of the rule files, the hostile inputs) step
// aside in the race stage of CI. The race detector looks for data races,
// which those tests cannot have, and slows them about tenfold; they still
// run in full in the README's test command, without -race.
package racedetect

import "testing"

// SkipMessage is the reason a test gives when it steps aside.
const SkipMessage = "long single-threaded test: skipped under -race -short (the README's test command runs it without -race)"

// SkipEvaluation skips the calling test when the binary was built with -race
// and the tests run with -short.
func SkipEvaluation(tb testing.TB) {
	tb.Helper()
	if Enabled && testing.Short() {
		tb.Skip(SkipMessage)
	}
}
