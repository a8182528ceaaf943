package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
)

// schemaDoc is an OpenAPI document decoded for checking.
type schemaDoc struct {
	root map[string]any
}

func loadOpenAPI(t *testing.T, b []byte) *schemaDoc {
	t.Helper()
	var root map[string]any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&root); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	return &schemaDoc{root}
}

// resolve follows a local "$ref" ("#/a/b") until the object has none.
func (d *schemaDoc) resolve(v any) (map[string]any, error) {
	for range 10 {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("not an object: %v", v)
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return m, nil
		}
		path, ok := strings.CutPrefix(ref, "#/")
		if !ok {
			return nil, fmt.Errorf("non-local $ref %q", ref)
		}
		var cur any = d.root
		for _, part := range strings.Split(path, "/") {
			cm, ok := cur.(map[string]any)
			if !ok || cm[part] == nil {
				return nil, fmt.Errorf("$ref %q does not resolve", ref)
			}
			cur = cm[part]
		}
		v = cur
	}
	return nil, fmt.Errorf("$ref chain too long")
}

// schemaKeywords are the JSON Schema keywords the checker knows: those it
// checks, and "description", which it ignores. Any other keyword in the
// document fails the check, so that nothing is silently left unchecked.
var schemaKeywords = map[string]bool{
	"$ref": true, "type": true, "const": true, "enum": true, "required": true,
	"properties": true, "additionalProperties": true, "items": true,
	"minItems": true, "maxItems": true, "maxLength": true, "minimum": true,
	"pattern": true, "oneOf": true, "description": true,
}

// check validates value v (decoded with UseNumber) against schema s: the
// subset of JSON Schema 2020-12 that openapi.json uses.
func (d *schemaDoc) check(s any, v any, path string) error {
	m, err := d.resolve(s)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	for k := range m {
		if !schemaKeywords[k] {
			return fmt.Errorf("%s: schema keyword %q is not supported by the checker", path, k)
		}
	}
	if t, ok := m["type"]; ok {
		var types []string
		switch t := t.(type) {
		case string:
			types = []string{t}
		case []any:
			for _, x := range t {
				types = append(types, x.(string))
			}
		}
		if !slices.ContainsFunc(types, func(t string) bool { return hasType(v, t) }) {
			return fmt.Errorf("%s: %s is not of type %v", path, show(v), types)
		}
	}
	if c, ok := m["const"]; ok && !jsonEqual(c, v) {
		return fmt.Errorf("%s: %s, want %s", path, show(v), show(c))
	}
	if e, ok := m["enum"].([]any); ok && !slices.ContainsFunc(e, func(x any) bool { return jsonEqual(x, v) }) {
		return fmt.Errorf("%s: %s is not one of %s", path, show(v), show(e))
	}
	if p, ok := m["pattern"].(string); ok {
		str, _ := v.(string)
		if !regexp.MustCompile(p).MatchString(str) {
			return fmt.Errorf("%s: %q does not match %s", path, str, p)
		}
	}
	if n, ok := m["maxLength"].(json.Number); ok {
		max, _ := n.Int64()
		if str, _ := v.(string); int64(utf8.RuneCountInString(str)) > max {
			return fmt.Errorf("%s: longer than %d", path, max)
		}
	}
	if n, ok := m["minimum"].(json.Number); ok {
		if x, isNum := v.(json.Number); isNum {
			min, _ := n.Float64()
			if f, _ := x.Float64(); f < min {
				return fmt.Errorf("%s: %s below %s", path, x, n)
			}
		}
	}
	if obj, ok := v.(map[string]any); ok {
		for _, r := range asList(m["required"]) {
			if _, ok := obj[r.(string)]; !ok {
				return fmt.Errorf("%s: required %q is missing", path, r)
			}
		}
		props, _ := m["properties"].(map[string]any)
		for k, x := range obj {
			ps, ok := props[k]
			if !ok {
				if m["additionalProperties"] == false {
					return fmt.Errorf("%s: %q is not documented", path, k)
				}
				continue
			}
			if err := d.check(ps, x, path+"."+k); err != nil {
				return err
			}
		}
	}
	if arr, ok := v.([]any); ok {
		if n, ok := m["minItems"].(json.Number); ok {
			if min, _ := n.Int64(); int64(len(arr)) < min {
				return fmt.Errorf("%s: %d items, want at least %d", path, len(arr), min)
			}
		}
		if n, ok := m["maxItems"].(json.Number); ok {
			if max, _ := n.Int64(); int64(len(arr)) > max {
				return fmt.Errorf("%s: %d items, want at most %d", path, len(arr), max)
			}
		}
		if items, ok := m["items"]; ok {
			for i, x := range arr {
				if err := d.check(items, x, fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
		}
	}
	if one, ok := m["oneOf"].([]any); ok {
		var matched int
		var errs []string
		for _, alt := range one {
			if err := d.check(alt, v, path); err != nil {
				errs = append(errs, err.Error())
			} else {
				matched++
			}
		}
		if matched != 1 {
			return fmt.Errorf("%s: matches %d of the oneOf schemas, want exactly 1: %s", path, matched, strings.Join(errs, "; "))
		}
	}
	return nil
}

func asList(v any) []any { l, _ := v.([]any); return l }

func hasType(v any, t string) bool {
	switch v := v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case json.Number:
		if t == "number" {
			return true
		}
		_, err := v.Int64()
		return t == "integer" && err == nil
	case []any:
		return t == "array"
	case map[string]any:
		return t == "object"
	}
	return false
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func show(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 120 {
		b = append(b[:117], "..."...)
	}
	return string(b)
}

func decodeNumbers(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatalf("decoding %s: %v", b, err)
	}
	return v
}

// responseSchema returns the schema that path, method and status document
// for media type mediaType.
func (d *schemaDoc) responseSchema(path, method string, status int, mediaType string) (any, error) {
	op, err := d.operation(path, method)
	if err != nil {
		return nil, err
	}
	resps, _ := op["responses"].(map[string]any)
	r, ok := resps[fmt.Sprint(status)]
	if !ok {
		return nil, fmt.Errorf("%s %s: status %d is not documented", method, path, status)
	}
	rm, err := d.resolve(r)
	if err != nil {
		return nil, err
	}
	content, _ := rm["content"].(map[string]any)
	mt, ok := content[mediaType].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s %s %d: media type %q is not documented", method, path, status, mediaType)
	}
	return mt["schema"], nil
}

