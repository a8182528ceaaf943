package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/citation"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/sandbox"
)

const (
	seedQuestion  = "What makes atopic dermatitis flare?"
	patientQ      = "Patient MRN 48213377, DOB 03/14/1962, has a scaly rash, what is it?"
	jsonType      = "application/json"
	knownEvidence = "ev_atopic_dermatitis_causes_1"
)

// patientTraces are the identifier values of patientQ: none may appear in a
// response or a log.
var patientTraces = []string{"48213377", "03/14/1962", "1962"}

// ownNumbersRE matches the server's own numbers (log timestamps and
// durations, response sizes, random request ids): a digit run such as 1962 may occur in them
// by chance.
var ownNumbersRE = regexp.MustCompile(`"time":"[^"]*"|"duration":\d+|"bytes":\d+|req_[0-9a-f]+`)

// scrubOwn removes the server's own numbers from s before a search for
// identifier values.
func scrubOwn(s string) string { return ownNumbersRE.ReplaceAllString(s, "") }

// testServer is the handler over the embedded sandbox, with its access log
// captured in a buffer.
type testServer struct {
	h   http.Handler
	kv  *evidence.Version
	log *syncBuffer
}

// syncBuffer is a bytes.Buffer safe for the concurrent writes of parallel
// requests.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// openSandbox opens the embedded sandbox once for all tests: indexing it
// takes about a second under -race, and a Version is immutable. It is never
// closed; the test process ends instead.
// The tests serve the seed's version, kv_2026_10_01, whose examples (the
// rosacea abstention among them) the public explainer shows.
var openSandbox = sync.OnceValues(func() (*evidence.Version, error) { return sandbox.OpenVersion(sandbox.SeedVersion) })

func sandboxKV(t *testing.T) *evidence.Version {
	t.Helper()
	kv, err := openSandbox()
	if err != nil {
		t.Fatalf("sandbox.Open: %v", err)
	}
	return kv
}

// newTestServer returns a fresh server (and log buffer) over the shared
// sandbox version.
func newTestServer(t *testing.T) *testServer {
	t.Helper()
	kv := sandboxKV(t)
	buf := &syncBuffer{}
	logger := slog.New(slog.NewJSONHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h, err := newServer(config{Versions: map[string]*evidence.Version{kv.ID(): kv}, Default: kv.ID(), Logger: logger})
	if err != nil {
		t.Fatalf("newServer: %v", err)
	}
	return &testServer{h: h, kv: kv, log: buf}
}

// do serves one request and returns the recorded response.
func (ts *testServer) do(t *testing.T, method, target, contentType, body string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	w := httptest.NewRecorder()
	ts.h.ServeHTTP(w, r)
	return w
}

func (ts *testServer) ask(t *testing.T, question string) *httptest.ResponseRecorder {
	t.Helper()
	return ts.do(t, http.MethodPost, "/v1/knowledge/ask", jsonType, askBody(question))
}

func askBody(question string) string {
	b, err := json.Marshal(map[string]string{"question": question})
	if err != nil {
		panic(err)
	}
	return string(b)
}

// decode decodes a JSON response body, requiring the JSON content type.
func decode[T any](t *testing.T, w *httptest.ResponseRecorder) T {
	t.Helper()
	if ct := w.Header().Get("Content-Type"); ct != jsonType {
		t.Fatalf("Content-Type = %q, want %q; body %s", ct, jsonType, w.Body)
	}
	var v T
	d := json.NewDecoder(bytes.NewReader(w.Body.Bytes()))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		t.Fatalf("decoding %s: %v", w.Body, err)
	}
	return v
}

// wantError checks that w is the JSON error envelope with status and code,
// and a message.
func wantError(t *testing.T, w *httptest.ResponseRecorder, status int, code string) errorBody {
	t.Helper()
	got := decode[errorBody](t, w)
	if diff := cmp.Diff(
		struct {
			Status int
			Code   string
		}{status, code},
		struct {
			Status int
			Code   string
		}{w.Code, got.Error.Code}); diff != "" {
		t.Errorf("error response mismatch (-want +got):\n%s\nbody: %s", diff, w.Body)
	}
	if got.Error.Message == "" {
		t.Errorf("error %s has no message", code)
	}
	return got
}

// Shapes of the response data, for decoding.
type groundedData struct {
	Status        string              `json:"status"`
	Answer        string              `json:"answer"`
	Claims        []dermliving.Claim  `json:"claims"`
	RemovedClaims []removedClaim      `json:"removed_claims"`
	Citations     []citation.Citation `json:"citations"`
	Metadata      metadata            `json:"metadata"`
}

type removedClaim struct {
	Text   string  `json:"text"`
	Reason string  `json:"reason"`
	Score  float64 `json:"score"`
}

type metadata struct {
	RequestID        string            `json:"request_id"`
	KnowledgeVersion string            `json:"knowledge_version"`
	KnowledgeStatus  string            `json:"knowledge_status"`
	FailedGates      []string          `json:"failed_gates"`
	Mode             string            `json:"mode"`
	ToolCalls        []json.RawMessage `json:"tool_calls"`
}

