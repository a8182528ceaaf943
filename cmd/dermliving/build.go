package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/sandbox"
)

func sandboxVersions() []string { return sandbox.Versions() }

func cmdBuild(fs *flag.FlagSet) runFunc {
	corpus := fs.String("corpus", "", "corpus `FILE`: one passage record per JSON line (required)")
	id := fs.String("id", "", "version `ID`, such as kv_2026_10_01 (required)")
	released := fs.String("released", "", "release `DATE`, such as 2026-10-01 (required)")
	minCov := fs.Float64("min-coverage", 0, "the version's retrieval relevance `FLOOR`, stored in its manifest: in (0, 1], negative to disable (default: the library's, 0.6)")
	out := fs.String("out", "", "bundle `DIR` to write, which must not exist or must be empty (required)")
	sources := fs.String("sources", "", "sources `FILE`: a JSON array of source records")
	cases := fs.String("cases", "", "gate cases `FILE` (cases.jsonl) to store in the bundle")
	desc := fs.String("description", "", "a description of the version, as `TEXT`")
	noIndex := fs.Bool("no-index", false, "do not write a persisted search index")
	strictIDs := fs.Bool("strict-ids", false, "refuse a corpus whose ids repeat, instead of renaming repeats with ~2, ~3...")
	sign := fs.String("sign", "", "sign the version with the Ed25519 private key in `KEY` (a file from keygen)")
	return func(ctx context.Context, e env, pos []string) int {
		if len(pos) > 0 || *corpus == "" || *id == "" || *released == "" || *out == "" {
			return fail(e, exitUsage, "build: give --corpus, --id, --released and --out")
		}
		start := time.Now()
		var key ed25519.PrivateKey
		if *sign != "" {
			k, err := readPrivateKey(*sign)
			if err != nil {
				return fail(e, exitUsage, "build: --sign: %v", err)
			}
			key = k
		}
		f, err := os.Open(*corpus)
		if err != nil {
			return fail(e, exitUsage, "build: %v", err)
		}
		records, err := evidence.ReadCorpus(f)
		f.Close()
		if err != nil {
			return fail(e, exitUsage, "build: %v", err)
		}
		fmt.Fprintf(e.stderr, "build: read %d records from %s (%s)\n", len(records), *corpus, since(start))
		opts := evidence.BuildOptions{ID: *id, Released: *released, Description: *desc, RenameDuplicates: !*strictIDs, MinCoverage: *minCov}
		if *sources != "" {
			b, err := os.ReadFile(*sources)
			if err != nil {
				return fail(e, exitUsage, "build: %v", err)
			}
			if err := json.Unmarshal(b, &opts.Sources); err != nil {
				return fail(e, exitUsage, "build: %s: %v", *sources, err)
			}
		}
		if *cases != "" {
			b, err := os.ReadFile(*cases)
			if err != nil {
				return fail(e, exitUsage, "build: %v", err)
			}
			opts.Cases = b
		}
		b, err := evidence.Build(ctx, records, opts)
		if err != nil {
			return fail(e, exitUsage, "build: %v", err)
		}
		fmt.Fprintf(e.stderr, "build: %d passages, %d sources, checksums computed (%s)\n", len(b.Passages), len(b.Manifest.Sources), since(start))
		if n := len(b.Renamed); n > 0 {
			fmt.Fprintf(e.stderr, "build: warning: %d records repeated an earlier id and were renamed (first: %s); use --strict-ids to refuse such a corpus\n", n, b.Renamed[0])
		}
		last := time.Now()
		wopts := &evidence.WriteOptions{Index: !*noIndex, Sign: key, Progress: func(done, total int) {
			if time.Since(last) > time.Second || done == total {
				last = time.Now()
				fmt.Fprintf(e.stderr, "build: indexed %d/%d passages (%s)\n", done, total, since(start))
			}
		}}
		if len(opts.Cases) > 0 {
			kv, err := b.Open()
			if err != nil {
				return fail(e, exitUsage, "build: %v", err)
			}
			r, err := measure(ctx, kv, opts.Cases)
			kv.Close()
			if err != nil {
				return fail(e, exitUsage, "build: gates: %v", err)
			}
			report := r.GateReport
			b.Manifest.Gates = &report
			for _, g := range r.Gates {
				fmt.Fprintf(e.stderr, "build: gate %-22s %s %g: %.4f (%d cases) %s\n", g.Name, g.Comparison, g.Threshold, g.Value, g.Cases, passWord(g.Passed))
			}
			if !r.Passed {
				fmt.Fprintf(e.stderr, "build: warning: %s fails a release gate; it is written as blocked\n", *id)
			}
		}
		if err := b.WriteDir(ctx, *out, wopts); err != nil {
			return fail(e, exitUsage, "build: %v", err)
		}
		fmt.Fprintf(e.stderr, "build: wrote %s: %s, version checksum %s, digest %s (%s)\n", *out, *id, b.Manifest.Checksum, b.Manifest.Digest, since(start))
		if s := b.Manifest.Signature; s != nil {
			fmt.Fprintf(e.stderr, "build: signed by key %s\n", s.KeyID)
		}
		return exitOK
	}
}

func since(t time.Time) string { return time.Since(t).Round(time.Millisecond).String() }
