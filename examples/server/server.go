package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/gates"
)

// Limits and defaults of the server.
const (
	// maxAskBody is the largest POST /v1/knowledge/ask body read; a larger
	// one gets 413 too_large.
	maxAskBody = 64 << 10
	// defaultAskTimeout bounds one Ask call. Keep it below the http.Server's
	// WriteTimeout, so that a slow answer gets a JSON error rather than a
	// dropped connection.
	defaultAskTimeout = 20 * time.Second
)

// Error codes of the {"error": {"code", "message"}} envelope: those of the
// request itself, and the library's (dermliving.ErrorCode) by their names.
const (
	codeInvalidRequest  = "invalid_request"
	codeInvalidQuestion = dermliving.CodeInvalidQuestion
	codeNotFound        = dermliving.CodeNotFound
	codeMethod          = "method_not_allowed"
	codeTooLarge        = "too_large"
	codeTimeout         = "request_timeout"
	codeMediaType       = "unsupported_media_type"
	codeInternal        = dermliving.CodeInternal
)

// config is what newServer serves. Versions is required.
type config struct {
	// Versions are the knowledge versions served at the start, by id. Each
	// key must be its version's ID. They are held in the server's
	// dermliving.Library, which may be given more and replace them while
	// the server runs (see watcher); the library closes a replaced version
	// once its last request ends, and closes none otherwise.
	Versions map[string]*evidence.Version
	// Library, when not nil, is the library served, with the versions it
	// holds and those put into it later (by a watcher); Versions are added
	// to it.
	Library *dermliving.Library
	// Default, when set, is the id of the version used when a request names
	// none, pinned. Empty means the library's default at the time of each
	// request (dermliving.Library.Default: the newest released version,
	// else the newest unmeasured one, else a blocked one served all the
	// same), which follows versions as they are loaded.
	Default string
	// Logger receives one access-log line per request, and nothing else
	// from a request: never its body, never a question. Nil means
	// slog.Default().
	Logger *slog.Logger
	// AskTimeout bounds one Ask call; zero means defaultAskTimeout.
	AskTimeout time.Duration
	// MeasureGates, when set, measures the release gates of each version
	// whose manifest stores no gate report but holds gate cases, in the
	// background from the start; the trust page shows the result as
	// measured by this server, not stored. It never changes a version's
	// status.
	MeasureGates func(ctx context.Context, kv *evidence.Version) (*gates.Report, error)
}

// server is the HTTP API over the knowledge versions of a
// dermliving.Library. It is safe for concurrent use: versions are immutable,
// Ask is concurrency-safe, and each request holds the version it answers
// from (Library.Acquire) until it has written its reply, so that a version
// replaced meanwhile is closed only after that.
type server struct {
	lib        *dermliving.Library
	def        string // the pinned default, or "" for the library's
	log        *slog.Logger
	askTimeout time.Duration
	mux        *http.ServeMux
	pages      *pages
	metrics    *metrics
	openapi    []byte
	measured   *measurements
	// askFunc is dermliving.Ask; tests replace it to make Ask fail.
	askFunc func(context.Context, string, *evidence.Version, ...dermliving.Option) (dermliving.Result, error)
}