type abstainedData struct {
	Status    string          `json:"status"`
	Reason    string          `json:"reason"`
	Answer    json.RawMessage `json:"answer"`
	Message   string          `json:"message"`
	Citations json.RawMessage `json:"citations"`
	Metadata  metadata        `json:"metadata"`
}

func TestAskGrounded(t *testing.T) {
	ts := newTestServer(t)
	w := ts.ask(t, seedQuestion)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d, want 200; body %s", w.Code, w.Body)
	}
	got := decode[struct{ Data groundedData }](t, w).Data

	if got.Status != "grounded" {
		t.Fatalf("status %q, want grounded; body %s", got.Status, w.Body)
	}
	if len(got.Claims) < 2 {
		t.Errorf("%d claims, want at least 2 (the seed answer has two)", len(got.Claims))
	}
	wantRemoved := []removedClaim{{Text: "Food allergy is the main trigger of flares in adults.", Reason: "unsupported"}}
	if diff := cmp.Diff(wantRemoved, got.RemovedClaims, cmpopts.IgnoreFields(removedClaim{}, "Score")); diff != "" {
		t.Errorf("removed_claims mismatch (-want +got):\n%s", diff)
	}
	for _, r := range got.RemovedClaims {
		if r.Score < 0 || r.Score > 1 {
			t.Errorf("removed claim score %v outside [0,1]", r.Score)
		}
	}
	if id := w.Header().Get("X-Request-Id"); !strings.HasPrefix(id, "req_") || id != got.Metadata.RequestID {
		t.Errorf("X-Request-Id %q, metadata.request_id %q: want the same req_ id", id, got.Metadata.RequestID)
	}
	if got.Metadata.KnowledgeVersion != sandbox.SeedVersion {
		t.Errorf("knowledge_version %q, want %q", got.Metadata.KnowledgeVersion, sandbox.SeedVersion)
	}
	if got.Metadata.ToolCalls == nil {
		t.Error("metadata.tool_calls missing, want [] (contract section 3)")
	}

	// Every claim cites, every citation is used, [n] markers match.
	used := map[string]bool{}
	for _, c := range got.Claims {
		if len(c.Citations) == 0 {
			t.Errorf("claim %s has no citation", c.ID)
		}
		for _, id := range c.Citations {
			used[id] = true
			if !strings.Contains(got.Answer, "["+strings.TrimPrefix(id, "cit_")+"]") {
				t.Errorf("answer has no marker for %s: %q", id, got.Answer)
			}
		}
	}
	if len(got.Citations) == 0 {
		t.Fatal("no citations")
	}
	for _, c := range got.Citations {
		if !used[c.ID] {
			t.Errorf("citation %s is not used by any claim", c.ID)
		}
		// The citation checks out against the evidence the server returns.
		ew := ts.do(t, http.MethodGet, "/v1/evidence/"+c.EvidenceID, "", "")
		if ew.Code != http.StatusOK {
			t.Fatalf("GET evidence %s: status %d; body %s", c.EvidenceID, ew.Code, ew.Body)
		}
		ev := decode[struct{ Data dermliving.EvidenceView }](t, ew).Data
		sum := sha256.Sum256([]byte(ev.Text))
		if want := "sha256:" + hex.EncodeToString(sum[:]); c.Checksum != want || ev.Checksum != want {
			t.Errorf("%s: citation checksum %s, evidence checksum %s, sha256 of the text %s", c.ID, c.Checksum, ev.Checksum, want)
		}
		if c.Span.Start < 0 || c.Span.End > len(ev.Text) || c.Span.Start > c.Span.End {
			t.Fatalf("%s: span %+v outside a %d-byte passage", c.ID, c.Span, len(ev.Text))
		}
		if q := ev.Text[c.Span.Start:c.Span.End]; q != c.Quote {
			t.Errorf("%s: text[%d:%d] = %q, quote %q", c.ID, c.Span.Start, c.Span.End, q, c.Quote)
		}
		if sr, er := utf8.RuneCountInString(ev.Text[:c.Span.Start]), utf8.RuneCountInString(ev.Text[:c.Span.End]); sr != c.Span.StartRune || er != c.Span.EndRune {
			t.Errorf("%s: rune span [%d:%d], want [%d:%d]", c.ID, c.Span.StartRune, c.Span.EndRune, sr, er)
		}
		wantSrc := citation.Source{ID: ev.Source.ID, Version: ev.Source.Version}
		if diff := cmp.Diff(wantSrc, c.Source); diff != "" {
			t.Errorf("%s: source mismatch (-evidence +citation):\n%s", c.ID, diff)
		}
		if diff := cmp.Diff(ev.Locator, c.Locator); diff != "" {
			t.Errorf("%s: locator mismatch (-evidence +citation):\n%s", c.ID, diff)
		}
		if diff := cmp.Diff(ev.License, c.License); diff != "" {
			t.Errorf("%s: license mismatch (-evidence +citation):\n%s", c.ID, diff)
		}
	}
}

