// Command dermliving asks DermLiving questions, inspects and builds knowledge
// versions, and runs the verifier on raw claim/passage pairs.
//
// Usage (generated from the commands' flags; TestUsageInDoc keeps it so):
//
//	dermliving ask [--allow-blocked] [--batch FILE] [--json] [--kv DIR | --version ID] [QUESTION]
//	dermliving retrieve [--batch FILE] [--json] [-k N] [--kv DIR | --version ID] [QUESTION]
//	dermliving check --batch FILE [--kv DIR | --version ID]
//	dermliving evidence [--json] [--kv DIR | --version ID] ID
//	dermliving versions [--json] [--kv DIR | --version ID]
//	dermliving build [--cases FILE] --corpus FILE [--description TEXT] --id ID [--min-coverage FLOOR] [--no-index] --out DIR --released DATE [--sources FILE] [--strict-ids]
//	dermliving verify DIR
//	dermliving gates [--cases FILE] [--json] [--kv DIR | --version ID] [-v]
//	dermliving diff [--json] A B   (sandbox version ids or bundle directories)
//	dermliving bench [--json] [--kv DIR | --version ID] [-n N] --questions FILE [--warmup N]
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
	"strings"
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

// runFunc runs a command once its flags are parsed, with its positional
// arguments.
type runFunc func(ctx context.Context, e env, pos []string) int

// command is one subcommand. Its usage line is generated from the flags
// setup defines and from args, so that the two never drift apart.
type command struct {
	name string
	args string // its positional arguments, for the usage line
	// setup defines the command's flags on fs and returns what runs it.
	setup func(fs *flag.FlagSet) runFunc
}

func commands() []command {
	return []command{
		{"ask", "[QUESTION]", cmdAsk},
		{"retrieve", "[QUESTION]", cmdRetrieve},
		{"check", "", cmdCheck},
		{"evidence", "ID", cmdEvidence},
		{"versions", "", cmdVersions},
		{"build", "", cmdBuild},
		{"verify", "DIR", cmdVerify},
		{"gates", "", cmdGates},
		{"diff", "A B   (sandbox version ids or bundle directories)", cmdDiff},
		{"bench", "", cmdBench},
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
			fs := newFlags(c.name, e)
			exec := c.setup(fs)
			pos, err := parse(fs, args[1:])
			if err != nil {
				return usageErr(e, err)
			}
			return exec(ctx, e, pos)
		}
	}
	fmt.Fprintf(stderr, "dermliving: unknown command %q\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage:")
	for _, line := range usageLines() {
		fmt.Fprintln(w, "  "+line)
	}
}

// usageLines returns one synopsis a command, generated from its flags: a
// flag the command requires (its usage says so) is shown bare, others in
// brackets; --kv and --version, which exclude each other, as one choice.
func usageLines() []string {
	var out []string
	for _, c := range commands() {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.setup(fs)
		parts := []string{"dermliving", c.name}
		fs.VisitAll(func(f *flag.Flag) {
			switch f.Name {
			case "version":
				return
			case "kv":
				if fs.Lookup("version") != nil {
					parts = append(parts, "[--kv DIR | --version ID]")
					return
				}
			}
			name, _ := flag.UnquoteUsage(f)
			s := "--" + f.Name
			if len(f.Name) == 1 {
				s = "-" + f.Name
			}
			if name != "" {
				s += " " + strings.ToUpper(name)
			}
			if !strings.Contains(f.Usage, "(required)") {
				s = "[" + s + "]"
			}
			parts = append(parts, s)
		})
		if c.args != "" {
			parts = append(parts, c.args)
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
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
