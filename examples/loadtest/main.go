// Command loadtest sends a bounded load of questions to a DermLiving server on
// this machine (see examples/server) and reports throughput, error rate and
// latency percentiles.
//
// Start the example server, then run the load from the module root:
//
//	go -C examples run ./server -addr 127.0.0.1:18080 &
//	go -C examples run ./loadtest -url http://127.0.0.1:18080 -n 2000 -c 8 -duration 30s
//
// Flags:
//
//	-url URL          the server's base URL (default http://127.0.0.1:8080); only
//	                  loopback addresses are accepted: 127.0.0.0/8, ::1 or localhost
//	-n N              total requests (default 2000)
//	-c N              concurrent requests (default 8)
//	-duration D       stop after D even if fewer than N requests were sent (default 30s)
//	-json             print the report as JSON
//
// Each request POSTs one question of a fixed mix to /v1/knowledge/ask:
// grounded, off-topic, clinical-decision and patient-data questions (HTTP
// 200) and an empty question (HTTP 400). A request is an error when it fails
// in transport or gets a status other than the one its question expects.
// Requests still in flight when the duration cap falls are cancelled and
// counted apart, not as errors.
//
// To load a server while it swaps knowledge versions, start it with
// -watch DIR and replace bundles there (or send it SIGHUP) during the run:
// a request is an error the same way, and a swap must add none (the server
// package's TestHotSwapUnderLoad does this in-process, a swap every 100 ms
// under 64 clients).
//
// The tool never sends traffic off the machine: the URL must name a loopback
// address, every connection is checked to be to a loopback address when it
// is dialled, proxies from the environment are ignored and redirects are not
// followed.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// question is one request of the mix and the status it should get.
type question struct {
	Text   string
	Status int
}

// mix is the fixed question mix, sent round-robin.
var mix = []question{
	{"What makes atopic dermatitis flare?", http.StatusOK},
	{"What causes hives?", http.StatusOK},
	{"How is scabies diagnosed?", http.StatusOK},
	{"What are the ABCDE signs of melanoma?", http.StatusOK},
	{"Is shingles contagious?", http.StatusOK},
	{"How is psoriasis treated?", http.StatusOK},
	{"What is the capital of France?", http.StatusOK},                                        // insufficient_evidence
	{"Which biologic should I start for my patient who failed methotrexate?", http.StatusOK}, // clinical_decision
	{"Patient MRN 48213377, DOB 03/14/1962: is this psoriasis?", http.StatusOK},              // patient_data
	{"", http.StatusBadRequest},
}

type config struct {
	target      *url.URL // the ask endpoint
	n, c        int
	duration    time.Duration
	questions   []question
	dialTimeout time.Duration
}

// Report is the outcome of a load run.
type Report struct {
	Target      string         `json:"target"`
	Requested   int            `json:"requested"`
	Concurrency int            `json:"concurrency"`
	Completed   int            `json:"completed"` // requests that got a response or failed in transport
	Cancelled   int            `json:"cancelled"` // in flight or not yet sent when the duration cap fell
	Errors      int            `json:"errors"`
	ErrorRate   float64        `json:"error_rate"` // errors / completed
	Capped      bool           `json:"capped"`     // the duration cap stopped the run
	Seconds     float64        `json:"seconds"`
	RPS         float64        `json:"requests_per_second"` // completed / seconds
	Statuses    map[string]int `json:"statuses"`            // HTTP status (or "transport") -> count
	Results     map[string]int `json:"results"`             // data.status of 200 answers -> count
	Latency     Latency        `json:"latency"`
	FirstError  string         `json:"first_error,omitempty"`
}

// Latency holds percentiles of completed requests in milliseconds.
type Latency struct {
	P50 float64 `json:"p50_ms"`
	P95 float64 `json:"p95_ms"`
	P99 float64 `json:"p99_ms"`
	Max float64 `json:"max_ms"`
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rawURL := fs.String("url", "http://127.0.0.1:8080", "the server's base `URL` (loopback only)")
	n := fs.Int("n", 2000, "total requests")
	c := fs.Int("c", 8, "concurrent requests")
	duration := fs.Duration("duration", 30*time.Second, "stop after this long")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *n <= 0 || *c <= 0 || *duration <= 0 {
		fmt.Fprintln(stderr, "loadtest: -n, -c and -duration must be positive, and no arguments follow the flags")
		return 2
	}
	target, err := askURL(*rawURL)
	if err != nil {
		fmt.Fprintf(stderr, "loadtest: %v\n", err)
		return 2
	}
	r := load(ctx, config{target: target, n: *n, c: *c, duration: *duration, questions: mix, dialTimeout: 5 * time.Second})
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(r)
	} else {
		printReport(stdout, r)
	}
	if r.Errors > 0 {
		return 1
	}
	return 0
}

// askURL checks that raw names a loopback HTTP server and returns its ask
// endpoint.
func askURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("-url: %v", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("-url %q: want an http or https URL", raw)
	}
	if u.User != nil {
		return nil, fmt.Errorf("-url: credentials in the URL are not accepted")
	}
	if !loopbackHost(u.Hostname()) {
		return nil, fmt.Errorf("-url %q: refusing a host that is not a loopback address (127.0.0.0/8, ::1 or localhost)", raw)
	}
	out := *u
	out.Path = strings.TrimSuffix(u.Path, "/") + "/v1/knowledge/ask"
	out.RawQuery, out.Fragment = "", ""
	return &out, nil
}