func TestAskAbstained(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		reason   string
		question string
		want     abstainedData // Message "" is not compared
	}{{
		reason:   "the sandbox holds no rosacea passage (seed text)",
		question: "Where does rosacea usually appear?",
		want: abstainedData{Status: "abstained", Reason: "insufficient_evidence", Answer: json.RawMessage("null"),
			Message: "No passage in kv_2026_10_01 supports an answer.", Citations: json.RawMessage("[]")},
	}, {
		reason:   "stopping a drug before surgery is a treatment decision about a person",
		question: "Should I stop my methotrexate before surgery?",
		want:     abstainedData{Status: "abstained", Reason: "clinical_decision", Answer: json.RawMessage("null"), Citations: json.RawMessage("[]")},
	}, {
		reason:   "an MRN and a date of birth are patient identifiers, screened first",
		question: patientQ,
		want:     abstainedData{Status: "abstained", Reason: "patient_data", Answer: json.RawMessage("null"), Citations: json.RawMessage("[]")},
	}}
	for _, tt := range tests {
		t.Run(tt.want.Reason, func(t *testing.T) {
			w := ts.ask(t, tt.question)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d, want 200: an abstention is a result, not an error (%s); body %s", w.Code, tt.reason, w.Body)
			}
			data := decode[struct{ Data json.RawMessage }](t, w).Data
			var keys map[string]json.RawMessage
			if err := json.Unmarshal(data, &keys); err != nil {
				t.Fatal(err)
			}
			wantKeys := []string{"answer", "citations", "message", "metadata", "reason", "status"}
			gotKeys := slices.Sorted(maps.Keys(keys))
			if diff := cmp.Diff(wantKeys, gotKeys); diff != "" {
				t.Errorf("abstention fields mismatch (-want +got):\n%s", diff)
			}
			var got abstainedData
			if err := json.Unmarshal(data, &got); err != nil {
				t.Fatal(err)
			}
			if got.Message == "" {
				t.Error("abstention has no message")
			}
			if tt.want.Message == "" {
				got.Message = ""
			}
			md := got.Metadata
			got.Metadata = metadata{}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s: mismatch (-want +got):\n%s", tt.reason, diff)
			}
			if md.RequestID != w.Header().Get("X-Request-Id") || md.KnowledgeVersion != sandbox.SeedVersion {
				t.Errorf("metadata %+v, want request id %q and %s", md, w.Header().Get("X-Request-Id"), sandbox.SeedVersion)
			}
		})
	}
}

func TestPatientDataLeavesNoTrace(t *testing.T) {
	ts := newTestServer(t)
	w := ts.ask(t, patientQ)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d; body %s", w.Code, w.Body)
	}
	var headers strings.Builder
	_ = w.Header().Write(&headers)
	for _, s := range patientTraces {
		if strings.Contains(scrubOwn(w.Body.String()), s) {
			t.Errorf("response body holds %q: %s", s, w.Body)
		}
		if strings.Contains(scrubOwn(headers.String()), s) {
			t.Errorf("response headers hold %q", s)
		}
		if strings.Contains(scrubOwn(ts.log.String()), s) {
			t.Errorf("log holds %q:\n%s", s, ts.log)
		}
	}
	if ts.log.String() == "" {
		t.Error("nothing was logged: the no-trace check proves nothing")
	}
}