func (d *schemaDoc) operation(path, method string) (map[string]any, error) {
	paths, _ := d.root["paths"].(map[string]any)
	item, ok := paths[path].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("path %s is not documented", path)
	}
	op, ok := item[strings.ToLower(method)].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s %s is not documented", method, path)
	}
	return op, nil
}

// TestOpenAPIRoutes holds routes() and the document's paths together.
func TestOpenAPIRoutes(t *testing.T) {
	ts := newTestServer(t)
	doc := loadOpenAPI(t, openAPIDocument)
	if doc.root["openapi"] != "3.1.0" {
		t.Errorf("openapi %v, want 3.1.0", doc.root["openapi"])
	}
	var served, documented []string
	for _, rt := range ts.h.(*server).routes() {
		method, path, _ := strings.Cut(rt.pattern, " ")
		served = append(served, method+" "+strings.TrimSuffix(path, "{$}"))
	}
	for path, item := range doc.root["paths"].(map[string]any) {
		for method := range item.(map[string]any) {
			documented = append(documented, strings.ToUpper(method)+" "+path)
		}
	}
	slices.Sort(served)
	slices.Sort(documented)
	if diff := cmp.Diff(served, documented); diff != "" {
		t.Errorf("routes served and documented differ (-served +documented):\n%s", diff)
	}
	// Every $ref resolves.
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if _, ok := v["$ref"]; ok {
				if _, err := doc.resolve(v); err != nil {
					t.Error(err)
				}
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(doc.root)
	// The served document is the embedded one.
	w := ts.do(t, http.MethodGet, "/openapi.json", "", "")
	if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), openAPIDocument) {
		t.Errorf("GET /openapi.json: status %d, body differs from the embedded document", w.Code)
	}
}

