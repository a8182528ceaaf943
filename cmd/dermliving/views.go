package main

// questionOrBatch checks that a command that takes a question or --batch
// FILE got exactly one of them, and says what is wrong when not.
func questionOrBatch(batch string, pos []string) string {
	switch {
	case batch != "" && len(pos) > 0:
		return "give a question or --batch FILE, not both"
	case batch == "" && len(pos) == 0:
		return "give a question or --batch FILE"
	}
	return ""
}
