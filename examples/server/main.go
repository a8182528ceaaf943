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
//	-measure-gates   measure at start, in the background, the release gates of
//	                 versions whose manifest stores gate cases but no report,
//	                 and show them on the trust page as measured by the
//	                 server (default true; they never change a status)
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
	if err := run(logger, os.Args[1:]); err != nil {
		logger.Error("server stopped", slog.String("error", err.Error()))
		os.Exit(1)
	}
}

func run(logger *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "listen `address`")
	kvDir := fs.String("kv", "", "serve the built knowledge bundle in `DIR` instead of the embedded sandbox")
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
	defer func() {
		for _, kv := range versions {
			_ = kv.Close()
		}
	}()
	def, err := defaultVersion(versions)
	if err != nil {
		return fmt.Errorf("choosing the default knowledge version: %w", err)
	}

	var measure func(context.Context, *evidence.Version) (*gates.Report, error)
	if *measureGates {
		measure = func(ctx context.Context, kv *evidence.Version) (*gates.Report, error) {
			return dermliving.MeasureGates(ctx, kv, kv.Cases(), dermliving.WithTools(sandbox.ToolPolicy(kv)))
		}
	}
	h, err := newServer(config{Versions: versions, Default: def, Logger: logger, MeasureGates: measure})
	if err != nil {
		return err
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

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	// Listen before serving, so that the log names the real address (and
	// port 0 works).
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	ids := make([]string, 0, len(versions))
	for id := range versions {
		ids = append(ids, id)
	}
	logger.Info("listening", slog.String("addr", ln.Addr().String()),
		slog.Any("knowledge_versions", ids), slog.String("default", def))

	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()

	select {
	case err := <-serveErr:
		return err // Serve failed before any signal
	case <-ctx.Done():
	}
	stop() // a second signal now kills the process the default way
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

// defaultVersion picks the version a request that names none gets, by the
// rule the CLI and the sandbox follow (dermliving.Library.Default): the
// newest released one. When every version served failed a release gate,
// there is none, and the server does not start.
func defaultVersion(versions map[string]*evidence.Version) (string, error) {
	kv, err := dermliving.NewLibrary(slices.Collect(maps.Values(versions))...).Default()
	if err != nil {
		return "", err
	}
	return kv.ID(), nil
}
