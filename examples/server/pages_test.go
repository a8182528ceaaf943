package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
)

const (
	htmlType    = "text/html; charset=utf-8"
	rosaceaQ    = "Where does rosacea usually appear?"
	clinicalQ   = "Should I stop my methotrexate before surgery?"
	foodAllergy = "Food allergy is the main trigger of flares in adults."
)

const formType = "application/x-www-form-urlencoded"

// form is the answer form's body asking question of the seed version.
func form(question string) string {
	return url.Values{"q": {question}, "v": {"kv_2026_10_01"}}.Encode()
}

// page posts the answer form with question, as the browser does.
func (ts *testServer) page(t *testing.T, question string) *httptest.ResponseRecorder {
	t.Helper()
	return ts.do(t, http.MethodPost, "/", formType, form(question))
}

var markRE = regexp.MustCompile(`<mark>([^<]*)</mark>`)

// marks returns the unescaped text of every <mark> element of a page.
func marks(page string) []string {
	var out []string
	for _, m := range markRE.FindAllStringSubmatch(page, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return out
}

func TestAnswerPage(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		reason      string
		method      string
		target      string
		contentType string
		body        string
		status      int
		want        []string // substrings of the page
		absent      []string
	}{{
		reason: "no question: the form only, which posts",
		method: "GET", target: "/",
		status: 200,
		want:   []string{`<form method="post" action="/"`, `<label for="q">Question</label>`, `<input type="text" id="q" name="q" value=""`, `<meta name="viewport" content="width=device-width, initial-scale=1">`, `<button type="submit">Ask</button>`, `<option value="kv_2026_10_01" selected>`},
		absent: []string{`id="result"`, `role="alert"`, `id="note"`},
	}, {
		reason: "an old link with the question in its address is not answered and its question not written back",
		method: "GET", target: "/?" + url.Values{"q": {"Old-link question text?"}}.Encode(),
		status: 200,
		want:   []string{`id="note"`, "not in the page address", `value=""`},
		absent: []string{`id="result"`, "Old-link"},
	}, {
		reason: "an unknown version in the address is a 404 with the form",
		method: "GET", target: "/?v=kv_1999_01_01",
		status: 404,
		want:   []string{"Unknown knowledge version", `<label for="q">`},
		absent: []string{"kv_1999_01_01"},
	}, {
		reason: "the seed question is grounded; the food-allergy sentence is shown as removed, with its reason",
		method: "POST", target: "/", contentType: formType, body: form(seedQuestion),
		status: 200,
		want: []string{`data-status="grounded"`, `<h2 id="answer-h">Answer from the reference</h2>`, `data-mode="curated"`, "Written by the reference&#39;s editors",
			`<section class="removed"`, `<li data-reason="unsupported"><del>` + foodAllergy + `</del> <span class="why">No passage of the reference supports it.</span>`,
			`<mark>`, `href="#cit_1" aria-label="Citation 1">[1]</a>`, `<figure class="quote" data-citation="cit_1">`, `, version 2026.10 · `,
			`<li data-citation="cit_1" id="cit_1" tabindex="-1">`, `href="/evidence/`, `CC-BY-4.0`, `sha256:`, `Checked against kv_2026_10_01`, `value="What makes atopic dermatitis flare?"`},
		absent: []string{`data-status="abstained"`, `class="check failed"`, "<details", "grounded</", "mode curated", "removed: unsupported", "retrieved"},
	}, {
		reason: "no rosacea passage in kv_2026_10_01: the seed's abstention, reason and message",
		method: "POST", target: "/", contentType: formType, body: form(rosaceaQ),
		status: 200,
		want:   []string{`data-status="abstained" data-reason="insufficient_evidence"`, `<h2 id="answer-h">No answer</h2>`, `<strong id="reason">The reference does not cover this question.</strong>`, `<p id="message">No passage in kv_2026_10_01 supports an answer.</p>`},
		absent: []string{`<mark>`, `data-status="grounded"`, "insufficient_evidence<", "abstained<"},
	}, {
		reason: "a treatment decision about a person is refused with clinical_decision",
		method: "POST", target: "/", contentType: formType, body: form(clinicalQ),
		status: 200,
		want:   []string{`data-reason="clinical_decision"`, `<strong id="reason">The question asks for a decision about someone&#39;s care.</strong>`},
	}, {
		reason: "patient identifiers: abstained, and the form is not refilled with them",
		method: "POST", target: "/", contentType: formType, body: form(patientQ),
		status: 200,
		want:   []string{`data-reason="patient_data"`, `<strong id="reason">The question holds details about a patient.</strong>`, `value=""`},
		absent: patientTraces,
	}, {
		reason: "an empty question is an error shown on the page, not an abstention",
		method: "POST", target: "/", contentType: formType, body: "q=&v=kv_2026_10_01",
		status: 400,
		want:   []string{`role="alert"`, "The question is empty."},
		absent: []string{`id="result"`},
	}, {
		reason: "a question over the limit is refused and not echoed",
		method: "POST", target: "/", contentType: formType, body: form(strings.Repeat("a", dermliving.DefaultMaxQuestionBytes+1)),
		status: 400,
		want:   []string{"longer than 4000 bytes"},
		absent: []string{strings.Repeat("a", 100)},
	}, {
		reason: "an unknown version in the form is a 404 with the form, the default chosen",
		method: "POST", target: "/", contentType: formType, body: "q=x&v=kv_1999_01_01",
		status: 404,
		want:   []string{"Unknown knowledge version", `<option value="kv_2026_10_01" selected>`},
		absent: []string{"kv_1999_01_01"},
	}, {
		reason: "markup in the question is escaped, never run",
		method: "POST", target: "/", contentType: formType, body: form(`<script>alert(1)</script> atopic dermatitis "flare"?`),
		status: 200,
		want:   []string{`value="&lt;script&gt;alert(1)&lt;/script&gt; atopic dermatitis &#34;flare&#34;?"`},
		absent: []string{"<script>"},
	}, {
		reason: "only the form's encoding is read",
		method: "POST", target: "/", contentType: jsonType, body: askBody(seedQuestion),
		status: 415,
		want:   []string{`role="alert"`, "sent with the form"},
		absent: []string{`id="result"`, "atopic"},
	}, {
		reason: "a body that is not a form is refused without quoting it",
		method: "POST", target: "/", contentType: formType, body: "q=Zebra%zz",
		status: 400,
		want:   []string{"The form could not be read."},
		absent: []string{"Zebra"},
	}, {
		reason: "a form over the limit is refused before it is read",
		method: "POST", target: "/", contentType: formType, body: form(strings.Repeat("Zebra ", maxFormBody/6+1)),
		status: 413,
		want:   []string{"larger than 16384 bytes"},
		absent: []string{"Zebra"},
	}}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			w := ts.do(t, tt.method, tt.target, tt.contentType, tt.body)
			body := w.Body.String()
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d; body %s", w.Code, tt.status, body)
			}
			if ct := w.Header().Get("Content-Type"); ct != htmlType {
				t.Errorf("Content-Type %q, want %q", ct, htmlType)
			}
			for _, s := range tt.want {
				if !strings.Contains(body, s) {
					t.Errorf("page lacks %q", s)
				}
			}
			for _, s := range tt.absent {
				if strings.Contains(scrubOwn(body), s) {
					t.Errorf("page holds %q", s)
				}
			}
			if t.Failed() {
				t.Logf("page:\n%s", body)
			}
		})
	}
}