// loopbackHost accepts loopback IP literals and the name localhost. Other
// names are refused without a DNS lookup.
func loopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// newClient returns a client that dials loopback addresses only, ignores
// proxy settings and does not follow redirects.
func newClient(conns int, dialTimeout time.Duration) *http.Client {
	d := &net.Dialer{
		Timeout: dialTimeout,
		Control: func(network, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
				return fmt.Errorf("loadtest: refusing to connect to %s: not a loopback address", address)
			}
			return nil
		},
	}
	return &http.Client{
		Transport: &http.Transport{
			Proxy:               nil,
			DialContext:         d.DialContext,
			MaxIdleConns:        conns,
			MaxIdleConnsPerHost: conns,
			IdleConnTimeout:     30 * time.Second,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// outcome is what one request got.
type outcome struct {
	status    string // HTTP status code or "transport"
	result    string // data.status of a 200
	err       string // why it is an error, or empty
	cancelled bool
	d         time.Duration
}

// load sends cfg.n requests over cfg.c workers, stopping at cfg.duration.
func load(ctx context.Context, cfg config) *Report {
	client := newClient(cfg.c, cfg.dialTimeout)
	defer client.CloseIdleConnections()
	ctx, cancel := context.WithTimeout(ctx, cfg.duration)
	defer cancel()

	outcomes := make([]outcome, cfg.n)
	sent := make([]bool, cfg.n)
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range cfg.c {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= cfg.n || ctx.Err() != nil {
					return
				}
				sent[i] = true
				outcomes[i] = ask(ctx, client, cfg.target.String(), cfg.questions[i%len(cfg.questions)])
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)

	r := &Report{
		Target: cfg.target.String(), Requested: cfg.n, Concurrency: cfg.c,
		Statuses: map[string]int{}, Results: map[string]int{},
		Capped: errors.Is(ctx.Err(), context.DeadlineExceeded), Seconds: elapsed.Seconds(),
	}
	var ds []time.Duration
	for i, o := range outcomes {
		if !sent[i] || o.cancelled {
			r.Cancelled++
			continue
		}
		r.Completed++
		ds = append(ds, o.d)
		r.Statuses[o.status]++
		if o.result != "" {
			r.Results[o.result]++
		}
		if o.err != "" {
			r.Errors++
			if r.FirstError == "" {
				r.FirstError = o.err
			}
		}
	}
	if r.Completed > 0 {
		r.ErrorRate = float64(r.Errors) / float64(r.Completed)
		r.RPS = float64(r.Completed) / elapsed.Seconds()
	}
	r.Latency = percentiles(ds)
	return r
}

func ask(ctx context.Context, client *http.Client, target string, q question) outcome {
	body, _ := json.Marshal(map[string]string{"question": q.Text})
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return outcome{status: "transport", err: err.Error(), d: time.Since(start)}
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return outcome{cancelled: true}
		}
		return outcome{status: "transport", err: err.Error(), d: time.Since(start)}
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	resp.Body.Close()
	d := time.Since(start)
	if err != nil {
		if ctx.Err() != nil {
			return outcome{cancelled: true}
		}
		return outcome{status: "transport", err: err.Error(), d: d}
	}
	o := outcome{status: fmt.Sprint(resp.StatusCode), d: d}
	if resp.StatusCode != q.Status {
		o.err = fmt.Sprintf("HTTP %d, want %d", resp.StatusCode, q.Status)
	}
	if resp.StatusCode == http.StatusOK {
		var env struct {
			Data struct {
				Status string `json:"status"`
			} `json:"data"`
		}
		if json.Unmarshal(raw, &env) != nil || env.Data.Status == "" {
			o.err = "HTTP 200 without a data.status"
		}
		o.result = env.Data.Status
	}
	return o
}

// percentiles returns nearest-rank percentiles in milliseconds.
func percentiles(ds []time.Duration) Latency {
	if len(ds) == 0 {
		return Latency{}
	}
	slices.Sort(ds)
	at := func(p float64) float64 {
		i := int(p*float64(len(ds))+0.999999) - 1
		return msOf(ds[min(max(i, 0), len(ds)-1)])
	}
	return Latency{P50: at(0.50), P95: at(0.95), P99: at(0.99), Max: msOf(ds[len(ds)-1])}
}

func msOf(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

func printReport(w io.Writer, r *Report) {
	fmt.Fprintf(w, "target      %s\n", r.Target)
	capped := ""
	if r.Capped {
		capped = " (stopped at the duration cap)"
	}
	fmt.Fprintf(w, "requests    %d completed of %d, %d cancelled, concurrency %d, %.3f s%s\n", r.Completed, r.Requested, r.Cancelled, r.Concurrency, r.Seconds, capped)
	fmt.Fprintf(w, "throughput  %.1f requests/s\n", r.RPS)
	fmt.Fprintf(w, "errors      %d (rate %.4f)", r.Errors, r.ErrorRate)
	if r.FirstError != "" {
		fmt.Fprintf(w, ", first: %s", r.FirstError)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "latency     p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms\n", r.Latency.P50, r.Latency.P95, r.Latency.P99, r.Latency.Max)
	fmt.Fprintf(w, "statuses    %s\n", counts(r.Statuses))
	fmt.Fprintf(w, "results     %s\n", counts(r.Results))
}

func counts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}
