//go:build browser

// Browser tests: the example server's pages as Chromium renders them, driven
// over the Chrome DevTools protocol with chromedp. Run
//
//	go -C examples test -tags browser -run Browser -v ./server/
//
// They need Debian's Chromium at /usr/bin/chromium (apt-get install chromium;
// no browser is downloaded) and skip, saying so, without it. Each test serves
// the pages in process on 127.0.0.1 (httptest) and starts one headless
// Chromium that the test drives over a pipe, not a port; --no-sandbox is
// added only when the tests run as root, as in CI containers.
//
// The tests use the pages as a reader would: they type the question and
// submit it with the keyboard, follow citations by keyboard and by mouse, and
// read what was rendered (DOM text, computed styles, sizes) rather than the
// served HTML. What a page must show comes from the same server's JSON API:
// the highlighted text is the API's quote, the trust page shows what
// /v1/knowledge/versions holds. They check the tab order and the focus ring,
// that a 375 px phone viewport needs no horizontal scroll, and, through the
// protocol's Fetch and Network domains, that every request a page makes goes
// to the test server: any other request is failed before it leaves and fails
// the test.
//
// Full-page PNG screenshots go to $DERMLIVING_ARTEFACTS when set, else to the
// test's artifact directory (kept with go test -artifacts). Every browser
// step has a deadline, so a hung browser fails the test instead of hanging
// the CI job.
//
// chromedp is imported only by this file, under the browser build tag: the
// library's importers, and go build ./..., never compile it.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/gates"
	"github.com/dermliving/dermliving/sandbox"
)

const (
	chromiumPath = "/usr/bin/chromium"
	// sessionTimeout bounds one test's browser, from its start to its close.
	sessionTimeout = 5 * time.Minute
	// stepTimeout bounds one browser step: a start, a page load, a key
	// press, a query. A step takes well under a second; the margin is for
	// a loaded CI machine.
	stepTimeout = time.Minute
	phoneWidth  = 375
	deskWidth   = 1280
)

// browser is one headless Chromium, with one tab, against one test server.
type browser struct {
	t     *testing.T
	ctx   context.Context // the tab's chromedp context
	srv   *httptest.Server
	host  string // the server's host:port, on 127.0.0.1
	shots string // where screenshots go
	out   syncBuffer

	mu       sync.Mutex
	requests []string // every request the page sent (Network.requestWillBeSent)
	paused   []string // every request the Fetch domain held before it was sent
	blocked  []string // the held requests failed as not to the test server
	fetchErr []error  // failures to continue or fail a held request
}

// newBrowser serves h on 127.0.0.1 and starts Chromium against it. Every
// request the tab makes is held by the Fetch domain: one to the test server
// continues, any other is failed (and fails the test at its end).
func newBrowser(t *testing.T, h http.Handler) *browser {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("the browser tests need Debian's Chromium at %s (apt-get install chromium): %v", chromiumPath, err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	u, err := url.Parse(srv.URL)
	if err != nil || u.Hostname() != "127.0.0.1" {
		t.Fatalf("test server at %s, want 127.0.0.1 (%v)", srv.URL, err)
	}
	shots := os.Getenv("DERMLIVING_ARTEFACTS")
	if shots == "" {
		shots = t.ArtifactDir()
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	b := &browser{t: t, srv: srv, host: u.Host, shots: shots}

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath),
		chromedp.WindowSize(deskWidth, 900),
		chromedp.DisableGPU,
		// Chromium's own traffic stays off the network too.
		chromedp.Flag("no-proxy-server", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("no-pings", true),
		chromedp.CombinedOutput(&b.out),
	)
	if os.Geteuid() == 0 {
		// Chromium will not start its sandbox as root (CI containers).
		opts = append(opts, chromedp.NoSandbox)
	}
	session, cancelSession := context.WithTimeout(context.Background(), sessionTimeout)
	alloc, cancelAlloc := chromedp.NewExecAllocator(session, opts...)
	tab, cancelTab := chromedp.NewContext(alloc, chromedp.WithListener(b.record))
	b.ctx = tab
	// Closing the tab, then the allocator (which waits for Chromium to exit
	// and removes its profile), runs after the checks registered below.
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
		cancelSession()
	})

	// The first action starts Chromium, and binds its life to the context it
	// is given, so it runs on the tab's own context, under a watchdog.
	watchdog := time.AfterFunc(stepTimeout, cancelSession)
	err = chromedp.Do(tab)
	watchdog.Stop()
	if err != nil {
		t.Fatalf("starting %s: %v\n%s", chromiumPath, err, b.out.String())
	}

	held := chromedp.Events(tab, fetch.RequestPaused)
	fetchDone := make(chan struct{})
	go func() {
		defer close(fetchDone)
		for ev, err := range held {
			if err != nil {
				return // the tab closed
			}
			b.decide(ev)
		}
	}()
	t.Cleanup(func() {
		b.checkRequests()
		cancelTab()
		<-fetchDone
	})
	b.do("hold every request (Fetch.enable)", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{})
		return err
	}))
	// The page behaves as if its window had the focus, as a reader's does:
	// keyboard focus and :focus-visible work in a headless window.
	b.do("emulate a focused window", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
		return err
	}))
	return b
}

// record runs in the tab's event loop: it only notes the URL.
func (b *browser) record(ev any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		b.requests = append(b.requests, ev.Request.URL)
	case *fetch.EventRequestPaused:
		b.paused = append(b.paused, ev.Request.URL)
	}
}

// toServer reports whether raw is a URL on the test server.
func (b *browser) toServer(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && u.Scheme == "http" && u.Host == b.host
}

