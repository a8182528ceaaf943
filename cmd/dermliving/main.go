// Command dermliving asks DermLiving questions, inspects and builds knowledge
// versions, and runs the verifier on raw claim/passage pairs.
//
// Usage (generated from the commands' flags; TestUsageInDoc keeps it so):
//
//	dermliving ask [--allow-blocked] [--batch FILE] [--draft TEXT] [--json] [--kv DIR [--trust PUBKEY]... | --version ID] [QUESTION]
//	dermliving retrieve [--batch FILE] [--json] [-k N] [--kv DIR [--trust PUBKEY]... | --version ID] [QUESTION]
//	dermliving check --batch FILE [--kv DIR [--trust PUBKEY]... | --version ID]
//	dermliving evidence [--json] [--kv DIR [--trust PUBKEY]... | --version ID] ID
//	dermliving versions [--json] [--kv DIR [--trust PUBKEY]... | --version ID]
//	dermliving build [--cases FILE] --corpus FILE [--description TEXT] --id ID [--min-coverage FLOOR] [--no-index] --out DIR --released DATE [--sign KEY] [--sources FILE] [--strict-ids]
//	dermliving verify [--trust PUBKEY]... DIR
//	dermliving keygen --out FILE
//	dermliving gates [--cases FILE] [--json] [--kv DIR [--trust PUBKEY]... | --version ID] [-v]
//	dermliving diff [--json] A B   (sandbox version ids or bundle directories)
//	dermliving bench [--json] [--kv DIR [--trust PUBKEY]... | --version ID] [-n N] --questions FILE [--warmup N]
//
// Exit codes: 0 ok (an abstention is a normal answer), 1 a check failed
// (gates, verify, a --batch line), 2 a usage or input error. With neither
// --kv nor --version, the embedded sandbox is used. --batch reads JSON lines
// (- for standard input) and writes one JSON line per input line, in order,
// echoing each input's id. "dermliving help" prints every command's flags.
//
// # Messages
//
// Every failure is one line on standard error, "dermliving CMD: message",
// with the library's own package prefix ("dermliving:", "evidence:") left
// out. Nothing the CLI could not use is printed back, since it may be a
// question holding a patient identifier: not a question (an invalid one is
// described by its reason: empty, too long, not UTF-8, a control
// character), not a version id or evidence id that the knowledge does not
// hold (the message says it is unknown and lists the versions there are),
// not an unknown flag or command (a question that starts with - looks like
// one; put -- before it), and not a bad flag value. Directory and file
// names are printed: a path is the caller's own, not an identifier.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
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
	cmd            string // the command's name, for messages
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
	// summary says what the command does, for the help text.
	summary string
	// setup defines the command's flags on fs and returns what runs it.
	setup func(fs *flag.FlagSet) runFunc
}

func commands() []command {
	return []command{
		{"ask", "[QUESTION]", "Answer a question with cited claims, or abstain. --draft verifies a draft's sentences instead of drafting one. --batch lines: {\"id\", \"question\", \"draft\"?, \"tool_calls\"?}.", cmdAsk},
		{"retrieve", "[QUESTION]", "List the passages retrieved for a question, best first. --batch lines: {\"id\", \"question\"}.", cmdRetrieve},
		{"check", "", "Run the verifier on claim/passage pairs. --batch lines: {\"id\", \"claim\", \"passages\": [{\"id\", \"text\"}]}.", cmdCheck},
		{"evidence", "ID", "Show one passage: its text, source, locator, checksum and licence.", cmdEvidence},
		{"versions", "", "List knowledge versions with their status and release gates.", cmdVersions},
		{"build", "", "Build a knowledge bundle from a corpus of JSON lines; progress on standard error. --sign signs it with a key from keygen.", cmdBuild},
		{"verify", "DIR", "Verify a bundle: every file listed with its size and checksum (the index's included) and nothing else there, every passage's checksum, the version checksum and, with --trust, the publisher's signature; exit 1 naming each problem (the file, passage or key at fault).", cmdVerify},
		{"keygen", "", "Make an Ed25519 key pair for signing versions: the private key in FILE (never printed), the public key in FILE.pub.", cmdKeygen},
		{"gates", "", "Measure the five release gates on gate cases; exit 1 if any fails.", cmdGates},
		{"diff", "A B   (sandbox version ids or bundle directories)", "Compare two versions' passages; a changed passage is shown with its old and new text.", cmdDiff},
		{"bench", "", "Time Ask, retrieval and a bare bleve search over a question file.", cmdBench},
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) > 1 {
			if c, ok := lookup(args[1]); ok {
				commandHelp(stdout, c)
				return exitOK
			}
			return unknownCommand(e)
		}
		help(stdout)
		return exitOK
	}
	c, ok := lookup(args[0])
	if !ok {
		return unknownCommand(e)
	}
	e.cmd = c.name
	fs := newFlags(c.name)
	exec := c.setup(fs)
	pos, err := parse(fs, args[1:])
	if errors.Is(err, flag.ErrHelp) {
		commandHelp(stdout, c)
		return exitOK
	}
	if err != nil {
		return fail(e, exitUsage, "%s: %s", c.name, flagMessage(fs, err))
	}
	return exec(ctx, e, pos)
}