// newServer returns the handler of the DermLiving HTTP API and its pages:
//
//	POST /v1/knowledge/ask        {"question": "...", "knowledge_version": "optional"}
//	POST /v1/knowledge/ask:stream the same body; server-sent events
//	GET  /v1/evidence/{id}        ?knowledge_version=optional
//	GET  /v1/knowledge/versions
//	GET  /healthz
//	GET  /openapi.json            the OpenAPI 3.1 document of these routes
//	GET  /metrics                 Prometheus text exposition format
//	GET  /                        answer page: the form, ?v=optional version
//	POST /                        answer page: the answer, form q=question&v=optional version
//	GET  /evidence/{id}           evidence page, ?v=version&start=&end= (a span to highlight)
//	GET  /trust                   trust page: versions and their release gates
//
// Successful JSON responses are {"data": ...}; errors are
// {"error": {"code", "message"}}. An abstention is a 200 result, never an
// error.
func newServer(cfg config) (http.Handler, error) {
	lib := cfg.Library
	if lib == nil {
		lib = &dermliving.Library{}
	}
	if len(cfg.Versions) == 0 && len(lib.Versions()) == 0 {
		return nil, errors.New("server: no knowledge versions to serve")
	}
	s := &server{
		lib:        lib,
		def:        cfg.Default,
		log:        cfg.Logger,
		askTimeout: cfg.AskTimeout,
		mux:        http.NewServeMux(),
		metrics:    newMetrics(),
		openapi:    openAPIDocument,
		askFunc:    dermliving.Ask,
	}
	for id, kv := range cfg.Versions {
		if kv == nil {
			return nil, fmt.Errorf("server: knowledge version %q is nil", id)
		}
		if kv.ID() != id {
			return nil, fmt.Errorf("server: knowledge version registered as %q has id %q", id, kv.ID())
		}
	}
	for _, kv := range cfg.Versions {
		s.lib.Put(kv)
	}
	if _, err := s.lib.Get(s.def); s.def != "" && err != nil {
		return nil, fmt.Errorf("server: default knowledge version %q is not served", s.def)
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.askTimeout <= 0 {
		s.askTimeout = defaultAskTimeout
	}
	s.measured = newMeasurements(cfg.MeasureGates)
	for _, kv := range s.lib.Versions() {
		s.measured.add(kv)
	}
	p, err := newPages()
	if err != nil {
		return nil, err
	}
	s.pages = p
	for _, rt := range s.routes() {
		s.mux.HandleFunc(rt.pattern, rt.handler)
	}
	// Each routed path also gets a pattern without a method, which the mux
	// picks for the methods no route serves there: a 405 is then logged and
	// counted under that path's pattern, not as an unmatched request.
	for path, allow := range allowedMethods(s.routes()) {
		s.mux.HandleFunc(path, methodNotAllowed(allow))
	}
	return s, nil
}

// allowedMethods returns, for each path of routes, the Allow header of a
// 405 there: its methods, sorted, with HEAD wherever GET is served (a GET
// pattern serves HEAD too).
func allowedMethods(routes []route) map[string]string {
	methods := map[string][]string{}
	for _, rt := range routes {
		method, path, _ := strings.Cut(rt.pattern, " ")
		methods[path] = append(methods[path], method)
		if method == http.MethodGet {
			methods[path] = append(methods[path], http.MethodHead)
		}
	}
	allow := make(map[string]string, len(methods))
	for path, ms := range methods {
		slices.Sort(ms)
		allow[path] = strings.Join(slices.Compact(ms), ", ")
	}
	return allow
}

// methodNotAllowed answers a method a path does not serve.
func methodNotAllowed(allow string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", allow)
		writeError(w, http.StatusMethodNotAllowed, codeMethod, "Method not allowed; see the Allow header.")
	}
}

// ServeHTTP gives every request an id, routes it, turns the mux's own 404
// into a JSON error, and writes one access-log line and counts the request,
// both with the status sent.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	id := newRequestID()
	w.Header().Set("X-Request-Id", id)
	rw := &responseWriter{ResponseWriter: w}
	r = r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id))

	_, pattern := s.mux.Handler(r)
	defer func() {
		p := recover()
		aborted := p == http.ErrAbortHandler
		if p != nil && !aborted {
			// Log the panic's type only: its value could hold request data.
			s.log.LogAttrs(r.Context(), slog.LevelError, "panic",
				slog.String("request_id", id), slog.String("route", pattern),
				slog.String("panic_type", fmt.Sprintf("%T", p)))
			if rw.status == 0 {
				writeError(rw, http.StatusInternalServerError, codeInternal, "Internal error; quote request id "+id+".")
			}
		}
		status := finalStatus(r, rw, aborted)
		s.accessLog(r, rw, pattern, status, id, time.Since(start))
		s.metrics.request(pattern, status)
		if aborted || status == statusClientClosed {
			// Nothing was written for a client that went away. Returning
			// would let net/http send an empty 200, which the log would
			// contradict: abort the response instead, so that no status
			// is sent at all.
			panic(http.ErrAbortHandler)
		}
	}()

	if pattern == "" {
		s.unmatched(rw, r)
		return
	}
	s.mux.ServeHTTP(rw, r)
}