// decide lets a held request to the test server go on, and fails any other
// before it leaves the browser.
func (b *browser) decide(ev fetch.EventRequestPaused) {
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	var err error
	if b.toServer(ev.Request.URL) {
		_, err = chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
	} else {
		b.mu.Lock()
		b.blocked = append(b.blocked, ev.Request.URL)
		b.mu.Unlock()
		_, err = chromedp.Call(ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
	}
	if err != nil && b.ctx.Err() == nil {
		b.mu.Lock()
		b.fetchErr = append(b.fetchErr, fmt.Errorf("%s: %w", ev.Request.URL, err))
		b.mu.Unlock()
	}
}

// checkRequests fails the test for any request that was not to the test
// server on 127.0.0.1.
func (b *browser) checkRequests() {
	b.t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.requests) == 0 && !b.t.Failed() {
		b.t.Error("the browser recorded no request: the recorder misses them")
	}
	for _, u := range slices.Concat(b.requests, b.paused) {
		if !b.toServer(u) {
			b.t.Errorf("a page requested %s, not the test server on %s", u, b.host)
		}
	}
	if len(b.blocked) > 0 {
		b.t.Errorf("requests failed before they left the browser: %q", b.blocked)
	}
	for _, err := range b.fetchErr {
		b.t.Errorf("releasing a held request: %v", err)
	}
}

// do runs actions as one step with its own deadline.
func (b *browser) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// step runs one action that returns a value, as one step with its own
// deadline.
func step[T any](b *browser, what string, a chromedp.Action[T]) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// eval evaluates a JavaScript expression in the page and decodes its value.
func eval[T any](b *browser, what, js string) T {
	b.t.Helper()
	return step(b, what, chromedp.Evaluate[T](js))
}

// waitFor waits until the JavaScript expression js is true.
func (b *browser) waitFor(what, js string) {
	b.t.Helper()
	step(b, "wait until "+what, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(stepTimeout)))
}

// load runs actions that make the tab load a page, waits for the page, and
// requires a 200 response.
func (b *browser) load(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	resp, err := chromedp.RunResponse(ctx, actions...)
	if err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
	if resp.Status != http.StatusOK {
		b.t.Fatalf("%s: %s answered %d", what, resp.URL, resp.Status)
	}
}

// ask loads the answer page and submits its form with question and
// version, as a reader who typed them would.
func (b *browser) ask(question, version string) {
	b.t.Helper()
	b.open("/")
	b.load("submit the form", chromedp.SetValue(chromedp.CSS("#q"), question), chromedp.SetValue(chromedp.CSS("#v"), version), chromedp.Submit(chromedp.CSS("#q")))
}

// open loads the page at path on the test server.
func (b *browser) open(path string) {
	b.t.Helper()
	b.load("open "+path, chromedp.Navigate(b.srv.URL+path))
}

// press sends key events to the element that has the focus.
func (b *browser) press(what, keys string) {
	b.t.Helper()
	b.do(what, chromedp.KeyEvent(keys))
}

// focus is what the focused element is and how its focus shows.
type focus struct {
	Name         string `json:"name"` // tag, #id, [type] or [href]
	FocusVisible bool   `json:"focusVisible"`
	OutlineStyle string `json:"outlineStyle"`
	OutlineWidth string `json:"outlineWidth"`
}

const focusJS = `(() => {
	const e = document.activeElement;
	let name = e.tagName.toLowerCase();
	if (e.id) name += "#" + e.id;
	if (e.getAttribute("type")) name += "[type=" + e.getAttribute("type") + "]";
	if (e.getAttribute("href")) name += "[href=" + e.getAttribute("href") + "]";
	const s = getComputedStyle(e);
	return {name, focusVisible: e.matches(":focus-visible"), outlineStyle: s.outlineStyle, outlineWidth: s.outlineWidth};
})()`

func (b *browser) focused() focus {
	b.t.Helper()
	return eval[focus](b, "read the focused element", focusJS)
}

// tabTo presses Tab until the focused element is named want, at most limit
// times, and returns the names of the elements the focus went through.
func (b *browser) tabTo(want string, limit int) []string {
	b.t.Helper()
	var trail []string
	for range limit {
		b.press("press Tab", kb.Tab)
		f := b.focused()
		trail = append(trail, f.Name)
		if f.Name == want {
			return trail
		}
	}
	b.t.Fatalf("%d presses of Tab did not reach %s; the focus went through %q", limit, want, trail)
	return nil
}

// checkFocusRing checks that the focused element shows a focus ring.
func (b *browser) checkFocusRing() {
	b.t.Helper()
	f := b.focused()
	if !f.FocusVisible || f.OutlineStyle == "none" || f.OutlineWidth == "0px" {
		b.t.Errorf("%s has the keyboard focus but shows no focus ring: :focus-visible %v, outline %s %s", f.Name, f.FocusVisible, f.OutlineStyle, f.OutlineWidth)
	}
}

// viewport sets the tab's viewport: a phone (mobile, with touch) at
// phoneWidth, a desktop window otherwise.
func (b *browser) viewport(width int64) {
	b.t.Helper()
	if width <= phoneWidth {
		b.do("emulate a phone", chromedp.EmulateViewport(width, 812, chromedp.EmulateMobile, chromedp.EmulateTouch))
		return
	}
	b.do("emulate a desktop window", chromedp.EmulateViewport(width, 900))
}

// screenshots saves full-page screenshots of the current page as
// name-375.png on a phone, where the page must need no horizontal scroll,
// and name-1280.png on a desktop window, which it leaves set.
func (b *browser) screenshots(name string) {
	b.t.Helper()
	b.viewport(phoneWidth)
	type widths struct {
		ScrollWidth int `json:"scrollWidth"`
		InnerWidth  int `json:"innerWidth"`
	}
	w := eval[widths](b, "measure the page on a phone",
		`({scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth})`)
	if w.InnerWidth != phoneWidth || w.ScrollWidth > w.InnerWidth {
		b.t.Errorf("%s on a %d px phone: scrollWidth %d, innerWidth %d: the page scrolls sideways", name, phoneWidth, w.ScrollWidth, w.InnerWidth)
	}
	b.screenshot(fmt.Sprintf("%s-%d.png", name, phoneWidth))
	b.viewport(deskWidth)
	b.screenshot(fmt.Sprintf("%s-%d.png", name, deskWidth))
}

func (b *browser) screenshot(file string) {
	b.t.Helper()
	png := step(b, "screenshot "+file, chromedp.FullScreenshot(100)) // quality 100 is PNG
	if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
		b.t.Fatalf("screenshot %s is not a PNG", file)
	}
	path := filepath.Join(b.shots, file)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot %s", path)
}