func TestAskErrors(t *testing.T) {
	ts := newTestServer(t)
	const ask = "/v1/knowledge/ask"
	tests := []struct {
		reason      string
		contentType string
		body        string
		status      int
		code        string
	}{
		{"an empty question is refused by Ask with ErrEmptyQuestion", jsonType, `{"question": ""}`, 400, codeInvalidQuestion},
		{"white space only is an empty question", jsonType, `{"question": " \t\n "}`, 400, codeInvalidQuestion},
		{"a missing question is a malformed request, not an empty question", jsonType, `{}`, 400, codeInvalidRequest},
		{"a null question is a missing question", jsonType, `{"question": null}`, 400, codeInvalidRequest},
		{"a question must be a string", jsonType, `{"question": 42}`, 400, codeInvalidRequest},
		{"the body must be a JSON object", jsonType, `["What makes atopic dermatitis flare?"]`, 400, codeInvalidRequest},
		{"malformed JSON", jsonType, `{"question": "What makes atopic dermatitis flare?"`, 400, codeInvalidRequest},
		{"an empty body is not JSON", jsonType, ``, 400, codeInvalidRequest},
		{"unknown fields are refused, so a typo is not silently ignored", jsonType, `{"question": "What makes atopic dermatitis flare?", "qestion": "x"}`, 400, codeInvalidRequest},
		{"trailing data after the object", jsonType, `{"question": "What makes atopic dermatitis flare?"} {}`, 400, codeInvalidRequest},
		{"trailing garbage after the object", jsonType, `{"question": "What makes atopic dermatitis flare?"}x`, 400, codeInvalidRequest},
		{"text/plain is not JSON", "text/plain", askBody(seedQuestion), 415, codeMediaType},
		{"a form post is not JSON", "application/x-www-form-urlencoded", askBody(seedQuestion), 415, codeMediaType},
		{"no Content-Type at all", "", askBody(seedQuestion), 415, codeMediaType},
		{"JSON must be UTF-8", "application/json; charset=latin1", askBody(seedQuestion), 415, codeMediaType},
		{"a body over 64 KiB is cut off unread", jsonType, askBody(strings.Repeat("a", maxAskBody)), 413, codeTooLarge},
		{"an over-long body is 413 even when it is not JSON", jsonType, strings.Repeat("{", maxAskBody+1), 413, codeTooLarge},
		{"a question over 4000 bytes is a 400: the body was read in full, one field fails", jsonType, askBody(strings.Repeat("a", dermliving.DefaultMaxQuestionBytes+1)), 400, codeInvalidQuestion},
		{"the limit counts bytes, not characters: 2001 two-byte runes are 4002 bytes", jsonType, askBody(strings.Repeat("é", 2001)), 400, codeInvalidQuestion},
		{"invalid UTF-8 in the JSON string: encoding/json would turn it into U+FFFD and answer another question", jsonType, "{\"question\": \"What makes atopic dermatitis flare\xff?\"}", 400, codeInvalidRequest},
		{"invalid UTF-8 outside the question too", jsonType, "{\"question\": \"What makes atopic dermatitis flare?\", \"knowledge_version\": \"kv\xc3\"}", 400, codeInvalidRequest},
		{"a lone surrogate escape also decodes to U+FFFD", jsonType, `{"question": "What makes atopic dermatitis flare\ud800?"}`, 400, codeInvalidQuestion},
		{"a NUL is not text (ErrInvalidQuestion)", jsonType, `{"question": "What makes atopic\u0000 dermatitis flare?"}`, 400, codeInvalidQuestion},
		{"a bidi override is not plain text (ErrInvalidQuestion)", jsonType, `{"question": "What makes atopic \u202edermatitis flare?"}`, 400, codeInvalidQuestion},
		{"an unknown knowledge version", jsonType, `{"question": "What makes atopic dermatitis flare?", "knowledge_version": "kv_1999_01_01"}`, 404, codeNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			w := ts.do(t, http.MethodPost, ask, tt.contentType, tt.body)
			wantError(t, w, tt.status, tt.code)
			if strings.Contains(w.Body.String(), "atopic") || strings.Contains(w.Body.String(), "qestion") {
				t.Errorf("the error quotes the request: %s", w.Body)
			}
		})
	}
}

func TestAskAccepted(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		reason      string
		contentType string
		body        string
		status      string
	}{
		{"charset=utf-8 is JSON", "application/json; charset=utf-8", askBody(seedQuestion), "grounded"},
		{"media type and charset are case-insensitive", "Application/JSON; Charset=UTF-8", askBody(seedQuestion), "grounded"},
		{"the default knowledge version may be named", jsonType, `{"question": "What makes atopic dermatitis flare?", "knowledge_version": "kv_2026_10_01"}`, "grounded"},
		{"an empty knowledge_version means the default", jsonType, `{"question": "What makes atopic dermatitis flare?", "knowledge_version": ""}`, "grounded"},
		{"exactly 4000 bytes is within the limit", jsonType, askBody(strings.Repeat("é", 2000)), "abstained"},
		{"a \\u escape of an ordinary letter is fine; only U+FFFD is refused", jsonType, `{"question": "What makes atop\u0069c dermatitis flare?"}`, "grounded"},
		{"white space and a trailing newline around the object are fine", jsonType, "\n " + askBody(seedQuestion) + "\n", "grounded"},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			w := ts.do(t, http.MethodPost, "/v1/knowledge/ask", tt.contentType, tt.body)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d, want 200; body %s", w.Code, w.Body)
			}
			var got struct {
				Status string `json:"status"`
			}
			if err := json.Unmarshal(decode[struct{ Data json.RawMessage }](t, w).Data, &got); err != nil {
				t.Fatal(err)
			}
			if got.Status != tt.status {
				t.Errorf("status %q, want %q", got.Status, tt.status)
			}
		})
	}
}

