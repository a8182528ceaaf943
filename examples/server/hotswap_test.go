package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/sandbox"
)

// writeBundle writes embedded sandbox version id, with its search index,
// into dir, described by description and with its stored gate report taken
// out: a bundle a host would build itself, unmeasured and served (loaded
// from disk it is not the sandbox, which alone serves blocked versions).
func writeBundle(t testing.TB, id, description, dir string) {
	t.Helper()
	fsys, err := sandbox.FS(id)
	if err != nil {
		t.Fatal(err)
	}
	m, err := evidence.ReadManifest(fsys)
	if err != nil {
		t.Fatal(err)
	}
	kv, err := sandbox.OpenVersion(id)
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	m.Description, m.Gates = description, nil
	b := &evidence.Bundle{Manifest: m, Passages: slices.Collect(kv.All()), Files: map[string][]byte{}}
	for name := range m.Files {
		if b.Files[name], err = fs.ReadFile(fsys, name); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.WriteDir(context.Background(), dir, &evidence.WriteOptions{Index: true}); err != nil {
		t.Fatal(err)
	}
}

// rebuild copies the bundle in from, its index included, into to with
// another description: another manifest over the same passages, as a
// rebuild with a new description would give, without indexing again.
func rebuild(t testing.TB, from, to, description string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	m, err := evidence.ReadManifest(os.DirFS(to))
	if err != nil {
		t.Fatal(err)
	}
	m.Description = description
	b, err := evidence.EncodeManifest(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(to, evidence.ManifestFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// swapLink points the symbolic link at link to target, atomically (a new
// link renamed over the old one), as a deploy that switches a directory
// would.
func swapLink(t testing.TB, target, link string) {
	t.Helper()
	tmp := link + ".new"
	os.Remove(tmp)
	if err := os.Symlink(target, tmp); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, link); err != nil {
		t.Fatal(err)
	}
}

// TestHotSwapUnderLoad serves both sandbox versions as bundles from a
// watched directory, and every 100 ms switches each one to another build of
// itself (another description, so another manifest) and rescans, as the
// poll or a SIGHUP does: the watcher sees the changed manifest and swaps the
// new build in. Meanwhile 64 clients ask questions over HTTP, naming either
// version or none, on the JSON and the streaming routes, and look up
// passages. Not one request may fail: every reply has the status its
// question expects and comes from the version it named (or the default).
// Each replaced version ends closed, after its last request.
//
// On two cores 64 clients keep every core busy, and opening and verifying
// a bundle (tens of milliseconds of work) would then take most of a second
// of wall time: no swap could keep to 100 ms. So each build is opened,
// verified and warmed from its directory before the load starts, one
// version for each swap to come, and the watcher's open hands out the next
// one for the directory it is asked for: under load a swap is what it is
// in the server, a scan and Library.Put, while requests are in flight.
func TestHotSwapUnderLoad(t *testing.T) {
	duration := 2 * time.Second
	if testing.Short() {
		if raceEnabled {
			t.Skip("under the race detector, building and opening the bundles ahead takes half a minute; TestWatcher, TestReloadOnSignal and the root package's TestLibraryUnderLoad cover the swap path under -race -short")
		}
		duration = time.Second
	}
	if raceEnabled {
		duration = time.Second // opening the versions ahead is slow
	}
	const clients = 64
	const every = 100 * time.Millisecond

	start := time.Now()
	root := t.TempDir()
	watched := filepath.Join(root, "watched")
	if err := os.Mkdir(watched, 0o755); err != nil {
		t.Fatal(err)
	}
	ids := []string{"kv_2026_10_01", "kv_2026_11_01"}
	builds := map[string][2]string{}
	for _, id := range ids {
		a, b := filepath.Join(root, id+"_a"), filepath.Join(root, id+"_b")
		writeBundle(t, id, id+", build a", a)
		rebuild(t, a, b, id+", build b")
		builds[id] = [2]string{a, b}
		swapLink(t, a, filepath.Join(watched, id))
	}

	t.Logf("bundles written: %v", time.Since(start))
	// The versions to swap in, opened, verified and warmed ahead, by the
	// build directory they come from.
	swapsAhead := int(duration/every) + 4
	ahead := map[string][]*evidence.Version{}
	var opened []*evidence.Version
	warm := []string{"What causes hives?", "What makes atopic dermatitis flare?", "Where does rosacea usually appear?", "What is the capital of France?"}
	for _, id := range ids {
		for k, dir := range builds[id] {
			for range swapsAhead/2 + 1 + k {
				kv, err := evidence.OpenDir(dir)
				if err != nil {
					t.Fatal(err)
				}
				if err := dermliving.Warm(context.Background(), kv, warm[:1]...); err != nil {
					t.Fatal(err)
				}
				ahead[dir] = append(ahead[dir], kv)
				opened = append(opened, kv)
			}
		}
	}
	t.Logf("versions opened ahead: %v", time.Since(start))
	var aheadMu sync.Mutex
	logs := &syncBuffer{}
	logger := slog.New(slog.NewJSONHandler(logs, nil))
	w := &watcher{log: logger, dir: watched, open: func(link string) (*evidence.Version, error) {
		dir, err := filepath.EvalSymlinks(link)
		if err != nil {
			return nil, err
		}
		aheadMu.Lock()
		defer aheadMu.Unlock()
		if len(ahead[dir]) == 0 {
			return nil, fmt.Errorf("no version opened ahead for %s", dir)
		}
		kv := ahead[dir][0]
		ahead[dir] = ahead[dir][1:]
		return kv, nil
	}}
	w.lib = &dermliving.Library{}
	if got := w.scan(); len(got) != 2 {
		t.Fatalf("first scan loaded %q, want both versions", got)
	}
	h, err := newServer(config{Library: w.lib, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	s := h.(*server)
	srv := httptest.NewServer(h)
	defer srv.Close()
	defer s.lib.Close()

	type request struct {
		path, version, question string
		status                  int
	}
	questions := []struct {
		q      string
		status int
	}{
		{"What causes hives?", 200},
		{"What makes atopic dermatitis flare?", 200},
		{"Where does rosacea usually appear?", 200},
		{"What is the capital of France?", 200},
		{"Which biologic should I start for my patient who failed methotrexate?", 200},
		{"Patient MRN 48213377, DOB 03/14/1962: is this psoriasis?", 200},
		{"", 400},
	}
	var mix []request
	for _, v := range []string{"", "kv_2026_10_01", "kv_2026_11_01"} {
		for _, q := range questions {
			mix = append(mix, request{"/v1/knowledge/ask", v, q.q, q.status})
		}
		mix = append(mix, request{"/v1/knowledge/ask:stream", v, "What causes hives?", 200})
		mix = append(mix, request{"/v1/evidence/ev_urticaria_overview_1", v, "", 200})
	}

	client := srv.Client()
	client.Transport.(*http.Transport).MaxIdleConnsPerHost = clients
	var sent, failed, swaps atomic.Int64
	fail := func(format string, args ...any) {
		if failed.Add(1) <= 10 {
			t.Errorf(format, args...)
		}
	}
	// The swapper swaps until the deadline, the clients start requests
	// until then and finish those in flight.
	deadline := time.Now().Add(duration)
	var swapper sync.WaitGroup
	swapper.Go(func() {
		tick := time.NewTicker(every)
		defer tick.Stop()
		for i := 1; ; i++ {
			if now := <-tick.C; now.After(deadline) {
				return
			}
			for _, id := range ids {
				swapLink(t, builds[id][i%2], filepath.Join(watched, id))
			}
			swaps.Add(int64(len(w.scan())))
		}
	})
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			for i := c; time.Now().Before(deadline); i += clients {
				rq := mix[i%len(mix)]
				var resp *http.Response
				var err error
				if strings.HasPrefix(rq.path, "/v1/evidence/") {
					url := srv.URL + rq.path
					if rq.version != "" {
						url += "?knowledge_version=" + rq.version
					}
					resp, err = client.Get(url)
				} else {
					body, _ := json.Marshal(map[string]string{"question": rq.question, "knowledge_version": rq.version})
					resp, err = client.Post(srv.URL+rq.path, jsonType, bytes.NewReader(body))
				}
				sent.Add(1)
				if err != nil {
					fail("%s %q on %q: %v", rq.path, rq.question, rq.version, err)
					continue
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				want := rq.version
				if want == "" {
					want = "kv_2026_11_01"
				}
				switch {
				case resp.StatusCode != rq.status:
					fail("%s %q on %q: %d %s, want %d", rq.path, rq.question, rq.version, resp.StatusCode, b, rq.status)
				case rq.status == 200 && !bytes.Contains(b, []byte(fmt.Sprintf(`"knowledge_version":%q`, want))):
					fail("%s %q on %q: the reply is not from %s: %s", rq.path, rq.question, rq.version, want, b)
				case bytes.Contains(b, []byte(`"event: error"`)):
					fail("%s %q on %q: %s", rq.path, rq.question, rq.version, b)
				}
			}
		})
	}
	wg.Wait()
	swapper.Wait()

	// Every version opened but the two served now was replaced and closed
	// once its requests ended.
	served := map[*evidence.Version]bool{}
	for _, kv := range s.lib.Versions() {
		served[kv] = true
	}
	aheadMu.Lock()
	defer aheadMu.Unlock()
	unused := map[*evidence.Version]bool{}
	for _, kvs := range ahead {
		for _, kv := range kvs {
			unused[kv] = true
			kv.Close()
		}
	}
	for _, kv := range opened {
		if !unused[kv] && kv.Closed() == served[kv] {
			t.Errorf("%s: closed %v, served %v", kv.ID(), kv.Closed(), served[kv])
		}
	}
	if strings.Contains(logs.String(), "not loaded") {
		t.Errorf("a bundle was not loaded:\n%s", logs)
	}
	if min := int64(duration/every) * int64(len(ids)) / 2; swaps.Load() < min {
		t.Errorf("%d swaps in %v, want at least %d", swaps.Load(), duration, min)
	}
	t.Logf("%d requests from %d clients, %d failed, %d swaps in %v", sent.Load(), clients, failed.Load(), swaps.Load(), duration)
}