// api calls the test server's JSON API over loopback, as any client does,
// and decodes the data of its envelope strictly.
func api[T any](t *testing.T, srv *httptest.Server, method, path, body string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), stepTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", jsonType)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s: %d %s (%v)", method, path, resp.StatusCode, raw, err)
	}
	var env struct {
		Data T `json:"data"`
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(&env); err != nil {
		t.Fatalf("%s %s: decoding %s: %v", method, path, raw, err)
	}
	return env.Data
}

func askVersionBody(question, version string) string {
	b, err := json.Marshal(map[string]string{"question": question, "knowledge_version": version})
	if err != nil {
		panic(err)
	}
	return string(b)
}

// allSandbox opens every embedded sandbox version once, sharing the seed
// version with the other tests.
var allSandbox = sync.OnceValues(func() (map[string]*evidence.Version, error) {
	kvs := map[string]*evidence.Version{}
	for _, id := range sandbox.Versions() {
		open := func() (*evidence.Version, error) { return sandbox.OpenVersion(id) }
		if id == sandbox.SeedVersion {
			open = openSandbox
		}
		kv, err := open()
		if err != nil {
			return nil, err
		}
		kvs[id] = kv
	}
	return kvs, nil
})

// multiServer is the server over kvs, with the newest released version as
// its default, as main chooses it.
func multiServer(t *testing.T, kvs map[string]*evidence.Version) http.Handler {
	t.Helper()
	h, err := newServer(config{Versions: kvs, Default: mustDefault(t, kvs), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatalf("newServer: %v", err)
	}
	return h
}

// mustDefault is defaultVersion, failing the test when it fails.
func mustDefault(t *testing.T, kvs map[string]*evidence.Version) string {
	t.Helper()
	def, err := defaultVersion(kvs)
	if err != nil {
		t.Fatal(err)
	}
	return def
}

func sandboxServer(t *testing.T) http.Handler {
	t.Helper()
	kvs, err := allSandbox()
	if err != nil {
		t.Fatalf("opening the sandbox versions: %v", err)
	}
	return multiServer(t, kvs)
}

// renderedAnswer is a grounded answer as the page shows it.
type renderedAnswer struct {
	Status    string            `json:"status"`
	Heading   string            `json:"heading"`
	Mode      string            `json:"mode"`
	Claims    []renderedClaim   `json:"claims"`
	Removed   []renderedRemoved `json:"removed"`
	Citations []renderedListed  `json:"citations"`
}

type renderedClaim struct {
	ID     string          `json:"id"`
	Text   string          `json:"text"`
	Cites  []renderedCite  `json:"cites"`
	Quotes []renderedQuote `json:"quotes"` // shown beside the claim
}

type renderedCite struct {
	Label string `json:"label"`
	Href  string `json:"href"`
}

// renderedQuote is the quoted text shown beside a claim, with its source.
type renderedQuote struct {
	Citation string `json:"citation"`
	Text     string `json:"text"`
	Caption  string `json:"caption"`
	Visible  bool   `json:"visible"` // on screen as the page loads: nothing to open
}

type renderedRemoved struct {
	Text   string `json:"text"`
	Struck bool   `json:"struck"` // drawn with a line through it
	Reason string `json:"reason"` // the API's reason, kept as data
	Why    string `json:"why"`
}

type renderedListed struct {
	ID      string `json:"id"`
	Heading string `json:"heading"`
	Visible bool   `json:"visible"` // its passage is on screen without opening anything
}

const answerJS = `(() => {
	const r = document.getElementById("result");
	if (!r) return {status: ""};
	const text = e => e ? e.textContent.trim() : "";
	const shown = e => { if (!e || !e.checkVisibility()) return false; const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
	return {
		status: r.dataset.status,
		heading: text(r.querySelector("h2")),
		mode: text(document.getElementById("mode")),
		claims: [...r.querySelectorAll(".claims > .claim")].map(c => ({
			id: c.id,
			text: c.querySelector(".claim-text").firstChild.textContent.trim(),
			cites: [...c.querySelectorAll("a.cite")].map(a => ({label: text(a), href: a.getAttribute("href")})),
			quotes: [...c.querySelectorAll("figure.quote")].map(f => ({
				citation: f.dataset.citation,
				text: text(f.querySelector("blockquote")),
				caption: text(f.querySelector("figcaption")),
				visible: shown(f.querySelector("blockquote")),
			})),
		})),
		removed: [...r.querySelectorAll("section.removed li")].map(li => ({
			text: text(li.querySelector("del")),
			struck: getComputedStyle(li.querySelector("del")).textDecorationLine.includes("line-through"),
			reason: li.dataset.reason,
			why: text(li.querySelector(".why")),
		})),
		citations: [...r.querySelectorAll("ol.citations > li")].map(li => ({
			id: li.dataset.citation,
			heading: text(li.querySelector("h4")),
			visible: shown(li.querySelector("blockquote")),
		})),
	};
})()`

// answerLayout is where the answer page puts things, as drawn.
type answerLayout struct {
	// Beside and Below are, per claim, whether its first quote is drawn to
	// the right of its text (at the same height) or under it.
	Beside []bool `json:"beside"`
	Below  []bool `json:"below"`
	// RemovedBelow: the removed sentences come after the last claim.
	RemovedBelow bool `json:"removedBelow"`
	// The removed sentences' type and colour, against a claim's.
	RemovedSize  float64 `json:"removedSize"`
	ClaimSize    float64 `json:"claimSize"`
	RemovedColor string  `json:"removedColor"`
	ClaimColor   string  `json:"claimColor"`
}

const layoutJS = `(() => {
	const r = document.getElementById("result");
	const box = e => e.getBoundingClientRect();
	const claims = [...r.querySelectorAll(".claims > .claim")];
	const pairs = claims.map(c => [box(c.querySelector(".claim-text")), box(c.querySelector("figure.quote"))]);
	const removed = r.querySelector("section.removed li");
	const claimText = r.querySelector(".claim-text");
	return {
		beside: pairs.map(([t, q]) => q.left >= t.right - 1 && q.top < t.bottom),
		below: pairs.map(([t, q]) => q.top >= t.bottom - 1),
		removedBelow: box(r.querySelector("section.removed")).top >= box(claims[claims.length - 1]).bottom,
		removedSize: parseFloat(getComputedStyle(removed).fontSize),
		claimSize: parseFloat(getComputedStyle(claimText).fontSize),
		removedColor: getComputedStyle(removed).color,
		claimColor: getComputedStyle(claimText).color,
	};
})()`

// checkLayout checks, at the current width, that each claim's quote is
// beside it (wide) or under it (narrow), and that the removed sentences
// come below the answer, smaller and in a quieter colour.
func (b *browser) checkLayout(wide bool) {
	b.t.Helper()
	l := eval[answerLayout](b, "read the answer's layout", layoutJS)
	where := "under the claim"
	if wide {
		where = "beside the claim"
	}
	for i := range l.Beside {
		if wide && !l.Beside[i] || !wide && !l.Below[i] {
			b.t.Errorf("claim %d: quote beside %v, below %v; want it %s at this width", i+1, l.Beside[i], l.Below[i], where)
		}
	}
	if !l.RemovedBelow || l.RemovedSize >= l.ClaimSize || l.RemovedColor == l.ClaimColor {
		b.t.Errorf("removed sentences: below the answer %v, %vpx against the claims' %vpx, colour %s against %s; want them below, smaller and quieter",
			l.RemovedBelow, l.RemovedSize, l.ClaimSize, l.RemovedColor, l.ClaimColor)
	}
}

// renderedPassage is a passage with its highlighted span and its facts, as
// an opened citation or the evidence page shows them.
type renderedPassage struct {
	Passage string            `json:"passage"` // the whole passage text
	Marks   []string          `json:"marks"`
	Visible bool              `json:"visible"` // the first mark has a size on screen
	Facts   map[string]string `json:"facts"`   // the <dl>: term to text
	Licence string            `json:"licence"` // the licence link
	Open    string            `json:"open"`    // the "Open passage" link
}

// passageJS reads the passage under the element matched by the CSS selector
// in the argument.
const passageJS = `(sel => {
	const root = document.querySelector(sel);
	if (!root) return {facts: {}};
	const q = root.querySelector("blockquote.passage");
	const marks = [...root.querySelectorAll("mark")];
	const facts = {};
	for (const dt of root.querySelectorAll("dl > dt")) facts[dt.textContent.trim()] = dt.nextElementSibling.textContent.trim();
	const lic = root.querySelector("a[rel~=license]");
	const open = [...root.querySelectorAll("a")].find(a => a.textContent.startsWith("Open passage"));
	const box = marks.length ? marks[0].getBoundingClientRect() : null;
	return {
		passage: q ? q.textContent : "",
		marks: marks.map(m => m.textContent),
		visible: !!box && box.width > 0 && box.height > 0,
		facts,
		licence: lic ? lic.href : "",
		open: open ? open.href : "",
	};
})`

func (b *browser) passage(sel string) renderedPassage {
	b.t.Helper()
	return eval[renderedPassage](b, "read the passage in "+sel, passageJS+"("+strconv.Quote(sel)+")")
}

// licenceText is how the pages write a licence: its id, then its holder.
func licenceText(l evidence.License) string {
	if l.Holder == "" {
		return l.ID
	}
	return l.ID + ", " + l.Holder
}

func TestBrowserAnswerAndCitation(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.h)
	kvID := ts.kv.ID()
	want := api[groundedData](t, b.srv, http.MethodPost, "/v1/knowledge/ask", askVersionBody(seedQuestion, kvID))
	if want.Status != "grounded" || len(want.Citations) == 0 || len(want.RemovedClaims) == 0 {
		t.Fatalf("the API's seed answer: status %s, %d citations, %d removed claims; want grounded with both",
			want.Status, len(want.Citations), len(want.RemovedClaims))
	}

	// Reach the question box by keyboard, type the question, reach the Ask
	// button and press Enter. The tab order is the page's visual order.
	b.open("/")
	trail := b.tabTo("input#q[type=text]", 10)
	b.checkFocusRing()
	b.press("type the seed question", seedQuestion)
	if got := eval[string](b, "read the question box", `document.getElementById("q").value`); got != seedQuestion {
		t.Fatalf("the question box holds %q after typing, want %q", got, seedQuestion)
	}
	trail = append(trail, b.tabTo("button[type=submit]", 3)...)
	b.checkFocusRing()
	wantTrail := []string{"a[href=#main]", "a[href=/]", "a[href=/trust]", "a[href=/openapi.json]", "input#q[type=text]", "select#v", "button[type=submit]"}
	if diff := cmp.Diff(wantTrail, trail); diff != "" {
		t.Errorf("tab order on the answer page (-want +got):\n%s", diff)
	}
	b.load("submit the question with Enter on the Ask button", chromedp.KeyEvent(kb.Enter))
	// The form posts: the question is in no address, so in no history entry.
	loc, err := url.Parse(step(b, "read the location", chromedp.Location()))
	if err != nil || loc.Path != "/" || loc.RawQuery != "" {
		t.Errorf("the form went to %s (%v), want / with no query: it posts the question", loc, err)
	}

	// The answer in words for a reader: each claim with its numbered
	// citations and, beside it, the words it quotes with their source and
	// version, visible without opening anything; the removed sentence struck
	// through with its reason in words; every citation in full.
	got := eval[renderedAnswer](b, "read the answer", answerJS)
	wantPage := renderedAnswer{
		Status:  "grounded",
		Heading: "Answer from the reference",
		Mode:    modeWords[want.Metadata.Mode] + " Beside every sentence are the words of the reference it rests on.",
	}
	number := map[string]string{} // citation id to its number on the page
	passages := map[string]dermliving.EvidenceView{}
	captions := map[string]string{}
	quotes := map[string]string{}
	for i, c := range want.Citations {
		ev := api[dermliving.EvidenceView](t, b.srv, http.MethodGet, "/v1/evidence/"+url.PathEscape(c.EvidenceID)+"?knowledge_version="+kvID, "")
		if ev.Source.ID != c.Source.ID || ev.Source.Version != c.Source.Version || ev.Checksum != c.Checksum {
			t.Errorf("%s: the API's evidence %s disagrees with the citation", c.ID, c.EvidenceID)
		}
		passages[c.ID] = ev
		number[c.ID] = strconv.Itoa(i + 1)
		quotes[c.ID] = c.Quote
		title := ev.Source.Title
		if title == "" {
			title = ev.Source.ID
		}
		heading := fmt.Sprintf("[%d] %s, version %s", i+1, title, c.Source.Version)
		captions[c.ID] = fmt.Sprintf("%s · %s, paragraph %d", heading, c.Locator.Section, c.Locator.Paragraph)
		wantPage.Citations = append(wantPage.Citations, renderedListed{ID: c.ID, Heading: heading, Visible: true})
	}
	for _, c := range want.Claims {
		rc := renderedClaim{ID: c.ID, Text: c.Text}
		for _, id := range c.Citations {
			rc.Cites = append(rc.Cites, renderedCite{Label: "[" + number[id] + "]", Href: "#" + id})
			rc.Quotes = append(rc.Quotes, renderedQuote{Citation: id, Text: quotes[id], Caption: captions[id], Visible: true})
		}
		wantPage.Claims = append(wantPage.Claims, rc)
	}
	for _, rc := range want.RemovedClaims {
		wantPage.Removed = append(wantPage.Removed, renderedRemoved{Text: rc.Text, Struck: true, Reason: rc.Reason, Why: whyRemoved(rc.Reason)})
	}
	if diff := cmp.Diff(wantPage, got); diff != "" {
		t.Errorf("the answer page differs from the API's answer (-api +page):\n%s", diff)
	}
	if !slices.Contains(got.Removed, renderedRemoved{Text: foodAllergy, Struck: true, Reason: "unsupported", Why: "No passage of the reference supports it."}) {
		t.Errorf("the seed's unsupported sentence %q is not shown struck through as removed, with its reason: %+v", foodAllergy, got.Removed)
	}
	shown := eval[string](b, "read the answer's text", `document.getElementById("result").innerText`)
	for _, dev := range []string{"grounded", "curated", "extractive", "mode ", "unsupported", "retrieved"} {
		if strings.Contains(shown, dev) {
			t.Errorf("the answer shows the developer word %q", dev)
		}
	}

	// Follow the first claim's [1] marker by keyboard: it leads to the
	// citation in full, which shows the passage with the API's quote
	// highlighted and its source, version, place, checksum and licence, as
	// does every other citation, none of them folded away.
	first := want.Citations[0]
	b.tabTo("a[href=#"+first.ID+"]", 12)
	b.checkFocusRing()
	b.press("follow the marker ["+number[first.ID]+"] with Enter", kb.Enter)
	b.waitFor("the page shows "+first.ID, `location.hash === "#`+first.ID+`" && document.querySelector(":target") === document.getElementById("`+first.ID+`")`)
	if top := eval[float64](b, "find "+first.ID, `document.getElementById("`+first.ID+`").getBoundingClientRect().top`); top < 0 || top > 900 {
		t.Errorf("%s is at %v px after following its marker, not in the window", first.ID, top)
	}
	for _, c := range want.Citations {
		li := `li[data-citation="` + c.ID + `"]`
		ev := passages[c.ID]
		p := b.passage(li)
		wantP := renderedPassage{
			Passage: ev.Text,
			Marks:   []string{c.Quote},
			Visible: true,
			Facts: map[string]string{
				"Source":   sourceText(ev.Source),
				"Place":    fmt.Sprintf("%s, paragraph %d", c.Locator.Section, c.Locator.Paragraph),
				"Passage":  c.EvidenceID + " in " + kvID,
				"Checksum": c.Checksum,
				"Licence":  licenceText(c.License),
				"Check":    "Checked against " + kvID + ": the passage, its checksum, source, place and licence, and the quote's position all match.",
			},
			Licence: c.License.URL,
			Open:    b.srv.URL + evidencePageURL(c.EvidenceID, kvID, c.Span.Start, c.Span.End),
		}
		if diff := cmp.Diff(wantP, p); diff != "" {
			t.Errorf("%s on the answer page (-api +page):\n%s", c.ID, diff)
		}
	}
	b.viewport(phoneWidth)
	b.checkLayout(false)
	b.screenshots("answer") // ends on the desktop width
	b.checkLayout(true)

	// Each citation's evidence page: the first reached by clicking its link,
	// the others by their link's address.
	for i, c := range want.Citations {
		li := `li[data-citation="` + c.ID + `"]`
		page := evidencePageURL(c.EvidenceID, kvID, c.Span.Start, c.Span.End)
		if i == 0 {
			b.load("click Open passage in "+c.ID, chromedp.Click(chromedp.CSS(li+` a[href^="/evidence/"]`)))
		} else {
			b.open(page)
		}
		if loc := step(b, "read the location", chromedp.Location()); loc != b.srv.URL+page {
			t.Errorf("%s: the evidence page is %s, want %s", c.ID, loc, b.srv.URL+page)
		}
		ev := passages[c.ID]
		p := b.passage("main")
		wantP := renderedPassage{
			Passage: ev.Text,
			Marks:   []string{c.Quote},
			Visible: true,
			Facts: map[string]string{
				"Source":            sourceText(ev.Source),
				"Locator":           fmt.Sprintf("%s, paragraph %d", c.Locator.Section, c.Locator.Paragraph),
				"Knowledge version": kvID,
				"Checksum":          c.Checksum + " matches the text",
				"Licence":           licenceText(c.License),
			},
			Licence: c.License.URL,
		}
		if diff := cmp.Diff(wantP, p); diff != "" {
			t.Errorf("%s: evidence page (-api +page):\n%s", c.ID, diff)
		}
		if i == 0 {
			b.screenshots("evidence-" + c.ID)
		}
	}
}