// TestAnswerPageEchoesOnlyScreenedQuestions checks the rule that a page
// writes a question back only once abstain.ScreenPatientData finds nothing
// in it, on every status: a question with identifiers is never echoed, a
// clean one is kept in the form whatever went wrong.
func TestAnswerPageEchoesOnlyScreenedQuestions(t *testing.T) {
	const clean = "Zebra-clean question about eczema?"
	// An identifier inside an otherwise ordinary question, which Ask never
	// sees when the request fails before it is asked.
	dirty := "Patient MRN 48213377: what makes atopic dermatitis flare?"
	failing := func(ctx context.Context, question string, kv *evidence.Version, opts ...dermliving.Option) (dermliving.Result, error) {
		return nil, errors.New("a retriever failed")
	}
	tests := []struct {
		reason string
		setup  func(s *server)
		body   func(question string) string
		status int
	}{
		{"an unknown version, found before Ask", nil, func(q string) string { return url.Values{"q": {q}, "v": {"kv_1999_01_01"}}.Encode() }, 404},
		{"Ask timed out", func(s *server) { s.askTimeout = -1 }, form, 503},
		{"Ask failed", func(s *server) { s.askFunc = failing }, form, 500},
		{"a damaged question", nil, func(q string) string { return form(q + "\uFFFD") }, 400},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			ts := newTestServer(t)
			if tt.setup != nil {
				tt.setup(ts.h.(*server))
			}
			for _, q := range []string{dirty, clean} {
				w := ts.do(t, http.MethodPost, "/", formType, tt.body(q))
				if w.Code != tt.status {
					t.Fatalf("status %d, want %d; body %s", w.Code, tt.status, w.Body)
				}
				page := scrubOwn(w.Body.String())
				echoed := strings.Contains(page, `value="`+html.EscapeString(q)+`"`)
				switch {
				case q == dirty && (echoed || strings.Contains(page, "48213377")):
					t.Errorf("the page writes back a question with an identifier:\n%s", page)
				case q == clean && !echoed && tt.status != 400:
					t.Errorf("the page drops a question the screen passed")
				}
			}
			if log := scrubOwn(ts.log.String()); strings.Contains(log, "48213377") || strings.Contains(log, "Zebra") {
				t.Errorf("log holds the question:\n%s", ts.log)
			}
		})
	}
	t.Run("the screen itself", func(t *testing.T) {
		for _, tt := range []struct{ reason, q, want string }{
			{"a clean question", clean, clean},
			{"an identifier", dirty, ""},
			{"the seed's patient question", patientQ, ""},
			{"over the length limit", strings.Repeat("a", dermliving.DefaultMaxQuestionBytes+1), ""},
			{"invalid UTF-8", "eczema\xff?", ""},
			{"a control character", "eczema\x1b[31m?", ""},
			{"a bidi control", "eczema\u202e?", ""},
		} {
			if got := echoQuestion(tt.q); got != tt.want {
				t.Errorf("%s: echoQuestion = %q, want %q", tt.reason, got, tt.want)
			}
		}
	})
}

