package main

import (
	"bufio"
	"context"
	"encoding/json"
	"hash/fnv"
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
)

// medquadSlice reports whether a questions_all_train question belongs to the
// fixed slice reserved for measuring answers: one question in forty by the
// FNV-1a hash of its id. Nothing may train on it.
func medquadSlice(id string) bool {
	h := fnv.New32a()
	h.Write([]byte(id))
	return h.Sum32()%40 == 0
}

// junkClaimRE recognises, independently of package answer's own filter, a
// claim that is no statement about the question: a question, a heading (too
// few words to be a sentence, or run into the sentence: "Key Points - "), or a
// pointer to other resources.
var junkClaimRE = regexp.MustCompile(`(?i)\?\s*$|^\W*(?:\S+\s+){0,2}\S+\W*$|^(?:Key Points|Summary|Highlights|Overview)\s*[-:–]|MedlinePlus|\bPDQ\b|Human Phenotype Ontology|GeneReviews|Genetic Testing Registry|ClinicalTrials\.gov|Orphanet|\bGARD\b|\bthe following\b|\bthese resources\b|\bsee the\b|\bread (?:more )?about\b|\blearn more\b|\bfor more information\b`)

// answerQuality is what the MedQuAD answer measures count.
//
// onKind and firstKind count more leniently: a claim citing a passage of
// the same topic (source title, case aside) and question type (section) as
// one of the question's answer passages. MedQuAD often holds several
// answers of one topic and type (the same condition from two collections,
// or two documents of one collection), of which a question lists one.
type answerQuality struct {
	questions, answered, claims, onAnswer, firstOn, junk int
	onKind, firstKind                                    int
}

func (q answerQuality) log(t *testing.T, name string) {
	t.Helper()
	t.Logf("%s: %d questions, %d answered; claims citing the question's answer passages %.3f (%d/%d); answers whose first claim does %.3f (%d/%d); question, heading or boilerplate claims %d",
		name, q.questions, q.answered, float64(q.onAnswer)/float64(max(q.claims, 1)), q.onAnswer, q.claims,
		float64(q.firstOn)/float64(max(q.answered, 1)), q.firstOn, q.answered, q.junk)
	t.Logf("%s, of the answer's topic and question type: claims %.3f (%d/%d); first claims %.3f (%d/%d)",
		name, float64(q.onKind)/float64(max(q.claims, 1)), q.onKind, q.claims, float64(q.firstKind)/float64(max(q.answered, 1)), q.firstKind, q.answered)
}

// measureMedQuADAnswers asks kv every question of path (MedQuAD question
// format) that keep admits, and counts how its claims cite.
func measureMedQuADAnswers(t *testing.T, kv *evidence.Version, path string, keep func(id string) bool) answerQuality {
	t.Helper()
	var q answerQuality
	for mq := range medquadQuestions(t, path) {
		if len(mq.Relevant) == 0 || !keep(mq.ID) {
			continue
		}
		q.questions++
		res, err := dermliving.Ask(context.Background(), mq.Question, kv)
		if err != nil {
			continue
		}
		g, ok := res.(*dermliving.Grounded)
		if !ok {
			continue
		}
		q.answered++
		cited, citedIDs := map[string]string{}, map[string]string{}
		for _, c := range g.Citations {
			cited[c.ID] = strings.SplitN(c.EvidenceID, "~", 2)[0]
			citedIDs[c.ID] = c.EvidenceID
		}
		kinds := map[string]bool{}
		for _, id := range mq.Relevant {
			if k, ok := topicKind(kv, id); ok {
				kinds[k] = true
			}
		}
		for i, c := range g.Claims {
			q.claims++
			if len(c.Citations) > 0 {
				if k, ok := topicKind(kv, citedIDs[c.Citations[0]]); ok && kinds[k] {
					q.onKind++
					if i == 0 {
						q.firstKind++
					}
				}
			}
			on := len(c.Citations) > 0 && slices.Contains(mq.Relevant, cited[c.Citations[0]])
			if on {
				q.onAnswer++
				if i == 0 {
					q.firstOn++
				}
			}
			if junkClaimRE.MatchString(c.Text) {
				q.junk++
			}
		}
	}
	return q
}

// topicKind is a passage's topic and question type: its source's title,
// lower-cased, and its section.
func topicKind(kv *evidence.Version, id string) (string, bool) {
	p, err := kv.Evidence(id)
	if err != nil {
		return "", false
	}
	src, ok := kv.Source(p.SourceID, p.SourceVersion)
	if !ok {
		return "", false
	}
	return strings.ToLower(src.Title) + "\x00" + p.Locator.Section, true
}

// medquadAnswers logs the answer measures on kv, a MedQuAD bundle: the skin
// questions and the reserved slice of all questions.
func medquadAnswers(t *testing.T, kv *evidence.Version) {
	t.Helper()
	data := filepath.Join("..", "..", "..", "shared", "data", "medquad")
	skin := measureMedQuADAnswers(t, kv, filepath.Join(data, "questions_train.jsonl"), func(string) bool { return true })
	skin.log(t, "MedQuAD skin questions (questions_train.jsonl)")
	slice := measureMedQuADAnswers(t, kv, filepath.Join(data, "questions_all_train.jsonl"), medquadSlice)
	slice.log(t, "MedQuAD reserved slice of questions_all_train.jsonl (FNV-1a of id mod 40 == 0)")
}

// TestMedQuADAnswers measures answers on an existing MedQuAD bundle named by
// DERMLIVING_KV_MEDQUAD, for quick runs; TestMedQuAD measures the same on the
// bundle it builds.
func TestMedQuADAnswers(t *testing.T) {
	dir := os.Getenv("DERMLIVING_KV_MEDQUAD")
	if dir == "" {
		t.Skip("DERMLIVING_KV_MEDQUAD not set: TestMedQuAD measures answers on the bundle it builds")
	}
	kv, err := evidence.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	medquadAnswers(t, kv)
}

// medquadQuestion is one line of a MedQuAD question file.
type medquadQuestion struct {
	ID       string   `json:"id"`
	Question string   `json:"question"`
	Relevant []string `json:"relevant"`
}

// medquadQuestions yields the questions of a MedQuAD question file, and
// skips the test when the file is absent.
func medquadQuestions(t *testing.T, path string) iter.Seq[medquadQuestion] {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("MedQuAD questions absent: %v", err)
	}
	t.Cleanup(func() { f.Close() })
	return func(yield func(medquadQuestion) bool) {
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var mq medquadQuestion
			if err := json.Unmarshal(sc.Bytes(), &mq); err != nil {
				t.Fatal(err)
			}
			if !yield(mq) {
				return
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
}
