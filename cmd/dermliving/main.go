// Command dermliving asks DermLiving questions, inspects and builds knowledge
// versions, and runs the verifier on raw claim/passage pairs.
//
// Usage:
//
//	dermliving ask [--kv DIR | --version ID] [--json] [--batch FILE] [QUESTION]
//	dermliving retrieve [-k 10] [--kv DIR | --version ID] [--json] [--batch FILE] [QUESTION]
//	dermliving check [--kv DIR | --version ID] --batch FILE
//	dermliving evidence [--kv DIR | --version ID] [--json] ID
//	dermliving versions [--kv DIR] [--json]
//	dermliving build --corpus FILE --id KV --released DATE --out DIR [--sources FILE] [--cases FILE] [--min-coverage F]
//	dermliving verify DIR
//	dermliving gates [--kv DIR | --version ID] [--cases FILE] [--json] [-v]
//	dermliving diff [--json] A B
//	dermliving bench [--kv DIR | --version ID] --questions FILE [--n 200] [--json]
//
// Exit codes: 0 ok (an abstention is a normal answer), 1 a check failed, 2 a
// usage or input error. With neither --kv nor --version, the embedded sandbox
// is used. --batch reads JSON lines (- for standard input) and writes one JSON
// line per input line, in order, echoing each input's id.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Exit codes.
const (
	exitOK    = 0
	exitCheck = 1
	exitUsage = 2
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// env is what a command runs with.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

type command struct {
	name  string
	usage string
	run   func(ctx context.Context, e env, args []string) int
}

func commands() []command {
	return []command{
		{"ask", "ask [--kv DIR | --version ID] [--json] [--batch FILE] [QUESTION]", cmdAsk},
		{"retrieve", "retrieve [-k 10] [--kv DIR | --version ID] [--json] [--batch FILE] [QUESTION]", cmdRetrieve},
		{"check", "check [--kv DIR | --version ID] --batch FILE", cmdCheck},
		{"evidence", "evidence [--kv DIR | --version ID] [--json] ID", cmdEvidence},
		{"versions", "versions [--kv DIR] [--json]", cmdVersions},
		{"build", "build --corpus FILE --id KV --released DATE --out DIR [--sources FILE] [--cases FILE] [--description TEXT] [--min-coverage F] [--no-index]", cmdBuild},
		{"verify", "verify DIR", cmdVerify},
		{"gates", "gates [--kv DIR | --version ID] [--cases FILE] [--json] [-v]", cmdGates},
		{"diff", "diff [--json] A B   (sandbox version ids or bundle directories)", cmdDiff},
		{"bench", "bench [--kv DIR | --version ID] --questions FILE [--n 200] [--warmup 1] [--json]", cmdBench},
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, e, args[1:])
		}
	}
	fmt.Fprintf(stderr, "dermliving: unknown command %q\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage:")
	for _, c := range commands() {
		fmt.Fprintln(w, "  dermliving "+c.usage)
	}
}

// parse parses flags that may stand before, between or after positional
// arguments, and returns the positional ones.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func newFlags(name string, e env) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	return fs
}

func fail(e env, code int, format string, a ...any) int {
	fmt.Fprintf(e.stderr, "dermliving: "+format+"\n", a...)
	return code
}

// usageErr reports a flag error; -h is not an error.
func usageErr(e env, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}
