package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
)

func cmdRetrieve(fs *flag.FlagSet) runFunc {
	var k kvFlags
	k.register(fs)
	topK := fs.Int("k", dermliving.DefaultTopK, "the number `N` of passages")
	asJSON := fs.Bool("json", false, "print the data envelope: the hits, each with its section and text")
	batch := fs.String("batch", "", "read questions as JSON lines from `FILE` (- for standard input)")
	return func(ctx context.Context, e env, pos []string) int {
		if msg := questionOrBatch(*batch, pos); msg != "" {
			return fail(e, exitUsage, "retrieve: %s", msg)
		}
		if *topK < 1 || *topK > 1000 {
			return fail(e, exitUsage, "retrieve: -k must be between 1 and 1000")
		}
		kv, err := k.open()
		if err != nil {
			return fail(e, exitUsage, "retrieve: %v", err)
		}
		defer kv.Close()
		type hit struct {
			EvidenceID string  `json:"evidence_id"`
			Score      float64 `json:"score"`
		}
		search := func(q string) ([]hit, error) {
			hs, err := dermliving.Retrieve(ctx, q, kv, dermliving.WithTopK(*topK))
			out := make([]hit, len(hs))
			for i, h := range hs {
				out[i] = hit{h.ID, h.Score}
			}
			return out, err
		}
		if *batch != "" {
			return eachBatchLine(ctx, e, *batch, func(line []byte) any { return retrieveLine(line, search) })
		}
		hs, err := search(strings.Join(pos, " "))
		if err != nil {
			return fail(e, exitUsage, "retrieve: %v", err)
		}
		if *asJSON {
			view := retrieveView{KnowledgeVersion: kv.ID(), Hits: []retrievedHit{}}
			for _, h := range hs {
				view.Hits = append(view.Hits, newRetrievedHit(kv, h.EvidenceID, h.Score))
			}
			writeJSON(e.stdout, map[string]any{"data": view})
			return exitOK
		}
		if len(hs) == 0 {
			fmt.Fprintln(e.stdout, "no passage clears the relevance floor")
		}
		for i, h := range hs {
			p, _ := kv.Evidence(h.EvidenceID)
			fmt.Fprintf(e.stdout, "%2d. %-45s %7.3f  %s: %s\n", i+1, h.EvidenceID, h.Score, p.Locator.Section, clip(p.Text, 70))
		}
		return exitOK
	}
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "..."
}

func cmdCheck(fs *flag.FlagSet) runFunc {
	var k kvFlags
	k.register(fs)
	batch := fs.String("batch", "", "read claim/passage pairs as JSON lines from `FILE` (- for standard input) (required)")
	return func(ctx context.Context, e env, pos []string) int {
		if *batch == "" || len(pos) > 0 {
			return fail(e, exitUsage, "check: give --batch FILE")
		}
		kv, err := k.open()
		if err != nil {
			return fail(e, exitUsage, "check: %v", err)
		}
		defer kv.Close()
		ix, err := retrieve.Of(kv)
		if err != nil {
			return fail(e, exitUsage, "check: %v", err)
		}
		v := claims.NewLexical(ix.Analyzer(), ix.Thesaurus(), ix.IDF)
		return eachBatchLine(ctx, e, *batch, func(line []byte) any { return checkLine(ctx, v, line) })
	}
}

// retrieveLine answers one retrieve --batch line.
func retrieveLine[H any](line []byte, search func(string) ([]H, error)) any {
	var in struct {
		ID       json.RawMessage `json:"id"`
		Question string          `json:"question"`
	}
	if err := decodeStrict(line, &in); err != nil {
		return batchError(in.ID, "invalid_request", "not a retrieve line: "+err.Error())
	}
	hs, err := search(in.Question)
	if err != nil {
		return map[string]any{"id": idOf(in.ID), "error": errorEnvelope(err)["error"]}
	}
	return map[string]any{"id": idOf(in.ID), "hits": hs}
}

// checkLine answers one check --batch line with the verifier v.
func checkLine(ctx context.Context, v *claims.Lexical, line []byte) any {
	var in struct {
		ID       json.RawMessage `json:"id"`
		Claim    string          `json:"claim"`
		Passages []struct {
			ID   string `json:"id"`
			Text string `json:"text"`
		} `json:"passages"`
	}
	if err := decodeStrict(line, &in); err != nil {
		return batchError(in.ID, "invalid_request", "not a check line: "+err.Error())
	}
	if strings.TrimSpace(in.Claim) == "" || len(in.Passages) == 0 {
		return batchError(in.ID, "invalid_request", "a check line needs a claim and passages")
	}
	ps := make([]claims.Passage, len(in.Passages))
	for i, p := range in.Passages {
		ps[i] = claims.Passage{ID: p.ID, Text: p.Text}
	}
	j, err := v.Verify(ctx, in.Claim, ps)
	if err != nil {
		return map[string]any{"id": idOf(in.ID), "error": errorEnvelope(err)["error"]}
	}
	out := map[string]any{"id": idOf(in.ID), "verdict": j.Verdict, "score": j.Score, "evidence_id": nil, "quote": nil}
	if len(j.Support) > 0 {
		s := j.Support[0]
		for _, p := range ps {
			if p.ID == s.PassageID {
				out["evidence_id"] = p.ID
				out["quote"] = p.Text[s.Start:s.End]
			}
		}
	}
	return out
}

