//go:build browser

// Browser tests: the pages as Debian's headless Chromium renders them. Run
//
//	go test -tags browser -run Browser -v ./examples/server/
//
// They need /usr/bin/chromium (apt-get install chromium) and skip without
// it. Chromium is driven through its command-line modes, --dump-dom (the DOM
// after the page loaded) and --screenshot, so that no driver library enters
// the module's go.mod. Screenshots go to $DERMLIVING_ARTEFACTS when set, else
// to the test's artifact directory (kept with go test -artifacts).

package main

import (
	"context"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving"
)

const chromiumPath = "/usr/bin/chromium"

// browser runs headless Chromium against one test server.
type browser struct {
	t        *testing.T
	base     string // the server's URL, on 127.0.0.1
	userData string
	shots    string // where screenshots go
}

func newBrowser(t *testing.T) (*browser, *testServer) {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("%s not found (apt-get install chromium): %v", chromiumPath, err)
	}
	ts := newTestServer(t)
	srv := httptest.NewServer(ts.h) // listens on 127.0.0.1
	t.Cleanup(srv.Close)
	shots := os.Getenv("DERMLIVING_ARTEFACTS")
	if shots == "" {
		shots = t.ArtifactDir()
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	return &browser{t: t, base: srv.URL, userData: t.TempDir(), shots: shots}, ts
}

// run runs Chromium once with the given mode flags on path (relative to the
// server) and returns its standard output.
func (b *browser) run(path string, mode ...string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.t.Context(), 90*time.Second)
	defer cancel()
	args := []string{
		"--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--no-first-run", "--hide-scrollbars",
		"--user-data-dir=" + b.userData,
	}
	args = append(append(args, mode...), b.base+path)
	cmd := exec.CommandContext(ctx, chromiumPath, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		b.t.Fatalf("chromium %s: %v\n%s", path, err, stderr.String())
	}
	return string(out)
}

// dom loads path and returns the DOM after load, serialised.
func (b *browser) dom(path string) string {
	b.t.Helper()
	d := b.run(path, "--dump-dom")
	if !strings.Contains(d, "</html>") {
		b.t.Fatalf("%s: no document: %q", path, d)
	}
	return d
}

// screenshot saves a PNG of path at the given window width, and returns its
// file name.
func (b *browser) screenshot(path, name string, width int) string {
	b.t.Helper()
	file := filepath.Join(b.shots, name)
	b.run(path, "--screenshot="+file, "--window-size="+strconv.Itoa(width)+",1600")
	st, err := os.Stat(file)
	if err != nil || st.Size() == 0 {
		b.t.Fatalf("no screenshot %s: %v", file, err)
	}
	b.t.Logf("screenshot %s", file)
	return file
}

var domMarkRE = regexp.MustCompile(`<mark>([^<]*)</mark>`)