// unmatched handles a request no route pattern matches: the mux decides
// between a 404, whose plain-text body is replaced by the JSON error shape,
// and a redirect to the cleaned path (which responseWriter strips of its
// query and body). A method a routed path does not serve never gets here:
// see allowedMethods.
func (s *server) unmatched(w http.ResponseWriter, r *http.Request) {
	c := &captureWriter{header: http.Header{}}
	s.mux.ServeHTTP(c, r)
	if c.status == http.StatusNotFound {
		writeError(w, http.StatusNotFound, codeNotFound, "No such route.")
		return
	}
	w.Header().Set("Location", c.header.Get("Location"))
	w.WriteHeader(c.status)
}

// statusClientClosed is the status logged and counted for a request whose
// client went away before any reply was written: 499, the "client closed
// request" of common proxies. It is never sent; the response is aborted.
const statusClientClosed = 499

// finalStatus is the status a request is logged and counted with: the one
// written, or statusClientClosed when nothing was written because the
// client went away or the handler aborted.
func finalStatus(r *http.Request, rw *responseWriter, aborted bool) int {
	switch {
	case rw.status == 0 && (aborted || r.Context().Err() != nil):
		return statusClientClosed
	case rw.status == 0:
		return http.StatusOK // what net/http sends for a handler that wrote nothing
	}
	return rw.status
}

// accessLog writes the one line logged per request. It holds no question,
// body or query string: only the route pattern, never the raw path.
func (s *server) accessLog(r *http.Request, rw *responseWriter, pattern string, status int, id string, d time.Duration) {
	if pattern == "" {
		pattern = "unmatched"
	}
	level := slog.LevelInfo
	if status >= 500 {
		level = slog.LevelError
	}
	s.log.LogAttrs(r.Context(), level, "request",
		slog.String("method", logMethod(r.Method)),
		slog.String("route", pattern),
		slog.Int("status", status),
		slog.Duration("duration", d),
		slog.String("request_id", id),
		slog.Int64("bytes", rw.bytes),
	)
}

// knownMethods are the methods of RFC 9110 and PATCH: the only ones the
// access log writes as they are.
var knownMethods = []string{
	http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
	http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace,
}

// logMethod is how the access log writes a request's method: a known
// method as it is, any other token, which a client may fill with anything,
// as "OTHER".
func logMethod(m string) string {
	if slices.Contains(knownMethods, m) {
		return m
	}
	return "OTHER"
}

// askRequest is the body of POST /v1/knowledge/ask. Question is a pointer
// so that a missing question is told apart from an empty one.
type askRequest struct {
	Question         *string `json:"question"`
	KnowledgeVersion string  `json:"knowledge_version"`
}

func (s *server) handleAsk(w http.ResponseWriter, r *http.Request) {
	question, kv, release, ok := s.decodeAsk(w, r)
	if !ok {
		return
	}
	defer release()
	res, err := s.ask(r.Context(), question, kv)
	if err != nil {
		s.writeAskError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, envelope{Data: res})
}

