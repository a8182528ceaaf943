package dermliving_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
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

// BenchmarkBareSearchSandbox measures, for the same questions as
// BenchmarkAskSandbox, the search a user of bleve alone would run (see
// retrieve.Index.BareSearch): Ask's ns/op over this one's is the cost of
// everything Ask adds to bleve.
func BenchmarkBareSearchSandbox(b *testing.B) {
	benchBare(b, sandboxKV(b), benchQuestions)
}

func benchBare(b *testing.B, kv *evidence.Version, qs []string) {
	ix, err := retrieve.Of(kv)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := ix.BareSearch(ctx, qs[i%len(qs)], dermliving.DefaultTopK); err != nil {
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
	mqTmp  string // the directory medquad made, removed by TestMain
	mqErr  error
)

// TestMain removes the MedQuAD bundle the benchmarks built.
func TestMain(m *testing.M) {
	code := m.Run()
	if mqTmp != "" {
		os.RemoveAll(mqTmp)
	}
	os.Exit(code)
}

// medquad builds the MedQuAD bundle once per test binary, or skips. With
// DERMLIVING_BENCH_KV set to a bundle directory built from the same corpus
// (dermliving build --corpus ../shared/data/medquad/passages.jsonl ...), that
// bundle is used instead of building one.
func medquad(b *testing.B) string {
	if dir := os.Getenv("DERMLIVING_BENCH_KV"); dir != "" {
		return dir
	}
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
		mqTmp, mqDir = tmp, filepath.Join(tmp, "kv_medquad")
		mqErr = bundle.WriteDir(context.Background(), mqDir, &evidence.WriteOptions{Index: true})
	})
	if mqErr != nil {
		b.Fatal(mqErr)
	}
	return mqDir
}

var mqQuestions = []string{
	"What are the symptoms of psoriasis?",
	"What causes hives?",
	"How is melanoma treated?",
	"What is scabies?",
	"What are the treatments for acne?",
	"Is vitiligo inherited?",
	"What is the capital of France?",
	"How to diagnose shingles?",
}

// BenchmarkAskMedQuAD measures Ask on a persisted bundle of the 34,602
// MedQuAD passages.
func BenchmarkAskMedQuAD(b *testing.B) {
	kv, err := evidence.OpenDir(medquad(b))
	if err != nil {
		b.Fatal(err)
	}
	defer kv.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := dermliving.Ask(context.Background(), mqQuestions[i%len(mqQuestions)], kv); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBareSearchMedQuAD is BenchmarkBareSearchSandbox on the MedQuAD
// bundle, with BenchmarkAskMedQuAD's questions.
func BenchmarkBareSearchMedQuAD(b *testing.B) {
	kv, err := evidence.OpenDir(medquad(b))
	if err != nil {
		b.Fatal(err)
	}
	defer kv.Close()
	benchBare(b, kv, mqQuestions)
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