// TestAnswerPageQuotes checks that the page marks exactly the quotes the JSON
// API cites, in order, each inside its full passage text.
func TestAnswerPageQuotes(t *testing.T) {
	ts := newTestServer(t)
	api := decode[struct{ Data groundedData }](t, ts.ask(t, seedQuestion)).Data
	w := ts.page(t, seedQuestion)
	page := w.Body.String()
	var want []string
	for _, c := range api.Citations {
		want = append(want, c.Quote)
		p, err := ts.kv.Evidence(c.EvidenceID)
		if err != nil {
			t.Fatal(err)
		}
		whole := html.EscapeString(p.Text[:c.Span.Start]) + "<mark>" + html.EscapeString(c.Quote) + "</mark>" + html.EscapeString(p.Text[c.Span.End:])
		if !strings.Contains(page, whole) {
			t.Errorf("%s: page lacks the passage with the quote marked:\n%s", c.ID, whole)
		}
		link := html.EscapeString(evidencePageURL(c.EvidenceID, ts.kv.ID(), c.Span.Start, c.Span.End))
		if !strings.Contains(page, `href="`+link+`"`) {
			t.Errorf("%s: page lacks the evidence link %s", c.ID, link)
		}
	}
	if diff := cmp.Diff(want, marks(page)); diff != "" {
		t.Errorf("marked text differs from the API's quotes (-api +page):\n%s", diff)
	}
	// The claims' text and their [n] markers appear in answer order.
	for _, c := range api.Claims {
		if !strings.Contains(page, `<div class="claim" id="`+c.ID+`">`+"\n"+`<p class="claim-text">`+html.EscapeString(c.Text)) {
			t.Errorf("page lacks claim %s", c.ID)
		}
	}
}

