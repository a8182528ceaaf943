package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/sandbox"
	"github.com/dermliving/dermliving/tools"
)

func cmdAsk(fs *flag.FlagSet) runFunc {
	var k kvFlags
	k.register(fs)
	asJSON := fs.Bool("json", false, "print the JSON envelope")
	batch := fs.String("batch", "", "read questions as JSON lines from `FILE` (- for standard input); exit 1 if a line fails")
	allowBlocked := fs.Bool("allow-blocked", false, "answer even from a version that failed a release gate")
	var draft *string
	fs.Func("draft", "verify the draft `TEXT` (one or more sentences, as a generator would write them) instead of drafting an answer: each sentence is a claim, cited or removed; the mode is generated",
		func(s string) error { draft = &s; return nil })
	return func(ctx context.Context, e env, pos []string) int {
		switch msg := questionOrBatch(*batch, pos); {
		case msg != "":
			return fail(e, exitUsage, "ask: %s", msg)
		case *batch != "" && draft != nil:
			return fail(e, exitUsage, "ask: --draft goes with one question; a --batch line carries its own \"draft\"")
		case draft != nil && strings.TrimSpace(*draft) == "":
			return fail(e, exitUsage, "ask: --draft needs the draft's text")
		}
		kv, err := k.open()
		if err != nil {
			if *asJSON {
				writeJSON(e.stdout, errorEnvelope(err))
			}
			return fail(e, exitUsage, "ask: %v", err)
		}
		defer kv.Close()
		a := newAsker(kv, *allowBlocked)
		if *batch != "" {
			return eachBatchLine(ctx, e, *batch, func(line []byte) any { return a.line(ctx, line) })
		}
		opts := a.base
		if draft != nil {
			opts = append(opts[:len(opts):len(opts)], dermliving.WithDraft(*draft))
		}
		question := strings.Join(pos, " ")
		res, err := dermliving.Ask(ctx, question, kv, opts...)
		if err != nil {
			msg := askMessage(err, question)
			if *asJSON {
				writeJSON(e.stdout, map[string]any{"error": errorOf(err, msg)})
			}
			return fail(e, exitUsage, "ask: %s", msg)
		}
		if *asJSON {
			writeJSON(e.stdout, map[string]any{"data": res})
			return exitOK
		}
		printResult(e.stdout, kv, res)
		return exitOK
	}
}

// askMessage describes an error of Ask on question: a refused question by
// its reason, anything else as errMessage does.
func askMessage(err error, question string) string {
	if isQuestionError(err) {
		return questionMessage(err, question)
	}
	return errMessage(err)
}

// asker answers ask --batch lines from one version.
type asker struct {
	kv   *evidence.Version
	base []dermliving.Option
	// policy is the CLI's tool policy, built for the first line that asks
	// for a tool: the sandbox's, as gates measures with.
	policy func() *tools.Policy
}

func newAsker(kv *evidence.Version, allowBlocked bool) *asker {
	a := &asker{kv: kv, policy: sync.OnceValue(func() *tools.Policy { return sandbox.ToolPolicy(kv) })}
	if allowBlocked {
		a.base = append(a.base, dermliving.WithBlockedVersion())
	}
	return a
}

// askInput is one ask --batch line.
type askInput struct {
	ID        json.RawMessage `json:"id"`
	Question  *string         `json:"question"`
	Draft     []string        `json:"draft,omitempty"`
	ToolCalls []tools.Request `json:"tool_calls,omitempty"`
}

// line answers one ask --batch line: draft stands in for a generator's
// text, and tool_calls are the tool runs that generator asks for, each
// decided by the tool policy and listed in metadata.tool_calls.
func (a *asker) line(ctx context.Context, line []byte) any {
	var in askInput
	if err := decodeStrict(line, &in); err != nil {
		return batchError(in.ID, "invalid_request", "not an ask line: "+err.Error())
	}
	if in.Question == nil {
		return batchError(in.ID, "invalid_request", `not an ask line: it has no "question"`)
	}
	// encoding/json decodes a lone surrogate escape ("\ud800") to U+FFFD: the
	// text was damaged before it reached us, and is refused as the example
	// server refuses it.
	if strings.ContainsRune(*in.Question, utf8.RuneError) {
		return batchError(in.ID, dermliving.CodeInvalidQuestion, "invalid question: "+notText(*in.Question))
	}
	opts := append([]dermliving.Option(nil), a.base...)
	if in.Draft != nil {
		opts = append(opts, dermliving.WithDraft(in.Draft...))
	}
	if in.ToolCalls != nil {
		opts = append(opts, dermliving.WithTools(a.policy()), dermliving.WithToolRequests(in.ToolCalls...))
	}
	res, err := dermliving.Ask(ctx, *in.Question, a.kv, opts...)
	if err != nil {
		return map[string]any{"id": idOf(in.ID), "error": errorOf(err, askMessage(err, *in.Question))}
	}
	return map[string]any{"id": idOf(in.ID), "data": res}
}

