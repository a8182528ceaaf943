package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"math"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/abstain"
	"github.com/dermliving/dermliving/citation"
	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/evidence"
)

//go:embed templates/*.html templates/style.css
var templateFS embed.FS

// pages holds the parsed HTML templates and the page stylesheet. The pages
// load nothing from elsewhere (no CDN, no web fonts, no script): the
// stylesheet is inline and allowed by its hash in the Content-Security-Policy.
type pages struct {
	tmpl *template.Template
	css  template.CSS
	csp  string
}

func newPages() (*pages, error) {
	t, err := template.ParseFS(templateFS, "templates/*.html")
	if err != nil {
		return nil, fmt.Errorf("server: parsing page templates: %w", err)
	}
	css, err := templateFS.ReadFile("templates/style.css")
	if err != nil {
		return nil, fmt.Errorf("server: reading the stylesheet: %w", err)
	}
	sum := sha256.Sum256(css)
	csp := "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; " +
		"img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
	return &pages{tmpl: t, css: template.CSS(css), csp: csp}, nil
}

// pageBase is what the layout needs from every page.
type pageBase struct {
	Title string
	Nav   string // "answer", "trust" or ""
	CSS   template.CSS
	Wide  bool // a wider column, for an answer beside its quotes
}

// render executes template name into a buffer first, so that a failing
// template is a clean 500 rather than half a page.
func (s *server) render(w http.ResponseWriter, r *http.Request, status int, name string, data any) {
	var b bytes.Buffer
	if err := s.pages.tmpl.ExecuteTemplate(&b, name, data); err != nil {
		s.log.LogAttrs(r.Context(), slog.LevelError, "page failed",
			slog.String("request_id", requestID(r.Context())), slog.String("template", name),
			slog.String("error_type", fmt.Sprintf("%T", err)))
		status = http.StatusInternalServerError
		b.Reset()
		b.WriteString("<!doctype html><title>Internal error</title><p>Internal error; quote request id " +
			template.HTMLEscapeString(requestID(r.Context())) + ".</p>")
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", s.pages.csp)
	h.Set("X-Content-Type-Options", "nosniff")
	// No page address holds a question (the form posts it), but addresses
	// name versions and passages: send them to no other site.
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// errorPage is the data of the "error" template.
type errorPage struct {
	pageBase
	Message string
}

func (s *server) renderError(w http.ResponseWriter, r *http.Request, status int, message string) {
	s.render(w, r, status, "error", errorPage{pageBase{Title: http.StatusText(status), CSS: s.pages.css}, message})
}

// answerPage is the data of the "answer" template.
type answerPage struct {
	pageBase
	// Question is written back into the form; only renderAnswer sets it.
	Question  string
	Versions  []string
	Version   string
	Error     string
	Note      string // a remark that is not an error
	Grounded  *groundedView
	Abstained *abstainedView
}

// groundedView is a grounded answer as the answer page shows it: each claim
// beside the words it quotes, the citations in full, the removed sentences
// apart and quieter. Machine words (status, mode, reasons) are kept for
// data attributes; the page shows words for a reader.
type groundedView struct {
	Claims           []claimView
	Removed          []removedView
	Citations        []*citeView
	KnowledgeVersion string
	Mode             string // Metadata.Mode
	ModeWords        string // how the answer was written, in words
	RequestID        string
	StatusNote       string // see answerStatusNote
}

type claimView struct {
	ID    string
	Text  string
	Cites []*citeView // the citations the claim uses, shown beside it
}

type removedView struct {
	Text   string
	Reason string // the API's reason
	Why    string // the reason in words
}

// citeView is one citation as the answer page shows it: the cited passage
// split around the quoted span, so that the template escapes each part and
// marks the quote.
type citeView struct {
	ID, N            string
	EvidenceID       string
	Title, Publisher string
	SourceID         string
	SourceVersion    string
	Locator          evidence.Locator
	Checksum         string
	License          evidence.License
	KnowledgeVersion string
	Before           string
	Quote            string
	After            string
	Check            string // citation.Check status against the version
	CheckClass       string
	Href             string // the evidence page with the span highlighted
}

type abstainedView struct {
	Reason           string // the API's reason
	Why              string // the reason in words
	Message          string
	KnowledgeVersion string
	RequestID        string
	StatusNote       string // see answerStatusNote
}

// answerStatusNote says, under a result, that the version it came from is
// not released: "" for a released one.
func answerStatusNote(md dermliving.Metadata) string {
	switch md.KnowledgeStatus {
	case dermliving.StatusBlocked:
		return "Knowledge version " + md.KnowledgeVersion + " is blocked: it fails the release gate " + listWords(md.FailedGates) + ". It is served all the same, for demonstration; see the trust page."
	case dermliving.StatusUnmeasured:
		return "Knowledge version " + md.KnowledgeVersion + " is unmeasured: no release gate was measured for it; see the trust page."
	}
	return ""
}

// modeWords says how a grounded answer was written, by its Metadata.Mode.
var modeWords = map[string]string{
	dermliving.ModeExtractive: "Quoted from the reference text.",
	dermliving.ModeCurated:    "Written by the reference's editors; each sentence was checked against the text it quotes.",
	dermliving.ModeGenerated:  "Drafted by a text generator; each sentence was checked against the text it quotes.",
}

// abstainWords says why an answer was withheld, by its reason.
var abstainWords = map[abstain.Reason]string{
	abstain.PatientData:          "The question holds details about a patient",
	abstain.ClinicalDecision:     "The question asks for a decision about someone's care",
	abstain.InsufficientEvidence: "The reference does not cover this question",
}

func newAbstainedView(a *dermliving.Abstained) *abstainedView {
	why, ok := abstainWords[a.Reason]
	if !ok {
		why = "No answer"
	}
	return &abstainedView{
		Reason:           a.Reason.String(),
		Why:              why,
		Message:          a.Message,
		KnowledgeVersion: a.Metadata.KnowledgeVersion,
		RequestID:        a.Metadata.RequestID,
	}
}

// maxFormBody is the largest answer form read: a question of
// dermliving.DefaultMaxQuestionBytes, every byte percent-encoded, and the
// version.
const maxFormBody = 16 << 10

// newAnswerPage is the answer page with the form only, the default version
// chosen.
func (s *server) newAnswerPage() answerPage {
	return answerPage{
		pageBase: pageBase{Title: "Ask", Nav: "answer", CSS: s.pages.css, Wide: true},
		Versions: s.versionIDs(),
		Version:  s.defaultID(),
	}
}

// handleAnswerForm serves GET /: the question form, with ?v=version
// chosen when given. It answers no question: the form posts its question
// (handleAnswerPost), so that questions stay out of browser history,
// bookmarks, proxy logs and Referer headers, and nothing the server writes
// links to a question in an address. An old link with ?q= gets the empty
// form and a note; its question is not written into the page.
func (s *server) handleAnswerForm(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	page := s.newAnswerPage()
	if v := q.Get("v"); v != "" {
		if _, err := s.lib.Get(v); err != nil {
			page.Error = "Unknown knowledge version; choose one of those listed."
			s.renderAnswer(w, r, http.StatusNotFound, page, "")
			return
		}
		page.Version = v
	}
	if q.Has("q") {
		page.Note = "Questions are sent with the form below, not in the page address, so that they stay out of browser history and server logs. Type the question again to ask it."
	}
	s.renderAnswer(w, r, http.StatusOK, page, "")
}

// handleAnswerPost serves POST / (the form, q=question&v=version): the
// answer page with the answer or the abstention. Like the API it never logs
// the question, and it writes the question back into the form only once it
// has been screened clean of patient identifiers (see renderAnswer).
func (s *server) handleAnswerPost(w http.ResponseWriter, r *http.Request) {
	page := s.newAnswerPage()
	if !isForm(r.Header.Get("Content-Type")) {
		page.Error = "The question must be sent with the form on this page."
		s.renderAnswer(w, r, http.StatusUnsupportedMediaType, page, "")
		return
	}
	body, berr := readBody(w, r, maxFormBody)
	if berr != nil {
		page.Error = berr.Message
		s.renderAnswer(w, r, berr.Status, page, "")
		return
	}
	// The parser's error text is not shown: it quotes the body.
	form, err := url.ParseQuery(string(body))
	if err != nil {
		page.Error = "The form could not be read."
		s.renderAnswer(w, r, http.StatusBadRequest, page, "")
		return
	}
	question := form.Get("q")
	if v := form.Get("v"); v != "" {
		page.Version = v
	}
	kv, release, err := s.acquire(page.Version)
	if err != nil {
		page.Version = s.defaultID()
		page.Error = "Unknown knowledge version; choose one of those listed."
		status := http.StatusNotFound
		if errors.Is(err, dermliving.ErrNoKnowledge) {
			page.Error = "No knowledge version can answer now; see the trust page."
			status = http.StatusServiceUnavailable
		}
		s.renderAnswer(w, r, status, page, question)
		return
	}
	defer release()
	if strings.ContainsRune(question, utf8.RuneError) {
		page.Error = "The question holds U+FFFD replacement characters: its text was damaged in encoding."
		s.renderAnswer(w, r, http.StatusBadRequest, page, question)
		return
	}
	s.answer(w, r, page, question, kv)
}

// answer asks question of kv and renders the page with the result, or with
// the error.
func (s *server) answer(w http.ResponseWriter, r *http.Request, page answerPage, question string, kv *evidence.Version) {
	res, err := s.ask(r.Context(), question, kv)
	if err != nil {
		status, message := askErrorPage(r.Context(), err)
		if status == 0 {
			return // the client went away
		}
		if status == http.StatusInternalServerError {
			s.log.LogAttrs(r.Context(), slog.LevelError, "ask failed",
				slog.String("request_id", requestID(r.Context())), slog.String("error_type", fmt.Sprintf("%T", err)))
		}
		page.Error = message
		s.renderAnswer(w, r, status, page, question)
		return
	}
	switch res := res.(type) {
	case *dermliving.Grounded:
		page.Grounded = s.groundedView(res, kv)
		page.Grounded.StatusNote = answerStatusNote(res.Metadata)
	case *dermliving.Abstained:
		if res.Reason == abstain.PatientData {
			question = "" // whatever the server's own screen finds
		}
		page.Abstained = newAbstainedView(res)
		page.Abstained.StatusNote = answerStatusNote(res.Metadata)
	}
	s.renderAnswer(w, r, http.StatusOK, page, question)
}

// renderAnswer renders the answer page. It is the only writer of
// page.Question, the question written back into the form, and it writes
// question there only when echoQuestion allows it: on every status, error
// pages included.
func (s *server) renderAnswer(w http.ResponseWriter, r *http.Request, status int, page answerPage, question string) {
	page.Question = echoQuestion(question)
	s.render(w, r, status, "answer", page)
}

// echoQuestion returns question when the page may write it back into the
// form, else "": only a question Ask could take (not too long, plain text)
// in which abstain.ScreenPatientData finds no identifier. A page never
// shows a question that did not pass the screen, whatever went wrong.
func echoQuestion(question string) string {
	if len(question) > dermliving.DefaultMaxQuestionBytes || !utf8.ValidString(question) {
		return ""
	}
	for _, r := range question {
		if r == utf8.RuneError || (unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r') || unicode.Is(unicode.Bidi_Control, r) {
			return ""
		}
	}
	if len(abstain.ScreenPatientData(question)) > 0 {
		return ""
	}
	return question
}

// isForm reports whether a Content-Type header names an HTML form's
// default encoding.
func isForm(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/x-www-form-urlencoded"
}

// askErrorPage maps an error of s.ask to a page status and message; status 0
// means the client went away and nothing should be written.
func askErrorPage(ctx context.Context, err error) (int, string) {
	switch {
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		return 0, ""
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable, "The answer took too long; try again later."
	case errors.Is(err, dermliving.ErrEmptyQuestion),
		errors.Is(err, dermliving.ErrQuestionTooLong),
		errors.Is(err, dermliving.ErrInvalidQuestion):
		return http.StatusBadRequest, questionMessage(err)
	default:
		return http.StatusInternalServerError, "Internal error; quote request id " + requestID(ctx) + "."
	}
}

// removedWhy explains a removal reason in words.
var removedWhy = map[claims.Verdict]string{
	claims.Unsupported:  "No passage of the reference supports it.",
	claims.Contradicted: "A passage of the reference contradicts it.",
}

func (s *server) groundedView(g *dermliving.Grounded, kv *evidence.Version) *groundedView {
	v := &groundedView{
		KnowledgeVersion: g.Metadata.KnowledgeVersion,
		Mode:             g.Metadata.Mode,
		ModeWords:        modeWords[g.Metadata.Mode],
		RequestID:        g.Metadata.RequestID,
	}
	if v.ModeWords == "" {
		v.ModeWords = "Each sentence was checked against the text it quotes."
	}
	byID := map[string]*citeView{}
	for _, c := range g.Citations {
		cv := citationView(c, kv)
		byID[c.ID] = &cv
		v.Citations = append(v.Citations, &cv)
	}
	for _, c := range g.Claims {
		cv := claimView{ID: c.ID, Text: c.Text}
		for _, id := range c.Citations {
			cite, ok := byID[id]
			if !ok { // not in a valid answer; the marker is shown alone
				cite = &citeView{ID: id, N: strings.TrimPrefix(id, "cit_")}
			}
			cv.Cites = append(cv.Cites, cite)
		}
		v.Claims = append(v.Claims, cv)
	}
	for _, rc := range g.RemovedClaims {
		v.Removed = append(v.Removed, removedView{Text: rc.Text, Reason: fmt.Sprint(rc.Reason), Why: removedWhy[rc.Reason]})
	}
	return v
}

// citationView shows citation c against kv. The passage text is split at the
// span's byte offsets only when the span still slices to the quote; else
// the quote is shown alone, and Check says what changed.
func citationView(c citation.Citation, kv *evidence.Version) citeView {
	cv := citeView{
		ID:               c.ID,
		N:                strings.TrimPrefix(c.ID, "cit_"),
		EvidenceID:       c.EvidenceID,
		SourceID:         c.Source.ID,
		SourceVersion:    c.Source.Version,
		Title:            c.Source.ID,
		Locator:          c.Locator,
		Checksum:         c.Checksum,
		License:          c.License,
		KnowledgeVersion: kv.ID(),
		Quote:            c.Quote,
	}
	if src, ok := kv.Source(c.Source.ID, c.Source.Version); ok {
		if src.Title != "" {
			cv.Title = src.Title
		}
		cv.Publisher = src.Publisher
	}
	st, why := citation.Check(c, kv)
	cv.Check, cv.CheckClass = "Checked against "+kv.ID()+": the passage, its checksum, source, place and licence, and the quote's position all match.", "passed"
	if st != citation.Valid {
		cv.Check, cv.CheckClass = "Not verified ("+st.String()+"): "+why, "failed"
	}
	if p, err := kv.Evidence(c.EvidenceID); err == nil && st == citation.Valid {
		cv.Before, cv.After = p.Text[:c.Span.Start], p.Text[c.Span.End:]
	}
	cv.Href = evidencePageURL(c.EvidenceID, kv.ID(), c.Span.Start, c.Span.End)
	return cv
}

// evidencePageURL links to the evidence page of passage id in version kvID,
// highlighting bytes [start, end).
func evidencePageURL(id, kvID string, start, end int) string {
	v := url.Values{}
	v.Set("v", kvID)
	v.Set("start", strconv.Itoa(start))
	v.Set("end", strconv.Itoa(end))
	return "/evidence/" + url.PathEscape(id) + "?" + v.Encode()
}

// evidencePage is the data of the "evidence" template.
type evidencePage struct {
	pageBase
	Evidence              *dermliving.EvidenceView
	Before, Quote, After  string
	Marked                bool
	Start, End            int
	CheckClass, CheckText string
}

// handleEvidencePage serves GET /evidence/{id}?v=version&start=&end=: the
// passage, its source, locator, checksum and licence, with bytes
// [start, end) of its text marked when given.
func (s *server) handleEvidencePage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	kv, release, err := s.acquire(q.Get("v"))
	if err != nil {
		s.renderError(w, r, http.StatusNotFound, "Unknown knowledge version.")
		return
	}
	defer release()
	ev, err := dermliving.Evidence(kv, r.PathValue("id"))
	switch {
	case errors.Is(err, evidence.ErrNotFound):
		s.renderError(w, r, http.StatusNotFound, "No passage with this id in "+kv.ID()+".")
		return
	case err != nil:
		s.log.LogAttrs(r.Context(), slog.LevelError, "evidence failed",
			slog.String("request_id", requestID(r.Context())), slog.String("error_type", fmt.Sprintf("%T", err)))
		s.renderError(w, r, http.StatusInternalServerError, "Internal error; quote request id "+requestID(r.Context())+".")
		return
	}
	page := evidencePage{
		pageBase: pageBase{Title: "Passage " + ev.ID, CSS: s.pages.css},
		Evidence: &ev,
		Before:   ev.Text,
	}
	if evidence.Checksum(ev.Text) == ev.Checksum {
		page.CheckClass, page.CheckText = "passed", "matches the text"
	} else {
		page.CheckClass, page.CheckText = "failed", "does not match the text"
	}
	if q.Has("start") || q.Has("end") {
		start, err1 := strconv.Atoi(q.Get("start"))
		end, err2 := strconv.Atoi(q.Get("end"))
		if err1 != nil || err2 != nil {
			s.renderError(w, r, http.StatusBadRequest, "start and end must both be byte offsets.")
			return
		}
		if _, err := citation.MakeSpan(ev.Text, start, end); err != nil {
			s.renderError(w, r, http.StatusBadRequest, fmt.Sprintf("The span [%d, %d) does not fit this %d-byte passage on character boundaries.", start, end, len(ev.Text)))
			return
		}
		page.Before, page.Quote, page.After = ev.Text[:start], ev.Text[start:end], ev.Text[end:]
		page.Marked, page.Start, page.End = true, start, end
	}
	s.render(w, r, http.StatusOK, "evidence", page)
}

// trustPage is the data of the "trust" template.
type trustPage struct {
	pageBase
	Versions []versionView
}

type versionView struct {
	dermliving.VersionView
	Measured string
	Gates    []gateView
	// ByServer is set when the gates shown were measured by this server
	// because the manifest stores no report; Measuring while that runs;
	// MeasureErr when it failed.
	ByServer   bool
	Measuring  bool
	MeasureErr string
	// Summary says in a sentence how many of the gates shown pass or fail,
	// naming those that fail; "" when no gate is shown. Failing is set
	// when one fails.
	Summary string
	Failing bool
	// StatusNote says in words what the version's status means for the
	// answers it gives; "" for a released version.
	StatusNote string
}

// statusNote says what a version's status means for its answers: a blocked
// version served all the same, a blocked one refused, an unmeasured one.
func statusNote(v dermliving.VersionView) string {
	switch {
	case v.Status == dermliving.StatusBlocked && v.BlockedAllowed:
		return "Blocked: its stored gate report fails " + listWords(v.FailedGates) + ". It is served all the same, as demonstration knowledge: every answer from it says knowledge_status \"blocked\" and names the failing gates in its metadata. Do not rely on it as released knowledge."
	case v.Status == dermliving.StatusBlocked:
		return "Blocked: its stored gate report fails. It does not answer: a question naming it is refused (409 blocked)."
	case v.Status == dermliving.StatusUnmeasured:
		return "Unmeasured: its manifest stores no gate report, so nothing says how well it answers. It is served, and every answer from it says knowledge_status \"unmeasured\" in its metadata."
	}
	return ""
}

// gateWord is how the trust page names a release gate and says what it
// measures, in words for a reader rather than the gate's id.
type gateWord struct {
	Name, What string
}

// gateWords are the words of the contract's five gates. A gate not listed
// is shown by its id, made readable, and the report's own definition.
var gateWords = map[string]gateWord{
	"citation_validity":      {"Citations check out", "The share of the citations in test answers that point to a passage of this version whose text, checksum, source, place and licence all match what the citation says."},
	"claim_grounding":        {"Sentences rest on the text", "The share of the sentences in test answers that are backed by the passage they cite."},
	"curated_recall_at_10":   {"The right passage is found", "The share of test questions for which a passage known to answer them is among the first ten the search returns."},
	"correct_abstention":     {"Answers and refusals are right", "The share of test questions that are answered, or declined for the right reason, as expected."},
	"unauthorized_tool_runs": {"No tool runs without permission", "How many tool runs in the test answers happened without being authorised. There must be none."},
}

// gateView is one gate as the trust page shows it: in words, and as a bar.
// The SVG is barUnits wide and draws the value's bar and the threshold's
// line on one scale, from Low to High. A share's scale starts a little
// below the lower of value and threshold, not at zero, so that the
// distance between them is visible: 0.97 against 0.99 on a scale from 0
// would be two marks a few pixels apart.
type gateView struct {
	evidence.Gate
	Title     string // the gate's name in words
	What      string // what it measures, in words
	Class     string // "passed" or "failed"
	Verdict   string // "passes" or "fails"
	ValueText string // the measured value, as text
	Need      string // the threshold in words: "needs at least 0.9900"
	Distance  string // how far the value is from the threshold, in words

	Low, High       string // the scale's ends, as text
	BarWidth        string
	ThresholdX      string
	ThresholdLabel  string
	ThresholdAnchor string // text-anchor of the threshold's label
	Fill            string
	SVGID           string
}

const barUnits = 300

func newGateView(versionID string, g evidence.Gate) gateView {
	words, ok := gateWords[g.Name]
	if !ok {
		name := strings.ReplaceAll(g.Name, "_", " ")
		words = gateWord{Name: strings.ToUpper(name[:min(1, len(name))]) + name[min(1, len(name)):], What: g.Measures}
	}
	// A share (a >= gate up to 1) is drawn on [low, 1]; a count (such as
	// unauthorized_tool_runs == 0) on [0, max(value, threshold, 1)].
	share := g.Comparison == ">=" && g.Threshold <= 1 && g.Value <= 1
	low, high := 0.0, math.Max(1, math.Max(g.Value, g.Threshold))
	// Four decimals, as gates round: with three, 0.9495 would read as 0.950
	// beside a 0.950 threshold it fails.
	format := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	end := format
	if share {
		low, high = math.Max(0, math.Floor((math.Min(g.Value, g.Threshold)-0.05)*10+1e-9)/10), 1
		format = func(f float64) string { return strconv.FormatFloat(f, 'f', 4, 64) }
		end = func(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }
	}
	x := func(f float64) float64 { return (math.Min(math.Max(f, low), high) - low) / (high - low) * barUnits }
	units := func(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }
	gv := gateView{
		Gate:           g,
		Title:          words.Name,
		What:           words.What,
		Class:          "failed",
		Verdict:        "fails",
		ValueText:      format(g.Value),
		Need:           needWords(g.Comparison, format(g.Threshold)),
		Distance:       distanceWords(g, format),
		Low:            end(low),
		High:           end(high),
		BarWidth:       units(x(g.Value)),
		ThresholdX:     units(x(g.Threshold)),
		ThresholdLabel: strconv.FormatFloat(g.Threshold, 'f', -1, 64) + " needed",
		Fill:           "#a4161a",
		SVGID:          "gate-" + versionID + "-" + g.Name,
	}
	switch tx := x(g.Threshold); {
	case tx < 40:
		gv.ThresholdAnchor = "start"
	case tx > barUnits-40:
		gv.ThresholdAnchor = "end"
	default:
		gv.ThresholdAnchor = "middle"
	}
	if g.Passed {
		gv.Class, gv.Verdict, gv.Fill = "passed", "passes", "#1d6b35"
	}
	return gv
}

// needWords says a threshold in words.
func needWords(comparison, threshold string) string {
	switch comparison {
	case ">=":
		return "needs at least " + threshold
	case "<=":
		return "needs at most " + threshold
	case "==":
		return "must be " + threshold
	}
	return "needs " + comparison + " " + threshold
}

// distanceWords says how far a gate's value is from its threshold.
func distanceWords(g evidence.Gate, format func(float64) string) string {
	d := g.Value - g.Threshold
	switch {
	case d == 0 && g.Comparison == "==":
		return "as required"
	case d == 0:
		return "exactly at the threshold"
	case g.Comparison == "==" && d > 0:
		return format(d) + " more than allowed"
	case d > 0:
		return format(d) + " above the threshold"
	default:
		return format(-d) + " below the threshold"
	}
}

// gatesSummary says how many of gates pass, with the verb agreeing with
// the count, and names those that fail: "All 5 release gates pass.", "1 of
// the 5 release gates fails: Citations check out."
func gatesSummary(gates []gateView) string {
	var failing []string
	for _, g := range gates {
		if !g.Passed {
			failing = append(failing, g.Title)
		}
	}
	n := len(gates)
	switch {
	case n == 0:
		return ""
	case len(failing) == 0 && n == 1:
		return "The release gate passes."
	case len(failing) == 0:
		return fmt.Sprintf("All %d release gates pass.", n)
	}
	if n == 1 {
		return "The release gate fails: " + failing[0] + "."
	}
	verb := "fail"
	if len(failing) == 1 {
		verb = "fails"
	}
	return fmt.Sprintf("%d of the %d release gates %s: %s.", len(failing), n, verb, listWords(failing))
}

// listWords joins items as a sentence does: "a", "a and b", "a, b and c".
func listWords(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func (s *server) trustPage() trustPage {
	page := trustPage{pageBase: pageBase{Title: "Trust", Nav: "trust", CSS: s.pages.css}}
	for _, kv := range s.lib.Versions() {
		id := kv.ID()
		vv := versionView{VersionView: dermliving.DescribeVersion(kv)}
		vv.StatusNote = statusNote(vv.VersionView)
		if rep := kv.GateReport(); rep != nil {
			vv.Measured = rep.Measured
		}
		shown := vv.VersionView.Gates
		if rep := kv.GateReport(); rep == nil {
			if m, ok := s.measured.get(kv); ok {
				switch {
				case m.Pending:
					vv.Measuring = true
				case m.Err != "":
					vv.MeasureErr = m.Err
				default:
					vv.ByServer, vv.Measured, shown = true, m.Report.Measured, m.Report.Gates
				}
			}
		}
		for _, g := range shown {
			vv.Gates = append(vv.Gates, newGateView(id, g))
			vv.Failing = vv.Failing || !g.Passed
		}
		vv.Summary = gatesSummary(vv.Gates)
		page.Versions = append(page.Versions, vv)
	}
	return page
}

// handleTrustPage serves GET /trust: every version served, its status,
// counts and checksum, and each release gate drawn against its threshold. A
// version without a stored gate report says so; no value is made up.
func (s *server) handleTrustPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, "trust", s.trustPage())
}