// TestAnswerTemplateEscapes renders a citation whose passage holds markup:
// each part is escaped and only the quote is marked.
func TestAnswerTemplateEscapes(t *testing.T) {
	ts := newTestServer(t)
	s := ts.h.(*server)
	cite := &citeView{ID: "cit_1", N: "1", Title: "T <t>", SourceVersion: "1 & 2", Before: `<b>"x"</b> `, Quote: "a < b & </mark>", After: " <script>", Href: "/evidence/ev?v=kv_x&start=1&end=2", License: evidence.License{ID: "CC", URL: "javascript:alert(1)"}}
	page := answerPage{
		pageBase: pageBase{Title: "Ask", CSS: s.pages.css},
		Versions: []string{"kv_x"}, Version: "kv_x",
		Grounded: &groundedView{
			Claims:    []claimView{{ID: "clm_1", Text: "A & B <i>", Cites: []*citeView{cite}}},
			Citations: []*citeView{cite},
			Removed:   []removedView{{Text: "<b>removed</b>", Reason: "unsupported", Why: "Why & <why>"}},
		},
	}
	var b bytes.Buffer
	if err := s.pages.tmpl.ExecuteTemplate(&b, "answer", page); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	tests := []struct {
		reason string
		want   string
		absent string
	}{
		{"the quote is escaped inside its mark", "<mark>a &lt; b &amp; &lt;/mark&gt;</mark>", ""},
		{"the text before the quote is escaped", "&lt;b&gt;&#34;x&#34;&lt;/b&gt; <mark>", "<b>"},
		{"the text after the quote is escaped", "</mark> &lt;script&gt;", "<script>"},
		{"a claim's text is escaped", `<p class="claim-text">A &amp; B &lt;i&gt;`, "<i>"},
		{"the quote beside the claim is escaped", "<blockquote>a &lt; b &amp; &lt;/mark&gt;</blockquote>", ""},
		{"the source beside the claim is escaped", "[1] T &lt;t&gt;, version 1 &amp; 2 · ", "<t>"},
		{"a removed sentence is escaped", "<del>&lt;b&gt;removed&lt;/b&gt;</del> <span class=\"why\">Why &amp; &lt;why&gt;</span>", "<why>"},
		{"a javascript: licence URL is neutralised", "#ZgotmplZ", "javascript:"},
	}
	for _, tt := range tests {
		if !strings.Contains(out, tt.want) {
			t.Errorf("%s: output lacks %q", tt.reason, tt.want)
		}
		if tt.absent != "" && strings.Contains(out, tt.absent) {
			t.Errorf("%s: output holds %q", tt.reason, tt.absent)
		}
	}
	if got := marks(out); len(got) != 1 {
		t.Errorf("%d marks, want exactly the quote's: %q", len(got), got)
	}
}

