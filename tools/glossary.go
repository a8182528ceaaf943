package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"regexp"

	"github.com/dermliving/dermliving/lexicon"
)

// Glossary is a read-only tool, "glossary_lookup", that returns the thesaurus
// terms equivalent to a dermatology term. Its arguments are exactly
// {"term": "..."}: letters, spaces, hyphens and apostrophes, at most 64
// characters.
type Glossary struct {
	an *lexicon.Analyzer
	th *lexicon.Thesaurus
}

// NewGlossary returns the glossary tool over a thesaurus.
func NewGlossary(an *lexicon.Analyzer, th *lexicon.Thesaurus) *Glossary {
	return &Glossary{an: an, th: th}
}

// GlossaryName is the glossary tool's name.
const GlossaryName = "glossary_lookup"

// Name returns "glossary_lookup".
func (g *Glossary) Name() string { return GlossaryName }

// Description says what the tool does.
func (g *Glossary) Description() string {
	return "Look up the terms equivalent to a dermatology term (eczema: atopic dermatitis, atopic eczema)."
}

var termRE = regexp.MustCompile(`^[\p{L}][\p{L} '\-]{0,63}$`)

type glossaryArgs struct {
	Term string `json:"term"`
}

// CheckArguments accepts exactly {"term": "<a term>"}.
func (g *Glossary) CheckArguments(args json.RawMessage) error {
	var a glossaryArgs
	d := json.NewDecoder(bytes.NewReader(args))
	d.DisallowUnknownFields()
	if err := d.Decode(&a); err != nil {
		return err
	}
	if d.More() {
		return errors.New("trailing data")
	}
	if !termRE.MatchString(a.Term) {
		return errors.New("term must be letters, spaces, hyphens or apostrophes, at most 64 characters")
	}
	return nil
}

// Run returns {"term": ..., "equivalents": [...]}.
func (g *Glossary) Run(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
	if err := g.CheckArguments(args); err != nil {
		return nil, err
	}
	var a glossaryArgs
	_ = json.Unmarshal(args, &a)
	eq := []string{}
	terms := g.an.Terms(a.Term)
	if len(terms) > 0 {
		if gi, n, ok := g.th.Match(terms, 0); ok && n == len(terms) {
			for _, p := range g.th.Group(gi) {
				eq = append(eq, p.Text)
			}
		}
	}
	return json.Marshal(map[string]any{"term": a.Term, "equivalents": eq})
}
