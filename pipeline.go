package dermliving

import (
	"context"

	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/tools"
)

// draftFor returns the draft sentences to verify and the answer's mode: a
// scripted draft, a Generator's, the version's curated draft for the
// question, or sentences extracted from the passages.
func draftFor(ctx context.Context, question string, kv *evidence.Version, passages []evidence.Passage, runner *tools.Runner, cfg *config) ([]string, string, error) {
	// A scripted generator's tool requests; a denied or failed tool does not
	// stop the answer, and every request is recorded by the runner.
	for _, r := range cfg.requests {
		if err := ctx.Err(); err != nil {
			return nil, "", err
		}
		_, _ = runner.Run(ctx, r)
	}
	switch {
	case cfg.draft != nil:
		return splitDraft(Draft{Sentences: cfg.draft}), ModeGenerated, nil
	case cfg.generator != nil:
		d, err := cfg.generator.Generate(ctx, GenerateRequest{Question: question, Passages: passages, Tools: runner})
		if err != nil {
			return nil, "", err
		}
		return splitDraft(d), ModeGenerated, nil
	}
	if d, ok := kv.CuratedDraft(question); ok {
		return splitDraft(Draft{Sentences: d}), ModeCurated, nil
	}
	return extract(question, kv, passages, cfg.scores, cfg), ModeExtractive, nil
}

// splitDraft turns a draft into claim sentences: each given sentence, or the
// text, is split again so that every claim is one sentence.
func splitDraft(d Draft) []string {
	parts := d.Sentences
	if len(parts) == 0 {
		parts = []string{d.Text}
	}
	var out []string
	for _, p := range parts {
		for _, s := range claims.Split(p) {
			if c := claims.Clean(s.Text); c != "" {
				out = append(out, c)
			}
		}
	}
	return out
}

// extract returns sentences taken verbatim from the passages, and records in
// cfg.extracted where each one stands.
func extract(question string, kv *evidence.Version, passages []evidence.Passage, scores map[string]float64, cfg *config) []string {
	ix := kv.Index()
	in := make([]claims.ExtractInput, len(passages))
	for i, p := range passages {
		src, _ := kv.Source(p.SourceID, p.SourceVersion)
		in[i] = claims.ExtractInput{Passage: claims.Passage{ID: p.ID, Text: p.Text}, Title: src.Title, Section: p.Locator.Section, Score: scores[p.ID]}
	}
	concepts := cfg.concepts
	if concepts == nil {
		concepts = ix.Analyze(question)
	}
	ex := lexicalVerifier(kv).ExtractFor(question, concepts, in)
	out := make([]string, len(ex))
	cfg.extracted = make(map[string]claims.Support, len(ex))
	for i, e := range ex {
		out[i] = e.Text
		cfg.extracted[e.Text] = claims.Support{PassageID: e.PassageID, Start: e.Start, End: e.End}
	}
	return out
}

// verifierKey stores the default verifier with its version.
type verifierKey struct{}

// lexicalVerifier is the version's default verifier: the lexical verifier
// over its analyzer, thesaurus and term rarity, kept with the version so that
// its analysis of passages is reused across questions.
func lexicalVerifier(kv *evidence.Version) *claims.Lexical {
	return kv.Derived(verifierKey{}, func() any {
		ix := kv.Index()
		return claims.NewLexical(ix.Analyzer(), ix.Thesaurus(), ix.IDF)
	}).(*claims.Lexical)
}
