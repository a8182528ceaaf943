package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/citation"
)

// sseEvent is one parsed server-sent event.
type sseEvent struct {
	Event, ID, Data string
}

// parseSSE parses a text/event-stream body, requiring every event to end
// with a blank line.
func parseSSE(t *testing.T, body string) []sseEvent {
	t.Helper()
	var events []sseEvent
	var cur sseEvent
	open := false
	sc := bufio.NewScanner(strings.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			if open {
				events = append(events, cur)
			}
			cur, open = sseEvent{}, false
			continue
		}
		field, value, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("malformed event line %q", line)
		}
		open = true
		switch field {
		case "event":
			cur.Event = value
		case "id":
			cur.ID = value
		case "data":
			if cur.Data != "" {
				t.Fatalf("an event with two data lines: %q", body)
			}
			cur.Data = value
		default:
			t.Fatalf("unknown field %q", field)
		}
	}
	if open {
		t.Fatalf("the stream ends inside an event: %q", body)
	}
	return events
}

// flushRecorder counts flushes.
type flushRecorder struct {
	*httptest.ResponseRecorder
	flushes int
}

func (f *flushRecorder) Flush() { f.flushes++; f.ResponseRecorder.Flush() }

func (ts *testServer) stream(t *testing.T, question string) (*flushRecorder, []sseEvent) {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, "/v1/knowledge/ask:stream", strings.NewReader(askBody(question)))
	r.Header.Set("Content-Type", jsonType)
	w := &flushRecorder{ResponseRecorder: httptest.NewRecorder()}
	ts.h.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d; body %s", w.Code, w.Body)
	}
	if ct := w.Header().Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q, want text/event-stream", ct)
	}
	return w, parseSSE(t, w.Body.String())
}

func TestAskStreamGrounded(t *testing.T) {
	ts := newTestServer(t)
	w, events := ts.stream(t, seedQuestion)
	if len(events) < 2 {
		t.Fatalf("%d events, want claims then a result", len(events))
	}
	last := events[len(events)-1]
	if last.Event != "result" {
		t.Fatalf("last event %q, want result", last.Event)
	}
	var res struct{ Data groundedData }
	if err := json.Unmarshal([]byte(last.Data), &res); err != nil {
		t.Fatal(err)
	}
	if res.Data.Status != "grounded" || res.Data.Metadata.RequestID != w.Header().Get("X-Request-Id") {
		t.Fatalf("result %+v, want grounded with the request's id", res.Data)
	}
	byID := map[string]citation.Citation{}
	for _, c := range res.Data.Citations {
		byID[c.ID] = c
	}
	claimEvents := events[:len(events)-1]
	if len(claimEvents) != len(res.Data.Claims) {
		t.Fatalf("%d claim events, %d claims in the result", len(claimEvents), len(res.Data.Claims))
	}
	for i, e := range claimEvents {
		var ce claimEvent
		if err := json.Unmarshal([]byte(e.Data), &ce); err != nil {
			t.Fatal(err)
		}
		want := res.Data.Claims[i]
		if e.Event != "claim" || e.ID != want.ID {
			t.Errorf("event %d: %s id %s, want claim %s (answer order)", i, e.Event, e.ID, want.ID)
		}
		if diff := cmp.Diff(want, ce.Claim); diff != "" {
			t.Errorf("event %d: claim mismatch with the result (-result +event):\n%s", i, diff)
		}
		var wantCits []citation.Citation
		for _, id := range want.Citations {
			wantCits = append(wantCits, byID[id])
		}
		if diff := cmp.Diff(wantCits, ce.Citations); diff != "" {
			t.Errorf("event %d: citations mismatch with the result (-result +event):\n%s", i, diff)
		}
		for _, c := range ce.Citations {
			if st, why := citation.Check(c, ts.kv); st != citation.Valid {
				t.Errorf("event %d sent citation %s that does not hold: %s %s", i, c.ID, st, why)
			}
		}
	}
	if w.flushes != len(events) {
		t.Errorf("%d flushes for %d events, want one per event", w.flushes, len(events))
	}
}

