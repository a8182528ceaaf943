// Command ask answers one question from the embedded sandbox with a model
// server that speaks the OpenAI-compatible chat completions API, through
// openai.Generator: the model drafts, and every sentence of its draft is
// verified against the retrieved passages; those no passage supports are
// removed and listed in removed_claims. The result is printed as JSON.
//
//	DERMLIVING_LLM_URL=http://127.0.0.1:8080 go -C examples run ./openai/ask "What causes hives?"
//
// Flags, each defaulting to its environment variable:
//
//	-url       DERMLIVING_LLM_URL    the server, such as http://127.0.0.1:8080 (required)
//	-model     DERMLIVING_LLM_MODEL  the model name (Ollama, vLLM and hosted APIs need one)
//	-key-file  DERMLIVING_LLM_KEY_FILE  a file holding the API key
//	-timeout   DERMLIVING_LLM_TIMEOUT   how long the model may take (default 2m)
//
// The API key comes from DERMLIVING_LLM_KEY or from the file -key-file
// names, never from a flag, which any user of the machine can read in the
// process list. Neither the key nor the question is ever printed or logged.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/examples/openai"
	"github.com/dermliving/dermliving/sandbox"
)

// config is what the command runs with.
type config struct {
	gen      openai.Generator
	version  string
	question string
}

// parseConfig reads the flags in args and the environment getenv gives.
func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("ask", flag.ContinueOnError)
	fs.SetOutput(stderr)
	url := fs.String("url", getenv("DERMLIVING_LLM_URL"), "model server `address`, such as http://127.0.0.1:8080 (env DERMLIVING_LLM_URL)")
	model := fs.String("model", getenv("DERMLIVING_LLM_MODEL"), "model `name` (env DERMLIVING_LLM_MODEL)")
	keyFile := fs.String("key-file", getenv("DERMLIVING_LLM_KEY_FILE"), "`file` holding the API key (env DERMLIVING_LLM_KEY_FILE; or the key itself in DERMLIVING_LLM_KEY)")
	timeout := openai.DefaultTimeout
	if v := getenv("DERMLIVING_LLM_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return config{}, fmt.Errorf("DERMLIVING_LLM_TIMEOUT: %w", err)
		}
		timeout = d
	}
	fs.DurationVar(&timeout, "timeout", timeout, "how long the model may take to answer (env DERMLIVING_LLM_TIMEOUT)")
	version := fs.String("version", "", "sandbox knowledge `version` (default: the newest released)")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if *url == "" {
		return config{}, errors.New("no model server: set -url or DERMLIVING_LLM_URL")
	}
	key := getenv("DERMLIVING_LLM_KEY")
	if *keyFile != "" {
		b, err := os.ReadFile(*keyFile)
		if err != nil {
			// The error names the file, not its contents.
			return config{}, fmt.Errorf("API key file: %w", err)
		}
		key = strings.TrimSpace(string(b))
	}
	question := strings.Join(fs.Args(), " ")
	if question == "" {
		question = "What causes hives?"
	}
	return config{
		gen:      openai.Generator{BaseURL: *url, Model: *model, APIKey: key, Timeout: timeout},
		version:  *version,
		question: question,
	}, nil
}

// run asks cfg.question of the sandbox with cfg.gen drafting.
func run(ctx context.Context, cfg config) (dermliving.Result, error) {
	open := sandbox.Open
	if cfg.version != "" {
		open = func() (*evidence.Version, error) { return sandbox.OpenVersion(cfg.version) }
	}
	kv, err := open()
	if err != nil {
		return nil, err
	}
	defer kv.Close()
	return dermliving.Ask(ctx, cfg.question, kv, dermliving.WithGenerator(cfg.gen))
}

func main() {
	cfg, err := parseConfig(os.Args[1:], os.Getenv, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ask:", err)
		os.Exit(2)
	}
	res, err := run(context.Background(), cfg)
	if err != nil {
		// Errors name neither the question nor the key (see package openai).
		fmt.Fprintln(os.Stderr, "ask:", err)
		os.Exit(1)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(map[string]any{"data": res}); err != nil {
		fmt.Fprintln(os.Stderr, "ask:", err)
		os.Exit(1)
	}
}
