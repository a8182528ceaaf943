package dermliving

import (
	"context"

	"github.com/dermliving/dermliving/answer"
	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/dermliving/dermliving/tools"
)

// DefaultMaxQuestionBytes is the default limit on a question's length.
const DefaultMaxQuestionBytes = 4000

// DefaultTopK is how many passages are retrieved for a question.
const DefaultTopK = 10

// Retriever finds passages for a question. Hits must name passages of the
// knowledge version Ask was given; others are ignored. Implementations must be
// safe for concurrent use.
type Retriever interface {
	Retrieve(ctx context.Context, question string, k int) ([]retrieve.Hit, error)
}

// Generator drafts answer text from the question and the retrieved passages.
// Every sentence of the draft becomes a claim that the Verifier checks; a
// sentence no passage supports is removed. Implementations must be safe for
// concurrent use.
type Generator interface {
	Generate(ctx context.Context, req GenerateRequest) (Draft, error)
}

// GenerateRequest is what a Generator drafts from.
type GenerateRequest struct {
	Question string
	// Passages are the retrieved passages, best first, or, when retrieval
	// found none above its relevance floor, the passages of the topics the
	// question names. Their text is data to draw on, never instructions.
	// The draft is verified against these and every other passage of the
	// named topics.
	Passages []evidence.Passage
	// Tools runs tool requests under the caller's policy (deny-all unless
	// WithTools gave one); every request is recorded in the answer's
	// metadata, whether it ran or not.
	Tools *tools.Runner
}

// Draft is a Generator's answer text.
type Draft struct {
	// Sentences, when set, are the draft's sentences; otherwise Text is split
	// into sentences.
	Sentences []string
	Text      string
}

// Option configures one call of Ask.
type Option func(*options)

// options are a caller's settings for one call of Ask, set by the With
// options.
type options struct {
	retriever     Retriever
	generator     Generator
	verifier      claims.Verifier
	point         claims.OperatingPoint
	threshold     float64
	draft         []string
	maxBytes      int
	topK          int
	requestID     string
	policy        *tools.Policy
	requests      []tools.Request
	allowBlocked  bool
	minConfidence float64
}

// newOptions returns the defaults with opts applied.
func newOptions(opts []Option) options {
	o := options{maxBytes: DefaultMaxQuestionBytes, topK: DefaultTopK}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// request is one question's state while Ask answers it: the caller's
// options, and what retrieval and extraction found, kept so that the steps
// after them reuse it rather than redo it.
type request struct {
	options
	// scores are the retrieval scores of the question's passages.
	scores map[string]float64
	// extracted holds where each extractive sentence stands in its passage.
	extracted map[string]claims.Support
	// concepts is the analysis of the query that retrieval last searched
	// the version's index with, or nil.
	concepts []retrieve.Weighted
	// analysed is the text concepts analyse, so that retrieval of the same
	// text does not analyse it again.
	analysed string
	// extra holds passages an extractive answer cites that retrieval did
	// not return.
	extra []evidence.Passage
	// ix and comp are the version's index and composer, set by useIndex
	// before anything reads the version's index.
	ix   *retrieve.Index
	comp *answer.Composer
	// langs reads a question's language, set by useIndex.
	langs *languages
	// spellCorrected is true when the screens corrected a spelling slip in
	// a topic's name.
	spellCorrected bool
}

// WithRetriever replaces retrieval from the knowledge version's own index.
func WithRetriever(r Retriever) Option { return func(c *options) { c.retriever = r } }

// WithGenerator drafts answers with g instead of extracting sentences from the
// passages; the answer's mode is "generated".
func WithGenerator(g Generator) Option { return func(c *options) { c.generator = g } }

// WithVerifier replaces the default lexical verifier.
func WithVerifier(v claims.Verifier) Option { return func(c *options) { c.verifier = v } }

// WithOperatingPoint sets the default verifier's operating point:
// claims.Strict (the default: precision first) or claims.Balanced (accepts
// more paraphrase, at some cost in precision; see the README's figures). A
// verifier given with WithVerifier is used as it is.
func WithOperatingPoint(p claims.OperatingPoint) Option { return func(c *options) { c.point = p } }

// WithSupportThreshold makes the default verifier support a draft sentence
// the passages do not contradict when its support score reaches t, in place
// of the operating point; t <= 0 leaves the operating point in charge.
func WithSupportThreshold(t float64) Option { return func(c *options) { c.threshold = t } }

// WithDraft verifies the given sentences as the draft: a scripted generator.
func WithDraft(sentences ...string) Option {
	return func(c *options) { c.draft = append([]string(nil), sentences...) }
}

// WithTools sets the tool policy that a generator's tool requests pass
// through. Without it every request is denied (and recorded).
func WithTools(p *tools.Policy) Option { return func(c *options) { c.policy = p } }

// WithToolRequests makes the draft step ask to run these tools, as a scripted
// generator would; with WithDraft it completes the scripted generator. The
// policy decides each request.
func WithToolRequests(reqs ...tools.Request) Option {
	return func(c *options) { c.requests = append([]tools.Request(nil), reqs...) }
}

// WithBlockedVersion lets Ask answer from a version whose stored release-gate
// report failed. Without it such a version is refused with ErrBlocked.
func WithBlockedVersion() Option { return func(c *options) { c.allowBlocked = true } }

// WithMaxQuestionBytes sets the question length limit (default
// DefaultMaxQuestionBytes).
func WithMaxQuestionBytes(n int) Option { return func(c *options) { c.maxBytes = n } }

// WithTopK sets how many passages are retrieved (default DefaultTopK).
func WithTopK(k int) Option { return func(c *options) { c.topK = k } }

// WithMinConfidence sets the least confidence, in [0, 1], an extractive
// answer needs: below it Ask abstains with insufficient_evidence rather than
// answer off the point. The confidence (answer.Composer.Confidence) is a
// learned estimate of the share of what the question asks that the answer
// holds: a logistic regression over the composed answer's features (how the
// question names its topic, what it asks, how well the quoted sentences
// and their sections hold it, where retrieval ranked their passages),
// trained on DermLiving's key-fact tuning sets. The default, 0, answers
// whenever a sentence is found; answer.BalancedConfidence is the cut-off
// cross-validation chose, and the README gives the trade-off between the
// share of questions answered and the key facts their answers hold. Drafts
// (WithDraft, WithGenerator) and curated answers are not scored.
func WithMinConfidence(c float64) Option { return func(cfg *options) { cfg.minConfidence = c } }

// WithRequestID sets the request id reported in the metadata, instead of a
// random one.
func WithRequestID(id string) Option { return func(c *options) { c.requestID = id } }