func TestAskInternalErrors(t *testing.T) {
	t.Run("timeout", func(t *testing.T) {
		ts := newTestServer(t)
		// An already expired deadline: Ask returns DeadlineExceeded at once.
		ts.h.(*server).askTimeout = -1
		w := ts.ask(t, seedQuestion)
		wantError(t, w, http.StatusServiceUnavailable, dermliving.CodeTimeout)
	})
	t.Run("client went away", func(t *testing.T) {
		ts := newTestServer(t)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		r := httptest.NewRequest(http.MethodPost, "/v1/knowledge/ask", strings.NewReader(askBody(seedQuestion))).WithContext(ctx)
		r.Header.Set("Content-Type", jsonType)
		w := httptest.NewRecorder()
		if !serveAborted(ts.h, w, r) {
			t.Error("the response was not aborted: net/http would send an empty 200")
		}
		if w.Body.Len() != 0 || w.Header().Get("Content-Type") != "" {
			t.Errorf("wrote a reply to a client that went away: %d %s", w.Code, w.Body)
		}
		lines := accessLines(t, ts.log.String())
		if len(lines) != 1 || lines[0].Status != statusClientClosed {
			t.Errorf("access log %+v, want one line with status %d", lines, statusClientClosed)
		}
	})
}

// serveAborted serves r and reports whether the handler aborted the
// response with http.ErrAbortHandler, as net/http's server recovers it.
func serveAborted(h http.Handler, w http.ResponseWriter, r *http.Request) (aborted bool) {
	defer func() {
		if p := recover(); p != nil {
			if p != http.ErrAbortHandler {
				panic(p)
			}
			aborted = true
		}
	}()
	h.ServeHTTP(w, r)
	return false
}

func TestEvidence(t *testing.T) {
	ts := newTestServer(t)
	want, err := dermliving.Evidence(ts.kv, knownEvidence)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		reason string
		target string
		status int
		code   string
	}{
		{"a known passage in the default version", "/v1/evidence/" + knownEvidence, 200, ""},
		{"a known passage, version named", "/v1/evidence/" + knownEvidence + "?knowledge_version=kv_2026_10_01", 200, ""},
		{"an unknown passage id", "/v1/evidence/ev_does_not_exist", 404, codeNotFound},
		{"a passage id is case-sensitive", "/v1/evidence/" + strings.ToUpper(knownEvidence), 404, codeNotFound},
		{"an escaped slash stays inside the id", "/v1/evidence/ev%2Fx", 404, codeNotFound},
		{"an unknown knowledge version", "/v1/evidence/" + knownEvidence + "?knowledge_version=kv_1999_01_01", 404, codeNotFound},
		{"no id at all is no route", "/v1/evidence/", 404, codeNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			w := ts.do(t, http.MethodGet, tt.target, "", "")
			if tt.status != 200 {
				wantError(t, w, tt.status, tt.code)
				return
			}
			if w.Code != 200 {
				t.Fatalf("status %d; body %s", w.Code, w.Body)
			}
			got := decode[struct{ Data dermliving.EvidenceView }](t, w).Data
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("evidence mismatch (-want +got):\n%s", diff)
			}
			if got.Checksum != evidence.Checksum(got.Text) {
				t.Errorf("checksum %s does not match the text", got.Checksum)
			}
		})
	}
}

func TestVersions(t *testing.T) {
	ts := newTestServer(t)
	w := ts.do(t, http.MethodGet, "/v1/knowledge/versions", "", "")
	if w.Code != 200 {
		t.Fatalf("status %d; body %s", w.Code, w.Body)
	}
	got := decode[struct{ Data []dermliving.VersionView }](t, w).Data
	if diff := cmp.Diff([]dermliving.VersionView{dermliving.DescribeVersion(ts.kv)}, got); diff != "" {
		t.Errorf("versions mismatch (-want +got):\n%s", diff)
	}
	var ids []string
	gateNames := []string{"citation_validity", "claim_grounding", "curated_recall_at_10", "correct_abstention", "unauthorized_tool_runs"}
	for _, v := range got {
		ids = append(ids, v.ID)
		if v.Passages <= 0 || v.Sources <= 0 {
			t.Errorf("%s: %d passages, %d sources, want some", v.ID, v.Passages, v.Sources)
		}
		if !strings.HasPrefix(v.Checksum, "sha256:") || len(v.Checksum) != len("sha256:")+64 {
			t.Errorf("%s: checksum %q, want sha256:<64 hex>", v.ID, v.Checksum)
		}
		// The sandbox stores its gate report, which passes: released.
		if v.Status != dermliving.StatusReleased || v.BlockedAllowed || len(v.FailedGates) != 0 {
			t.Errorf("%s: status %q, allowed %v, failing %q; want released, failing none", v.ID, v.Status, v.BlockedAllowed, v.FailedGates)
		}
		if v.Gates == nil {
			t.Errorf("%s: gates is null, want a list", v.ID)
		}
		// A gate report names the contract's five gates.
		if len(v.Gates) > 0 {
			var names []string
			for _, g := range v.Gates {
				names = append(names, g.Name)
			}
			if diff := cmp.Diff(gateNames, names); diff != "" {
				t.Errorf("%s: gates mismatch (-want +got):\n%s", v.ID, diff)
			}
		}
	}
	if diff := cmp.Diff([]string{sandbox.SeedVersion}, ids); diff != "" {
		t.Errorf("version ids mismatch, want the versions the test server holds (-want +got):\n%s", diff)
	}
	// The raw JSON says "gates": [] rather than null.
	if !strings.Contains(w.Body.String(), `"gates":[`) {
		t.Errorf("gates is not a JSON list: %s", w.Body)
	}
}

