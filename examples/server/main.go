// Command server is a thin example HTTP server over DermLiving, meant to be
// copied by integrators. It serves the JSON API of the contract:
//
//	POST /v1/knowledge/ask        {"question": "...", "knowledge_version": "optional id"}
//	POST /v1/knowledge/ask:stream the same, as server-sent events: one claim
//	                              event per verified claim, then the result
//	GET  /v1/evidence/{id}        optional ?knowledge_version=ID
//	GET  /v1/knowledge/versions
//	GET  /healthz
//	GET  /openapi.json            OpenAPI 3.1 document of every route
//	GET  /metrics                 Prometheus text format: answers by status,
//	                              abstentions by reason, requests, Ask latency
//
// and three server-rendered pages that load nothing from elsewhere (no
// script, CDN or web font):
//
//	GET  /                        the question form (?v=version chooses one)
//	POST /                        the form's question (q=...&v=version); the
//	                              answer, each claim beside the words it
//	                              quotes, and numbered citations opening their
//	                              passages with the quote highlighted
//	GET  /evidence/{id}           a passage, ?v=version&start=&end= highlights a span
//	GET  /trust                   each version's counts, checksum and release gates
//
// Run it from the module root, with the embedded sandbox knowledge:
//
//	go -C examples run ./server
//
// and ask a question:
//
//	curl -s localhost:8080/v1/knowledge/ask -H 'Content-Type: application/json' -d '{"question":"What makes atopic dermatitis flare?"}'
//
// The answer is {"data": {...}}: grounded, every claim citing a passage, or
// abstained with a reason (an abstention is a 200, not an error). Look a cited
// passage up with
//
//	curl -s localhost:8080/v1/evidence/ev_atopic_dermatitis_causes_1
//
// Flags:
//
//	-addr HOST:PORT  listen address (default 127.0.0.1:8080; port 0 picks a free one)
//	-kv DIR          serve the built knowledge bundle in DIR instead of the
//	                 embedded sandbox versions
//	-watch DIR       also serve every bundle in DIR's subdirectories, and load
//	                 new and changed ones while the server runs
//	-poll D          how often -watch DIR and -kv DIR are scanned for new or
//	                 changed bundles (default 2s; 0: only on SIGHUP)
//	-measure-gates   measure, in the background, the release gates of
//	                 versions whose manifest stores gate cases but no report,
//	                 and show them on the trust page as measured by the
//	                 server (default true; they never change a status)
//
// Versions are added and replaced without a restart: every -poll interval,
// and at once on SIGHUP, the -kv directory and the subdirectories of the
// -watch directory are looked at, and a bundle whose manifest changed (or a
// new one) is opened and verified whole (every checksum), then swapped in.
// Requests in flight on a replaced version finish on it, and it is closed
// after the last one; a bundle that fails verification is logged and not
// served, and the version it would replace stays. Build a new bundle beside
// the watched directory, or with dermliving build --out straight into it
// (it writes to a hidden temporary directory and renames it into place), so
// that a half-written bundle is never looked at.
//
// A request that names no version gets the newest released one, else the
// newest unmeasured one, else a blocked one served all the same (the
// sandbox's, which fail citation_validity and are served for
// demonstration, flagged in every answer's metadata and on the trust page).
// With -watch and no -kv the sandbox versions are served too; a released or
// unmeasured bundle loaded beside them becomes the default.
//
// Logs are JSON lines on stderr: one access-log line per request (method,
// route pattern, status, duration, request id, bytes). Questions, request
// bodies, raw paths and query strings are never logged, and a method other
// than the standard ones is logged as OTHER. An unclean path (a doubled
// slash, a dot segment) is redirected to its clean form without its query. SIGINT or SIGTERM stops the server
// gracefully: new connections are refused and requests in flight get up to
// ten seconds to finish.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/gates"
	"github.com/dermliving/dermliving/sandbox"
)

// shutdownTimeout is how long requests in flight get after a signal.
const shutdownTimeout = 10 * time.Second

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	reload := make(chan os.Signal, 1)
	signal.Notify(reload, syscall.SIGHUP)
	err := run(ctx, stop, logger, os.Args[1:], reload, nil)
	stop()
	if err != nil {
		logger.Error("server stopped", slog.String("error", err.Error()))
		os.Exit(1)
	}
}

