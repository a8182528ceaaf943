package main

import (
	"bufio"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// sample is one line of the exposition: a series and its value.
type sample struct {
	name   string
	labels map[string]string
	value  float64
}

var (
	sampleRE = regexp.MustCompile(`^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$`)
	labelRE  = regexp.MustCompile(`^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\[\\"n])*)"`)
)

// parseExposition parses the Prometheus text format strictly: HELP and TYPE
// comments before their family's samples, quoted and escaped label values,
// numeric values, and every sample of a declared family.
func parseExposition(t *testing.T, text string) (map[string]string, []sample) {
	t.Helper()
	types := map[string]string{}
	var samples []sample
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "# "); ok {
			kind, rest, _ := strings.Cut(rest, " ")
			name, arg, _ := strings.Cut(rest, " ")
			switch kind {
			case "TYPE":
				if _, dup := types[name]; dup {
					t.Errorf("family %s typed twice", name)
				}
				types[name] = arg
			case "HELP":
				if arg == "" {
					t.Errorf("family %s has an empty HELP", name)
				}
			default:
				t.Errorf("unknown comment %q", line)
			}
			continue
		}
		m := sampleRE.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("malformed sample line %q", line)
		}
		s := sample{name: m[1], labels: map[string]string{}}
		for rest := m[3]; rest != ""; {
			lm := labelRE.FindStringSubmatch(rest)
			if lm == nil {
				t.Fatalf("malformed labels in %q", line)
			}
			s.labels[lm[1]] = strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\n`, "\n").Replace(lm[2])
			rest = strings.TrimPrefix(rest[len(lm[0]):], ",")
		}
		v, err := strconv.ParseFloat(m[4], 64)
		if err != nil {
			t.Fatalf("value in %q: %v", line, err)
		}
		s.value = v
		family := s.name
		for _, suf := range []string{"_bucket", "_sum", "_count"} {
			if base, ok := strings.CutSuffix(s.name, suf); ok && types[base] == "histogram" {
				family = base
			}
		}
		if types[family] == "" {
			t.Errorf("sample %s before its TYPE", s.name)
		}
		samples = append(samples, s)
	}
	return types, samples
}

func value(samples []sample, name string, labels map[string]string) (float64, bool) {
	for _, s := range samples {
		if s.name == name && cmp.Equal(s.labels, labels) {
			return s.value, true
		}
	}
	return 0, false
}

func TestMetrics(t *testing.T) {
	ts := newTestServer(t)
	ts.ask(t, seedQuestion)
	ts.ask(t, rosaceaQ)
	ts.ask(t, clinicalQ)
	ts.ask(t, patientQ)
	ts.ask(t, "")        // Ask refuses it: timed, not counted as an answer
	ts.page(t, rosaceaQ) // the page asks too
	ts.stream(t, seedQuestion)
	ts.do(t, http.MethodPost, "/v1/knowledge/ask", "text/plain", "x") // refused before Ask
	ts.do(t, http.MethodGet, "/trust", "", "")
	ts.do(t, http.MethodGet, "/nope", "", "")
	ts.do(t, http.MethodDelete, "/v1/evidence/"+knownEvidence, "", "") // a 405 on a routed path

	w := ts.do(t, http.MethodGet, "/metrics", "", "")
	if w.Code != 200 || w.Header().Get("Content-Type") != "text/plain; version=0.0.4; charset=utf-8" {
		t.Fatalf("status %d, Content-Type %q", w.Code, w.Header().Get("Content-Type"))
	}
	types, samples := parseExposition(t, w.Body.String())
	wantTypes := map[string]string{
		"dermliving_answers_total":        "counter",
		"dermliving_abstentions_total":    "counter",
		"dermliving_http_requests_total":  "counter",
		"dermliving_ask_duration_seconds": "histogram",
	}
	if diff := cmp.Diff(wantTypes, types); diff != "" {
		t.Errorf("metric families mismatch (-want +got):\n%s", diff)
	}
	tests := []struct {
		reason string
		name   string
		labels map[string]string
		want   float64
	}{
		{"the API's seed answer and the streamed one", "dermliving_answers_total", map[string]string{"status": "grounded"}, 2},
		{"rosacea twice (API and page), clinical, patient", "dermliving_answers_total", map[string]string{"status": "abstained"}, 4},
		{"rosacea through the API and the page", "dermliving_abstentions_total", map[string]string{"reason": "insufficient_evidence"}, 2},
		{"the methotrexate question", "dermliving_abstentions_total", map[string]string{"reason": "clinical_decision"}, 1},
		{"the MRN question", "dermliving_abstentions_total", map[string]string{"reason": "patient_data"}, 1},
		{"four asks answered, whatever the result", "dermliving_http_requests_total", map[string]string{"route": "POST /v1/knowledge/ask", "code": "200"}, 4},
		{"the empty question", "dermliving_http_requests_total", map[string]string{"route": "POST /v1/knowledge/ask", "code": "400"}, 1},
		{"the text/plain body", "dermliving_http_requests_total", map[string]string{"route": "POST /v1/knowledge/ask", "code": "415"}, 1},
		{"the stream", "dermliving_http_requests_total", map[string]string{"route": "POST /v1/knowledge/ask:stream", "code": "200"}, 1},
		{"the page", "dermliving_http_requests_total", map[string]string{"route": "POST /{$}", "code": "200"}, 1},
		{"the trust page", "dermliving_http_requests_total", map[string]string{"route": "GET /trust", "code": "200"}, 1},
		{"no route matched", "dermliving_http_requests_total", map[string]string{"route": "unmatched", "code": "404"}, 1},
		{"a 405 counts under its path's pattern, not as unmatched", "dermliving_http_requests_total", map[string]string{"route": "/v1/evidence/{id}", "code": "405"}, 1},
		{"every Ask call is timed: 5 API asks, the page and the stream", "dermliving_ask_duration_seconds_count", map[string]string{}, 7},
		{"+Inf holds every observation", "dermliving_ask_duration_seconds_bucket", map[string]string{"le": "+Inf"}, 7},
	}
	for _, tt := range tests {
		got, ok := value(samples, tt.name, tt.labels)
		if !ok || got != tt.want {
			t.Errorf("%s: %s%v = %v (present %v), want %v", tt.reason, tt.name, tt.labels, got, ok, tt.want)
		}
	}
	// Buckets are cumulative, in increasing le, one per fixed bound.
	var les []string
	prev := -1.0
	for _, s := range samples {
		if s.name != "dermliving_ask_duration_seconds_bucket" {
			continue
		}
		les = append(les, s.labels["le"])
		if s.value < prev {
			t.Errorf("bucket le=%s = %v, below the previous %v", s.labels["le"], s.value, prev)
		}
		prev = s.value
	}
	wantLes := []string{"0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "20", "+Inf"}
	if diff := cmp.Diff(wantLes, les); diff != "" {
		t.Errorf("bucket bounds mismatch (-want +got):\n%s", diff)
	}
	if sum, ok := value(samples, "dermliving_ask_duration_seconds_sum", map[string]string{}); !ok || sum < 0 {
		t.Errorf("sum %v (present %v), want a non-negative total", sum, ok)
	}
}

func TestQuoteLabel(t *testing.T) {
	tests := []struct{ reason, in, want string }{
		{"plain text is only quoted", "GET /trust", `"GET /trust"`},
		{"a backslash is doubled", `a\b`, `"a\\b"`},
		{"a double quote is escaped", `a"b`, `"a\"b"`},
		{"a line feed is written as \\n", "a\nb", `"a\nb"`},
	}
	for _, tt := range tests {
		if got := quoteLabel(tt.in); got != tt.want {
			t.Errorf("%s: quoteLabel(%q) = %s, want %s", tt.reason, tt.in, got, tt.want)
		}
	}
}