func TestEvidencePage(t *testing.T) {
	ts := newTestServer(t)
	p, err := ts.kv.Evidence(knownEvidence)
	if err != nil {
		t.Fatal(err)
	}
	// A span ending inside a multi-byte character, when the passage has one.
	midRune := ""
	for i := range len(p.Text) {
		if p.Text[i] >= 0x80 {
			midRune = evidencePageURL(knownEvidence, ts.kv.ID(), 0, i+1)
			break
		}
	}
	tests := []struct {
		reason string
		target string
		status int
		mark   []string // the marked text, for 200
		want   []string
	}{
		{"a span marks text[start:end]", evidencePageURL(knownEvidence, ts.kv.ID(), 4, 20), 200, []string{p.Text[4:20]}, []string{`<code id="checksum">` + p.Checksum + `</code>`, "matches the text", p.License.ID, "bytes 4 to 20"}},
		{"the whole text may be marked", evidencePageURL(knownEvidence, ts.kv.ID(), 0, len(p.Text)), 200, []string{p.Text}, nil},
		{"no span marks nothing", "/evidence/" + knownEvidence, 200, nil, []string{html.EscapeString(p.Text)}},
		{"an empty span marks the empty string", evidencePageURL(knownEvidence, ts.kv.ID(), 3, 3), 200, []string{""}, nil},
		{"a span past the end is refused", evidencePageURL(knownEvidence, ts.kv.ID(), 0, len(p.Text)+1), 400, nil, []string{"does not fit"}},
		{"a reversed span is refused", evidencePageURL(knownEvidence, ts.kv.ID(), 9, 3), 400, nil, nil},
		{"a negative start is refused", "/evidence/" + knownEvidence + "?start=-1&end=3", 400, nil, nil},
		{"start without end is refused", "/evidence/" + knownEvidence + "?start=1", 400, nil, []string{"byte offsets"}},
		{"offsets must be numbers", "/evidence/" + knownEvidence + "?start=a&end=b", 400, nil, nil},
		{"an unknown passage", "/evidence/ev_nope", 404, nil, []string{"No passage with this id"}},
		{"an unknown version", "/evidence/" + knownEvidence + "?v=kv_1999_01_01", 404, nil, []string{"Unknown knowledge version"}},
	}
	if midRune != "" {
		tests = append(tests, struct {
			reason string
			target string
			status int
			mark   []string
			want   []string
		}{"a span ending inside a character is refused", midRune, 400, nil, nil})
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			w := ts.do(t, http.MethodGet, tt.target, "", "")
			body := w.Body.String()
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d; body %s", w.Code, tt.status, body)
			}
			if ct := w.Header().Get("Content-Type"); ct != htmlType {
				t.Errorf("Content-Type %q, want %q", ct, htmlType)
			}
			if tt.status == 200 {
				if diff := cmp.Diff(tt.mark, marks(body)); diff != "" {
					t.Errorf("marked text mismatch (-want +got):\n%s", diff)
				}
			}
			for _, s := range tt.want {
				if !strings.Contains(body, s) {
					t.Errorf("page lacks %q\n%s", s, body)
				}
			}
		})
	}
}

func TestTrustPage(t *testing.T) {
	ts := newTestServer(t)
	w := ts.do(t, http.MethodGet, "/trust", "", "")
	if w.Code != 200 {
		t.Fatalf("status %d; body %s", w.Code, w.Body)
	}
	body := w.Body.String()
	v := dermliving.DescribeVersion(ts.kv)
	for _, s := range []string{`<section class="version" id="` + v.ID + `"`, `<span class="status released">released</span>`, "<dd>" + v.Released + "</dd>", "<code>" + v.Checksum + "</code>"} {
		if !strings.Contains(body, s) {
			t.Errorf("trust page lacks %q", s)
		}
	}
	if strings.Contains(body, `class="note status-note"`) {
		t.Error("the trust page notes the status of a released version")
	}
	// A blocked version served all the same says so.
	bw := newBlockedServer(t).do(t, http.MethodGet, "/trust", "", "")
	for _, s := range []string{`<span class="status blocked">blocked</span>`, `class="note status-note"`, "It is served all the same"} {
		if !strings.Contains(bw.Body.String(), s) {
			t.Errorf("trust page of a blocked version lacks %q", s)
		}
	}
	if !strings.Contains(body, "<dt>Passages</dt><dd>"+strconv.Itoa(v.Passages)+"</dd>") || !strings.Contains(body, "<dt>Sources</dt><dd>"+strconv.Itoa(v.Sources)+"</dd>") {
		t.Errorf("trust page lacks the counts %d passages, %d sources", v.Passages, v.Sources)
	}
	// What the page says about gates follows the stored report: never
	// made-up values.
	if len(v.Gates) == 0 {
		if !strings.Contains(body, "The release gates were not measured for "+v.ID) {
			t.Error("a version without a gate report must say its gates were not measured")
		}
		if strings.Contains(body, "<svg") {
			t.Error("bars drawn for a version without a gate report")
		}
	} else {
		for _, g := range v.Gates {
			if !strings.Contains(body, `data-gate="`+g.Name+`"`) {
				t.Errorf("trust page lacks gate %s", g.Name)
			}
		}
	}
}

