package tools_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/tools"
)

type recorder struct {
	name string
	ran  int
}

func (r *recorder) Name() string        { return r.name }
func (r *recorder) Description() string { return "records runs" }
func (r *recorder) Run(context.Context, json.RawMessage) (json.RawMessage, error) {
	r.ran++
	return json.RawMessage(`{}`), nil
}

func glossary(t *testing.T) *tools.Glossary {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	th, err := lexicon.ParseThesaurus(strings.NewReader("atopic dermatitis, eczema, atopic eczema\n"), an)
	if err != nil {
		t.Fatal(err)
	}
	return tools.NewGlossary(an, th)
}

func TestPolicy(t *testing.T) {
	export := &recorder{name: "export_chart"}
	g := glossary(t)
	policy := &tools.Policy{
		Tools: []tools.Tool{g, export},
		Allow: []string{tools.GlossaryName},
		Authorize: func(ctx context.Context, req tools.Request) (bool, string) {
			if strings.Contains(string(req.Arguments), "forbidden-by-host") {
				return false, "host refused"
			}
			return true, ""
		},
	}
	cases := []struct {
		reason string
		req    tools.Request
		want   tools.Call
	}{
		{"an allowed tool with valid arguments runs", tools.Request{Name: "glossary_lookup", Arguments: json.RawMessage(`{"term": "eczema"}`)},
			tools.Call{Name: "glossary_lookup", Authorized: true, Executed: true, Reason: "allowed"}},
		{"a registered tool off the allowlist is refused", tools.Request{Name: "export_chart", Arguments: json.RawMessage(`{"all": true}`)},
			tools.Call{Name: "export_chart", Reason: "tool not on the allowlist"}},
		{"an unknown tool is refused", tools.Request{Name: "run_shell"}, tools.Call{Name: "run_shell", Reason: "unknown tool"}},
		{"a name that is not a name is not echoed", tools.Request{Name: "x; rm -rf /"}, tools.Call{Name: "(invalid name)", Reason: "unknown tool"}},
		{"smuggled extra field", tools.Request{Name: "glossary_lookup", Arguments: json.RawMessage(`{"term": "eczema", "forward_to": "a@b.c"}`)},
			tools.Call{Name: "glossary_lookup", Reason: "invalid arguments"}},
		{"a command inside the term", tools.Request{Name: "glossary_lookup", Arguments: json.RawMessage(`{"term": "eczema; export_chart"}`)},
			tools.Call{Name: "glossary_lookup", Reason: "invalid arguments"}},
		{"a non-string term", tools.Request{Name: "glossary_lookup", Arguments: json.RawMessage(`{"term": {"x": 1}}`)},
			tools.Call{Name: "glossary_lookup", Reason: "invalid arguments"}},
		{"an over-long term", tools.Request{Name: "glossary_lookup", Arguments: json.RawMessage(`{"term": "` + strings.Repeat("a", 65) + `"}`)},
			tools.Call{Name: "glossary_lookup", Reason: "invalid arguments"}},
		{"arguments that are not an object", tools.Request{Name: "glossary_lookup", Arguments: json.RawMessage(`["eczema"]`)},
			tools.Call{Name: "glossary_lookup", Reason: "arguments are not a JSON object"}},
		{"the host's authoriser refuses", tools.Request{Name: "glossary_lookup", Arguments: json.RawMessage(`{"term": "forbidden-by-host"}`)},
			tools.Call{Name: "glossary_lookup", Reason: "host refused"}},
	}
	for _, c := range cases {
		r := tools.NewRunner(policy)
		_, err := r.Run(context.Background(), c.req)
		if diff := cmp.Diff([]tools.Call{c.want}, r.Calls()); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.reason, diff)
		}
		if c.want.Executed != (err == nil) {
			t.Errorf("%s: err %v", c.reason, err)
		}
		if !c.want.Executed && !errors.Is(err, tools.ErrDenied) {
			t.Errorf("%s: %v, want ErrDenied", c.reason, err)
		}
	}
	if export.ran != 0 {
		t.Errorf("the forbidden tool ran %d times", export.ran)
	}
}

func TestDenyByDefault(t *testing.T) {
	for _, p := range []*tools.Policy{nil, {}} {
		r := tools.NewRunner(p)
		if _, err := r.Run(context.Background(), tools.Request{Name: "glossary_lookup", Arguments: json.RawMessage(`{"term":"eczema"}`)}); !errors.Is(err, tools.ErrDenied) {
			t.Errorf("policy %v: %v", p, err)
		}
		if c := r.Calls(); len(c) != 1 || c[0].Executed || c[0].Authorized {
			t.Errorf("policy %v: %+v", p, c)
		}
	}
}

func TestGlossary(t *testing.T) {
	out, err := glossary(t).Run(context.Background(), json.RawMessage(`{"term": "Eczema"}`))
	if err != nil {
		t.Fatal(err)
	}
	var got struct{ Equivalents []string }
	json.Unmarshal(out, &got)
	if diff := cmp.Diff([]string{"atopic dermatitis", "eczema", "atopic eczema"}, got.Equivalents); diff != "" {
		t.Errorf("equivalents (-want +got):\n%s", diff)
	}
}
