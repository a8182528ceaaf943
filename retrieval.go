package dermliving

import (
	"context"
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

// instructionRE matches a clause addressed to the system rather than asking
// about skin: attempts to override instructions, to change the system's role,
// to make it act on its records, or to make it run a tool.
var instructionRE = regexp.MustCompile(`(?i)\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|rules|prompts?|guidelines|polic(y|ies)|system|everything)\b|\b(you are now|act as|pretend to be|new instructions|system prompt|system override|admin mode|developer mode|jailbreak)\b|\b(delete|erase|wipe|purge|export|upload|forward)\b.{0,40}\b(your|the|my) (records?|history|database|logs?|files?|chat|conversation)\b|\b(call|run|execute|invoke|trigger|use)\s+(the\s+)?(tool\s+|function\s+)?` + "`?" + `[a-z]+_[a-z0-9_]+\b`)

// toolMarkupRE is an element that asks a machine to act: a tool,
// function, command or system block, with what it holds.
var toolMarkupRE = regexp.MustCompile(`(?is)<\s*(tool|tool_call|function|function_call|system|command|cmd|exec|script|instructions?)\b[^>]{0,200}>.{0,1000}?<\s*/\s*(?:tool|tool_call|function|function_call|system|command|cmd|exec|script|instructions?)\s*>`)

// toolNoteRE is a bracketed note naming a tool to run: "(tool:
// python_exec)", "[call: export_chart]".
var toolNoteRE = regexp.MustCompile(`(?i)[(\[]\s*(?:tool|tools|function|call|run|use|exec)\s*[:=]\s*[\w.-]+(?:\s*,\s*[\w.-]+)*\s*[)\]]`)

// strayTagRE is any other markup tag: "</question>", "<br/>".
var strayTagRE = regexp.MustCompile(`</?\s*[A-Za-z][\w:-]{0,30}(?:\s[^<>]{0,200})?/?>`)

// clauseSepRE separates the clauses of a compound request ("do X, then tell
// me Y"; "X: what is Y?").
var clauseSepRE = regexp.MustCompile(`(?i)[;:]\s+|,\s*(?:and\s+)?then\s+|\s+and\s+(?:then\s+)?(?:tell|explain|describe|say|summari[sz]e|list|show)\b`)

// withoutInstructions returns the question without its clauses addressed to
// the system. What is left is kept as written; when nothing is, the empty
// string is returned and nothing is retrieved.
func withoutInstructions(question string) string {
	// Markup is addressed to a machine, never a question about skin: a
	// smuggled tool call ("<tool>write_file ...</tool>") goes whole, and
	// any other tag ("</question>") goes alone.
	if strings.Contains(question, "<") {
		question = strings.TrimSpace(strayTagRE.ReplaceAllString(toolMarkupRE.ReplaceAllString(question, " "), " "))
	}
	if strings.ContainsAny(question, "([") {
		question = strings.TrimSpace(toolNoteRE.ReplaceAllString(question, " "))
	}
	if !instructionRE.MatchString(question) {
		return question
	}
	var kept []string
	for _, s := range claims.Split(question) {
		if !instructionRE.MatchString(s.Text) {
			kept = append(kept, s.Text)
			continue
		}
		for _, c := range clauses(s.Text) {
			if !instructionRE.MatchString(c) {
				kept = append(kept, c)
			}
		}
	}
	return strings.Join(kept, " ")
}

// clauses splits text into the clauses of a compound request.
func clauses(text string) []string {
	var out []string
	for _, c := range clauseSepRE.Split(text, -1) {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// Retrieve returns the passages of kv that Ask would answer question from:
// the question without clauses addressed to the system; when that retrieves
// nothing, the question's last clause that retrieves something, so that a
// reference question wrapped in a request ("save the answer to a file: what
// are the types of melanoma?") is still found; and when no clause does, a
// question that names no topic and describes the skin is searched under a
// lower relevance floor (describedFloor). A Spanish question is
// searched in English, as Ask reads it. A Retriever given with
// WithRetriever replaces the version's index; without one, a nil kv is
// ErrNoKnowledge and a kv without an index an error wrapping
// evidence.ErrNoIndex.
func Retrieve(ctx context.Context, question string, kv *evidence.Version, opts ...Option) ([]retrieve.Hit, error) {
	cfg := request{options: newOptions(opts)}
	if cfg.retriever == nil {
		if kv == nil {
			return nil, ErrNoKnowledge
		}
		if err := cfg.useIndex(kv); err != nil {
			return nil, err
		}
	}
	hits, _, err := retrieveFor(ctx, cfg.retrievalQuery(withoutInstructions(question), kv), kv, &cfg)
	return hits, err
}

// retrieveFor returns the hits for query, a question without its clauses
// addressed to the system (withoutInstructions), and the query text to
// draft the answer from: query itself or, when it retrieves nothing, its
// last clause that retrieves something, with the questions around it, or
// query under the lower floor of a question that describes the skin.
func retrieveFor(ctx context.Context, query string, kv *evidence.Version, cfg *request) ([]retrieve.Hit, string, error) {
	search := func(q string) ([]retrieve.Hit, error) {
		if strings.TrimSpace(q) == "" {
			return nil, nil
		}
		if cfg.retriever != nil {
			return cfg.retriever.Retrieve(ctx, q, cfg.topK)
		}
		// Keep the analysis: extraction needs the same concepts. Ask has
		// already analysed the whole question.
		ix := cfg.ix
		if q != cfg.analysed || cfg.concepts == nil {
			cfg.concepts, cfg.analysed = ix.Analyze(q), q
		}
		return ix.SearchConcepts(ctx, q, cfg.concepts, cfg.topK)
	}
	hits, err := search(query)
	if err != nil || len(hits) > 0 {
		return hits, query, err
	}
	// A question that names no topic and describes the skin ("painful
	// boil-like lumps in the armpits that leave tunnels under the skin")
	// holds many everyday words no passage uses, so the relevance floor
	// is lowered for it: the composer then judges whether the passages
	// found answer it (see answer.Composer.Compose), and the confidence
	// whether the answer is strong enough.
	described := func(q string) ([]retrieve.Hit, string, error) {
		if cfg.retriever != nil {
			return nil, q, nil
		}
		// The question's analysis, kept from its first search.
		if cfg.analysed != q || cfg.concepts == nil {
			cfg.concepts, cfg.analysed = cfg.ix.Analyze(q), q
		}
		concepts := cfg.concepts
		if cfg.comp.Names(concepts) || !cfg.comp.DescribesSkin(concepts) {
			return nil, q, nil
		}
		hits, err := cfg.ix.SearchConceptsAt(ctx, q, concepts, cfg.topK, describedFloor)
		return hits, q, err
	}
	if cfg.retriever == nil && cfg.comp.NamesOnlyOtherConditions(query) {
		return nil, query, nil
	}
	var parts []string
	for _, s := range claims.Split(query) {
		parts = append(parts, clauses(s.Text)...)
	}
	if len(parts) < 2 {
		return described(query)
	}
	// A question that names a topic is not answered from a clause that
	// names none: "how does the drug work?", cut from a question about
	// finasteride for a receding hairline, would find any drug.
	var names func(string) bool
	if cfg.retriever == nil {
		comp := cfg.comp
		if comp.Names(cfg.concepts) {
			// The clause's analysis is kept for its search.
			names = func(q string) bool {
				cfg.concepts, cfg.analysed = cfg.ix.Analyze(q), q
				return comp.Names(cfg.concepts)
			}
		}
	}
	// Nor from a clause without the medical name the question gives and
	// the version never uses: "Could you explain pyoderma gangrenosum: how
	// does it present?" is not answered from whatever presents.
	var unknownNames []string
	if cfg.retriever == nil {
		concepts := cfg.concepts
		if cfg.analysed != query || concepts == nil {
			concepts = cfg.ix.Analyze(query)
		}
		for _, w := range concepts {
			if !w.Filler && !w.Known && len(w.Terms) == 1 && lexicon.LooksMedical(w.Terms[0]) {
				unknownNames = append(unknownNames, w.Terms[0])
			}
		}
	}
	for i := len(parts) - 1; i >= 0; i-- {
		if names != nil && !names(parts[i]) {
			continue
		}
		// "What's that called, and how long does it take to heal?" after
		// an account of cracked hands asks about what the account tells:
		// a clause that points back and names nothing is not searched
		// alone (it would find whatever heals), an earlier part is.
		if i > 0 && cfg.retriever == nil && pointsBackRE.MatchString(parts[i]) {
			// The clause's analysis is kept for its search.
			if cfg.analysed != parts[i] || cfg.concepts == nil {
				cfg.concepts, cfg.analysed = cfg.ix.Analyze(parts[i]), parts[i]
			}
			if !cfg.comp.Names(cfg.concepts) {
				continue
			}
		}
		if len(unknownNames) > 0 {
			held := lexicon.NewTermSet(cfg.ix.Analyzer().Terms(parts[i]))
			if slices.ContainsFunc(unknownNames, func(t string) bool { return !held.Has(t) }) {
				continue
			}
		}
		hits, err := search(parts[i])
		if err != nil || len(hits) > 0 {
			// The clause that found the topic ("They used to call it a
			// rodent ulcer.", "Can head lice jump?") is drafted from with
			// the questions around it ("Does that kind of skin cancer
			// spread?", "And do they come from the dog?"); a request
			// around it ("Fetch the latest leaflet on vitiligo and ...") is
			// left out.
			// A clause that points back ("can they turn into cancer?")
			// is drafted with the clause before it, which says what it
			// points to ("'Barnacles' - the brown stuck-on growths").
			var draft []string
			back := i > 0 && opensOnPronounRE.MatchString(parts[i])
			for j, p := range parts {
				if j == i || strings.HasSuffix(p, "?") || back && j == i-1 {
					draft = append(draft, p)
				}
			}
			return hits, strings.Join(draft, " "), err
		}
	}
	return described(query)
}

// describedFloor is the relevance floor for a question that describes the
// skin and names no topic: the share of its weighted words the best passage
// must hold (retrieve.DefaultMinCoverage for other questions). The figure
// is not sensitive: 0.25 to 0.45 answered the same tuning questions.
const describedFloor = 0.4

// opensOnPronounRE opens a clause with a pronoun whose subject is told
// before it: "What are they, and can they turn into cancer?".
var opensOnPronounRE = regexp.MustCompile(`(?i)^\W*(?:\w+\s+){0,2}(?:it|they|that|this|these|those)\b`)

// pointsBackRE finds a clause whose subject is told elsewhere: "what's that
// called", "how long does it take to heal", "do they come back".
var pointsBackRE = regexp.MustCompile(`(?i)\b(?:it|its|that|this|they|them|those|these)\b`)
