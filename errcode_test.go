package dermliving_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
)

func TestErrorCode(t *testing.T) {
	tests := []struct {
		err    error
		code   string
		status int
	}{
		{nil, "", 200},
		{&dermliving.QuestionError{Err: dermliving.ErrEmptyQuestion}, dermliving.CodeInvalidQuestion, 400},
		{fmt.Errorf("ask: %w", &dermliving.QuestionError{Err: dermliving.ErrQuestionTooLong, Len: 5000, Max: 4000}), dermliving.CodeInvalidQuestion, 400},
		{fmt.Errorf("%w: %q", dermliving.ErrUnknownVersion, "kv_x"), dermliving.CodeNotFound, 404},
		{fmt.Errorf("evidence: %w", evidence.ErrNotFound), dermliving.CodeNotFound, 404},
		{dermliving.ErrBlocked, dermliving.CodeBlocked, 409},
		{dermliving.ErrNoKnowledge, dermliving.CodeNoKnowledge, 503},
		{fmt.Errorf("%w: kv_x", dermliving.ErrVersionClosed), dermliving.CodeVersionClosed, 503},
		{fmt.Errorf("open: %w", evidence.ErrCorrupt), dermliving.CodeCorrupt, 500},
		{context.Canceled, dermliving.CodeCancelled, 499},
		{fmt.Errorf("ask: %w", context.DeadlineExceeded), dermliving.CodeTimeout, 503},
		{errors.New("a generator failed"), dermliving.CodeInternal, 500},
	}
	for _, tt := range tests {
		code, status := dermliving.ErrorCode(tt.err)
		if code != tt.code || status != tt.status {
			t.Errorf("ErrorCode(%v) = %q, %d; want %q, %d", tt.err, code, status, tt.code, tt.status)
		}
	}
}

// A version a Library does not hold is not_found.
func ExampleErrorCode() {
	_, err := dermliving.NewLibrary().Ask(context.Background(), "What causes hives?", "kv_1999_01_01")
	code, status := dermliving.ErrorCode(err)
	fmt.Println(code, status)
	// Output: not_found 404
}
