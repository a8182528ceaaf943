package dermliving

import (
	"context"
	"errors"

	"github.com/dermliving/dermliving/evidence"
)

// Codes of the API's error envelope, {"error": {"code", "message"}}, for the
// errors of Ask, Library and Evidence (see ErrorCode).
const (
	CodeInvalidQuestion = "invalid_question" // a QuestionError: empty, too long, not text
	CodeNotFound        = "not_found"        // an unknown version or evidence id
	CodeBlocked         = "blocked"          // a version that failed a release gate
	CodeVersionClosed   = "version_closed"   // the version was closed (replaced) mid-question: ask again
	CodeNoKnowledge     = "no_knowledge"     // no version, or no released one
	CodeCorrupt         = "corrupt_knowledge"
	CodeCancelled       = "cancelled" // the caller cancelled the context
	CodeTimeout         = "timeout"   // the context's deadline passed
	CodeInternal        = "internal"  // anything else
)

// ErrorCode maps an error of Ask, Library or Evidence to the code of the
// API's error envelope and to the HTTP status a server answers it with (a
// number, so that the library needs no net/http). The
// CLI's JSON errors and the example server both use it, so that a client
// reads one code for one cause. A cancelled request gets 499 (the client
// closed it; nobody reads the reply).
func ErrorCode(err error) (code string, status int) {
	var qe *QuestionError
	switch {
	case err == nil:
		return "", 200
	case errors.As(err, &qe), errors.Is(err, ErrEmptyQuestion), errors.Is(err, ErrQuestionTooLong), errors.Is(err, ErrInvalidQuestion):
		return CodeInvalidQuestion, 400
	case errors.Is(err, ErrUnknownVersion), errors.Is(err, evidence.ErrNotFound):
		return CodeNotFound, 404
	case errors.Is(err, ErrBlocked):
		return CodeBlocked, 409
	case errors.Is(err, ErrVersionClosed):
		return CodeVersionClosed, 503
	case errors.Is(err, ErrNoKnowledge):
		return CodeNoKnowledge, 503
	case errors.Is(err, evidence.ErrCorrupt):
		return CodeCorrupt, 500
	case errors.Is(err, context.Canceled):
		return CodeCancelled, 499
	case errors.Is(err, context.DeadlineExceeded):
		return CodeTimeout, 503
	}
	return CodeInternal, 500
}
