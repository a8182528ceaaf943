package openai

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// delta is an event carrying one piece of the answer.
func delta(s string) string {
	return `data: {"choices":[{"index":0,"delta":{"content":` + quote(s) + `},"finish_reason":null}]}` + "\n\n"
}

const stop = `data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}` + "\n\n"

func TestReadStream(t *testing.T) {
	tests := []struct {
		name, stream string
		text, finish string
		// errLine, when positive, is the line of the *StreamError wanted;
		// -1 wants a *StreamError on no particular line.
		errLine int
		server  string // the server's message the error holds
		reason  string
	}{
		{
			name:   "whole",
			stream: delta("Hives are ") + delta("itchy welts.") + stop + "data: [DONE]\n\n",
			text:   "Hives are itchy welts.", finish: "stop",
			reason: "the usual stream: deltas, a finish reason, [DONE]",
		},
		{
			name:   "role first",
			stream: `data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}` + "\n\n" + delta("Welts.") + stop + "data: [DONE]\n\n",
			text:   "Welts.", finish: "stop",
			reason: "the first chunk names the role and holds no text",
		},
		{
			name:   "comments",
			stream: ": ping\n\n" + delta("A") + ":keep-alive\n" + delta("B") + stop + ": bye\ndata: [DONE]\n\n",
			text:   "AB", finish: "stop",
			reason: "comment lines are skipped wherever they fall, also inside an event",
		},
		{
			name:   "CRLF",
			stream: strings.ReplaceAll(delta("A")+delta("B")+stop+"data: [DONE]\n\n", "\n", "\r\n"),
			text:   "AB", finish: "stop",
			reason: "lines may end in CRLF",
		},
		{
			name:   "CR",
			stream: strings.ReplaceAll(delta("A")+delta("B")+stop+"data: [DONE]\n\n", "\n", "\r"),
			text:   "AB", finish: "stop",
			reason: "lines may end in a lone CR",
		},
		{
			name:   "BOM and no space",
			stream: "\uFEFF" + strings.ReplaceAll(delta("A")+stop+"data: [DONE]\n\n", "data: ", "data:"),
			text:   "A", finish: "stop",
			reason: "a leading byte order mark is dropped, and the space after the colon is optional",
		},
		{
			name:   "multi-line data",
			stream: "data: {\"choices\":\ndata: [{\"index\":0,\"delta\":{\"content\":\"A\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n",
			text:   "A", finish: "stop",
			reason: "data lines of one event are joined with LF: here still one JSON object",
		},
		{
			name:   "other fields",
			stream: "id: 1\nretry: 100\nevent: message\n" + delta("A") + stop + "data: [DONE]\n\n",
			text:   "A", finish: "stop",
			reason: "id and retry are ignored; an event type other than error does not matter",
		},
		{
			name:   "other choice",
			stream: `data: {"choices":[{"index":1,"delta":{"content":"no"}},{"index":0,"delta":{"content":"yes"}}]}` + "\n\n" + stop + "data: [DONE]\n\n",
			text:   "yes", finish: "stop",
			reason: "only the first choice is the answer",
		},
		{
			name:   "usage chunk",
			stream: delta("A") + stop + `data: {"choices":[],"usage":{"total_tokens":3}}` + "\n\ndata: [DONE]\n\n",
			text:   "A", finish: "stop",
			reason: "a chunk with no choices (usage) adds nothing",
		},
		{
			name:   "after DONE",
			stream: delta("A") + stop + "data: [DONE]\n\n" + delta("B") + "data: {not json\n\n",
			text:   "A", finish: "stop",
			reason: "nothing after [DONE] is read",
		},
		{
			name:   "DONE without blank line",
			stream: delta("A") + stop + "data: [DONE]",
			text:   "A", finish: "stop",
			reason: "the last event counts without its closing blank line",
		},
		{
			name:   "missing DONE after finish",
			stream: delta("A") + stop,
			text:   "A", finish: "stop",
			reason: "some servers never send [DONE]; a finish reason says the answer is whole",
		},
		{
			name:    "missing DONE",
			stream:  delta("Hives are never") + delta(" serious"),
			errLine: 4,
			reason:  "neither [DONE] nor a finish reason: the stream was cut off, and half an answer is not passed on",
		},
		{
			name:    "empty",
			stream:  "",
			errLine: -1,
			reason:  "an empty reply is no answer",
		},
		{
			name:    "not JSON",
			stream:  delta("A") + "data: {\"choices\": [\n\n",
			errLine: 4,
			reason:  "an event whose data is not JSON",
		},
		{
			name:    "wrong shape",
			stream:  `data: {"choices":[{"index":0,"delta":{"content":["A"]}}]}` + "\n\n",
			errLine: 2,
			reason:  "content that is not a string",
		},
		{
			name:    "error object",
			stream:  delta("A") + `data: {"error":{"message":"model overloaded","type":"server_error"}}` + "\n\n",
			errLine: 4, server: "model overloaded",
			reason: "an error reported in a data event (vLLM, hosted APIs)",
		},
		{
			name:    "error line",
			stream:  delta("A") + `error: {"code":500,"message":"context size exceeded","type":"server_error"}` + "\n\n",
			errLine: 4, server: "context size exceeded",
			reason: `an "error:" line, as llama-server sends when generation fails`,
		},
		{
			name:    "error event",
			stream:  "event: error\ndata: out of memory\n\n",
			errLine: 3, server: "out of memory",
			reason: "an event of type error",
		},
	}
	for _, tt := range tests {
		// Whole, and a byte at a time: where the network splits the
		// stream, even between CR and LF, must not matter.
		for _, split := range []bool{false, true} {
			var r io.Reader = strings.NewReader(tt.stream)
			if split {
				r = iotest.OneByteReader(r)
			}
			text, finish, err := readStream(r, 1<<20)
			if tt.errLine == 0 {
				if err != nil || text != tt.text || finish != tt.finish {
					t.Errorf("%s (split %v): got %q, %q, %v; want %q, %q (%s)", tt.name, split, text, finish, err, tt.text, tt.finish, tt.reason)
				}
				continue
			}
			var se *StreamError
			if !errors.As(err, &se) || !errors.Is(err, ErrMalformedStream) {
				t.Errorf("%s (split %v): got %q, %v; want a *StreamError (%s)", tt.name, split, text, err, tt.reason)
				continue
			}
			if (tt.errLine > 0 && se.Line != tt.errLine) || se.Server != tt.server || text != "" {
				t.Errorf("%s (split %v): %v on line %d with server message %q; want line %d, %q (%s)", tt.name, split, err, se.Line, se.Server, tt.errLine, tt.server, tt.reason)
			}
		}
	}
}

