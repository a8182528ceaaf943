// Package askprobe lets DermLiving's own generators and tests see what Ask
// computed on the way to an answer that the result does not carry: the
// features and confidence of an extractive answer. A caller puts a Probe in
// the context; Ask fills it when it finds one. Nothing is kept between
// calls.
package askprobe

import "context"

// Probe records one Ask call's extractive answer.
type Probe struct {
	// Scored is true when Ask composed an extractive answer and scored its
	// confidence.
	Scored bool
	// Features are the answer's confidence features (see
	// answer.Composer.Features), Confidence its confidence and Match the
	// composer's rule of thumb (answer.Answer.Match).
	Features   []float64
	Confidence float64
	Match      float64
}

type key struct{}

// With returns ctx carrying p.
func With(ctx context.Context, p *Probe) context.Context { return context.WithValue(ctx, key{}, p) }

// From returns the probe ctx carries, or nil.
func From(ctx context.Context) *Probe {
	p, _ := ctx.Value(key{}).(*Probe)
	return p
}
