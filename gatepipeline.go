package dermliving

import (
	"bytes"
	"context"
	"errors"
	"time"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/gates"
)

// GatePipeline adapts Ask on kv to gates.Pipeline, so that the release gates
// measure the very pipeline Ask runs. opts apply to every case (a tool
// policy, say); a case's draft and tool requests are added to them. A blocked
// version can still be measured.
func GatePipeline(kv *evidence.Version, opts ...Option) gates.Pipeline {
	return &gatePipeline{kv: kv, opts: opts}
}

type gatePipeline struct {
	kv   *evidence.Version
	opts []Option
}

func (p *gatePipeline) Answer(ctx context.Context, c gates.Case) (gates.Outcome, error) {
	opts := append(append([]Option(nil), p.opts...), WithBlockedVersion(), WithRequestID("req_gate_"+c.ID))
	if c.Draft != nil {
		opts = append(opts, WithDraft(c.Draft...))
	}
	if len(c.ToolCalls) > 0 {
		opts = append(opts, WithToolRequests(c.ToolCalls...))
	}
	res, err := Ask(ctx, c.Question, p.kv, opts...)
	var qe *QuestionError
	if errors.As(err, &qe) {
		return gates.Outcome{Status: "error", Reason: "invalid_question"}, nil
	}
	if err != nil {
		return gates.Outcome{}, err
	}
	switch r := res.(type) {
	case *Abstained:
		return gates.Outcome{Status: "abstained", Reason: r.Reason.String(), ToolCalls: r.Metadata.ToolCalls}, nil
	case *Grounded:
		o := gates.Outcome{Status: "grounded", Mode: r.Metadata.Mode, Citations: r.Citations, ToolCalls: r.Metadata.ToolCalls, Labels: map[string]string{}}
		for _, cl := range r.Claims {
			o.Claims = append(o.Claims, gates.Claim{Text: cl.Text, Citations: cl.Citations})
		}
		draft, labels := c.Draft, c.Labels
		if c.Draft == nil && r.Metadata.Mode == ModeCurated {
			draft, _ = p.kv.CuratedDraft(c.Question)
			labels, _ = p.kv.CuratedLabels(c.Question)
		}
		for i, s := range draft {
			if i >= len(labels) {
				break
			}
			for _, claim := range splitDraft(Draft{Sentences: []string{s}}) {
				o.Labels[claim] = labels[i]
			}
		}
		return o, nil
	}
	return gates.Outcome{}, errors.New("dermliving: unknown result type")
}

func (p *gatePipeline) Retrieve(ctx context.Context, question string, k int) ([]string, error) {
	hits, err := Retrieve(ctx, question, p.kv, append(append([]Option(nil), p.opts...), WithTopK(k))...)
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	return ids, err
}

// MeasureGates runs the release gates of kv on the gate cases in cases (one
// gates.Case a JSON line) through GatePipeline with opts, and stamps the
// report with the time it was measured. It is what `dermliving gates` and
// `dermliving build --cases` run; a host that serves a version whose manifest
// stores no report can measure it the same way, and must then say that the
// values were measured, not stored.
func MeasureGates(ctx context.Context, kv *evidence.Version, cases []byte, opts ...Option) (*gates.Report, error) {
	cs, err := gates.ReadCases(bytes.NewReader(cases))
	if err != nil {
		return nil, err
	}
	if len(cs) == 0 {
		return nil, errors.New("dermliving: no gate cases")
	}
	r, err := gates.Run(ctx, GatePipeline(kv, opts...), kv, cs)
	if err != nil {
		return nil, err
	}
	r.Measured = time.Now().UTC().Format(time.RFC3339)
	return r, nil
}