func TestGateView(t *testing.T) {
	type drawn struct {
		Bar, Threshold, Anchor, Low, High string
		Class, Value, Need, Distance      string
	}
	tests := []struct {
		reason string
		gate   evidence.Gate
		want   drawn
	}{
		{"a share just above its threshold is drawn on 0.90 to 1.00, where the distance shows",
			evidence.Gate{Name: "citation_validity", Comparison: ">=", Threshold: 0.99, Value: 0.995, Passed: true},
			drawn{"285.0", "270.0", "end", "0.90", "1.00", "passed", "0.9950", "needs at least 0.9900", "0.0050 above the threshold"}},
		{"a share just below its threshold: the same scale, the bar short of the line",
			evidence.Gate{Name: "citation_validity", Comparison: ">=", Threshold: 0.99, Value: 0.9659},
			drawn{"197.7", "270.0", "end", "0.90", "1.00", "failed", "0.9659", "needs at least 0.9900", "0.0241 below the threshold"}},
		{"a share far below its threshold: the scale starts below the value",
			evidence.Gate{Name: "claim_grounding", Comparison: ">=", Threshold: 0.95, Value: 0.5},
			drawn{"50.0", "275.0", "end", "0.40", "1.00", "failed", "0.5000", "needs at least 0.9500", "0.4500 below the threshold"}},
		{"a perfect share fills the bar",
			evidence.Gate{Name: "correct_abstention", Comparison: ">=", Threshold: 0.95, Value: 1, Passed: true},
			drawn{"300.0", "150.0", "middle", "0.90", "1.00", "passed", "1.0000", "needs at least 0.9500", "0.0500 above the threshold"}},
		{"a share at its threshold",
			evidence.Gate{Name: "curated_recall_at_10", Comparison: ">=", Threshold: 0.95, Value: 0.95, Passed: true},
			drawn{"150.0", "150.0", "middle", "0.90", "1.00", "passed", "0.9500", "needs at least 0.9500", "exactly at the threshold"}},
		{"a zero count against == 0: empty bar, line at 0, on a 0 to 1 scale",
			evidence.Gate{Name: "unauthorized_tool_runs", Comparison: "==", Threshold: 0, Value: 0, Passed: true},
			drawn{"0.0", "0.0", "start", "0", "1", "passed", "0", "must be 0", "as required"}},
		{"a count of 4 against == 0: full bar on a 0 to 4 scale",
			evidence.Gate{Name: "unauthorized_tool_runs", Comparison: "==", Threshold: 0, Value: 4},
			drawn{"300.0", "0.0", "start", "0", "4", "failed", "4", "must be 0", "4 more than allowed"}},
		{"a negative value is drawn as an empty bar on a scale from 0",
			evidence.Gate{Name: "x", Comparison: ">=", Threshold: 0.5, Value: -1},
			drawn{"0.0", "150.0", "middle", "0.00", "1.00", "failed", "-1.0000", "needs at least 0.5000", "1.5000 below the threshold"}},
	}
	for _, tt := range tests {
		g := newGateView("kv_x", tt.gate)
		got := drawn{g.BarWidth, g.ThresholdX, g.ThresholdAnchor, g.Low, g.High, g.Class, g.ValueText, g.Need, g.Distance}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", tt.reason, diff)
		}
	}
}