func TestRoutes(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		reason string
		method string
		target string
		status int
		code   string // for errors
		allow  string // for 405
	}{
		{"health check", "GET", "/healthz", 200, "", ""},
		{"HEAD is served by a GET route", "HEAD", "/healthz", 200, "", ""},
		{"a path next to the root page is no route", "GET", "/index.html", 404, codeNotFound, ""},
		{"the root is the answer page: GET for the form, POST for an answer", "PUT", "/", 405, codeMethod, "GET, HEAD, POST"},
		{"the trust page is GET only", "POST", "/trust", 405, codeMethod, "GET, HEAD"},
		{"the stream is POST only", "GET", "/v1/knowledge/ask:stream", 405, codeMethod, "POST"},
		{"an unknown route", "GET", "/v1/unknown", 404, codeNotFound, ""},
		{"an unknown route under an API prefix", "POST", "/v1/knowledge/ask/more", 404, codeNotFound, ""},
		{"GET on the ask route", "GET", "/v1/knowledge/ask", 405, codeMethod, "POST"},
		{"PUT on the ask route", "PUT", "/v1/knowledge/ask", 405, codeMethod, "POST"},
		{"POST on the health check", "POST", "/healthz", 405, codeMethod, "GET, HEAD"},
		{"DELETE on evidence", "DELETE", "/v1/evidence/" + knownEvidence, 405, codeMethod, "GET, HEAD"},
		{"POST on versions", "POST", "/v1/knowledge/versions", 405, codeMethod, "GET, HEAD"},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			w := ts.do(t, tt.method, tt.target, jsonType, "")
			if tt.status == 200 {
				if w.Code != 200 {
					t.Fatalf("status %d; body %s", w.Code, w.Body)
				}
				if tt.method == "GET" {
					got := decode[map[string]string](t, w)
					if diff := cmp.Diff(map[string]string{"status": "ok"}, got); diff != "" {
						t.Errorf("healthz mismatch (-want +got):\n%s", diff)
					}
				}
				return
			}
			wantError(t, w, tt.status, tt.code)
			if got := w.Header().Get("Allow"); got != tt.allow {
				t.Errorf("Allow %q, want %q", got, tt.allow)
			}
			if w.Header().Get("X-Request-Id") == "" {
				t.Error("no X-Request-Id on an error")
			}
		})
	}
}

// TestPathCleaningRedirects checks the mux's redirects from an unclean path
// to its cleaned form: the Location holds the cleaned path only, never the
// query, and the reply has no body to echo either into.
func TestPathCleaningRedirects(t *testing.T) {
	tests := []struct {
		reason, method, target, location string
	}{
		{"a doubled slash in a routed path", "GET", "/v1//knowledge/versions", "/v1/knowledge/versions"},
		{"the query is dropped, whatever it holds", "GET", "/v1//knowledge/versions?question=Secret+query+text", "/v1/knowledge/versions"},
		{"a dot segment before the answer page, with an old question link", "GET", "/./?q=" + url.QueryEscape(patientQ), "/"},
		{"a cleaned path no route serves is redirected too, without its query", "GET", "/v1//nope?question=Secret+query+text", "/v1/nope"},
		{"a query that changes the reply goes too: the client sends it again to the clean path", "GET", "/v1//evidence/" + knownEvidence + "?knowledge_version=Secret", "/v1/evidence/" + knownEvidence},
		{"a POST keeps its method through a 307, not its query", "POST", "/v1//knowledge/ask?question=Secret+query+text", "/v1/knowledge/ask"},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			ts := newTestServer(t)
			w := ts.do(t, tt.method, tt.target, "", "")
			if w.Code != http.StatusTemporaryRedirect || w.Header().Get("Location") != tt.location {
				t.Errorf("got %d Location %q, want the mux's 307 to %s", w.Code, w.Header().Get("Location"), tt.location)
			}
			if w.Body.Len() != 0 || w.Header().Get("Content-Type") != "" {
				t.Errorf("the redirect has a body (%q, %s): it would echo the address", w.Header().Get("Content-Type"), w.Body)
			}
			var all strings.Builder
			_ = w.Header().Write(&all)
			all.WriteString(ts.log.String())
			for _, s := range append([]string{"Secret", "q=", "question="}, patientTraces...) {
				if strings.Contains(scrubOwn(all.String()), s) {
					t.Errorf("the reply or the log holds %q:\n%s", s, all.String())
				}
			}
			if lines := accessLines(t, ts.log.String()); len(lines) != 1 || lines[0].Status != http.StatusTemporaryRedirect {
				t.Errorf("access log %+v, want one line with the 307", lines)
			}
		})
	}
}