// whyRemoved is the server's explanation of a removal reason, as the API
// names it.
func whyRemoved(reason string) string {
	for v, why := range removedWhy {
		if v.String() == reason {
			return why
		}
	}
	return ""
}

// sourceText is how the pages write a source: title (publisher), id and
// version.
func sourceText(s dermliving.SourceView) string {
	t := s.Title
	if s.Publisher != "" {
		t += " (" + s.Publisher + ")"
	}
	return t + ", " + s.ID + " version " + s.Version
}

func TestBrowserAbstention(t *testing.T) {
	const version = sandbox.SeedVersion // rosacea is absent from it
	b := newBrowser(t, sandboxServer(t))
	want := api[abstainedData](t, b.srv, http.MethodPost, "/v1/knowledge/ask", askVersionBody(rosaceaQ, version))
	if want.Status != "abstained" || want.Reason != "insufficient_evidence" || want.Message != "No passage in "+version+" supports an answer." {
		t.Fatalf("the API on %s: %s %s %q; want the seed's insufficient_evidence abstention", version, want.Status, want.Reason, want.Message)
	}

	// Type the question, choose the version with the arrow keys and submit
	// with Enter.
	b.open("/")
	b.tabTo("input#q[type=text]", 10)
	b.press("type the rosacea question", rosaceaQ)
	b.tabTo("select#v", 1)
	b.checkFocusRing()
	for range len(sandbox.Versions()) {
		if eval[string](b, "read the version", `document.getElementById("v").value`) == version {
			break
		}
		b.press("choose an older version with ArrowUp", kb.ArrowUp)
	}
	if got := eval[string](b, "read the version", `document.getElementById("v").value`); got != version {
		t.Fatalf("the arrow keys chose %s, want %s", got, version)
	}
	b.tabTo("button[type=submit]", 1)
	b.load("submit with Enter", chromedp.KeyEvent(kb.Enter))

	type shown struct {
		Status  string   `json:"status"`
		Reason  string   `json:"reason"` // the API's reason, kept as data
		Heading string   `json:"heading"`
		Why     string   `json:"why"` // the reason in words
		Message string   `json:"message"`
		Meta    string   `json:"meta"`
		Marks   []string `json:"marks"`
		Query   string   `json:"query"`
	}
	got := eval[shown](b, "read the abstention", `(() => {
		const r = document.getElementById("result");
		const text = id => { const e = document.getElementById(id); return e ? e.textContent.trim() : ""; };
		return {
			status: r ? r.dataset.status : "",
			reason: r ? r.dataset.reason : "",
			heading: text("answer-h"),
			why: text("reason"),
			message: text("message"),
			meta: r ? r.querySelector("small").textContent : "",
			marks: [...document.querySelectorAll("mark")].map(m => m.textContent),
			query: document.getElementById("q").value,
		};
	})()`)
	if !strings.Contains(got.Meta, "Knowledge version "+version+" ") {
		t.Errorf("the abstention does not name %s: %q", version, got.Meta)
	}
	got.Meta = ""
	wantShown := shown{Status: "abstained", Reason: want.Reason, Heading: "No answer", Why: "The reference does not cover this question.", Message: want.Message, Query: rosaceaQ}
	if diff := cmp.Diff(wantShown, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("the rosacea abstention on %s (-api +page):\n%s", version, diff)
	}
	b.screenshots("abstained-rosacea")
}

