package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// The tests in this file talk to the server over a real loopback
// connection, written by hand, because what they check happens between
// net/http and the handler: a body cut short, a body too slow for the read
// timeout, and "Expect: 100-continue".

// startServer serves ts over loopback with the given read timeout (zero for
// none) and returns its address. The server is closed when the test ends,
// or earlier by calling the returned function, which waits for the
// requests in flight, and so for their access-log lines.
func startServer(t *testing.T, ts *testServer, readTimeout time.Duration) (addr string, stop func()) {
	t.Helper()
	srv := httptest.NewUnstartedServer(ts.h)
	srv.Config.ReadTimeout = readTimeout
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().String(), srv.Close
}

// rawExchange sends head (the request line and headers, without the blank
// line that ends them) and body on a fresh connection, closes the sending
// side when closeWrite is set, and reads the first response.
func rawExchange(t *testing.T, addr, head, body string, closeWrite bool) (*http.Response, string) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(30 * time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(conn, strings.ReplaceAll(head, "\n", "\r\n")+"\r\n\r\n"+body); err != nil {
		t.Fatal(err)
	}
	if closeWrite {
		if err := conn.(*net.TCPConn).CloseWrite(); err != nil {
			t.Fatal(err)
		}
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the response: %v", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("reading the response body: %v", err)
	}
	return resp, string(b)
}

// askHead is the head of a POST to the ask route declaring a body of n
// bytes.
func askHead(n int, extra ...string) string {
	h := fmt.Sprintf("POST /v1/knowledge/ask HTTP/1.1\nHost: test\nContent-Type: application/json\nContent-Length: %d", n)
	for _, e := range extra {
		h += "\n" + e
	}
	return h
}

// TestBodyCutShortOrSlow checks that a body that stops before its
// Content-Length, or arrives slower than the read timeout, gets a JSON
// error, never an empty 200, and that the access log and the metrics
// record the status that was sent.
func TestBodyCutShortOrSlow(t *testing.T) {
	body := askBody(seedQuestion)
	tests := []struct {
		reason     string
		timeout    time.Duration
		sent       string // the part of body sent
		closeWrite bool
		status     int
		code       string
	}{
		{"the client closes its side after half the body: the body is short of its Content-Length", 0, body[:len(body)/2], true, http.StatusBadRequest, codeInvalidRequest},
		{"the client sends nothing of its body and closes its side", 0, "", true, http.StatusBadRequest, codeInvalidRequest},
		{"the client stops sending mid-body and waits: the read timeout ends the wait", 300 * time.Millisecond, body[:len(body)/2], false, http.StatusRequestTimeout, codeTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			ts := newTestServer(t)
			addr, stop := startServer(t, ts, tt.timeout)
			resp, got := rawExchange(t, addr, askHead(len(body)), tt.sent, tt.closeWrite)
			stop() // the access-log line is written once the handler returns
			w := httptest.NewRecorder()
			w.Code = resp.StatusCode
			for k, v := range resp.Header {
				w.Header()[k] = v
			}
			w.Body.WriteString(got)
			wantError(t, w, tt.status, tt.code)

			lines := accessLines(t, ts.log.String())
			if len(lines) != 1 || lines[0].Status != resp.StatusCode || lines[0].Route != "POST /v1/knowledge/ask" {
				t.Errorf("access log %+v, want one line for POST /v1/knowledge/ask with the status sent, %d", lines, resp.StatusCode)
			}
			var m strings.Builder
			ts.h.(*server).metrics.writeTo(&m)
			_, samples := parseExposition(t, m.String())
			route := map[string]string{"route": "POST /v1/knowledge/ask", "code": fmt.Sprint(resp.StatusCode)}
			if n, _ := value(samples, "dermliving_http_requests_total", route); n != 1 {
				t.Errorf("dermliving_http_requests_total%v = %v, want 1", route, n)
			}
			if n, ok := value(samples, "dermliving_http_requests_total", map[string]string{"route": "POST /v1/knowledge/ask", "code": "200"}); ok && n > 0 {
				t.Errorf("a request was counted as a 200: %v", n)
			}
		})
	}
}