// TestAccessLogMethods checks that the access log writes a known method as
// it is and any other token as OTHER, and the route by its pattern: a 405
// on a routed path under that path's pattern.
func TestAccessLogMethods(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		reason, method, target string
		status                 int
		logged, route          string
	}{
		{"a known method", "GET", "/healthz", 200, "GET", "GET /healthz"},
		{"a known method a path does not serve: its path's pattern", "DELETE", "/v1/evidence/" + knownEvidence, 405, "DELETE", "/v1/evidence/{id}"},
		{"an unknown method token", "PROPFIND", "/healthz", 405, "OTHER", "/healthz"},
		{"a method token that is text a client chose", "Patient48213377", "/trust", 405, "OTHER", "/trust"},
		{"methods are case-sensitive: get is not GET", "get", "/healthz", 405, "OTHER", "/healthz"},
		{"an unknown method on no route", "BREW", "/v1/nope?question=Secret", 404, "OTHER", "unmatched"},
	}
	for _, tt := range tests {
		before := len(accessLines(t, ts.log.String()))
		w := ts.do(t, tt.method, tt.target, "", "")
		if w.Code != tt.status {
			t.Errorf("%s: status %d, want %d", tt.reason, w.Code, tt.status)
			continue
		}
		lines := accessLines(t, ts.log.String())[before:]
		if len(lines) != 1 || lines[0].Method != tt.logged || lines[0].Route != tt.route {
			t.Errorf("%s: access log %+v, want method %s and route %q", tt.reason, lines, tt.logged, tt.route)
		}
	}
	for _, s := range []string{"PROPFIND", "Patient", "48213377", "BREW", "Secret", "get"} {
		if strings.Contains(scrubOwn(ts.log.String()), `"`+s) {
			t.Errorf("log holds %q:\n%s", s, ts.log)
		}
	}
}

// accessLine is one access-log record.
type accessLine struct {
	Msg       string  `json:"msg"`
	Method    string  `json:"method"`
	Route     string  `json:"route"`
	Status    int     `json:"status"`
	Duration  float64 `json:"duration"`
	RequestID string  `json:"request_id"`
	Bytes     int64   `json:"bytes"`
}

func accessLines(t *testing.T, log string) []accessLine {
	t.Helper()
	var lines []accessLine
	for l := range strings.Lines(log) {
		var a accessLine
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("log line is not JSON: %q", l)
		}
		if a.Msg == "request" {
			lines = append(lines, a)
		}
	}
	return lines
}

func TestAccessLog(t *testing.T) {
	ts := newTestServer(t)
	questions := []string{
		seedQuestion,
		"Where does rosacea usually appear?",
		"Should I stop my methotrexate before surgery?",
		patientQ,
		"Zebra-unicorn-question-text that must not be logged?",
		strings.Repeat("q", dermliving.DefaultMaxQuestionBytes+1),
	}
	type want struct {
		Method, Route string
		Status        int
		RequestID     string
		Bytes         int64
	}
	var wants []want
	record := func(method string, w *httptest.ResponseRecorder, route string) {
		wants = append(wants, want{method, route, w.Code, w.Header().Get("X-Request-Id"), int64(w.Body.Len())})
	}
	for _, q := range questions {
		record("POST", ts.ask(t, q), "POST /v1/knowledge/ask")
	}
	record("POST", ts.do(t, "POST", "/v1/knowledge/ask", "text/plain", askBody("Plain-text question body")), "POST /v1/knowledge/ask")
	record("GET", ts.do(t, "GET", "/v1/evidence/"+knownEvidence+"?knowledge_version=kv_2026_10_01", "", ""), "GET /v1/evidence/{id}")
	record("GET", ts.do(t, "GET", "/v1/knowledge/versions", "", ""), "GET /v1/knowledge/versions")
	record("GET", ts.do(t, "GET", "/healthz", "", ""), "GET /healthz")
	record("GET", ts.do(t, "GET", "/v1/secret-path?question=Unrouted+question+text", "", ""), "unmatched")
	record("GET", ts.do(t, "GET", "/v1/knowledge/ask?question=Query+question+text", "", ""), "/v1/knowledge/ask")

	log := ts.log.String()
	lines := accessLines(t, log)
	got := make([]want, len(lines))
	for i, l := range lines {
		got[i] = want{l.Method, l.Route, l.Status, l.RequestID, l.Bytes}
		if l.Duration <= 0 {
			t.Errorf("line %d: duration %v, want > 0", i, l.Duration)
		}
	}
	if diff := cmp.Diff(wants, got); diff != "" {
		t.Errorf("access log mismatch, want one line per request (-want +got):\n%s", diff)
	}
	for _, q := range questions {
		for _, frag := range []string{q, q[:min(len(q), 20)]} {
			if strings.Contains(log, frag) {
				t.Errorf("log holds question text %q", frag[:min(len(frag), 40)])
			}
		}
	}
	// Timestamps, durations and random request ids are the server's own
	// numbers: a digit run such as 1962 may occur in them by chance.
	scrubbed := scrubOwn(log)
	for _, s := range append([]string{"Zebra", "Plain-text", "Unrouted", "Query+question", "secret-path", "methotrexate", "rosacea", "atopic"}, patientTraces...) {
		if strings.Contains(scrubbed, s) {
			t.Errorf("log holds %q:\n%s", s, log)
		}
	}
}

