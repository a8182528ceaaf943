package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
)

// smallBundle writes a one-passage bundle with the given id and description
// into dir.
func smallBundle(t *testing.T, id, description, dir string) {
	t.Helper()
	b, err := evidence.Build(context.Background(), []evidence.Record{{
		SourceID: "src_hives", SourceVersion: "1", SourceTitle: "Hives", Section: "Overview", Paragraph: 1, License: "CC0-1.0",
		Text: "Urticaria, commonly called hives, is a skin reaction that causes raised, itchy welts.",
	}}, evidence.BuildOptions{ID: id, Released: "2027-01-01", Description: description})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.WriteDir(context.Background(), dir, nil); err != nil {
		t.Fatal(err)
	}
}

// TestWatcher: a new bundle is verified and served, an unchanged one is not
// loaded again, a changed one replaces its version (closed, as nothing
// holds it), and one that fails verification is not served, leaves the
// version it would replace in place, and is reported once.
func TestWatcher(t *testing.T) {
	root := t.TempDir()
	watched := filepath.Join(root, "watched")
	os.Mkdir(watched, 0o755)
	logs := &syncBuffer{}
	var loaded []string
	w := &watcher{lib: &dermliving.Library{}, log: slog.New(slog.NewJSONHandler(logs, nil)), dir: watched,
		loaded: func(kv *evidence.Version) { loaded = append(loaded, kv.ID()) }}
	defer w.lib.Close()

	if got := w.scan(); len(got) != 0 {
		t.Errorf("an empty directory loaded %q", got)
	}
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	smallBundle(t, "kv_live", "build a", a)
	smallBundle(t, "kv_live", "build b", b)
	swapLink(t, a, filepath.Join(watched, "kv_live"))
	// A bundle being written (WriteDir's hidden temporary directory) is
	// never looked at.
	smallBundle(t, "kv_half", "half", filepath.Join(watched, ".kv-build-123"))
	if got := w.scan(); strings.Join(got, ",") != "kv_live" {
		t.Fatalf("scan loaded %q, want kv_live", got)
	}
	first, _ := w.lib.Get("kv_live")
	if first.Manifest().Description != "build a" || first.Status() != evidence.Unmeasured {
		t.Errorf("served %q, status %s", first.Manifest().Description, first.Status())
	}
	if got := w.scan(); len(got) != 0 {
		t.Errorf("an unchanged bundle was loaded again: %q", got)
	}

	swapLink(t, b, filepath.Join(watched, "kv_live"))
	if got := w.scan(); strings.Join(got, ",") != "kv_live" {
		t.Fatalf("scan after a change loaded %q", got)
	}
	second, _ := w.lib.Get("kv_live")
	if second == first || second.Manifest().Description != "build b" || !first.Closed() {
		t.Errorf("after the swap: served %q, the old version closed %v", second.Manifest().Description, first.Closed())
	}

	// A tampered bundle: refused, the version it would replace stays, and
	// the failure is logged once, not at every scan.
	c := filepath.Join(root, "c")
	smallBundle(t, "kv_live", "build c", c)
	p := filepath.Join(c, evidence.PassagesFile)
	raw, _ := os.ReadFile(p)
	os.WriteFile(p, []byte(strings.Replace(string(raw), "itchy", "itchY", 1)), 0o644)
	swapLink(t, c, filepath.Join(watched, "kv_live"))
	for range 3 {
		if got := w.scan(); len(got) != 0 {
			t.Errorf("a tampered bundle was loaded: %q", got)
		}
	}
	if kv, _ := w.lib.Get("kv_live"); kv != second || second.Closed() {
		t.Error("a tampered bundle displaced the version it would replace")
	}
	if n := strings.Count(logs.String(), "knowledge bundle not loaded"); n != 1 {
		t.Errorf("the failure was logged %d times, want once:\n%s", n, logs)
	}
	if !strings.Contains(logs.String(), "src_hives") && !strings.Contains(logs.String(), "ev_src_hives_overview_1") {
		t.Errorf("the log does not name the passage that failed:\n%s", logs)
	}
	if strings.Join(loaded, ",") != "kv_live,kv_live" {
		t.Errorf("loaded hook told of %q", loaded)
	}
}

// TestReloadOnSignal runs the server as main does, watching a directory
// with no polling, and checks that a bundle added there is served after a
// reload signal (SIGHUP in main), then that the server stops cleanly.
func TestReloadOnSignal(t *testing.T) {
	watched := t.TempDir()
	reload := make(chan os.Signal, 1)
	addr := make(chan net.Addr, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, nil, slog.New(slog.NewJSONHandler(logs, nil)),
			[]string{"-addr", "127.0.0.1:0", "-watch", watched, "-poll", "0", "-measure-gates=false"},
			reload, func(a net.Addr) { addr <- a })
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a.String()
	case err := <-done:
		t.Fatalf("run: %v\n%s", err, logs)
	case <-time.After(time.Minute):
		t.Fatal("the server did not start")
	}
	ids := func() []string {
		resp, err := http.Get(base + "/v1/knowledge/versions")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var v struct{ Data []dermliving.VersionView }
		json.NewDecoder(resp.Body).Decode(&v)
		var out []string
		for _, d := range v.Data {
			out = append(out, d.ID+":"+d.Status)
		}
		return out
	}
	if got := strings.Join(ids(), ","); got != "kv_2026_10_01:released,kv_2026_11_01:released" {
		t.Errorf("served at the start: %s", got)
	}
	smallBundle(t, "kv_2027_01_01", "added while running", filepath.Join(watched, "kv_2027_01_01"))
	reload <- os.Interrupt // any value: main sends SIGHUP
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(strings.Join(ids(), ","), "kv_2027_01_01:unmeasured") {
		if time.Now().After(deadline) {
			t.Fatalf("the added bundle is not served after a reload: %s\n%s", ids(), logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The new version is served when named; the default stays the newest
	// released one, preferred to an unmeasured one.
	ask := func(body string) metadata {
		resp, err := http.Post(base+"/v1/knowledge/ask", jsonType, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var res struct {
			Data struct{ Metadata metadata }
		}
		json.NewDecoder(resp.Body).Decode(&res)
		return res.Data.Metadata
	}
	if md := ask(`{"question": "What causes hives?", "knowledge_version": "kv_2027_01_01"}`); md.KnowledgeVersion != "kv_2027_01_01" || md.KnowledgeStatus != "unmeasured" {
		t.Errorf("the added version after the reload: %+v", md)
	}
	if md := ask(`{"question": "What causes hives?"}`); md.KnowledgeVersion != "kv_2026_11_01" || md.KnowledgeStatus != "released" {
		t.Errorf("the default after the reload: %+v", md)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("run: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not stop")
	}
}
