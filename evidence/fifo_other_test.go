//go:build !unix

package evidence_test

import "errors"

// mkfifo makes a FIFO at path, which this system cannot.
func mkfifo(path string) error { return errors.New("no FIFOs") }