func lookup(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// unknownCommand refuses a command name it does not know, without printing
// it back: a question given without "ask" would be one.
func unknownCommand(e env) int {
	fmt.Fprintln(e.stderr, "dermliving: unknown command (not printed back); the commands are "+strings.Join(commandNames(), ", "))
	usage(e.stderr)
	return exitUsage
}

func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

// usage writes the synopsis of every command.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage:")
	for _, line := range usageLines() {
		fmt.Fprintln(w, "  "+line)
	}
}

// usageNotes close the help text.
const usageNotes = `With neither --kv nor --version, the embedded sandbox's newest released
version answers. --batch reads JSON lines from FILE (- for standard input)
and writes one JSON line per input line, in order, echoing the input's id; a
line that fails is answered with {"id", "line", "error": {"code",
"message"}}, reported on standard error with its line number, and the
command goes on with the next line and exits 1 at the end. A question that
starts with - needs -- before it. Unknown ids, flags and commands, and
refused questions, are never printed back.

Exit codes: 0 ok (an abstention is a normal answer), 1 a check failed
(gates, verify, a --batch line), 2 a usage or input error (an unknown
version or evidence id, a missing directory, a refused question).
`

// help writes the complete usage: every command's synopsis, then each one's
// summary and flags, then the notes.
func help(w io.Writer) {
	usage(w)
	for _, c := range commands() {
		fmt.Fprintln(w)
		writeCommand(w, c)
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, usageNotes)
}

// commandHelp writes one command's synopsis, summary and flags.
func commandHelp(w io.Writer, c command) {
	fmt.Fprintln(w, "usage: "+usageLine(c))
	fmt.Fprintln(w)
	writeCommand(w, c)
}

