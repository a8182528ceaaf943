package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/dermliving/dermliving/sandbox"
)

// FuzzBatch feeds arbitrary batch files to the ask, retrieve and check line
// handlers over the sandbox. For each handler: no panic, one JSON object
// out for every non-blank line in, each with an "id" or a "line" key and
// exactly one of its result keys or "error", an error always with its
// "line"; exit 1 when a line failed, else 0; an error never quotes digits
// the input's keys held.
func FuzzBatch(f *testing.F) {
	kv, err := sandbox.OpenVersion(sandbox.SeedVersion)
	if err != nil {
		f.Fatal(err)
	}
	ix, err := retrieve.Of(kv)
	if err != nil {
		f.Fatal(err)
	}
	v := claims.NewLexical(ix.Analyzer(), ix.Thesaurus(), ix.IDF)
	search := func(q string) ([]string, error) {
		hs, err := dermliving.Retrieve(context.Background(), q, kv, dermliving.WithTopK(3))
		ids := make([]string, len(hs))
		for i, h := range hs {
			ids[i] = h.ID
		}
		return ids, err
	}
	a := newAsker(kv, false)
	for _, seed := range []string{
		`{"id": "q1", "question": "What makes atopic dermatitis flare?"}`,
		`{"id": 7, "question": "Where does rosacea usually appear?", "draft": ["Rosacea affects the face."]}`,
		`{"id": "c1", "claim": "Hives are itchy.", "passages": [{"id": "p", "text": "Hives are itchy welts."}]}`,
		"{\"id\": \"x\"}\n\n  \n{\"question\": 3}\n",
		`{"id": "q", "question": "x", "MRN 48213377": 1}`,
		`{"id": {"a": [1, 2]}, "question": "\u0000\u202e"}`,
		"not json\n{\"id\": \"t\"} trailing",
		"{\"id\": \"u\", \"question\": \"\xff\xfe\"}",
		`{"id": "d", "question": "What causes hives?", "tool_calls": [{"name": "glossary_lookup", "arguments": {"term": "hives"}}, {"name": "send_email"}]}`,
		`{"id": "q", "claim": "", "passages": []}`,
	} {
		f.Add([]byte(seed))
	}
	handlers := map[string]struct {
		fn   func(line []byte) any
		keys []string
	}{
		"ask":      {func(line []byte) any { return a.line(context.Background(), line) }, []string{"data"}},
		"retrieve": {func(line []byte) any { return retrieveLine(line, search) }, []string{"hits"}},
		"check":    {func(line []byte) any { return checkLine(context.Background(), v, line) }, []string{"verdict"}},
	}
	f.Fuzz(func(t *testing.T, batch []byte) {
		if len(batch) > 4<<10 {
			return // each line runs a whole Ask; keep executions quick
		}
		want := 0
		sc := bufio.NewScanner(bytes.NewReader(batch))
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		for sc.Scan() {
			if len(bytes.TrimSpace(sc.Bytes())) > 0 {
				want++
			}
		}
		for name, h := range handlers {
			var out, errOut bytes.Buffer
			code := eachBatchLine(context.Background(), env{cmd: name, stdin: bytes.NewReader(batch), stdout: &out, stderr: &errOut}, "-", h.fn)
			dec := json.NewDecoder(&out)
			got, failed := 0, 0
			for {
				var obj map[string]json.RawMessage
				if err := dec.Decode(&obj); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("%s: output line %d is not a JSON object: %v", name, got+1, err)
				}
				got++
				_, hasID := obj["id"]
				_, hasLine := obj["line"]
				if !hasID && !hasLine {
					t.Errorf("%s: output line %d has neither id nor line", name, got)
				}
				if string(obj["id"]) == "null" {
					t.Errorf("%s: output line %d has a null id", name, got)
				}
				_, isErr := obj["error"]
				if isErr {
					failed++
					if !hasLine {
						t.Errorf("%s: output line %d is an error without its line number", name, got)
					}
				}
				results := 0
				for _, k := range h.keys {
					if _, ok := obj[k]; ok {
						results++
					}
				}
				if isErr == (results > 0) {
					t.Errorf("%s: output line %d must hold either %v or error: %v", name, got, h.keys, obj)
				}
				if isErr && strings.Contains(string(obj["error"]), "unknown field") && strings.ContainsAny(string(obj["error"]), "0123456789") {
					t.Errorf("%s: an unknown-field error quotes digits: %s", name, obj["error"])
				}
			}
			if got != want {
				t.Errorf("%s: %d output lines for %d input lines", name, got, want)
			}
			if wantCode := map[bool]int{false: exitOK, true: exitCheck}[failed > 0]; code != wantCode {
				t.Errorf("%s: exit %d with %d failed lines, want %d: %s", name, code, failed, wantCode, errOut.String())
			}
		}
	})
}
