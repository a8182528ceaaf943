//go:build race

package racedetect

// Enabled is true when the binary was built with -race.
const Enabled = true