// decodeAsk reads and checks the body of POST /v1/knowledge/ask (and of its
// streaming twin), and holds the version it names (see acquire). When it
// returns ok false it has written the error reply and holds nothing;
// otherwise the caller must call release once it has replied.
func (s *server) decodeAsk(w http.ResponseWriter, r *http.Request) (question string, kv *evidence.Version, release func(), ok bool) {
	if !isJSON(r.Header.Get("Content-Type")) {
		writeError(w, http.StatusUnsupportedMediaType, codeMediaType, "Content-Type must be application/json.")
		return "", nil, nil, false
	}
	body, berr := readBody(w, r, maxAskBody)
	if berr != nil {
		writeError(w, berr.Status, berr.Code, berr.Message)
		return "", nil, nil, false
	}
	// JSON between systems is UTF-8 (RFC 8259, section 8.1). encoding/json
	// would silently replace invalid bytes with U+FFFD and answer a question
	// that was never asked; refuse the body instead.
	if !utf8.Valid(body) {
		writeError(w, http.StatusBadRequest, codeInvalidRequest, "The body is not valid UTF-8.")
		return "", nil, nil, false
	}
	var req askRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	// The decoder's error text is not returned: it can quote the body (an
	// unknown field's name, for one), and the body may hold identifiers.
	if err := dec.Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, codeInvalidRequest, `The body must be a JSON object {"question": "...", "knowledge_version": "optional id"} with no other fields.`)
		return "", nil, nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		writeError(w, http.StatusBadRequest, codeInvalidRequest, "The body must hold one JSON object and nothing after it.")
		return "", nil, nil, false
	}
	if req.Question == nil {
		writeError(w, http.StatusBadRequest, codeInvalidRequest, `The body has no "question".`)
		return "", nil, nil, false
	}
	// A lone UTF-16 surrogate escape such as "\ud800" is valid JSON syntax
	// that encoding/json also decodes to U+FFFD. A question holding U+FFFD
	// was damaged before it reached us, so it is refused like invalid UTF-8.
	if strings.ContainsRune(*req.Question, utf8.RuneError) {
		writeError(w, http.StatusBadRequest, codeInvalidQuestion, "The question holds U+FFFD replacement characters: its text was damaged in encoding.")
		return "", nil, nil, false
	}
	kv, release, err := s.acquire(req.KnowledgeVersion)
	if err != nil {
		s.writeVersionError(w, r, err)
		return "", nil, nil, false
	}
	return *req.Question, kv, release, true
}

// bodyError is why a request body could not be read, and the reply it
// gets: the API writes it as a JSON error, the pages as an error page.
type bodyError struct {
	Status  int
	Code    string
	Message string
}

// readBody reads the whole body of r, at most limit bytes, so that a body
// over the limit is refused whatever its content. A body whose declared
// Content-Length is over the limit is refused before any of it is read: a
// client that sent "Expect: 100-continue" then gets the 413 and never a
// "100 Continue" inviting it to send the body.
//
// A body that stops short of its Content-Length (the client closed its
// side early) and one that did not arrive before the server's read
// timeout are errors with a reply too, never a silent empty response.
// Such a read error also cancels r's context, as net/http does when the
// connection fails; the reply is written all the same, and it is what the
// access log and metrics record: a client that has truly gone does not
// read it, one that only closed its sending side does.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, *bodyError) {
	tooLarge := &bodyError{http.StatusRequestEntityTooLarge, codeTooLarge, fmt.Sprintf("The body is larger than %d bytes.", limit)}
	if r.ContentLength > limit {
		return nil, tooLarge
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var maxErr *http.MaxBytesError
	var netErr net.Error
	switch {
	case err == nil:
		return body, nil
	case errors.As(err, &maxErr):
		return nil, tooLarge
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &netErr) && netErr.Timeout():
		return nil, &bodyError{http.StatusRequestTimeout, codeTimeout, "The body did not arrive in time."}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, &bodyError{http.StatusBadRequest, codeInvalidRequest, "The body ended before the length its Content-Length header declared."}
	default:
		return nil, &bodyError{http.StatusBadRequest, codeInvalidRequest, "The body could not be read."}
	}
}

