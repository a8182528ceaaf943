package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/gates"
	"github.com/dermliving/dermliving/sandbox"
)

// measure runs the release gates of kv on cases with the CLI's tool policy:
// the read-only glossary allowed, the sandbox's forbidden tools registered
// and refused.
func measure(ctx context.Context, kv *evidence.Version, cases []byte) (*gates.Report, error) {
	return dermliving.MeasureGates(ctx, kv, cases, dermliving.WithTools(sandbox.ToolPolicy(kv)))
}

func cmdGates(fs *flag.FlagSet) runFunc {
	var k kvFlags
	k.register(fs)
	casesFile := fs.String("cases", "", "gate cases `FILE` (default: the version's stored cases)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	verbose := fs.Bool("v", false, "list every failing case")
	return func(ctx context.Context, e env, pos []string) int {
		if len(pos) > 0 {
			return fail(e, exitUsage, "gates: takes no arguments")
		}
		kv, err := k.open()
		if err != nil {
			return fail(e, exitUsage, "gates: %v", err)
		}
		defer kv.Close()
		cases := kv.Cases()
		if *casesFile != "" {
			if cases, err = os.ReadFile(*casesFile); err != nil {
				return fail(e, exitUsage, "gates: %v", err)
			}
		}
		if len(cases) == 0 {
			return fail(e, exitUsage, "gates: %s stores no cases; give --cases FILE", kv.ID())
		}
		r, err := measure(ctx, kv, cases)
		if err != nil {
			return fail(e, exitUsage, "gates: %v", err)
		}
		if *asJSON {
			writeJSON(e.stdout, map[string]any{"data": map[string]any{"knowledge_version": kv.ID(), "report": r}})
		} else {
			fmt.Fprintf(e.stdout, "%s release gates (%s)\n", kv.ID(), r.Measured)
			for _, g := range r.Gates {
				fmt.Fprintf(e.stdout, "  %-24s %s %-5g value %-8.4g %s  %d cases\n      %s\n", g.Name, g.Comparison, g.Threshold, g.Value, passWord(g.Passed), g.Cases, g.Measures)
			}
			fmt.Fprintln(e.stdout, "  correct_abstention by expected label (rows) and result (columns):")
			rows := make([]string, 0, len(r.Confusion))
			for k := range r.Confusion {
				rows = append(rows, k)
			}
			slices.Sort(rows)
			for _, row := range rows {
				fmt.Fprintf(e.stdout, "    %-22s", row)
				cols := make([]string, 0)
				for c := range r.Confusion[row] {
					cols = append(cols, c)
				}
				slices.Sort(cols)
				for _, c := range cols {
					fmt.Fprintf(e.stdout, " %s=%d", c, r.Confusion[row][c])
				}
				fmt.Fprintln(e.stdout)
			}
			if *verbose {
				for _, f := range r.Failures {
					fmt.Fprintf(e.stdout, "  FAIL %s %s: %s\n", f.Gate, f.CaseID, f.Detail)
				}
			} else if len(r.Failures) > 0 {
				fmt.Fprintf(e.stdout, "  %d failing items (-v lists them)\n", len(r.Failures))
			}
		}
		if !r.Passed {
			return fail(e, exitCheck, "gates: %s fails a release gate", kv.ID())
		}
		return exitOK
	}
}

// openVersionArg opens the version a diff argument names: a bundle
// directory, or else a sandbox version id. An argument that looks like a
// path ("/", "\\" or a leading ".") is taken for a directory and named when
// missing; an unknown sandbox id is not printed back.
func openVersionArg(arg string) (*evidence.Version, error) {
	if st, err := os.Stat(arg); (err == nil && st.IsDir()) || strings.ContainsAny(arg, `/\`) || strings.HasPrefix(arg, ".") {
		return openDir("", arg)
	}
	return openSandbox(arg)
}

func cmdDiff(fs *flag.FlagSet) runFunc {
	asJSON := fs.Bool("json", false, "print JSON, each changed passage with its old and new text")
	return func(ctx context.Context, e env, pos []string) int {
		if len(pos) != 2 {
			return fail(e, exitUsage, "diff: give two versions (sandbox ids or bundle directories)")
		}
		a, err := openVersionArg(pos[0])
		if err != nil {
			return fail(e, exitUsage, "diff: the first version: %v", err)
		}
		defer a.Close()
		b, err := openVersionArg(pos[1])
		if err != nil {
			return fail(e, exitUsage, "diff: the second version: %v", err)
		}
		defer b.Close()
		d := diffView{VersionDiff: dermliving.Diff(a, b), Changed: []changedText{}}
		for _, c := range d.VersionDiff.Changed {
			from, _ := a.Evidence(c.ID)
			to, _ := b.Evidence(c.ID)
			d.Changed = append(d.Changed, changedText{ChangedPassage: c, FromText: from.Text, ToText: to.Text})
		}
		if *asJSON {
			writeJSON(e.stdout, map[string]any{"data": d})
			return exitOK
		}
		fmt.Fprintf(e.stdout, "%s -> %s: %d added, %d removed, %d changed, %d re-versioned, %d unchanged\n",
			d.From, d.To, len(d.Added), len(d.Removed), len(d.Changed), len(d.Reversioned), d.Unchanged)
		for _, id := range d.Added {
			fmt.Fprintln(e.stdout, "  + "+id)
		}
		for _, id := range d.Removed {
			fmt.Fprintln(e.stdout, "  - "+id)
		}
		for _, c := range d.Changed {
			fmt.Fprintf(e.stdout, "  ~ %s  %s -> %s\n", c.ID, c.From, c.To)
			writeTextDiff(e.stdout, "    ", d.From+"/"+c.ID, d.To+"/"+c.ID, c.FromText, c.ToText)
		}
		for _, id := range d.Reversioned {
			fmt.Fprintln(e.stdout, "  = "+id+" (same text, new source version)")
		}
		return exitOK
	}
}