// gateTestVersion is a small version whose manifest holds a gate report, so
// that the trust page's bars are drawn whatever the sandbox stores: one gate
// passes, one fails, and a count gate is at its threshold.
func gateTestVersion(t *testing.T) *evidence.Version {
	t.Helper()
	bundle, err := evidence.Build(t.Context(), []evidence.Record{{
		SourceID: "src_browser_test", SourceVersion: "1", SourceTitle: "Browser test source",
		Section: "Test", Paragraph: 1, License: "CC-BY-4.0",
		Text: "This passage exists only so that the browser test has a version with a gate report.",
	}}, evidence.BuildOptions{
		ID: "kv_browser_gates", Released: "2026-12-01",
		Gates: &evidence.GateReport{Measured: "2026-12-01T00:00:00Z", Passed: false, Gates: []evidence.Gate{
			{Name: "citation_validity", Threshold: 0.99, Comparison: ">=", Value: 1, Passed: true, Cases: 40, Measures: "share of citations that resolve"},
			{Name: "claim_grounding", Threshold: 0.95, Comparison: ">=", Value: 0.9, Passed: false, Cases: 40, Measures: "share of grounded claims"},
			{Name: "unauthorized_tool_runs", Threshold: 0, Comparison: "==", Value: 0, Passed: true, Cases: 3, Measures: "tool runs without authorisation"},
		}},
	})
	if err != nil {
		t.Fatalf("building the gate test version: %v", err)
	}
	kv, err := bundle.Open()
	if err != nil {
		t.Fatalf("opening the gate test version: %v", err)
	}
	t.Cleanup(func() { kv.Close() })
	return kv
}