// TestAnswerFormCutShort checks the answer form's body as
// TestBodyCutShortOrSlow checks the API's: a page with the error and the
// status the access log records, never an empty 200.
func TestAnswerFormCutShort(t *testing.T) {
	ts := newTestServer(t)
	addr, stop := startServer(t, ts, 0)
	body := form(seedQuestion)
	head := fmt.Sprintf("POST / HTTP/1.1\nHost: test\nContent-Type: %s\nContent-Length: %d", formType, len(body))
	resp, got := rawExchange(t, addr, head, body[:len(body)/2], true)
	stop()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(got, `role="alert"`) || !strings.Contains(got, "Content-Length") {
		t.Errorf("got %d %q, want a 400 page saying the body ended early", resp.StatusCode, got)
	}
	if strings.Contains(got, "atopic") {
		t.Errorf("the page writes back part of a question that did not arrive whole")
	}
	if lines := accessLines(t, ts.log.String()); len(lines) != 1 || lines[0].Status != resp.StatusCode || lines[0].Route != "POST /{$}" {
		t.Errorf("access log %+v, want one line for POST /{$} with %d", lines, resp.StatusCode)
	}
}

// TestExpectContinueTooLarge checks that a body declared over the limit is
// refused with 413 before it is read: the client that asked whether to
// send it gets the 413, not "100 Continue".
func TestExpectContinueTooLarge(t *testing.T) {
	tests := []struct {
		reason string
		head   string
		status int
		want   string // in the body
	}{
		{"the ask route", askHead(maxAskBody+1, "Expect: 100-continue"), http.StatusRequestEntityTooLarge, `"code":"` + codeTooLarge + `"`},
		{"the stream route", strings.Replace(askHead(maxAskBody+1, "Expect: 100-continue"), "/ask ", "/ask:stream ", 1), http.StatusRequestEntityTooLarge, `"code":"` + codeTooLarge + `"`},
		{"the answer form", fmt.Sprintf("POST / HTTP/1.1\nHost: test\nContent-Type: %s\nContent-Length: %d\nExpect: 100-continue", formType, maxFormBody+1), http.StatusRequestEntityTooLarge, "larger than 16384 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			ts := newTestServer(t)
			addr, stop := startServer(t, ts, 0)
			// No body is sent: a server that asked for it would wait, and
			// the test's deadline would end the wait with a failure.
			resp, got := rawExchange(t, addr, tt.head, "", false)
			stop()
			if resp.StatusCode != tt.status {
				t.Fatalf("first response %d %q, want %d before the body is sent", resp.StatusCode, got, tt.status)
			}
			if !strings.Contains(got, tt.want) {
				t.Errorf("body %q, want it to hold %q", got, tt.want)
			}
			if lines := accessLines(t, ts.log.String()); len(lines) != 1 || lines[0].Status != tt.status {
				t.Errorf("access log %+v, want one line with %d", lines, tt.status)
			}
		})
	}
	t.Run("a body within the limit is asked for and answered", func(t *testing.T) {
		ts := newTestServer(t)
		addr, _ := startServer(t, ts, 0)
		conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
		body := askBody(seedQuestion)
		if _, err := io.WriteString(conn, strings.ReplaceAll(askHead(len(body), "Expect: 100-continue"), "\n", "\r\n")+"\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		br := bufio.NewReader(conn)
		resp, err := http.ReadResponse(br, nil)
		if err != nil || resp.StatusCode != http.StatusContinue {
			t.Fatalf("first response %v (%v), want 100 Continue", resp, err)
		}
		if _, err := io.WriteString(conn, body); err != nil {
			t.Fatal(err)
		}
		if resp, err = http.ReadResponse(br, nil); err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("final response %v (%v), want 200", resp, err)
		}
	})
}