func domMarks(d string) []string {
	var out []string
	for _, m := range domMarkRE.FindAllStringSubmatch(d, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return out
}

func TestBrowserAnswerAndCitation(t *testing.T) {
	b, ts := newBrowser(t)
	api := decode[struct{ Data groundedData }](t, ts.ask(t, seedQuestion)).Data
	if len(api.Citations) == 0 {
		t.Fatal("the API's seed answer has no citations")
	}

	// Ask the seed question on the answer page.
	page := pageURL(seedQuestion)
	d := b.dom(page)
	for _, s := range []string{`data-status="grounded"`, `<del>` + foodAllergy + `</del>`, "removed: unsupported"} {
		if !strings.Contains(d, s) {
			t.Errorf("answer page DOM lacks %q", s)
		}
	}
	var quotes []string
	for _, c := range api.Citations {
		quotes = append(quotes, c.Quote)
	}
	if diff := cmp.Diff(quotes, domMarks(d)); diff != "" {
		t.Errorf("highlighted text on the answer page differs from the API's quotes (-api +page):\n%s", diff)
	}
	b.screenshot(page, "answer-375.png", 375)
	b.screenshot(page, "answer-1280.png", 1280)

	// Open the first citation: following its [1] link (#cit_1, inside the
	// closed <details>), Chromium opens the details that hold it. The other
	// citations stay closed.
	if strings.Contains(d, "<details open") {
		t.Error("a citation is open before any was followed")
	}
	d = b.dom(page + "#cit_1")
	if !strings.Contains(d, `<li data-citation="cit_1"><details open="">`) {
		t.Errorf("following #cit_1 did not open the citation's details:\n%s", excerpt(d, `data-citation="cit_1"`))
	}
	if n := strings.Count(d, "<details open"); n != 1 {
		t.Errorf("%d citations open, want only cit_1", n)
	}
	b.screenshot(page+"#cit_1", "answer-cit1-375.png", 375)

	// Open each citation's evidence page: the highlighted text is the quote.
	for _, c := range api.Citations {
		link := evidencePageURL(c.EvidenceID, ts.kv.ID(), c.Span.Start, c.Span.End)
		if !strings.Contains(d, `href="`+html.EscapeString(link)+`"`) {
			t.Errorf("%s: the answer page does not link %s", c.ID, link)
		}
		ed := b.dom(link)
		if diff := cmp.Diff([]string{c.Quote}, domMarks(ed)); diff != "" {
			t.Errorf("%s: evidence page highlight differs from the quote (-quote +page):\n%s", c.ID, diff)
		}
		for _, s := range []string{c.Checksum, "matches the text", c.License.ID, c.Locator.Section} {
			if !strings.Contains(ed, html.EscapeString(s)) {
				t.Errorf("%s: evidence page lacks %q", c.ID, s)
			}
		}
		if c.ID == "cit_1" {
			b.screenshot(link, "evidence-cit1-375.png", 375)
		}
	}
}

func TestBrowserAbstention(t *testing.T) {
	b, _ := newBrowser(t)
	page := pageURL(rosaceaQ)
	d := b.dom(page)
	for _, s := range []string{`data-status="abstained"`, `<strong id="reason">insufficient_evidence</strong>`, "No passage in kv_2026_10_01 supports an answer."} {
		if !strings.Contains(d, s) {
			t.Errorf("rosacea page DOM lacks %q", s)
		}
	}
	if m := domMarks(d); len(m) != 0 {
		t.Errorf("an abstention highlights %q", m)
	}
	b.screenshot(page, "abstained-rosacea-375.png", 375)
}

func TestBrowserTrust(t *testing.T) {
	b, ts := newBrowser(t)
	d := b.dom("/trust")
	v := dermliving.DescribeVersion(ts.kv)
	if !strings.Contains(d, v.Checksum) {
		t.Errorf("trust page lacks the version checksum %s", v.Checksum)
	}
	if len(v.Gates) == 0 {
		if !strings.Contains(d, "The release gates were not measured for "+v.ID) {
			t.Errorf("trust page does not say the gates of %s were not measured", v.ID)
		}
	} else {
		for _, g := range v.Gates {
			if !strings.Contains(d, `data-gate="`+g.Name+`"`) {
				t.Errorf("trust page lacks gate %s", g.Name)
			}
		}
		if n := strings.Count(d, "<svg"); n != len(v.Gates) {
			t.Errorf("%d bars, want %d", n, len(v.Gates))
		}
	}
	b.screenshot("/trust", "trust-375.png", 375)
	b.screenshot("/trust", "trust-1280.png", 1280)
}

// TestBrowserNoRequestsElsewhere checks that the pages loaded in Chromium
// made no request but the page itself: whatever the DOM says, the server
// sees one request per page load.
func TestBrowserNoRequestsElsewhere(t *testing.T) {
	b, ts := newBrowser(t)
	before := len(accessLines(t, ts.log.String()))
	b.dom("/trust")
	b.dom(pageURL(seedQuestion))
	lines := accessLines(t, ts.log.String())[before:]
	var routes []string
	for _, l := range lines {
		if l.Route != "GET /favicon.ico" && l.Status != http.StatusNotFound {
			routes = append(routes, l.Route)
		}
	}
	if diff := cmp.Diff([]string{"GET /trust", "GET /{$}"}, routes); diff != "" {
		t.Errorf("requests the pages made (-want +got):\n%s", diff)
	}
}

func excerpt(s, near string) string {
	i := strings.Index(s, near)
	if i < 0 {
		return "(" + near + " not found)"
	}
	return s[max(0, i-200):min(len(s), i+400)]
}
