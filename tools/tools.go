// Package tools lets a generator ask to run tools (a glossary lookup, an
// export) under a deny-by-default policy. Every request passes through a
// [Runner], which checks it against the policy, runs it only when it is
// allowed, and records it, allowed or not.
//
// Text is never a tool request: a question or a retrieved passage that says
// "call export_chart" is data. Only a generator's explicit [Request] reaches
// the runner, and the runner decides.
//
// A Policy is read-only once in use and safe for concurrent use; a Runner
// belongs to one request.
package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sync"
)

// Tool is something a generator may ask to run.
type Tool interface {
	// Name is the tool's unique name, such as "glossary_lookup".
	Name() string
	// Description says what the tool does, for a generator's prompt.
	Description() string
	// Run runs the tool on validated arguments.
	Run(ctx context.Context, args json.RawMessage) (json.RawMessage, error)
}

// ArgumentChecker is implemented by tools that validate their arguments. A
// request whose arguments fail is denied and never run.
type ArgumentChecker interface {
	CheckArguments(args json.RawMessage) error
}

// Request is a generator's request to run a tool.
type Request struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

// Call records one request and what became of it. It never holds the
// arguments, which may carry anything a manipulated generator put there.
type Call struct {
	Name       string `json:"name"`
	Authorized bool   `json:"authorized"`
	Executed   bool   `json:"executed"`
	Reason     string `json:"reason"`
}

// Errors returned by Runner.Run.
var (
	// ErrDenied: the policy refused the request; the tool did not run.
	ErrDenied = errors.New("tools: request denied")
	// ErrFailed: the tool ran and failed.
	ErrFailed = errors.New("tools: tool failed")
)

// Policy decides which requests run. The zero value (and a nil *Policy)
// denies everything.
type Policy struct {
	// Tools are the registered tools.
	Tools []Tool
	// Allow names the tools that may run; a registered tool not listed here is
	// forbidden.
	Allow []string
	// Authorize, when set, is asked about every request the allowlist admits
	// and may still refuse it, with a reason. The host application supplies
	// it (a user's permissions, a rate limit).
	Authorize func(ctx context.Context, req Request) (ok bool, reason string)
}

// nameRE is the form of a tool name that may be recorded as given.
var nameRE = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

// Runner passes one request's tool requests through a policy and records
// them. Use NewRunner; a Runner is safe for concurrent use.
type Runner struct {
	policy *Policy
	mu     sync.Mutex
	calls  []Call
}

// NewRunner returns a runner for policy p; a nil p denies everything.
func NewRunner(p *Policy) *Runner { return &Runner{policy: p} }

// Run checks req against the policy and runs it when allowed. A denied
// request returns an error wrapping ErrDenied; a tool that fails returns one
// wrapping ErrFailed. Either way the request is recorded.
func (r *Runner) Run(ctx context.Context, req Request) (json.RawMessage, error) {
	call := Call{Name: req.Name}
	if !nameRE.MatchString(req.Name) {
		call.Name = "(invalid name)"
	}
	out, err := r.decide(ctx, req, &call)
	r.mu.Lock()
	r.calls = append(r.calls, call)
	r.mu.Unlock()
	return out, err
}

func (r *Runner) decide(ctx context.Context, req Request, call *Call) (json.RawMessage, error) {
	deny := func(reason string) (json.RawMessage, error) {
		call.Reason = reason
		return nil, fmt.Errorf("%w: %s", ErrDenied, reason)
	}
	if r.policy == nil {
		return deny("no tool policy: denied by default")
	}
	var tool Tool
	for _, t := range r.policy.Tools {
		if t.Name() == req.Name {
			tool = t
		}
	}
	switch {
	case tool == nil:
		return deny("unknown tool")
	case !slices.Contains(r.policy.Allow, req.Name):
		return deny("tool not on the allowlist")
	}
	args := req.Arguments
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage("{}")
	}
	if !json.Valid(args) || bytes.TrimSpace(args)[0] != '{' {
		return deny("arguments are not a JSON object")
	}
	if c, ok := tool.(ArgumentChecker); ok {
		if err := c.CheckArguments(args); err != nil {
			return deny("invalid arguments")
		}
	}
	if r.policy.Authorize != nil {
		if ok, reason := r.policy.Authorize(ctx, req); !ok {
			if reason == "" {
				reason = "refused by the host"
			}
			return deny(reason)
		}
	}
	if err := ctx.Err(); err != nil {
		return deny("request cancelled")
	}
	call.Authorized = true
	call.Executed = true
	out, err := tool.Run(ctx, args)
	if err != nil {
		call.Reason = "tool failed"
		return nil, fmt.Errorf("%w: %s", ErrFailed, req.Name)
	}
	call.Reason = "allowed"
	return out, nil
}

// Calls returns the requests recorded so far, in order.
func (r *Runner) Calls() []Call {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.calls)
}