// renderedVersion is one version's section of the trust page.
type renderedVersion struct {
	ID          string            `json:"id"`
	Heading     string            `json:"heading"`
	Facts       map[string]string `json:"facts"`
	NotMeasured string            `json:"notMeasured"`
	ByServer    string            `json:"byServer"`
	Summary     string            `json:"summary"`
	Gates       []renderedGate    `json:"gates"`
	SVGs        int               `json:"svgs"`
}

type renderedGate struct {
	Name     string  `json:"name"`    // the gate's id, kept as data
	Title    string  `json:"title"`   // its name in words
	Verdict  string  `json:"verdict"` // passes or fails
	What     string  `json:"what"`
	Value    string  `json:"value"` // the value against the threshold, in words
	Measures string  `json:"measures"`
	Bar      float64 `json:"bar"`  // the value bar's drawn width, in SVG units
	Mark     float64 `json:"mark"` // the threshold line's x
	Low      string  `json:"low"`  // the scale's ends, written under the bar
	High     string  `json:"high"`
	Needed   string  `json:"needed"` // the threshold's label over its line
	Label    string  `json:"label"`  // the bar's accessible title
	InBox    bool    `json:"inBox"`  // every label lies inside the drawing
	// PxPerUnit is the bar's width on screen, in pixels per SVG unit: zero
	// when it is not shown.
	PxPerUnit float64 `json:"pxPerUnit"`
}

