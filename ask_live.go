package dermliving

import (
	"errors"
	"fmt"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/dermliving/dermliving/tools"
)

// versionClosed is the error of a question on a closed version.
func versionClosed(kv *evidence.Version) error {
	return fmt.Errorf("%w: %s was closed (replaced or shut down); ask again", ErrVersionClosed, kv.ID())
}

// closedAfter is the boundary between Ask and a version's lifetime: a
// question whose version was closed before it ended gets ErrVersionClosed,
// never the index's own retrieve.ErrClosed, and never a result, which a
// closed index may have degraded (its term statistics read as empty).
func closedAfter(kv *evidence.Version, res Result, err error) (Result, error) {
	switch {
	case kv == nil:
		return res, err
	case errors.Is(err, retrieve.ErrClosed), err == nil && kv.Closed():
		return nil, versionClosed(kv)
	}
	return res, err
}

// notRunReason is why a scripted tool request of an abstention did not run.
const notRunReason = "not run: Ask abstained before the draft step"

// notRun records the request's scripted tool requests (WithToolRequests)
// for an abstention reached before the draft step, where tools run: a
// generator is never called for a question Ask refuses, so none of them
// runs, and the policy never sees them. This is what keeps a patient-data
// question's identifiers from reaching any tool. The list is empty, not
// nil, when there are none.
func (cfg *request) notRun() []ToolCall {
	r := tools.NewRunner(cfg.policy)
	for _, req := range cfg.requests {
		r.Skip(req, notRunReason)
	}
	return nonNil(r.Calls())
}
