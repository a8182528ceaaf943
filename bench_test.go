package dermliving_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/sandbox"
)

var benchQuestions = []string{
	"What makes atopic dermatitis flare?",
	"How is scabies diagnosed?",
	"What are the ABCDE signs of melanoma?",
	"What causes hives?",
	"Is shingles contagious?",
	"Where does rosacea usually appear?",
	"How is psoriasis treated?",
	"When should I see a doctor about a mole?",
}

// BenchmarkAskSandbox measures Ask on the embedded sandbox over a mix of
// grounded (curated and extractive) and abstained questions.
func BenchmarkAskSandbox(b *testing.B) {
	kv := sandboxKV(b)
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := dermliving.Ask(ctx, benchQuestions[i%len(benchQuestions)], kv); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAskSandboxDraft measures Ask verifying a five-sentence draft.
func BenchmarkAskSandboxDraft(b *testing.B) {
	kv := sandboxKV(b)
	draft := dermliving.WithDraft(
		"Urticaria, commonly called hives, is a skin reaction that causes raised, itchy welts.",
		"Acute urticaria is commonly triggered by viral infections.",
		"Hives always last for years.",
		"Non-sedating antihistamines are the usual first treatment for urticaria.",
		"Urticaria is contagious.",
	)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := dermliving.Ask(context.Background(), "What causes hives?", kv, draft); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenSandbox measures opening the embedded sandbox: checksum
// verification and in-memory indexing.
func BenchmarkOpenSandbox(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		kv, err := sandbox.Open()
		if err != nil {
			b.Fatal(err)
		}
		kv.Close()
	}
}

var (
	mqOnce sync.Once
	mqDir  string
	mqErr  error
)

// medquad builds the MedQuAD bundle once per test binary, or skips.
func medquad(b *testing.B) string {
	corpus := filepath.Join("..", "shared", "data", "medquad", "passages.jsonl")
	if _, err := os.Stat(corpus); err != nil {
		b.Skipf("MedQuAD corpus absent (%v): skipping", err)
	}
	mqOnce.Do(func() {
		f, err := os.Open(corpus)
		if err != nil {
			mqErr = err
			return
		}
		defer f.Close()
		recs, err := evidence.ReadCorpus(f)
		if err != nil {
			mqErr = err
			return
		}
		bundle, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_medquad", Released: "2026-11-01", RenameDuplicates: true})
		if err != nil {
			mqErr = err
			return
		}
		tmp, err := os.MkdirTemp("", "dermliving-bench-")
		if err != nil {
			mqErr = err
			return
		}
		mqDir = filepath.Join(tmp, "kv_medquad")
		mqErr = bundle.WriteDir(context.Background(), mqDir, &evidence.WriteOptions{Index: true})
	})
	if mqErr != nil {
		b.Fatal(mqErr)
	}
	return mqDir
}

// BenchmarkAskMedQuAD measures Ask on a persisted bundle of the 34,602
// MedQuAD passages.
func BenchmarkAskMedQuAD(b *testing.B) {
	kv, err := evidence.OpenDir(medquad(b))
	if err != nil {
		b.Fatal(err)
	}
	defer kv.Close()
	qs := []string{
		"What are the symptoms of psoriasis?",
		"What causes hives?",
		"How is melanoma treated?",
		"What is scabies?",
		"What are the treatments for acne?",
		"Is vitiligo inherited?",
		"What is the capital of France?",
		"How to diagnose shingles?",
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := dermliving.Ask(context.Background(), qs[i%len(qs)], kv); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenMedQuAD measures opening the persisted MedQuAD bundle: every
// checksum verified and the index opened read-only.
func BenchmarkOpenMedQuAD(b *testing.B) {
	dir := medquad(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		kv, err := evidence.OpenDir(dir)
		if err != nil {
			b.Fatal(err)
		}
		kv.Close()
	}
}
