package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// fakeServer answers asks like the example server: 400 for an empty
// question, else 200 with a data.status; fail makes every n-th request a 500.
func fakeServer(t *testing.T, failEvery int64) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var seen atomic.Int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := seen.Add(1)
		if r.Method != http.MethodPost || r.URL.Path != "/v1/knowledge/ask" || r.Header.Get("Content-Type") != "application/json" {
			http.Error(w, "wrong request", http.StatusNotFound)
			return
		}
		var in struct{ Question string }
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		if failEvery > 0 && n%failEvery == 0 {
			http.Error(w, "boom", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		switch {
		case in.Question == "":
			w.WriteHeader(http.StatusBadRequest)
			w.Write([]byte(`{"error":{"code":"invalid_question","message":"empty"}}`))
		case strings.Contains(in.Question, "France"):
			w.Write([]byte(`{"data":{"status":"abstained"}}`))
		default:
			w.Write([]byte(`{"data":{"status":"grounded"}}`))
		}
	}))
	t.Cleanup(ts.Close)
	return ts, &seen
}

func TestCounting(t *testing.T) {
	ts, seen := fakeServer(t, 0)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"-url", ts.URL, "-n", "103", "-c", "4", "-json"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	var r Report
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Completed != 103 || seen.Load() != 103 || r.Cancelled != 0 || r.Capped {
		t.Errorf("completed %d, server saw %d, cancelled %d, capped %v; want 103 each and none cancelled", r.Completed, seen.Load(), r.Cancelled, r.Capped)
	}
	// 103 requests round the 10-question mix: the first three questions are
	// sent 11 times, the others 10, so 10 empty (400), 10 France
	// (abstained), the rest grounded.
	if r.Errors != 0 || r.ErrorRate != 0 {
		t.Errorf("errors %d (%v): %s", r.Errors, r.ErrorRate, r.FirstError)
	}
	if r.Statuses["200"] != 93 || r.Statuses["400"] != 10 {
		t.Errorf("statuses %v, want 200: 93, 400: 10", r.Statuses)
	}
	if r.Results["grounded"] != 83 || r.Results["abstained"] != 10 {
		t.Errorf("results %v, want grounded 83, abstained 10", r.Results)
	}
	if r.RPS <= 0 || !(r.Latency.P50 <= r.Latency.P95 && r.Latency.P95 <= r.Latency.P99 && r.Latency.P99 <= r.Latency.Max) {
		t.Errorf("rps %v latency %+v", r.RPS, r.Latency)
	}
	if !strings.HasSuffix(r.Target, "/v1/knowledge/ask") {
		t.Errorf("target %s", r.Target)
	}
}

func TestCountsErrors(t *testing.T) {
	ts, _ := fakeServer(t, 5)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"-url", ts.URL, "-n", "50", "-c", "1"}, &out, &errb)
	if code != 1 {
		t.Errorf("exit %d with failing requests, want 1", code)
	}
	for _, want := range []string{"requests    50 completed of 50", "errors      10 (rate 0.2000), first: HTTP 500, want 200", "statuses    200 ", "500 10"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestDurationCap(t *testing.T) {
	release := make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer ts.Close()
	defer close(release)
	target, err := askURL(ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	r := load(context.Background(), config{target: target, n: 1000, c: 3, duration: 50 * time.Millisecond, questions: mix, dialTimeout: time.Second})
	if !r.Capped || r.Completed != 0 || r.Cancelled != 1000 || r.Errors != 0 {
		t.Errorf("capped %v, completed %d, cancelled %d, errors %d; want every request cancelled, none an error", r.Capped, r.Completed, r.Cancelled, r.Errors)
	}
}

func TestLoopbackOnly(t *testing.T) {
	for _, c := range []struct {
		url    string
		ok     bool
		reason string
	}{
		{"http://127.0.0.1:8080", true, "IPv4 loopback"},
		{"http://127.1.2.3:8080/base/", true, "all of 127.0.0.0/8 is loopback"},
		{"http://[::1]:8080", true, "IPv6 loopback"},
		{"http://localhost:8080", true, "localhost, checked again when dialled"},
		{"http://LOCALHOST", true, "host names are case-insensitive"},
		{"http://10.0.0.1:8080", false, "a private address is another machine"},
		{"http://0.0.0.0:8080", false, "the unspecified address is not loopback"},
		{"http://example.com", false, "names other than localhost are refused without a lookup"},
		{"http://localhost.example.com", false, "a name that starts with localhost is not localhost"},
		{"http://127.0.0.1.nip.io", false, "a name that embeds a loopback address may resolve anywhere"},
		{"http://[::ffff:10.0.0.1]:80", false, "an IPv4-mapped private address"},
		{"ftp://127.0.0.1", false, "only http and https"},
		{"http://user:pw@127.0.0.1", false, "credentials are not accepted"},
		{"127.0.0.1:8080", false, "not a URL with a scheme"},
	} {
		_, err := askURL(c.url)
		if (err == nil) != c.ok {
			t.Errorf("%s: err %v, want ok=%v: %s", c.url, err, c.ok, c.reason)
		}
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"-url", "http://192.0.2.1:8080"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "loopback") {
		t.Errorf("non-loopback run: exit %d, %s", code, errb.String())
	}
	// The dial check refuses a non-loopback address even if the URL check
	// were bypassed.
	c := newClient(1, 200*time.Millisecond)
	_, err := c.Get("http://192.0.2.1:9/")
	if err == nil || !strings.Contains(err.Error(), "not a loopback address") {
		t.Errorf("dial to 192.0.2.1: %v", err)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"-n", "0"}, {"-c", "-1"}, {"-duration", "0s"}, {"extra"}, {"-bogus"}} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