// TestOpenAPIResponses checks real responses of every JSON route against the
// schemas the document gives for their path, method and status.
func TestOpenAPIResponses(t *testing.T) {
	ts := newTestServer(t)
	doc := loadOpenAPI(t, openAPIDocument)
	tests := []struct {
		reason              string
		method, target, doc string // doc is the documented path
		contentType, body   string
		status              int
	}{
		{"grounded answer", "POST", "/v1/knowledge/ask", "/v1/knowledge/ask", jsonType, askBody(seedQuestion), 200},
		{"insufficient_evidence abstention", "POST", "/v1/knowledge/ask", "/v1/knowledge/ask", jsonType, askBody(rosaceaQ), 200},
		{"clinical_decision abstention", "POST", "/v1/knowledge/ask", "/v1/knowledge/ask", jsonType, askBody(clinicalQ), 200},
		{"patient_data abstention", "POST", "/v1/knowledge/ask", "/v1/knowledge/ask", jsonType, askBody(patientQ), 200},
		{"urgent clinical_decision abstention", "POST", "/v1/knowledge/ask", "/v1/knowledge/ask", jsonType, askBody("My tongue is swelling fast after a new tablet. Can I wait until morning?"), 200},
		{"empty question", "POST", "/v1/knowledge/ask", "/v1/knowledge/ask", jsonType, askBody(""), 400},
		{"unknown version", "POST", "/v1/knowledge/ask", "/v1/knowledge/ask", jsonType, `{"question": "x", "knowledge_version": "kv_0"}`, 404},
		{"too large", "POST", "/v1/knowledge/ask", "/v1/knowledge/ask", jsonType, askBody(strings.Repeat("a", maxAskBody)), 413},
		{"not JSON", "POST", "/v1/knowledge/ask", "/v1/knowledge/ask", "text/plain", "x", 415},
		{"stream refused before the answer", "POST", "/v1/knowledge/ask:stream", "/v1/knowledge/ask:stream", jsonType, askBody(""), 400},
		{"evidence", "GET", "/v1/evidence/" + knownEvidence, "/v1/evidence/{id}", "", "", 200},
		{"unknown evidence", "GET", "/v1/evidence/ev_nope", "/v1/evidence/{id}", "", "", 404},
		{"versions", "GET", "/v1/knowledge/versions", "/v1/knowledge/versions", "", "", 200},
		{"health", "GET", "/healthz", "/healthz", "", "", 200},
		{"the document itself", "GET", "/openapi.json", "/openapi.json", "", "", 200},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			w := ts.do(t, tt.method, tt.target, tt.contentType, tt.body)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d; body %s", w.Code, tt.status, w.Body)
			}
			s, err := doc.responseSchema(tt.doc, tt.method, w.Code, w.Header().Get("Content-Type"))
			if err != nil {
				t.Fatal(err)
			}
			if err := doc.check(s, decodeNumbers(t, w.Body.Bytes()), "body"); err != nil {
				t.Errorf("%v\nbody: %s", err, w.Body)
			}
		})
	}

	t.Run("unrouted requests get the Error schema, as info.description says", func(t *testing.T) {
		for _, target := range [][2]string{{"GET", "/v1/knowledge/ask"}, {"POST", "/trust"}, {"GET", "/v1/nope"}} {
			w := ts.do(t, target[0], target[1], "", "")
			if err := doc.check(map[string]any{"$ref": "#/components/schemas/Error"}, decodeNumbers(t, w.Body.Bytes()), "body"); err != nil {
				t.Errorf("%s %s: %v", target[0], target[1], err)
			}
		}
	})

	t.Run("stream events", func(t *testing.T) {
		for _, q := range []string{seedQuestion, rosaceaQ} {
			w, events := ts.stream(t, q)
			op, err := doc.responseSchema("/v1/knowledge/ask:stream", "POST", w.Code, "text/event-stream")
			if err != nil || op == nil {
				t.Fatalf("stream response undocumented: %v", err)
			}
			ops, _ := doc.operation("/v1/knowledge/ask:stream", "POST")
			xEvents := ops["responses"].(map[string]any)["200"].(map[string]any)["content"].(map[string]any)["text/event-stream"].(map[string]any)["x-events"].(map[string]any)
			for _, e := range events {
				s, ok := xEvents[e.Event]
				if !ok {
					t.Fatalf("event %q is not documented", e.Event)
				}
				if err := doc.check(s, decodeNumbers(t, []byte(e.Data)), e.Event); err != nil {
					t.Errorf("%v\ndata: %s", err, e.Data)
				}
			}
		}
	})

	t.Run("a version with gates", func(t *testing.T) {
		// The sandbox versions hold no gate report yet, so the gate schema
		// is checked on a described version given one.
		v := dermliving.DescribeVersion(ts.kv)
		v.Gates = []evidence.Gate{{Name: "unauthorized_tool_runs", Threshold: 0, Comparison: "==", Value: 0, Passed: true, Cases: 3, Measures: "tool runs without authorisation"}}
		b, err := json.Marshal(envelope{Data: []dermliving.VersionView{v}})
		if err != nil {
			t.Fatal(err)
		}
		s, err := doc.responseSchema("/v1/knowledge/versions", "GET", 200, jsonType)
		if err != nil {
			t.Fatal(err)
		}
		if err := doc.check(s, decodeNumbers(t, b), "body"); err != nil {
			t.Error(err)
		}
	})
}