// eachBatchLine applies fn to every non-blank line of the batch file and
// writes its result as one JSON line. A result with an "error" gets the
// line's number ("line", counting every line from 1) and is reported on
// standard error; a result with no id gets the line's number instead. The
// batch goes on after a failed line and returns exitCheck at its end if any
// failed. A line that is not valid UTF-8 is refused before fn sees it:
// encoding/json would silently replace the invalid bytes with U+FFFD.
func eachBatchLine(ctx context.Context, e env, name string, fn func(line []byte) any) int {
	var r io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return fail(e, exitUsage, "%s: --batch: %v", e.cmd, err)
		}
		defer f.Close()
		r = f
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	w := bufio.NewWriter(e.stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	n, lines, failed := 0, 0, 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		lines++
		if err := ctx.Err(); err != nil {
			return fail(e, exitUsage, "%s: --batch line %d: %v", e.cmd, n, err)
		}
		var out any
		if utf8.Valid(line) {
			out = fn(line)
		} else {
			out = batchError(nil, "invalid_request", "the line is not valid UTF-8")
		}
		if m, ok := out.(map[string]any); ok {
			if id, ok := m["id"]; ok && id == nil {
				delete(m, "id")
			}
			if eb, bad := m["error"].(errorBody); bad {
				failed++
				m["line"] = n
				fmt.Fprintf(e.stderr, "dermliving %s: --batch line %d: %s\n", e.cmd, n, eb.Message)
			} else if _, ok := m["id"]; !ok {
				m["line"] = n
			}
		}
		if err := enc.Encode(out); err != nil {
			return fail(e, exitUsage, "%s: --batch: %v", e.cmd, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fail(e, exitUsage, "%s: --batch line %d: %v", e.cmd, n+1, err)
	}
	if failed > 0 {
		w.Flush()
		return fail(e, exitCheck, "%s: %d of %d --batch lines failed", e.cmd, failed, lines)
	}
	return exitOK
}

// idOf echoes an input id as given (string or number), or nil when there is
// none (eachBatchLine then leaves "id" out rather than write null).
func idOf(raw json.RawMessage) any {
	if len(raw) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	return raw
}

func batchError(id json.RawMessage, code, msg string) map[string]any {
	return map[string]any{"id": idOf(id), "error": errorBody{Code: code, Message: msg}}
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}

// printResult writes a result for a person to read.
func printResult(w io.Writer, kv *evidence.Version, res dermliving.Result) {
	printStatusNote(w, kv)
	switch r := res.(type) {
	case *dermliving.Grounded:
		fmt.Fprintf(w, "Answer (%s, %s):\n", r.Metadata.KnowledgeVersion, r.Metadata.Mode)
		for _, c := range r.Claims {
			marks := ""
			for _, id := range c.Citations {
				marks += "[" + strings.TrimPrefix(id, "cit_") + "]"
			}
			fmt.Fprintf(w, "  %s %s\n", c.Text, marks)
		}
		fmt.Fprintln(w, "\nCitations:")
		for _, c := range r.Citations {
			title := c.Source.ID
			if s, ok := kv.Source(c.Source.ID, c.Source.Version); ok && s.Title != "" {
				title = s.Title
			}
			fmt.Fprintf(w, "  [%s] %s: %s, %s, paragraph %d (source %s %s)\n", strings.TrimPrefix(c.ID, "cit_"), c.EvidenceID, title, c.Locator.Section, c.Locator.Paragraph, c.Source.ID, c.Source.Version)
			lic := c.License.ID
			if c.License.Holder != "" {
				lic += " " + c.License.Holder
			}
			fmt.Fprintf(w, "      %s  %s\n", c.Checksum, lic)
			fmt.Fprintf(w, "      %q\n", c.Quote)
		}
		if len(r.RemovedClaims) > 0 {
			fmt.Fprintln(w, "\nRemoved claims:")
			for _, rc := range r.RemovedClaims {
				fmt.Fprintf(w, "  - %s (%s)\n", rc.Text, rc.Reason)
			}
		}
	case *dermliving.Abstained:
		fmt.Fprintf(w, "Abstained (%s): %s\n%s\n", r.Metadata.KnowledgeVersion, r.Reason, r.Message)
	}
}
