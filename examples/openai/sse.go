package openai

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strings"
)

// event is one server-sent event.
type event struct {
	// typ is the event's type: its "event" field, or "error" for the
	// "error: …" line some servers (llama-server among them) send in place
	// of a data line when generation fails.
	typ  string
	data string
}

// eventReader reads server-sent events as the HTML standard defines them:
// lines end in LF, CRLF or CR; a line starting with a colon is a comment;
// "data" lines accumulate, joined by LF, until a blank line ends the event;
// fields other than data and event are ignored.
type eventReader struct {
	sc   *bufio.Scanner
	line int // lines read
}

// newEventReader reads events from r, whose lines are at most maxLine bytes.
func newEventReader(r io.Reader, maxLine int64) *eventReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), int(min(maxLine, 1<<30))+1)
	sc.Split(scanLines)
	return &eventReader{sc: sc}
}

// next returns the next event, or io.EOF after the last. An event the
// stream ends in without its closing blank line is returned too: a lost
// blank line loses nothing that was said.
func (er *eventReader) next() (event, error) {
	var ev event
	var data strings.Builder
	has := false
	for er.sc.Scan() {
		er.line++
		line := er.sc.Text()
		if er.line == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		if line == "" {
			if has {
				ev.data = strings.TrimSuffix(data.String(), "\n")
				return ev, nil
			}
			ev.typ = ""
			continue
		}
		if line[0] == ':' {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "data":
			data.WriteString(value)
			data.WriteByte('\n')
			has = true
		case "event":
			ev.typ = value
		case "error":
			ev.typ = "error"
			data.WriteString(value)
			data.WriteByte('\n')
			has = true
		}
	}
	if err := er.sc.Err(); err != nil {
		return event{}, err
	}
	if has {
		ev.data = strings.TrimSuffix(data.String(), "\n")
		return ev, nil
	}
	return event{}, io.EOF
}

// scanLines is a bufio.SplitFunc for lines ending in LF, CRLF or CR.
func scanLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	i := bytes.IndexAny(data, "\r\n")
	switch {
	case i < 0:
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	case data[i] == '\n':
		return i + 1, data[:i], nil
	case i+1 < len(data):
		if data[i+1] == '\n' {
			return i + 2, data[:i], nil
		}
		return i + 1, data[:i], nil
	case atEOF:
		return i + 1, data[:i], nil
	}
	// A CR at the end of what was read: an LF may follow.
	return 0, nil, nil
}

// chunk is the data of one chat completions event.
type chunk struct {
	Choices []struct {
		Index int `json:"index"`
		Delta struct {
			Content string `json:"content"`
		} `json:"delta"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Error json.RawMessage `json:"error"`
}

// readStream reads a chat completions event stream and returns the text of
// its first choice and the reason generation finished ("stop", "length"…).
// The stream ends at "data: [DONE]"; a stream that ends without it is whole
// only if it gave a finish reason (some servers never send [DONE]); one that
// gave neither was cut off. Server messages in errors are excerpts (see
// excerpt) with secrets blanked out.
func readStream(r io.Reader, maxLine int64, secrets ...string) (text, finish string, err error) {
	er := newEventReader(r, maxLine)
	var b strings.Builder
	for {
		ev, err := er.next()
		switch {
		case err == io.EOF:
			if finish == "" {
				return "", "", &StreamError{Line: er.line, Reason: "the stream ended before [DONE] and gave no finish_reason"}
			}
			return b.String(), finish, nil
		case err != nil:
			return "", "", err
		case ev.typ == "error":
			return "", "", &StreamError{Line: er.line, Reason: "the server reported an error", Server: excerpt([]byte(ev.data), secrets...)}
		case ev.data == "[DONE]":
			return b.String(), finish, nil
		}
		var c chunk
		if err := json.Unmarshal([]byte(ev.data), &c); err != nil {
			return "", "", &StreamError{Line: er.line, Reason: "an event's data is not a chat completion chunk"}
		}
		if len(c.Error) > 0 && string(c.Error) != "null" {
			return "", "", &StreamError{Line: er.line, Reason: "the server reported an error", Server: excerpt([]byte(ev.data), secrets...)}
		}
		for _, ch := range c.Choices {
			if ch.Index != 0 {
				continue
			}
			b.WriteString(ch.Delta.Content)
			if ch.FinishReason != "" {
				finish = ch.FinishReason
			}
		}
	}
}