// ask runs Ask under the server's timeout with the request's id, and counts
// the outcome and its latency.
func (s *server) ask(ctx context.Context, question string, kv *evidence.Version) (dermliving.Result, error) {
	id := requestID(ctx)
	ctx, cancel := context.WithTimeout(ctx, s.askTimeout)
	defer cancel()
	start := time.Now()
	res, err := s.askFunc(ctx, question, kv, dermliving.WithRequestID(id))
	s.metrics.answer(res, time.Since(start))
	return res, err
}

// writeAskError replies to an error of s.ask, or writes nothing when the
// client went away.
func (s *server) writeAskError(w http.ResponseWriter, r *http.Request, err error) {
	id := requestID(r.Context())
	code, status := dermliving.ErrorCode(err)
	if r.Context().Err() != nil {
		// The client went away (or the connection closed): nobody reads a
		// reply, and a 500 would count a client's choice as our failure.
		code = dermliving.CodeCancelled
	}
	switch code {
	case dermliving.CodeCancelled:
	case dermliving.CodeTimeout:
		writeError(w, status, code, "The answer took too long; try again later.")
	case dermliving.CodeInvalidQuestion:
		// A question over the limit is a 400, not a 413: the body was within
		// maxAskBody and was read in full, so the request entity is fine; it
		// is one field that fails validation, and a client gets a single
		// code, invalid_question, for every question Ask refuses. 413 stays
		// reserved for bodies that were cut off unread.
		writeError(w, status, code, questionMessage(err))
	case dermliving.CodeBlocked:
		writeError(w, status, code, "This knowledge version failed a release gate and does not answer; GET /v1/knowledge/versions lists those served.")
	case dermliving.CodeVersionClosed:
		writeError(w, status, code, "The knowledge version was replaced while the question was answered; ask again.")
	default:
		// The error text is neither returned nor logged: a Retriever's or
		// Generator's error could in theory quote the question. The request
		// id ties a report to the access-log line.
		s.log.LogAttrs(r.Context(), slog.LevelError, "ask failed",
			slog.String("request_id", id), slog.String("error_type", fmt.Sprintf("%T", err)))
		writeError(w, http.StatusInternalServerError, dermliving.CodeInternal, "Internal error; quote request id "+id+".")
	}
}

// questionMessage explains a question Ask refused without quoting it.
func questionMessage(err error) string {
	switch {
	case errors.Is(err, dermliving.ErrEmptyQuestion):
		return "The question is empty."
	case errors.Is(err, dermliving.ErrQuestionTooLong):
		max := dermliving.DefaultMaxQuestionBytes
		var qe *dermliving.QuestionError
		if errors.As(err, &qe) && qe.Max > 0 {
			max = qe.Max
		}
		return fmt.Sprintf("The question is longer than %d bytes.", max)
	default:
		return "The question is not plain text: it holds control or invalid characters."
	}
}

func (s *server) handleEvidence(w http.ResponseWriter, r *http.Request) {
	kv, release, err := s.acquire(r.URL.Query().Get("knowledge_version"))
	if err != nil {
		s.writeVersionError(w, r, err)
		return
	}
	defer release()
	ev, err := dermliving.Evidence(kv, r.PathValue("id"))
	switch code, status := dermliving.ErrorCode(err); code {
	case "":
		writeJSON(w, http.StatusOK, envelope{Data: ev})
	case dermliving.CodeNotFound:
		writeError(w, status, code, "No passage with this id in "+kv.ID()+".")
	default:
		s.log.LogAttrs(r.Context(), slog.LevelError, "evidence failed",
			slog.String("request_id", requestID(r.Context())), slog.String("error_type", fmt.Sprintf("%T", err)))
		writeError(w, http.StatusInternalServerError, codeInternal, "Internal error; quote request id "+requestID(r.Context())+".")
	}
}