// TestSchemaChecker makes sure the checker rejects what it should, so that
// TestOpenAPIResponses passing means something.
func TestSchemaChecker(t *testing.T) {
	doc := loadOpenAPI(t, openAPIDocument)
	ref := func(name string) any { return map[string]any{"$ref": "#/components/schemas/" + name} }
	tests := []struct {
		reason string
		schema any
		value  string
		ok     bool
	}{
		{"a well-formed error", ref("Error"), `{"error": {"code": "not_found", "message": "m"}}`, true},
		{"an undocumented error code", ref("Error"), `{"error": {"code": "nope", "message": "m"}}`, false},
		{"a missing required field", ref("Error"), `{"error": {"code": "not_found"}}`, false},
		{"an undocumented field", ref("Error"), `{"error": {"code": "not_found", "message": "m", "extra": 1}}`, false},
		{"a string where an integer goes", ref("Locator"), `{"section": "s", "paragraph": "2"}`, false},
		{"a fraction is not an integer", ref("Locator"), `{"section": "s", "paragraph": 2.5}`, false},
		{"an integer is a number", ref("Gate"), `{"name": "claim_grounding", "threshold": 1, "comparison": ">=", "value": 1, "passed": true, "cases": 3, "measures": "m"}`, true},
		{"a checksum in capitals", ref("Checksum"), `"sha256:` + strings.Repeat("A", 64) + `"`, false},
		{"an abstention with citations", ref("Abstained"), `{"status": "abstained", "reason": "patient_data", "answer": null, "message": "m", "citations": [{}], "metadata": {"request_id": "r", "knowledge_version": "k"}}`, false},
		{"an urgent abstention", ref("Abstained"), `{"status": "abstained", "reason": "clinical_decision", "urgent": true, "answer": null, "message": "m", "citations": [], "metadata": {"request_id": "r", "knowledge_version": "k", "knowledge_status": "released", "tool_calls": []}}`, true},
		{"urgent is never false", ref("Abstained"), `{"status": "abstained", "reason": "clinical_decision", "urgent": false, "answer": null, "message": "m", "citations": [], "metadata": {"request_id": "r", "knowledge_version": "k"}}`, false},
		{"an abstention with an answer", ref("Abstained"), `{"status": "abstained", "reason": "patient_data", "answer": "a", "message": "m", "citations": [], "metadata": {"request_id": "r", "knowledge_version": "k"}}`, false},
		{"a claim without citations", ref("Claim"), `{"id": "clm_1", "text": "t", "citations": []}`, false},
		{"data that is neither grounded nor abstained", ref("AskResponse"), `{"data": {"status": "maybe"}}`, false},
		{"an unknown keyword in the schema fails", map[string]any{"format": "date"}, `"x"`, false},
	}
	for _, tt := range tests {
		var schema any
		b, _ := json.Marshal(tt.schema)
		schema = decodeNumbers(t, b)
		err := doc.check(schema, decodeNumbers(t, []byte(tt.value)), "v")
		if (err == nil) != tt.ok {
			t.Errorf("%s: check error %v, want ok %v", tt.reason, err, tt.ok)
		}
	}
}