func TestAskStreamAbstained(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		reason, question, want string
	}{
		{"no rosacea passage: the seed's insufficient_evidence", rosaceaQ, "insufficient_evidence"},
		{"a treatment decision about a person", clinicalQ, "clinical_decision"},
		{"patient identifiers are screened first", patientQ, "patient_data"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			w, events := ts.stream(t, tt.question)
			if len(events) != 1 || events[0].Event != "result" {
				t.Fatalf("%s: events %+v, want only the result", tt.reason, events)
			}
			var res struct{ Data abstainedData }
			if err := json.Unmarshal([]byte(events[0].Data), &res); err != nil {
				t.Fatal(err)
			}
			if res.Data.Status != "abstained" || res.Data.Reason != tt.want || res.Data.Message == "" {
				t.Errorf("%s: result %+v, want abstained %s with a message", tt.reason, res.Data, tt.want)
			}
			for _, s := range patientTraces {
				if strings.Contains(scrubOwn(w.Body.String()), s) {
					t.Errorf("stream holds %q", s)
				}
			}
		})
	}
}

// TestAskStreamErrors: a request refused before the answer exists gets the
// JSON error of POST /v1/knowledge/ask, not a stream.
func TestAskStreamErrors(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		reason, contentType, body string
		status                    int
		code                      string
	}{
		{"an empty question", jsonType, `{"question": ""}`, 400, codeInvalidQuestion},
		{"not JSON", "text/plain", askBody(seedQuestion), 415, codeMediaType},
		{"a missing question", jsonType, `{}`, 400, codeInvalidRequest},
		{"an unknown version", jsonType, `{"question": "x", "knowledge_version": "kv_1999_01_01"}`, 404, codeNotFound},
		{"a body over 64 KiB", jsonType, askBody(strings.Repeat("a", maxAskBody)), 413, codeTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			w := ts.do(t, http.MethodPost, "/v1/knowledge/ask:stream", tt.contentType, tt.body)
			wantError(t, w, tt.status, tt.code)
		})
	}
}

// TestVerifiedClaims: a claim goes out only when every citation it uses
// holds in the version; the first that does not stops the stream there.
func TestVerifiedClaims(t *testing.T) {
	ts := newTestServer(t)
	res, err := dermliving.Ask(t.Context(), seedQuestion, ts.kv)
	if err != nil {
		t.Fatal(err)
	}
	g := res.(*dermliving.Grounded)
	if len(g.Claims) < 2 {
		t.Fatalf("%d claims, want at least 2", len(g.Claims))
	}
	// The citation the second claim uses first.
	second := g.Claims[1].Citations[0]
	tests := []struct {
		reason     string
		tamper     func(c *citation.Citation)
		wantEvents int
		wantFail   string
	}{
		{"untouched citations all hold", func(*citation.Citation) {}, len(g.Claims), ""},
		{"a changed checksum", func(c *citation.Citation) { c.Checksum = "sha256:" + strings.Repeat("0", 64) }, 1, "checksum differs"},
		{"a quote that is not the span's text", func(c *citation.Citation) { c.Quote += "!" }, 1, "span does not slice to the quote"},
		{"a passage the version does not hold", func(c *citation.Citation) { c.EvidenceID = "ev_nope" }, 1, "missing"},
		{"another licence", func(c *citation.Citation) { c.License.ID = "proprietary" }, 1, "licence differs"},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			cp := *g
			cp.Citations = append([]citation.Citation(nil), g.Citations...)
			for i := range cp.Citations {
				if cp.Citations[i].ID == second {
					tt.tamper(&cp.Citations[i])
				}
			}
			events, failure := verifiedClaims(&cp, ts.kv)
			if len(events) != tt.wantEvents {
				t.Errorf("%d claims pass, want %d", len(events), tt.wantEvents)
			}
			if tt.wantFail == "" && failure != "" || tt.wantFail != "" && !strings.Contains(failure, tt.wantFail) {
				t.Errorf("failure %q, want one naming %q", failure, tt.wantFail)
			}
			if tt.wantFail != "" && !strings.Contains(failure, second) {
				t.Errorf("failure %q does not name citation %s", failure, second)
			}
		})
	}
}