func (s *server) handleVersions(w http.ResponseWriter, r *http.Request) {
	vs := s.lib.Versions()
	views := make([]dermliving.VersionView, len(vs))
	for i, kv := range vs {
		views[i] = dermliving.DescribeVersion(kv)
	}
	writeJSON(w, http.StatusOK, envelope{Data: views})
}

func (s *server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// acquire holds the version named id, or the default for "", for one
// request (dermliving.Library.Acquire); the caller must call release once
// it has replied. The error wraps dermliving.ErrUnknownVersion or, when no
// version can be the default, dermliving.ErrNoKnowledge.
func (s *server) acquire(id string) (kv *evidence.Version, release func(), err error) {
	if id == "" {
		id = s.def
	}
	return s.lib.Acquire(id)
}

// defaultID is the id of the version a request that names none gets now,
// or "" when there is none.
func (s *server) defaultID() string {
	if s.def != "" {
		return s.def
	}
	if kv, err := s.lib.Default(); err == nil {
		return kv.ID()
	}
	return ""
}

// versionIDs lists the ids of the versions served, oldest first.
func (s *server) versionIDs() []string {
	vs := s.lib.Versions()
	ids := make([]string, len(vs))
	for i, kv := range vs {
		ids[i] = kv.ID()
	}
	return ids
}

// writeVersionError replies to an error of acquire: an unknown version is a
// 404, no default a 503.
func (s *server) writeVersionError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, dermliving.ErrNoKnowledge) {
		code, status := dermliving.ErrorCode(err)
		writeError(w, status, code, "No knowledge version can answer: none is released, unmeasured or served while blocked; GET /v1/knowledge/versions lists those served.")
		return
	}
	writeError(w, http.StatusNotFound, codeNotFound, "Unknown knowledge_version; GET /v1/knowledge/versions lists those served.")
}

// isJSON reports whether a Content-Type header names JSON in UTF-8:
// "application/json", with no charset or charset=utf-8.
func isJSON(contentType string) bool {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "application/json" {
		return false
	}
	cs, ok := params["charset"]
	return !ok || strings.EqualFold(cs, "utf-8")
}

// envelope is a successful response.
type envelope struct {
	Data any `json:"data"`
}

// errorBody is an error response.
type errorBody struct {
	Error apiError `json:"error"`
}

type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func writeError(w http.ResponseWriter, status int, code, message string) {
	writeJSON(w, status, errorBody{apiError{Code: code, Message: message}})
}

// writeJSON encodes v before writing any header, so that an encoding failure
// is still a clean 500.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"code":"internal","message":"Internal error."}}`)
	}
	b = append(b, '\n')
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", fmt.Sprint(len(b)))
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

type requestIDKey struct{}

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// newRequestID returns "req_" and 24 random hex digits.
func newRequestID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return "req_" + hex.EncodeToString(b[:])
}

// responseWriter records the status and the number of body bytes written.
//
// It also keeps redirects from echoing the request: the only ones are the
// mux's, to the cleaned form of an unclean path, and the mux copies the
// query into the Location and the address into an HTML body. The query,
// which may hold anything (a question among others), is dropped from the
// Location, and the body is not written.
type responseWriter struct {
	http.ResponseWriter
	status   int
	bytes    int64
	redirect bool
}

func (w *responseWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
		if status >= 300 && status < 400 {
			w.redirect = true
			h := w.Header()
			loc, _, _ := strings.Cut(h.Get("Location"), "?")
			h.Set("Location", loc)
			h.Del("Content-Type")
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *responseWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	if w.redirect {
		return len(b), nil
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *responseWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// captureWriter holds a response in memory, for unmatched.
type captureWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (c *captureWriter) Header() http.Header { return c.header }

func (c *captureWriter) WriteHeader(status int) {
	if c.status == 0 {
		c.status = status
	}
}

func (c *captureWriter) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	return c.body.Write(b)
}
