package main

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/gates"
	"github.com/dermliving/dermliving/sandbox"
)

// measuringServer serves the sandbox version with measure as its gate
// measurer.
func measuringServer(t *testing.T, measure func(context.Context, *evidence.Version) (*gates.Report, error)) (*server, *evidence.Version) {
	t.Helper()
	kv := sandboxKV(t)
	h, err := newServer(config{Versions: map[string]*evidence.Version{kv.ID(): kv}, Default: kv.ID(), MeasureGates: measure})
	if err != nil {
		t.Fatal(err)
	}
	return h.(*server), kv
}

func trustBody(t *testing.T, s *server) string {
	t.Helper()
	w := httptest.NewRecorder()
	s.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/trust", nil))
	if w.Code != http.StatusOK {
		t.Fatalf("GET /trust: status %d", w.Code)
	}
	return w.Body.String()
}

// TestTrustPageMeasuredByServer measures the sandbox version's gates the way
// the server's main does and checks that the trust page draws every gate of
// that report, value and threshold, and says who measured them.
func TestTrustPageMeasuredByServer(t *testing.T) {
	s, kv := measuringServer(t, func(ctx context.Context, kv *evidence.Version) (*gates.Report, error) {
		return dermliving.MeasureGates(ctx, kv, kv.Cases(), dermliving.WithTools(sandbox.ToolPolicy(kv)))
	})
	if kv.GateReport() != nil {
		t.Skip("the sandbox version stores its gate report; nothing for the server to measure")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := s.measured.wait(ctx); err != nil {
		t.Fatal(err)
	}
	m, ok := s.measured.get(kv)
	if !ok || m.Report == nil {
		t.Fatalf("no measured report for %s: %+v", kv.ID(), m)
	}
	if len(m.Report.Gates) != 5 {
		t.Fatalf("measured %d gates, want 5", len(m.Report.Gates))
	}
	body := trustBody(t, s)
	if !strings.Contains(body, `class="note measured-by-server"`) {
		t.Error("the page does not say the gates were measured by the server")
	}
	if strings.Contains(body, "not-measured") {
		t.Error("the page says the gates were not measured")
	}
	for _, g := range m.Report.Gates {
		gv := newGateView(kv.ID(), g)
		for _, want := range []string{`data-gate="` + g.Name + `"`, "<h3>" + html.EscapeString(gv.Title) + " ", "Measured " + gv.ValueText + " on ", gv.Need + ": " + gv.Distance, `id="` + gv.SVGID + `"`, `width="` + gv.BarWidth + `"`, `x1="` + gv.ThresholdX + `"`, "Exact definition: " + html.EscapeString(g.Measures)} {
			if !strings.Contains(body, want) {
				t.Errorf("gate %s: page lacks %q", g.Name, want)
			}
		}
	}
	var failing []string
	for _, g := range m.Report.Gates {
		if !g.Passed {
			failing = append(failing, gateWords[g.Name].Name)
		}
	}
	if hasWarning := strings.Contains(body, `class="note failing-gates"`); hasWarning != (len(failing) > 0) {
		t.Errorf("failing gates %v, but the page's warning shown = %v", failing, hasWarning)
	}
	want := "All 5 release gates pass."
	switch len(failing) {
	case 0:
	case 1:
		want = "1 of the 5 release gates fails: " + failing[0] + "."
	default:
		want = fmt.Sprintf("%d of the 5 release gates fail: ", len(failing))
	}
	if !strings.Contains(body, html.EscapeString(want)) {
		t.Errorf("the page does not say %q", want)
	}
	for _, name := range failing {
		if !strings.Contains(body, html.EscapeString(name)) {
			t.Errorf("the summary does not name the failing gate %s", name)
		}
	}
	// The status still comes from the stored report alone.
	if st := dermliving.DescribeVersion(kv).Status; !strings.Contains(body, `<span class="status `+st+`">`+st+`</span>`) {
		t.Errorf("the page does not show the version's own status %q", st)
	}
}

func TestTrustPageMeasuring(t *testing.T) {
	release := make(chan struct{})
	s, kv := measuringServer(t, func(ctx context.Context, kv *evidence.Version) (*gates.Report, error) {
		<-release
		return nil, errors.New("cases file unreadable")
	})
	if kv.GateReport() != nil {
		t.Skip("the sandbox version stores its gate report")
	}
	if body := trustBody(t, s); !strings.Contains(body, `class="note measuring"`) || strings.Contains(body, "<svg") {
		t.Error("while measuring, the page must say so and draw no bar")
	}
	close(release)
	if err := s.measured.wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	body := trustBody(t, s)
	if !strings.Contains(body, "measuring them failed: cases file unreadable") || strings.Contains(body, "<svg") {
		t.Error("a failed measurement must be shown as such, with no bar")
	}
}