func TestConcurrentRequests(t *testing.T) {
	ts := newTestServer(t)
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			q := []string{seedQuestion, "Where does rosacea usually appear?", patientQ, "How is scabies spread?"}[i%4]
			w := ts.ask(t, q)
			if w.Code != 200 {
				t.Errorf("%q: status %d", q, w.Code)
			}
		})
	}
	wg.Wait()
	if n := len(accessLines(t, ts.log.String())); n != 16 {
		t.Errorf("%d access-log lines, want 16", n)
	}
	if t.Failed() {
		t.Logf("log:\n%s", ts.log)
	}
}

func TestNewServerRefuses(t *testing.T) {
	kv := sandboxKV(t)
	tests := []struct {
		reason string
		cfg    config
	}{
		{"nothing to serve", config{}},
		{"a default that is not served", config{Versions: map[string]*evidence.Version{kv.ID(): kv}, Default: "kv_other"}},
		{"a key that is not the version's id", config{Versions: map[string]*evidence.Version{"kv_other": kv}, Default: "kv_other"}},
		{"a nil version", config{Versions: map[string]*evidence.Version{"kv_x": nil}, Default: "kv_x"}},
	}
	for _, tt := range tests {
		if _, err := newServer(tt.cfg); err == nil {
			t.Errorf("%s: newServer succeeded, want an error", tt.reason)
		}
	}
}

// defaultVersion picks the version a request that names none gets among
// versions, as the server's library does (server.defaultID), by the rule the CLI and the sandbox follow (dermliving.Library.Default): the
// newest released one, else the newest unmeasured one, else a blocked one
// served all the same. When every version served is blocked and refused,
// there is none, and the server does not start.
func defaultVersion(versions map[string]*evidence.Version) (string, error) {
	kv, err := dermliving.NewLibrary(slices.Collect(maps.Values(versions))...).Default()
	if err != nil {
		return "", err
	}
	return kv.ID(), nil
}

func TestDefaultVersion(t *testing.T) {
	kv := sandboxKV(t)
	if got, err := defaultVersion(map[string]*evidence.Version{kv.ID(): kv}); err != nil || got != kv.ID() {
		t.Errorf("defaultVersion = %q, %v; want %q", got, err, kv.ID())
	}
	// A server whose only version failed a release gate has no default,
	// as the CLI and dermliving.Library have none: it does not start on it.
	recs := []evidence.Record{{SourceID: "hives", SourceVersion: "1", SourceTitle: "Hives", Section: "Overview", Paragraph: 1, Text: "Urticaria, commonly called hives, is a skin reaction that causes raised, itchy welts.", License: "CC0-1.0"}}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{
		ID: "kv_2027_01_01", Released: "2027-01-01",
		Gates: &evidence.GateReport{Measured: "2027-01-01T00:00:00Z", Passed: false},
	})
	if err != nil {
		t.Fatal(err)
	}
	blocked, err := b.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer blocked.Close()
	if got, err := defaultVersion(map[string]*evidence.Version{blocked.ID(): blocked}); !errors.Is(err, dermliving.ErrNoKnowledge) {
		t.Errorf("defaultVersion of a blocked version alone = %q, %v; want ErrNoKnowledge", got, err)
	}
	if got, err := defaultVersion(map[string]*evidence.Version{blocked.ID(): blocked, kv.ID(): kv}); err != nil || got != kv.ID() {
		t.Errorf("defaultVersion beside a newer blocked version = %q, %v; want %q", got, err, kv.ID())
	}

	// Naming the blocked version is a 409 with the library's code, not a 500.
	h, err := newServer(config{Versions: map[string]*evidence.Version{blocked.ID(): blocked, kv.ID(): kv}, Default: kv.ID(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{h: h}
	body, _ := json.Marshal(map[string]string{"question": "What causes hives?", "knowledge_version": blocked.ID()})
	wantError(t, ts.do(t, http.MethodPost, "/v1/knowledge/ask", jsonType, string(body)), http.StatusConflict, dermliving.CodeBlocked)
}

// Example-free smoke check that the response body is written in full and
// Content-Length agrees.
func TestContentLength(t *testing.T) {
	ts := newTestServer(t)
	w := ts.ask(t, seedQuestion)
	if cl := w.Header().Get("Content-Length"); cl != fmt.Sprint(w.Body.Len()) {
		t.Errorf("Content-Length %s, body %d bytes", cl, w.Body.Len())
	}
	if _, err := io.Copy(io.Discard, w.Body); err != nil {
		t.Fatal(err)
	}
}