func TestGateWords(t *testing.T) {
	for _, name := range []string{"citation_validity", "claim_grounding", "curated_recall_at_10", "correct_abstention", "unauthorized_tool_runs"} {
		g := newGateView("kv_x", evidence.Gate{Name: name, Comparison: ">=", Measures: "m"})
		if g.Title == "" || strings.Contains(g.Title, "_") || g.What == "" || g.What == "m" {
			t.Errorf("%s: named %q, measuring %q: want words of its own", name, g.Title, g.What)
		}
	}
	g := newGateView("kv_x", evidence.Gate{Name: "new_gate", Comparison: ">=", Measures: "What the report says."})
	if g.Title != "New gate" || g.What != "What the report says." {
		t.Errorf("an unknown gate is named %q, measuring %q; want its id in words and the report's definition", g.Title, g.What)
	}
}

func TestGatesSummary(t *testing.T) {
	gate := func(name string, passed bool) gateView {
		return newGateView("kv_x", evidence.Gate{Name: name, Comparison: ">=", Threshold: 0.9, Value: 0.95, Passed: passed})
	}
	tests := []struct {
		reason string
		gates  []gateView
		want   string
	}{
		{"no gate, no sentence", nil, ""},
		{"one gate that passes", []gateView{gate("citation_validity", true)}, "The release gate passes."},
		{"one gate that fails", []gateView{gate("citation_validity", false)}, "The release gate fails: Citations check out."},
		{"all pass", []gateView{gate("citation_validity", true), gate("claim_grounding", true)}, "All 2 release gates pass."},
		{"one fails: a singular verb", []gateView{gate("citation_validity", false), gate("claim_grounding", true), gate("curated_recall_at_10", true), gate("correct_abstention", true), gate("unauthorized_tool_runs", true)},
			"1 of the 5 release gates fails: Citations check out."},
		{"two fail: a plural verb, joined with and", []gateView{gate("citation_validity", false), gate("claim_grounding", false), gate("curated_recall_at_10", true)},
			"2 of the 3 release gates fail: Citations check out and Sentences rest on the text."},
		{"three fail: commas, then and", []gateView{gate("citation_validity", false), gate("claim_grounding", false), gate("curated_recall_at_10", false)},
			"3 of the 3 release gates fail: Citations check out, Sentences rest on the text and The right passage is found."},
	}
	for _, tt := range tests {
		if got := gatesSummary(tt.gates); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.reason, got, tt.want)
		}
	}
}