// writeCommand writes a command's summary and a table of its flags.
func writeCommand(w io.Writer, c command) {
	fmt.Fprint(w, wrap(c.summary, c.name+": ", strings.Repeat(" ", len(c.name)+2), helpWidth))
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	c.setup(fs)
	type row struct{ flag, text string }
	var rows []row
	width := 0
	fs.VisitAll(func(f *flag.Flag) {
		name, text := flag.UnquoteUsage(f)
		s := flagName(f.Name)
		if name != "" {
			s += " " + strings.ToUpper(name)
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && !strings.Contains(text, "default") {
			text += " (default " + f.DefValue + ")"
		}
		rows = append(rows, row{s, text})
		width = max(width, len(s))
	})
	for _, r := range rows {
		fmt.Fprint(w, wrap(r.text, fmt.Sprintf("  %-*s  ", width, r.flag), strings.Repeat(" ", width+4), helpWidth))
	}
}

// helpWidth is the width the help text is wrapped to.
const helpWidth = 80

// wrap fills text into lines of at most width bytes where its words allow,
// the first line after first, the others after indent, each ending in a
// newline.
func wrap(text, first, indent string, width int) string {
	var b strings.Builder
	line := first
	fresh := true // line holds no word yet
	for _, word := range strings.Fields(text) {
		if !fresh && len(line)+1+len(word) > width {
			b.WriteString(line + "\n")
			line, fresh = indent, true
		}
		if !fresh {
			line += " "
		}
		line += word
		fresh = false
	}
	b.WriteString(line + "\n")
	return b.String()
}

// flagName writes a flag as the usage shows it: -k, --json.
func flagName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// usageLines returns one synopsis a command, generated from its flags.
func usageLines() []string {
	var out []string
	for _, c := range commands() {
		out = append(out, usageLine(c))
	}
	return out
}

// usageLine returns a command's synopsis, generated from its flags: a flag
// the command requires (its usage says so) is shown bare, others in
// brackets; --kv and --version, which exclude each other, as one choice.
func usageLine(c command) string {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	c.setup(fs)
	parts := []string{"dermliving", c.name}
	fs.VisitAll(func(f *flag.Flag) {
		switch f.Name {
		case "version":
			return
		case "kv":
			if fs.Lookup("version") != nil && fs.Lookup("trust") != nil {
				parts = append(parts, "[--kv DIR [--trust PUBKEY]... | --version ID]")
				return
			}
			if fs.Lookup("version") != nil {
				parts = append(parts, "[--kv DIR | --version ID]")
				return
			}
		case "trust":
			if fs.Lookup("kv") != nil {
				return
			}
		}
		name, _ := flag.UnquoteUsage(f)
		s := flagName(f.Name)
		if name != "" {
			s += " " + strings.ToUpper(name)
		}
		if !strings.Contains(f.Usage, "(required)") {
			s = "[" + s + "]"
		}
		if _, ok := f.Value.(interface{ repeatable() }); ok {
			s += "..."
		}
		parts = append(parts, s)
	})
	if c.args != "" {
		parts = append(parts, c.args)
	}
	return strings.Join(parts, " ")
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

// newFlags returns a flag set that prints nothing: run reports its errors
// with flagMessage, which never prints back what it could not parse.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// flagErrRE finds the flag an error of package flag is about, in its
// messages "flag needs an argument: -NAME", "invalid value "V" for flag
// -NAME: ..." and "invalid boolean value "V" for -NAME: ...".
var flagErrRE = regexp.MustCompile(`^(?:flag needs an argument: -|invalid (?:boolean )?value "(?:[^"\\]|\\.)*" for (?:flag )?-)([A-Za-z][A-Za-z0-9-]*)(?::|$)`)

// flagMessage describes an error of fs.Parse without printing back what
// was given: an unknown flag may be a question that starts with -, and a
// value may be anything. Only the name of a flag fs defines is named.
func flagMessage(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if m := flagErrRE.FindStringSubmatch(msg); m != nil {
		if f := fs.Lookup(m[1]); f != nil {
			if strings.HasPrefix(msg, "flag needs an argument") {
				return flagName(f.Name) + " needs a value"
			}
			name, text := flag.UnquoteUsage(f)
			if name = strings.ToUpper(name); name == "" {
				name = "true or false"
			}
			return fmt.Sprintf("invalid value for %s (not printed back); expected %s: %s", flagName(f.Name), name, text)
		}
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, flagName(f.Name)) })
	return "unknown flag (not printed back); the flags of " + fs.Name() + " are " + strings.Join(names, ", ") + "; put -- before a question that starts with -"
}

// fail reports a failure on standard error as one line, "dermliving
// " + format, and returns code. format starts with the command's name
// ("ask: ..."). An error among a is printed as errMessage gives it: without
// the library's package prefixes, and without the ids it refused.
func fail(e env, code int, format string, a ...any) int {
	for i, v := range a {
		if err, ok := v.(error); ok {
			a[i] = errMessage(err)
		}
	}
	fmt.Fprintf(e.stderr, "dermliving "+format+"\n", a...)
	return code
}
