package main

import (
	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
)

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

// retrieveView is the data of retrieve --json: the version searched and its
// hits, best first.
type retrieveView struct {
	KnowledgeVersion string         `json:"knowledge_version"`
	Hits             []retrievedHit `json:"hits"`
}

// retrievedHit is one passage retrieve found, with its section and text.
type retrievedHit struct {
	EvidenceID string  `json:"evidence_id"`
	Score      float64 `json:"score"`
	Section    string  `json:"section"`
	Text       string  `json:"text"`
}

func newRetrievedHit(kv *evidence.Version, id string, score float64) retrievedHit {
	p, _ := kv.Evidence(id)
	return retrievedHit{EvidenceID: id, Score: score, Section: p.Locator.Section, Text: p.Text}
}

// diffView is the data of diff --json: the library's VersionDiff with the
// old and new text of each changed passage.
type diffView struct {
	dermliving.VersionDiff
	Changed []changedText `json:"changed"`
}

// changedText is a changed passage with its text in both versions.
type changedText struct {
	dermliving.ChangedPassage
	FromText string `json:"from_text"`
	ToText   string `json:"to_text"`
}