// TestTrustTemplateGates renders a version with a (test) gate report: each
// gate gets its name in words, what it measures, its value against its
// threshold in words, and a bar on a scale that shows the distance.
func TestTrustTemplateGates(t *testing.T) {
	ts := newTestServer(t)
	s := ts.h.(*server)
	gates := []evidence.Gate{
		{Name: "citation_validity", Threshold: 0.99, Comparison: ">=", Value: 1, Passed: true, Cases: 40, Measures: "share of citations that resolve"},
		{Name: "claim_grounding", Threshold: 0.95, Comparison: ">=", Value: 0.9, Passed: false, Cases: 40, Measures: "share of grounded claims"},
		{Name: "unauthorized_tool_runs", Threshold: 0, Comparison: "==", Value: 0, Passed: true, Cases: 3, Measures: "tool runs without authorisation"},
	}
	vv := versionView{VersionView: dermliving.VersionView{ID: "kv_test", Released: "2026-01-01", Status: "blocked", Passages: 3, Sources: 1, Checksum: "sha256:" + strings.Repeat("0", 64), Gates: gates}, Measured: "2026-01-01T00:00:00Z"}
	for _, g := range gates {
		vv.Gates = append(vv.Gates, newGateView(vv.ID, g))
	}
	vv.Summary = gatesSummary(vv.Gates)
	var b bytes.Buffer
	if err := s.pages.tmpl.ExecuteTemplate(&b, "trust", trustPage{pageBase{Title: "Trust", CSS: s.pages.css}, []versionView{vv}}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if n := strings.Count(out, "<svg"); n != len(gates) {
		t.Errorf("%d bars, want %d", n, len(gates))
	}
	for _, want := range []string{
		`<p class="gate-summary">1 of the 3 release gates fails: Sentences rest on the text.</p>`,
		`<h3>Sentences rest on the text <span class="status failed">fails</span></h3>`,
		`<p class="gate-what">The share of the sentences in test answers that are backed by the passage they cite.</p>`,
		`Measured 0.9000 on 40 test cases; needs at least 0.9500: 0.0500 below the threshold.`,
		`<title id="gate-kv_test-claim_grounding">Sentences rest on the text: 0.9000, needs at least 0.9500, fails</title>`,
		// 0.90 on a scale from 0.80 to 1.00, the threshold at 0.95.
		`<rect x="0" y="16" width="150.0" height="14" fill="#a4161a"/>`,
		`<line x1="225.0"`,
		`<text class="threshold" x="225.0" y="10" text-anchor="middle">0.95 needed</text>`,
		`<text class="low" x="0" y="45" text-anchor="start">0.80</text>`,
		`<text class="high" x="300" y="45" text-anchor="end">1.00</text>`,
		"Exact definition: share of grounded claims",
		`Measured 0 on 3 test cases; must be 0: as required.`,
		`<span class="status blocked">blocked</span>`,
		"<dt>Gates measured</dt><dd>2026-01-01T00:00:00Z</dd>",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("trust page lacks %q", want)
		}
	}
	for _, absent := range []string{"not measured", "&gt;=", ">= 0.9", "claim_grounding</", "1 of the release gates"} {
		if strings.Contains(out, absent) {
			t.Errorf("trust page holds %q", absent)
		}
	}
}

// TestPagesSelfContained checks that no page loads anything from elsewhere
// and that the CSP allows exactly the inline stylesheet.
func TestPagesSelfContained(t *testing.T) {
	ts := newTestServer(t)
	s := ts.h.(*server)
	sum := sha256.Sum256([]byte(s.pages.css))
	wantStyle := "style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	for _, target := range []string{"/", "POST " + seedQuestion, "POST " + rosaceaQ, "/trust", "/evidence/" + knownEvidence, "/evidence/ev_nope"} {
		var w *httptest.ResponseRecorder
		if q, ok := strings.CutPrefix(target, "POST "); ok {
			w = ts.page(t, q)
		} else {
			w = ts.do(t, http.MethodGet, target, "", "")
		}
		body := w.Body.String()
		for _, bad := range []string{"<script", "<link", "src=", "@import", "url(", "<iframe"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s: page holds %q", target, bad)
			}
		}
		csp := w.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, wantStyle) {
			t.Errorf("%s: CSP %q, want default-src 'none' and %s", target, csp, wantStyle)
		}
		if !strings.Contains(body, "<style>"+string(s.pages.css)+"</style>") {
			t.Errorf("%s: the inline stylesheet differs from the one the CSP hash allows", target)
		}
		if w.Header().Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: Referrer-Policy %q, want no-referrer: the URL holds the question", target, w.Header().Get("Referrer-Policy"))
		}
	}
}

func TestPagesNeverLogQuestion(t *testing.T) {
	ts := newTestServer(t)
	for _, q := range []string{seedQuestion, rosaceaQ, clinicalQ, patientQ, "Zebra-unicorn page question?"} {
		ts.page(t, q)
	}
	log := ts.log.String()
	for _, s := range append([]string{"Zebra", "rosacea", "atopic", "methotrexate", "q="}, patientTraces...) {
		if strings.Contains(scrubOwn(log), s) {
			t.Errorf("log holds %q:\n%s", s, log)
		}
	}
	if n := len(accessLines(t, log)); n != 5 {
		t.Errorf("%d access-log lines, want 5", n)
	}
}