func cmdEvidence(fs *flag.FlagSet) runFunc {
	var k kvFlags
	k.register(fs)
	asJSON := fs.Bool("json", false, "print the JSON envelope")
	return func(ctx context.Context, e env, pos []string) int {
		if len(pos) != 1 {
			return fail(e, exitUsage, "evidence: give one evidence id")
		}
		kv, err := k.open()
		if err != nil {
			return fail(e, exitUsage, "evidence: %v", err)
		}
		defer kv.Close()
		ev, err := dermliving.Evidence(kv, pos[0])
		if err != nil {
			if *asJSON {
				writeJSON(e.stdout, errorEnvelope(err))
			}
			return fail(e, exitUsage, "evidence: %s: %v", kv.ID(), err)
		}
		if *asJSON {
			writeJSON(e.stdout, map[string]any{"data": ev})
			return exitOK
		}
		fmt.Fprintf(e.stdout, "%s (%s)\n%s, %s, paragraph %d\nsource %s %s (%s)\n%s  %s %s\n\n%s\n",
			ev.ID, ev.KnowledgeVersion, ev.Source.Title, ev.Locator.Section, ev.Locator.Paragraph,
			ev.Source.ID, ev.Source.Version, ev.Source.Publisher, ev.Checksum, ev.License.ID, ev.License.Holder, ev.Text)
		return exitOK
	}
}

func cmdVersions(fs *flag.FlagSet) runFunc {
	var k kvFlags
	k.register(fs)
	asJSON := fs.Bool("json", false, "print the JSON envelope")
	return func(ctx context.Context, e env, pos []string) int {
		if len(pos) > 0 {
			return fail(e, exitUsage, "versions: takes no arguments")
		}
		var views []versionView
		var ids []string
		if k.dir != "" || k.version != "" {
			ids = []string{""}
		} else {
			ids = sandboxVersions()
		}
		for _, id := range ids {
			kf := k
			if id != "" {
				kf.version = id
			}
			kv, err := kf.open()
			if err != nil {
				return fail(e, exitUsage, "versions: %v", err)
			}
			views = append(views, versionView{dermliving.DescribeVersion(kv), signerOf(kv), signerText(kv)})
			kv.Close()
		}
		if *asJSON {
			writeJSON(e.stdout, map[string]any{"data": views})
			return exitOK
		}
		for _, v := range views {
			fmt.Fprintf(e.stdout, "%s  dated %s  %s  %d passages, %d sources  %s  %s\n", v.ID, v.Released, statusWords(v.VersionView), v.Passages, v.Sources, v.Checksum, v.signed)
			for _, g := range v.Gates {
				fmt.Fprintf(e.stdout, "    %-24s %s %-6g value %.4f  %s  (%d cases)\n", g.Name, g.Comparison, g.Threshold, g.Value, passWord(g.Passed), g.Cases)
			}
		}
		return exitOK
	}
}

func passWord(ok bool) string {
	if ok {
		return "pass"
	}
	return "FAIL"
}

func cmdVerify(fs *flag.FlagSet) runFunc {
	var trust trustFlag
	fs.Var(&trust, "trust", trustUsage)
	return func(ctx context.Context, e env, pos []string) int {
		if len(pos) != 1 {
			return fail(e, exitUsage, "verify: give one bundle directory")
		}
		if st, err := os.Stat(pos[0]); err != nil || !st.IsDir() {
			return fail(e, exitUsage, "verify: %s is not a directory", pos[0])
		}
		keys, err := trust.keys()
		if err != nil {
			return fail(e, exitUsage, "verify: --trust: %v", err)
		}
		problems := evidence.CheckFS(os.DirFS(pos[0]), &evidence.OpenOptions{TrustedKeys: keys})
		if len(problems) > 0 {
			for _, p := range problems {
				fmt.Fprintln(e.stdout, "FAIL", p)
			}
			return fail(e, exitCheck, "verify: %s: %d problem(s)", pos[0], len(problems))
		}
		m, err := evidence.ReadManifest(os.DirFS(pos[0]))
		if err != nil {
			return fail(e, exitCheck, "verify: %v", err)
		}
		fmt.Fprintf(e.stdout, "ok %s: %d passages, %d sources, %s, version %s, %s\n", m.ID, m.Passages, len(m.Sources), filesText(m), m.Checksum, verifiedSigner(m, len(keys) > 0))
		return exitOK
	}
}
