package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/examples/openai"
)

const testKey = "sk-test-7d1e0b"

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestParseConfig(t *testing.T) {
	keyFile := filepath.Join(t.TempDir(), "key")
	if err := os.WriteFile(keyFile, []byte(testKey+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		env    map[string]string
		want   openai.Generator
		q      string
		reason string
	}{
		{
			name: "environment",
			env:  map[string]string{"DERMLIVING_LLM_URL": "http://127.0.0.1:8080", "DERMLIVING_LLM_MODEL": "m", "DERMLIVING_LLM_KEY": testKey, "DERMLIVING_LLM_TIMEOUT": "30s"},
			args: []string{"What", "causes", "hives?"},
			want: openai.Generator{BaseURL: "http://127.0.0.1:8080", Model: "m", APIKey: testKey, Timeout: 30 * time.Second},
			q:    "What causes hives?", reason: "every setting from the environment; the arguments are the question",
		},
		{
			name: "flags",
			env:  map[string]string{"DERMLIVING_LLM_URL": "http://elsewhere", "DERMLIVING_LLM_MODEL": "m"},
			args: []string{"-url", "http://localhost:11434/v1", "-model", "llama3.2", "-key-file", keyFile, "-timeout", "5s", "Is eczema contagious?"},
			want: openai.Generator{BaseURL: "http://localhost:11434/v1", Model: "llama3.2", APIKey: testKey, Timeout: 5 * time.Second},
			q:    "Is eczema contagious?", reason: "flags override the environment; the key file is read and trimmed",
		},
		{
			name: "defaults",
			env:  map[string]string{"DERMLIVING_LLM_URL": "http://127.0.0.1:8080"},
			want: openai.Generator{BaseURL: "http://127.0.0.1:8080", Timeout: openai.DefaultTimeout},
			q:    "What causes hives?", reason: "no model, no key, the default timeout and question",
		},
	}
	for _, tt := range tests {
		cfg, err := parseConfig(tt.args, env(tt.env), io.Discard)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if cfg.gen != tt.want || cfg.question != tt.q {
			t.Errorf("%s: %+v, %q; want %+v, %q (%s)", tt.name, cfg.gen, cfg.question, tt.want, tt.q, tt.reason)
		}
	}
	if _, err := parseConfig(nil, env(nil), io.Discard); err == nil {
		t.Error("no URL: want an error")
	}
	if _, err := parseConfig([]string{"-key-file", filepath.Join(t.TempDir(), "none")}, env(map[string]string{"DERMLIVING_LLM_URL": "http://x"}), io.Discard); err == nil {
		t.Error("a missing key file: want an error")
	}
	// The help lists the flags with their defaults, taken from the
	// environment: the key is not among them.
	var help bytes.Buffer
	parseConfig([]string{"-help"}, env(map[string]string{"DERMLIVING_LLM_KEY": testKey, "DERMLIVING_LLM_URL": "http://x"}), &help)
	if strings.Contains(help.String(), testKey) || !strings.Contains(help.String(), "-key-file") {
		t.Errorf("help:\n%s", help.String())
	}
}

// TestRun asks the sandbox with a fake model that quotes the first passage
// it is shown and adds an invention: the first is kept, the second removed.
func TestRun(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct{ Messages []openai.Message }
		json.NewDecoder(r.Body).Decode(&req)
		_, rest, _ := strings.Cut(req.Messages[1].Content, "[1] ")
		_, quoted, _ := strings.Cut(rest, ": ")
		quoted, _, _ = strings.Cut(quoted, "\n")
		var passage string
		json.Unmarshal([]byte(quoted), &passage)
		first, _, _ := strings.Cut(passage, ". ")
		w.Header().Set("Content-Type", "text/event-stream")
		for _, s := range []string{first + ". ", "Hives are always cured within a day."} {
			b, _ := json.Marshal(map[string]any{"choices": []any{map[string]any{"index": 0, "delta": map[string]string{"content": s}}}})
			fmt.Fprintf(w, "data: %s\n\n", b)
		}
		io.WriteString(w, "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
	}))
	defer ts.Close()
	res, err := run(context.Background(), config{gen: openai.Generator{BaseURL: ts.URL}, question: "What causes hives?"})
	if err != nil {
		t.Fatal(err)
	}
	g, ok := res.(*dermliving.Grounded)
	if !ok {
		t.Fatalf("%T, want a grounded answer", res)
	}
	if g.Metadata.Mode != dermliving.ModeGenerated || len(g.Claims) != 1 || len(g.Claims[0].Citations) == 0 ||
		len(g.RemovedClaims) != 1 || g.RemovedClaims[0].Text != "Hives are always cured within a day." {
		t.Errorf("claims %+v, removed %+v: want the quoted sentence kept and cited, the invention removed", g.Claims, g.RemovedClaims)
	}
}

// TestRunErrorHidesSecrets checks that the error printed when the server
// refuses names neither the key nor the question, even when the server
// echoes them.
func TestRunErrorHidesSecrets(t *testing.T) {
	const question = "What causes hives on my arms?"
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprintf(w, `{"error":{"message":"key %s may not ask %q"}}`, testKey, question)
	}))
	defer ts.Close()
	_, err := run(context.Background(), config{gen: openai.Generator{BaseURL: ts.URL, APIKey: testKey}, question: question})
	if err == nil || strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), question) {
		t.Errorf("error %v", err)
	}
}