func TestReadStreamOversize(t *testing.T) {
	stream := delta(strings.Repeat("word ", 100)) + stop + "data: [DONE]\n\n"
	n := int64(len(stream))
	tests := []struct {
		name   string
		stream string
		limit  int64
		ok     bool
		reason string
	}{
		{"at the limit", stream, n, true, "a reply of exactly the limit is read whole"},
		{"one byte over", stream, n - 1, false, "one byte more than the limit fails"},
		{"one long line", "data: " + strings.Repeat("x", 1<<16), 1 << 12, false, "a line without end is cut off at the limit, not buffered"},
		{"endless", "", 1 << 12, false, "an endless stream of deltas stops at the limit"},
	}
	for _, tt := range tests {
		var r io.Reader = strings.NewReader(tt.stream)
		if tt.name == "endless" {
			r = endless(delta("a"))
		}
		_, _, err := readStream(&limitReader{r: r, limit: tt.limit}, tt.limit)
		var tl *TooLargeError
		switch {
		case tt.ok && err != nil:
			t.Errorf("%s: %v (%s)", tt.name, err, tt.reason)
		case !tt.ok && (!errors.As(err, &tl) || tl.Limit != tt.limit):
			t.Errorf("%s: %v, want a *TooLargeError at %d (%s)", tt.name, err, tt.limit, tt.reason)
		}
	}
}

// endless repeats s for ever.
func endless(s string) io.Reader {
	return readerFunc(func(p []byte) (int, error) {
		n := 0
		for n < len(p) {
			n += copy(p[n:], s)
		}
		return n, nil
	})
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

func TestExcerpt(t *testing.T) {
	const key, question = "sk-secret-123", "Is my rash   shingles?"
	tests := []struct {
		name, body, want, reason string
	}{
		{"json error object", `{"error":{"message":"Invalid key sk-secret-123","type":"auth"}}`, "Invalid key [redacted]", "the message of an OpenAI-style error, the key blanked"},
		{"json error string", `{"error":"model not found"}`, "model not found", "an error given as a string (Ollama)"},
		{"json message", `{"message":"busy","code":503}`, "busy", "a bare message"},
		{"question echoed", "cannot answer: Is my rash   shingles?", "cannot answer: [redacted]", "the question is blanked before white space is collapsed"},
		{"controls", "bad\x00\x1b[31m\tgateway\xff\r\n", "bad [31m gateway", "control characters and invalid bytes become spaces, white space is collapsed"},
		{"long", strings.Repeat("é", 500), strings.Repeat("é", excerptRunes) + "…", "at most excerptRunes runes, cut on a character"},
		{"empty", "", "", "nothing to quote"},
	}
	for _, tt := range tests {
		if got := excerpt([]byte(tt.body), key, question); got != tt.want {
			t.Errorf("%s: excerpt %q, want %q (%s)", tt.name, got, tt.want, tt.reason)
		}
	}
}
