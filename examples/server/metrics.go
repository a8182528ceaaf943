package main

import (
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/abstain"
)

// askBuckets are the upper bounds, in seconds, of the Ask latency histogram.
// They span a cache-warm answer (milliseconds) to defaultAskTimeout.
var askBuckets = [...]float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20}

// metrics counts what /metrics exposes, in the Prometheus text exposition
// format (version 0.0.4), written by hand: the server needs three counters
// and one histogram, not a client library. It is safe for concurrent use.
type metrics struct {
	mu          sync.Mutex
	answers     map[string]uint64    // by status
	abstentions map[string]uint64    // by reason
	requests    map[[2]string]uint64 // by route pattern and status code
	askCounts   [len(askBuckets) + 1]uint64
	askSum      float64
	askCount    uint64
}

func newMetrics() *metrics {
	m := &metrics{
		answers:     map[string]uint64{"grounded": 0, "abstained": 0},
		abstentions: map[string]uint64{},
		requests:    map[[2]string]uint64{},
	}
	// Every reason is exposed from the start, so that a rate over a reason
	// that has not happened yet is 0 rather than absent.
	for r := abstain.PatientData; r.Valid(); r++ {
		m.abstentions[r.String()] = 0
	}
	return m
}

// answer counts one Ask call: its latency always, its result when there is
// one.
func (m *metrics) answer(res dermliving.Result, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	secs := d.Seconds()
	i, _ := slices.BinarySearch(askBuckets[:], secs) // le: a value equal to a bound falls in it
	m.askCounts[i]++
	m.askSum += secs
	m.askCount++
	switch r := res.(type) {
	case *dermliving.Grounded:
		m.answers["grounded"]++
	case *dermliving.Abstained:
		m.answers["abstained"]++
		m.abstentions[r.Reason.String()]++
	}
}

// request counts one served request by route pattern and status code. The
// pattern of a 405 is its path's, without a method (see allowedMethods);
// "" (no route serves the path) is counted as "unmatched".
func (m *metrics) request(pattern string, status int) {
	if pattern == "" {
		pattern = "unmatched"
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests[[2]string{pattern, strconv.Itoa(status)}]++
}

// writeTo writes the exposition. Series are sorted, so the output is stable.
func (m *metrics) writeTo(w io.Writer) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var b strings.Builder
	b.WriteString("# HELP dermliving_answers_total Answers returned by Ask, by status.\n")
	b.WriteString("# TYPE dermliving_answers_total counter\n")
	for _, k := range slices.Sorted(maps.Keys(m.answers)) {
		fmt.Fprintf(&b, "dermliving_answers_total{status=%s} %d\n", quoteLabel(k), m.answers[k])
	}
	b.WriteString("# HELP dermliving_abstentions_total Abstentions returned by Ask, by reason.\n")
	b.WriteString("# TYPE dermliving_abstentions_total counter\n")
	for _, k := range slices.Sorted(maps.Keys(m.abstentions)) {
		fmt.Fprintf(&b, "dermliving_abstentions_total{reason=%s} %d\n", quoteLabel(k), m.abstentions[k])
	}
	b.WriteString("# HELP dermliving_http_requests_total HTTP requests served, by route pattern and status code; a method a path does not serve counts under the path's pattern, a path no route serves as unmatched.\n")
	b.WriteString("# TYPE dermliving_http_requests_total counter\n")
	keys := slices.SortedFunc(maps.Keys(m.requests), func(a, b [2]string) int {
		if c := strings.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return strings.Compare(a[1], b[1])
	})
	for _, k := range keys {
		fmt.Fprintf(&b, "dermliving_http_requests_total{route=%s,code=%s} %d\n", quoteLabel(k[0]), quoteLabel(k[1]), m.requests[k])
	}
	b.WriteString("# HELP dermliving_ask_duration_seconds Latency of Ask calls, whatever their outcome.\n")
	b.WriteString("# TYPE dermliving_ask_duration_seconds histogram\n")
	var cum uint64
	for i, le := range askBuckets {
		cum += m.askCounts[i]
		fmt.Fprintf(&b, "dermliving_ask_duration_seconds_bucket{le=%s} %d\n", quoteLabel(strconv.FormatFloat(le, 'g', -1, 64)), cum)
	}
	cum += m.askCounts[len(askBuckets)]
	fmt.Fprintf(&b, "dermliving_ask_duration_seconds_bucket{le=\"+Inf\"} %d\n", cum)
	fmt.Fprintf(&b, "dermliving_ask_duration_seconds_sum %s\n", strconv.FormatFloat(m.askSum, 'g', -1, 64))
	fmt.Fprintf(&b, "dermliving_ask_duration_seconds_count %d\n", m.askCount)
	_, _ = io.WriteString(w, b.String())
}

// quoteLabel quotes a label value: backslash, double quote and line feed are
// escaped, as the text format requires.
func quoteLabel(v string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(v) + `"`
}

func (s *server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	s.metrics.writeTo(&b)
	h := w.Header()
	h.Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	_, _ = io.WriteString(w, b.String())
}
