package openai

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

var (
	// ErrNoBaseURL: Generator.BaseURL is not an http:// or https:// URL.
	ErrNoBaseURL = errors.New("openai: BaseURL must be an http:// or https:// URL")
	// ErrTimeout: the model server did not finish its reply within
	// Generator.Timeout. An error wrapping it also wraps
	// context.DeadlineExceeded.
	ErrTimeout = errors.New("openai: model server timed out")
	// ErrMalformedStream: the reply was not a well-formed chat completions
	// event stream, or it ended early. Every *StreamError wraps it.
	ErrMalformedStream = errors.New("openai: malformed event stream")
)

// StatusError is a reply with a status other than 200 OK.
type StatusError struct {
	Code int
	// Excerpt is the start of the server's message (the "message" of a JSON
	// error body, else the body): at most 160 characters of printable text,
	// with the API key and the question blanked out should the server echo
	// them.
	Excerpt string
}

// Error gives the status and the excerpt.
func (e *StatusError) Error() string {
	msg := fmt.Sprintf("openai: model server replied %d", e.Code)
	if e.Excerpt != "" {
		msg += ": " + e.Excerpt
	}
	return msg
}

// StreamError is a reply whose event stream could not be read as a chat
// completion. It wraps ErrMalformedStream.
type StreamError struct {
	// Line is the stream's line (from 1) where the problem was found, or 0
	// when it concerns the reply as a whole.
	Line int
	// Reason says what was wrong, without quoting the stream.
	Reason string
	// Server is the server's own error message, as an excerpt (see
	// StatusError.Excerpt), when the stream reported an error.
	Server string
}

// Error gives the line, the reason and the server's message.
func (e *StreamError) Error() string {
	msg := ErrMalformedStream.Error() + ": "
	if e.Line > 0 {
		msg += fmt.Sprintf("line %d: ", e.Line)
	}
	msg += e.Reason
	if e.Server != "" {
		msg += ": " + e.Server
	}
	return msg
}

// Unwrap returns ErrMalformedStream.
func (e *StreamError) Unwrap() error { return ErrMalformedStream }

// TooLargeError is a reply longer than Generator.MaxResponseBytes.
type TooLargeError struct {
	Limit int64
}

// Error gives the limit.
func (e *TooLargeError) Error() string {
	return fmt.Sprintf("openai: model server reply exceeds %d bytes", e.Limit)
}

// limitReader reads at most limit bytes from r and fails with a
// *TooLargeError when r holds more.
type limitReader struct {
	r     io.Reader
	limit int64
	n     int64 // bytes read
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n >= l.limit {
		// Tell a reply of exactly the limit from a longer one.
		var one [1]byte
		n, err := l.r.Read(one[:])
		if n > 0 {
			return 0, &TooLargeError{Limit: l.limit}
		}
		return 0, err
	}
	if left := l.limit - l.n; int64(len(p)) > left {
		p = p[:left]
	}
	n, err := l.r.Read(p)
	l.n += int64(n)
	return n, err
}

// readFull reads into b until it is full or the reader ends or fails.
func readFull(r io.Reader, b []byte) (int, error) {
	n, err := io.ReadFull(r, b)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return n, err
}

// excerptRunes bounds an excerpt of a server's reply.
const excerptRunes = 160

// excerpt returns a short, printable excerpt of a server's error reply: the
// message of a JSON error body ({"error": {"message"}}, {"error": "…"},
// {"message"}), else the text, with every secret replaced by "[redacted]",
// control characters and invalid bytes turned to spaces, white space
// collapsed and at most excerptRunes runes kept.
func excerpt(body []byte, secrets ...string) string {
	s := string(body)
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	if json.Unmarshal(body, &v) == nil {
		var obj struct {
			Message string `json:"message"`
		}
		var str string
		switch {
		case json.Unmarshal(v.Error, &obj) == nil && obj.Message != "":
			s = obj.Message
		case json.Unmarshal(v.Error, &str) == nil && str != "":
			s = str
		case v.Message != "":
			s = v.Message
		}
	}
	for _, secret := range secrets {
		if secret = strings.TrimSpace(secret); secret != "" {
			s = strings.ReplaceAll(s, secret, "[redacted]")
		}
	}
	s = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > excerptRunes {
		s = string([]rune(s)[:excerptRunes]) + "…"
	}
	return s
}
