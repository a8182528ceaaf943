package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
)

// watcher loads knowledge bundles into a server's library while it runs,
// without a restart: from bundle directories named at the start (-kv) and
// from every subdirectory of a watched directory (-watch), each time it
// scans: on a poll interval and whenever it is told to (SIGHUP).
//
// A bundle is loaded when its manifest differs from the one last loaded
// from its directory. It is opened and verified whole first
// (evidence.OpenDir checks every checksum and the version checksum), then
// warmed, and only a bundle that passes is swapped in (Library.Put): requests in flight
// on the version it replaces finish on it, and the library closes it after
// the last one. A bundle that fails is logged and skipped, and the version
// it would have replaced stays served; it is tried again at each scan until
// it loads. A directory that disappears stops nothing: its version stays
// served until another replaces it.
//
// A watcher is used by one goroutine at a time.
type watcher struct {
	lib    *dermliving.Library
	log    *slog.Logger
	bundle []string // bundle directories (-kv)
	dir    string   // a directory of bundle directories (-watch), or ""
	// open opens and verifies a bundle; nil means evidence.OpenDir.
	open func(dir string) (*evidence.Version, error)
	// warm, when not nil, prepares a verified version before it is
	// swapped in (see dermliving.Warm), so that the requests after a swap
	// do not pay for its first questions.
	warm func(*evidence.Version)
	// loaded, when not nil, is told of each version swapped in (to
	// measure its gates, say).
	loaded func(*evidence.Version)

	seen   map[string][32]byte // a bundle directory -> its manifest when last loaded
	failed map[string][32]byte // a bundle directory -> its manifest when it last failed
}

// scan loads every bundle that is new or changed since the last scan, and
// returns the ids of the versions it swapped in.
func (w *watcher) scan() []string {
	if w.seen == nil {
		w.seen, w.failed = map[string][32]byte{}, map[string][32]byte{}
	}
	var loaded []string
	for _, dir := range w.bundleDirs() {
		manifest, err := os.ReadFile(filepath.Join(dir, evidence.ManifestFile))
		if err != nil {
			continue // not (yet) a bundle
		}
		sum := sha256.Sum256(manifest)
		if w.seen[dir] == sum {
			continue
		}
		open := w.open
		if open == nil {
			open = evidence.OpenDir
		}
		kv, err := open(dir)
		if err != nil {
			if w.failed[dir] != sum {
				w.failed[dir] = sum
				w.log.Warn("knowledge bundle not loaded", slog.String("dir", dir), slog.String("error", err.Error()))
			}
			continue
		}
		delete(w.failed, dir)
		w.seen[dir] = sum
		if w.warm != nil {
			w.warm(kv)
		}
		replaced := w.lib.Put(kv)
		w.log.Info("knowledge version loaded", slog.String("dir", dir), slog.String("version", kv.ID()),
			slog.String("status", kv.Status().String()), slog.Bool("replaced", replaced))
		if w.loaded != nil {
			w.loaded(kv)
		}
		loaded = append(loaded, kv.ID())
	}
	return loaded
}

// bundleDirs lists the bundle directories to look at, the named ones first,
// then the watched directory's subdirectories in name order.
func (w *watcher) bundleDirs() []string {
	dirs := slices.Clone(w.bundle)
	if w.dir == "" {
		return dirs
	}
	ents, err := os.ReadDir(w.dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.log.Warn("watched directory unreadable", slog.String("dir", w.dir), slog.String("error", err.Error()))
		}
		return dirs
	}
	for _, e := range ents {
		// Skip hidden entries: WriteDir builds a bundle in a ".kv-build-*"
		// directory beside its destination. A symbolic link to a
		// directory counts: switching a link is how a deploy swaps a
		// bundle atomically.
		dir := filepath.Join(w.dir, e.Name())
		if e.Name()[0] == '.' {
			continue
		}
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

// warmQuestions is how many of a version's own gate-case questions warm it.
const warmQuestions = 16

// warmVersion warms kv with up to warmQuestions questions of its gate cases.
func warmVersion(kv *evidence.Version) {
	var questions []string
	for line := range bytes.Lines(kv.Cases()) {
		var c struct {
			Question string `json:"question"`
		}
		if json.Unmarshal(line, &c) == nil && c.Question != "" {
			questions = append(questions, c.Question)
		}
		if len(questions) == warmQuestions {
			break
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_ = dermliving.Warm(ctx, kv, questions...)
}

// run scans every interval (never when interval is 0) and at each signal on
// reload, until ctx is done.
func (w *watcher) run(ctx context.Context, interval time.Duration, reload <-chan os.Signal) {
	var tick <-chan time.Time
	if interval > 0 {
		t := time.NewTicker(interval)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
		case <-reload:
			w.log.Info("reloading knowledge bundles")
		}
		w.scan()
	}
}

// markLoaded records that the bundle in dir was loaded as one of versions
// (at the start), so that the first scan does not load it again.
func (w *watcher) markLoaded(dir string, versions map[string]*evidence.Version) {
	if w.seen == nil {
		w.seen, w.failed = map[string][32]byte{}, map[string][32]byte{}
	}
	manifest, err := os.ReadFile(filepath.Join(dir, evidence.ManifestFile))
	if err != nil {
		return
	}
	m, err := evidence.ReadManifest(os.DirFS(dir))
	if kv, ok := versions[m.ID]; err == nil && ok && kv.Manifest().Seal == m.Seal {
		w.seen[dir] = sha256.Sum256(manifest)
	}
}