const trustJS = `[...document.querySelectorAll("section.version")].map(s => {
	const text = e => e ? e.textContent.trim() : "";
	const facts = {};
	for (const dt of s.querySelectorAll("dl > dt")) facts[dt.textContent.trim()] = dt.nextElementSibling.textContent.trim();
	return {
		id: s.id,
		heading: text(s.querySelector("h2")),
		facts,
		notMeasured: text(s.querySelector(".not-measured")),
		byServer: text(s.querySelector(".measured-by-server")),
		summary: text(s.querySelector(".gate-summary")),
		svgs: s.querySelectorAll("svg").length,
		gates: [...s.querySelectorAll("li.gate")].map(li => {
			const svg = li.querySelector(":scope > svg");
			const rects = svg ? svg.querySelectorAll("rect") : [];
			const box = svg ? svg.getBoundingClientRect() : null;
			const texts = svg ? [...svg.querySelectorAll("text")] : [];
			return {
				name: li.dataset.gate,
				title: li.querySelector("h3").firstChild.textContent.trim(),
				verdict: text(li.querySelector("h3 .status")),
				what: text(li.querySelector(".gate-what")),
				value: text(li.querySelector(".gate-value")),
				measures: text(li.querySelector("small")),
				bar: rects.length > 1 ? rects[1].getBBox().width : -1,
				mark: svg && svg.querySelector("line") ? svg.querySelector("line").x1.baseVal.value : -1,
				low: svg ? text(svg.querySelector("text.low")) : "",
				high: svg ? text(svg.querySelector("text.high")) : "",
				needed: svg ? text(svg.querySelector("text.threshold")) : "",
				label: svg ? text(svg.querySelector("title")) : "",
				inBox: texts.length === 3 && texts.every(e => { const b = e.getBBox(); return b.x >= -0.5 && b.x + b.width <= 300.5 && b.y >= -0.5 && b.y + b.height <= 50.5; }),
				pxPerUnit: box && box.height > 0 ? box.width / 300 : 0,
			};
		}),
	};
})`