// run serves until ctx is done, then shuts down gracefully; stop, when not
// nil, is called as soon as ctx is done (main's: so that a second signal
// kills the process the default way). Each value on reload rescans the
// bundle directories (SIGHUP). listening, when not nil, is told the address
// listened on.
func run(ctx context.Context, stop func(), logger *slog.Logger, args []string, reload <-chan os.Signal, listening func(net.Addr)) error {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "listen `address`")
	kvDir := fs.String("kv", "", "serve the built knowledge bundle in `DIR` instead of the embedded sandbox")
	watchDir := fs.String("watch", "", "also serve every bundle in `DIR`'s subdirectories, loading new and changed ones while running")
	poll := fs.Duration("poll", 2*time.Second, "how often to look for new or changed bundles (0: only on SIGHUP)")
	measureGates := fs.Bool("measure-gates", true, "measure, in the background, the release gates of versions whose manifest stores gate cases but no report, for the trust page")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}

	versions, err := openVersions(*kvDir)
	if err != nil {
		return err
	}
	var measure func(context.Context, *evidence.Version) (*gates.Report, error)
	if *measureGates {
		measure = func(ctx context.Context, kv *evidence.Version) (*gates.Report, error) {
			return dermliving.MeasureGates(ctx, kv, kv.Cases(), dermliving.WithTools(sandbox.ToolPolicy(kv)))
		}
	}
	// The library owns the versions from here on, and closes each when it
	// is replaced (after its last request) or when the server stops.
	lib := dermliving.NewLibrary(slices.Collect(maps.Values(versions))...)
	defer lib.Close()
	w := &watcher{lib: lib, log: logger, dir: *watchDir, warm: warmVersion}
	if *kvDir != "" {
		w.bundle = []string{*kvDir}
		w.markLoaded(*kvDir, versions)
	}
	w.scan()
	h, err := newServer(config{Library: lib, Logger: logger, MeasureGates: measure})
	if err != nil {
		return err
	}
	s := h.(*server)
	w.loaded = s.measured.add
	def := s.defaultID()
	if def == "" {
		return fmt.Errorf("choosing the default knowledge version: %w", dermliving.ErrNoKnowledge)
	}

	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second, // a 64 KiB body at most
		// Longer than defaultAskTimeout, so a slow Ask still gets its JSON
		// error written.
		WriteTimeout:   30 * time.Second,
		IdleTimeout:    60 * time.Second,
		MaxHeaderBytes: 16 << 10,
		ErrorLog:       slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}

	// Listen before serving, so that the log names the real address (and
	// port 0 works).
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	logger.Info("listening", slog.String("addr", ln.Addr().String()),
		slog.Any("knowledge_versions", s.versionIDs()), slog.String("default", def))
	if listening != nil {
		listening(ln.Addr())
	}

	wctx, stopWatching := context.WithCancel(ctx)
	watching := make(chan struct{})
	go func() {
		defer close(watching)
		w.run(wctx, *poll, reload)
	}()
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()

	select {
	case err = <-serveErr: // Serve failed before any signal
	case <-ctx.Done():
	}
	stopWatching()
	<-watching
	if err != nil {
		return err
	}
	if stop != nil {
		stop() // a second signal now kills the process the default way
	}
	logger.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("stopped")
	return nil
}

// openVersions opens the bundle in dir, or, when dir is empty, every embedded
// sandbox version.
func openVersions(dir string) (map[string]*evidence.Version, error) {
	if dir != "" {
		kv, err := evidence.OpenDir(dir)
		if err != nil {
			return nil, err
		}
		return map[string]*evidence.Version{kv.ID(): kv}, nil
	}
	versions := map[string]*evidence.Version{}
	for _, id := range sandbox.Versions() {
		kv, err := sandbox.OpenVersion(id)
		if err != nil {
			for _, v := range versions {
				_ = v.Close()
			}
			return nil, err
		}
		versions[id] = kv
	}
	if len(versions) == 0 {
		return nil, errors.New("the sandbox holds no knowledge version")
	}
	return versions, nil
}
