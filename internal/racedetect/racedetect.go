// Package racedetect lets long single-threaded evaluations step aside in the
// race stage of CI. The race detector looks for data races, which those
// evaluations cannot have, and slows them about tenfold; they still run in full
// in the README's test command, without -race.
package racedetect

import "testing"

// SkipMessage is the reason an evaluation gives when it steps aside.
const SkipMessage = "single-threaded evaluation over whole sets: skipped under -race -short (the README's test command runs it without -race)"

// SkipEvaluation skips the calling test when the binary was built with -race
// and the tests run with -short.
func SkipEvaluation(tb testing.TB) {
	tb.Helper()
	if Enabled && testing.Short() {
		tb.Skip(SkipMessage)
	}
}
