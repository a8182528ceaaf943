package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
)

func cmdAsk(fs *flag.FlagSet) runFunc {
	var k kvFlags
	k.register(fs)
	asJSON := fs.Bool("json", false, "print the JSON envelope")
	batch := fs.String("batch", "", "read questions as JSON lines from `FILE` (- for standard input)")
	allowBlocked := fs.Bool("allow-blocked", false, "answer even from a version that failed a release gate")
	return func(ctx context.Context, e env, pos []string) int {
		if (*batch == "") == (len(pos) == 0) {
			return fail(e, exitUsage, "ask: give a question or --batch FILE")
		}
		var base []dermliving.Option
		if *allowBlocked {
			base = append(base, dermliving.WithBlockedVersion())
		}
		kv, err := k.open()
		if err != nil {
			return fail(e, exitUsage, "ask: %v", err)
		}
		defer kv.Close()
		if *batch != "" {
			return eachBatchLine(ctx, e, *batch, func(line []byte) any { return askLine(ctx, kv, line, base) })
		}
		question := strings.Join(pos, " ")
		res, err := dermliving.Ask(ctx, question, kv, base...)
		if err != nil {
			if *asJSON {
				writeJSON(e.stdout, errorEnvelope(err))
			}
			return fail(e, exitUsage, "ask: %v", err)
		}
		if *asJSON {
			writeJSON(e.stdout, map[string]any{"data": res})
			return exitOK
		}
		printResult(e.stdout, kv, res)
		return exitOK
	}
}

type askInput struct {
	ID       json.RawMessage `json:"id"`
	Question string          `json:"question"`
	Draft    []string        `json:"draft,omitempty"`
}

func askLine(ctx context.Context, kv *evidence.Version, line []byte, base []dermliving.Option) any {
	var in askInput
	if err := decodeStrict(line, &in); err != nil {
		return batchError(in.ID, "invalid_request", "not an ask line: "+err.Error())
	}
	opts := append([]dermliving.Option(nil), base...)
	if in.Draft != nil {
		opts = append(opts, dermliving.WithDraft(in.Draft...))
	}
	res, err := dermliving.Ask(ctx, in.Question, kv, opts...)
	if err != nil {
		env := errorEnvelope(err)
		return map[string]any{"id": idOf(in.ID), "error": env["error"]}
	}
	return map[string]any{"id": idOf(in.ID), "data": res}
}

// eachBatchLine applies fn to every non-blank line of the batch file and
// writes its result as one JSON line.
func eachBatchLine(ctx context.Context, e env, name string, fn func(line []byte) any) int {
	var r io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return fail(e, exitUsage, "batch: %v", err)
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
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return fail(e, exitUsage, "batch: %v", err)
		}
		if err := enc.Encode(fn(line)); err != nil {
			return fail(e, exitUsage, "batch: %v", err)
		}
	}
	if err := sc.Err(); err != nil {
		return fail(e, exitUsage, "batch: %v", err)
	}
	return exitOK
}

// decodeStrict decodes one JSON object, refusing unknown fields and trailing
// data. Its errors name an unknown field only when the name is a plain word:
// a key made of anything else (digits, spaces) could carry an identifier
// and is withheld.
func decodeStrict(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		if m := unknownFieldRE.FindStringSubmatch(err.Error()); m != nil && !plainFieldRE.MatchString(m[1]) {
			return errors.New("json: unknown field (name withheld: not a plain word)")
		}
		return err
	}
	if d.More() {
		return errors.New("trailing data after the JSON object")
	}
	return nil
}

var (
	unknownFieldRE = regexp.MustCompile(`^json: unknown field "(.*)"$`)
	plainFieldRE   = regexp.MustCompile(`^[A-Za-z_]{1,32}$`)
)

// idOf echoes an input id as given (string or number), or null.
func idOf(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	return raw
}

func batchError(id json.RawMessage, code, msg string) map[string]any {
	return map[string]any{"id": idOf(id), "error": map[string]string{"code": code, "message": msg}}
}

// errorEnvelope maps an error to the API's error envelope.
func errorEnvelope(err error) map[string]any {
	code, _ := dermliving.ErrorCode(err)
	return map[string]any{"error": map[string]string{"code": code, "message": err.Error()}}
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}

// printResult writes a result for a person to read.
func printResult(w io.Writer, kv *evidence.Version, res dermliving.Result) {
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