func TestBrowserTrust(t *testing.T) {
	kvs, err := allSandbox()
	if err != nil {
		t.Fatalf("opening the sandbox versions: %v", err)
	}
	kvs = maps.Clone(kvs) // shared with the other tests
	gated := gateTestVersion(t)
	kvs[gated.ID()] = gated
	// As the server's main does: versions whose manifest stores gate cases
	// but no report have their gates measured by the server.
	h, err := newServer(config{Versions: kvs, Default: mustDefault(t, kvs), Logger: slog.New(slog.DiscardHandler), MeasureGates: func(ctx context.Context, kv *evidence.Version) (*gates.Report, error) {
		return dermliving.MeasureGates(ctx, kv, kv.Cases(), dermliving.WithTools(sandbox.ToolPolicy(kv)))
	}})
	if err != nil {
		t.Fatalf("newServer: %v", err)
	}
	srv := h.(*server)
	wctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := srv.measured.wait(wctx); err != nil {
		t.Fatalf("measuring the gates: %v", err)
	}
	b := newBrowser(t, h)
	versions := api[[]dermliving.VersionView](t, b.srv, http.MethodGet, "/v1/knowledge/versions", "")
	if len(versions) != len(kvs) {
		t.Fatalf("the API lists %d versions, want the %d served", len(versions), len(kvs))
	}

	// Reach the trust page from the answer page's navigation.
	b.open("/")
	b.load("click Trust", chromedp.Click(chromedp.CSS(`nav a[href="/trust"]`)))
	got := eval[[]renderedVersion](b, "read the trust page", trustJS)

	// What the page must show, from the API's data: a version without a
	// stored gate report says its gates were not measured; a version with
	// one shows each gate with its value against its threshold, and a bar.
	var want []renderedVersion
	shownByID := map[string][]evidence.Gate{}
	for _, v := range versions {
		rv := renderedVersion{
			ID:      v.ID,
			Heading: v.ID + " " + v.Status,
			Facts: map[string]string{
				"Released": v.Released,
				"Passages": strconv.Itoa(v.Passages),
				"Sources":  strconv.Itoa(v.Sources),
				"Checksum": v.Checksum,
			},
		}
		shown := v.Gates
		if rep := kvs[v.ID].GateReport(); rep != nil {
			rv.Facts["Gates measured"] = rep.Measured
		} else if m, ok := srv.measured.get(kvs[v.ID]); ok && m.Report != nil {
			// Measured by the server: shown as such, the status untouched.
			rv.Facts["Gates measured"] = m.Report.Measured
			rv.ByServer = "The manifest of " + v.ID + " stores no gate report. The values below were measured by this server on the version's own gate cases when it loaded the version; they are shown for review and do not change the version's status."
			shown = m.Report.Gates
		}
		if len(shown) == 0 {
			rv.NotMeasured = "The release gates were not measured for " + v.ID + ": its manifest holds no gate report, so no gate value is shown."
		}
		shownByID[v.ID] = shown
		var views []gateView
		for _, g := range shown {
			gv := newGateView(v.ID, g) // the server's words and formatting
			views = append(views, gv)
			for _, s := range []string{gv.ValueText, strings.TrimPrefix(strings.TrimPrefix(gv.Need, "needs at least "), "must be ")} {
				if f, err := strconv.ParseFloat(s, 64); err != nil || abs(f-g.Value) > 5e-4 && abs(f-g.Threshold) > 5e-4 {
					t.Errorf("%s %s: the page's number %q is neither the value %v nor the threshold %v", v.ID, g.Name, s, g.Value, g.Threshold)
				}
			}
			words, ok := gateWords[g.Name]
			if !ok {
				t.Errorf("%s: gate %s has no words of its own", v.ID, g.Name)
			}
			verdict := "fails"
			if g.Passed {
				verdict = "passes"
			}
			rv.Gates = append(rv.Gates, renderedGate{
				Name:      g.Name,
				Title:     words.Name,
				Verdict:   verdict,
				What:      words.What,
				Value:     fmt.Sprintf("Measured %s on %d test cases; %s: %s.", gv.ValueText, g.Cases, gv.Need, gv.Distance),
				Measures:  "Exact definition: " + g.Measures,
				Low:       gv.Low,
				High:      gv.High,
				Needed:    strconv.FormatFloat(g.Threshold, 'f', -1, 64) + " needed",
				Label:     fmt.Sprintf("%s: %s, %s, %s", words.Name, gv.ValueText, gv.Need, verdict),
				InBox:     true,
				PxPerUnit: -1, // checked below
			})
		}
		rv.Summary = gatesSummary(views)
		rv.SVGs = len(shown)
		want = append(want, rv)
	}
	// The bar and the line are drawn where the scale written under them
	// puts the value and the threshold, and a share's scale is narrow
	// enough that a distance of 0.01 is at least 5 px on screen.
	for _, v := range got {
		for i, g := range v.Gates {
			var gate evidence.Gate
			for _, x := range shownByID[v.ID] {
				if x.Name == g.Name {
					gate = x
				}
			}
			low, err1 := strconv.ParseFloat(g.Low, 64)
			high, err2 := strconv.ParseFloat(g.High, 64)
			if err1 != nil || err2 != nil || low >= high {
				t.Errorf("%s %s: the scale %q to %q is not a range", v.ID, g.Name, g.Low, g.High)
				continue
			}
			at := func(f float64) float64 { return (min(max(f, low), high) - low) / (high - low) * 300 }
			if abs(g.Bar-at(gate.Value)) > 0.1 || abs(g.Mark-at(gate.Threshold)) > 0.1 {
				t.Errorf("%s %s: bar %v and line %v, but the scale %s to %s puts %v at %v and %v at %v", v.ID, g.Name, g.Bar, g.Mark, g.Low, g.High, gate.Value, at(gate.Value), gate.Threshold, at(gate.Threshold))
			}
			if gate.Comparison == ">=" && (high-low)*300 > 0 && 0.01/(high-low)*300*g.PxPerUnit < 5 {
				t.Errorf("%s %s: on the scale %s to %s, a distance of 0.01 is %.1f px: too small to see", v.ID, g.Name, g.Low, g.High, 0.01/(high-low)*300*g.PxPerUnit)
			}
			if g.PxPerUnit <= 0 {
				t.Errorf("%s %s: the bar is not shown", v.ID, g.Name)
			}
			v.Gates[i].Bar, v.Gates[i].Mark, v.Gates[i].PxPerUnit = 0, 0, -1
		}
	}
	// Bar widths come back from the browser as float32.
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty(), cmpopts.EquateApprox(0, 0.01)); diff != "" {
		t.Errorf("the trust page differs from /v1/knowledge/versions and the server's measurements (-want +page):\n%s", diff)
	}
	if !slices.ContainsFunc(got, func(v renderedVersion) bool { return v.ID == gated.ID() && len(v.Gates) == 3 }) {
		t.Errorf("the gate test version's bars are not shown")
	}
	const wantSummary = "1 of the 3 release gates fails: Sentences rest on the text."
	if !slices.ContainsFunc(got, func(v renderedVersion) bool { return v.ID == gated.ID() && v.Summary == wantSummary }) {
		t.Errorf("the gate test version does not say %q", wantSummary)
	}
	for _, id := range sandbox.Versions() {
		if !slices.ContainsFunc(got, func(v renderedVersion) bool { return v.ID == id && len(v.Gates) == 5 }) {
			t.Errorf("%s: the five gates (stored or measured by the server) are not shown", id)
		}
	}
	b.screenshots("trust")
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// TestBrowserNoRequestsElsewhere loads every kind of page and checks that
// each load was one request, to the test server, and that the server saw
// exactly those: the pages load nothing else. Then it checks the check: a
// request to another host is seen, and failed before it leaves.
func TestBrowserNoRequestsElsewhere(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.h)
	c := api[groundedData](t, b.srv, http.MethodPost, "/v1/knowledge/ask", askVersionBody(seedQuestion, ts.kv.ID())).Citations[0]
	// A question is asked through the form: the form's page, then the
	// answer posted to /.
	loads := []struct {
		name, path, question, route string
	}{
		{"ask", "/", "", "GET /{$}"},
		{"grounded", "/", seedQuestion, "POST /{$}"},
		{"abstained", "/", rosaceaQ, "POST /{$}"},
		{"evidence", evidencePageURL(c.EvidenceID, ts.kv.ID(), c.Span.Start, c.Span.End), "", "GET /evidence/{id}"},
		{"trust", "/trust", "", "GET /trust"},
	}
	before := len(accessLines(t, ts.log.String()))
	b.mu.Lock()
	recorded := len(b.requests)
	b.mu.Unlock()
	var pages, routes []string
	for _, l := range loads {
		if l.question != "" {
			b.ask(l.question, ts.kv.ID())
			pages, routes = append(pages, "/"), append(routes, "GET /{$}")
		} else {
			b.open(l.path)
		}
		b.screenshot("loaded-" + l.name + ".png")
		pages, routes = append(pages, l.path), append(routes, l.route)
	}

	var sent []string
	b.mu.Lock()
	for _, u := range b.requests[recorded:] {
		if !strings.HasSuffix(u, "/favicon.ico") {
			sent = append(sent, strings.TrimPrefix(u, b.srv.URL))
		}
	}
	b.mu.Unlock()
	if diff := cmp.Diff(pages, sent); diff != "" {
		t.Errorf("requests the pages sent, want one per page (-want +got):\n%s", diff)
	}
	var served []string
	for _, l := range accessLines(t, ts.log.String())[before:] {
		if l.Status != http.StatusNotFound { // a favicon.ico request, if any
			served = append(served, l.Route)
		}
	}
	if diff := cmp.Diff(routes, served); diff != "" {
		t.Errorf("requests the server saw (-want +got):\n%s", diff)
	}

	// The check itself: a page load elsewhere (TEST-NET-1, never routed) is
	// recorded and failed by the Fetch domain before it leaves.
	const elsewhere = "http://192.0.2.1/elsewhere"
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	err := chromedp.Do(ctx, chromedp.Navigate(elsewhere))
	cancel()
	if err == nil || !strings.Contains(err.Error(), "ERR_BLOCKED_BY_CLIENT") {
		t.Errorf("loading %s: %v, want net::ERR_BLOCKED_BY_CLIENT", elsewhere, err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !slices.Contains(b.blocked, elsewhere) || !slices.Contains(b.requests, elsewhere) {
		t.Errorf("the request to %s was not seen and failed: requests %q, failed %q", elsewhere, b.requests, b.blocked)
	}
	// Forget the control, so that the end-of-test check sees only the pages.
	drop := func(u string) bool { return u == elsewhere }
	b.requests = slices.DeleteFunc(b.requests, drop)
	b.paused = slices.DeleteFunc(b.paused, drop)
	b.blocked = slices.DeleteFunc(b.blocked, drop)
}
