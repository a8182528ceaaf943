package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/sandbox"
)

// libPrefix matches the package prefixes the library's errors carry
// ("dermliving: ", "evidence: "), at the start of the text or of a wrapped
// part, which the CLI's own "dermliving CMD: " prefix replaces.
var libPrefix = regexp.MustCompile(`(?m)(^|: )(?:(?:dermliving|evidence|sandbox|retrieve|claims|citation|abstain|gates|tools|answer|lexicon): )+`)

// unknownEvidence says an evidence id is unknown without printing it back.
const unknownEvidence = "unknown evidence id (an id the version does not hold is not printed back)"

// errMessage is what the CLI prints for err: the library's text without
// its package prefixes, except that an unknown evidence or version id is
// not printed back (it may be anything the caller typed, a question with a
// patient identifier included) and a refused question is described by
// questionMessage.
func errMessage(err error) string {
	switch {
	case errors.Is(err, evidence.ErrNotFound):
		return unknownEvidence
	case errors.Is(err, dermliving.ErrUnknownVersion), errors.Is(err, sandbox.ErrUnknownVersion):
		return unknownVersion()
	case isQuestionError(err):
		return questionMessage(err, "")
	}
	return libPrefix.ReplaceAllString(err.Error(), "$1")
}

// unknownVersion says a version id is unknown without printing it back,
// and names the versions the sandbox holds.
func unknownVersion() string {
	return "unknown knowledge version (not printed back); the sandbox holds " + strings.Join(sandbox.Versions(), ", ")
}

func isQuestionError(err error) bool {
	var qe *dermliving.QuestionError
	return errors.As(err, &qe) || errors.Is(err, dermliving.ErrEmptyQuestion) ||
		errors.Is(err, dermliving.ErrQuestionTooLong) || errors.Is(err, dermliving.ErrInvalidQuestion)
}

// questionMessage gives the reason Ask refused a question, never its text;
// q, when given, is the question, read to say which rule it broke.
func questionMessage(err error, q string) string {
	var qe *dermliving.QuestionError
	switch {
	case errors.Is(err, dermliving.ErrEmptyQuestion):
		return "invalid question: it is empty"
	case errors.Is(err, dermliving.ErrQuestionTooLong) && errors.As(err, &qe):
		return fmt.Sprintf("invalid question: it is too long, %d bytes where the limit is %d", qe.Len, qe.Max)
	case errors.Is(err, dermliving.ErrQuestionTooLong):
		return "invalid question: it is too long"
	}
	return "invalid question: " + notText(q)
}

// notText says why q is not plain text, as the library's check and the
// example server see it; for a q it cannot fault, it names the rules.
func notText(q string) string {
	switch {
	case !utf8.ValidString(q):
		return "it is not valid UTF-8 (binary data?)"
	case strings.ContainsRune(q, 0):
		return "it holds a NUL byte (binary data?)"
	case strings.ContainsRune(q, utf8.RuneError):
		return "it holds U+FFFD replacement characters: its text was damaged in encoding"
	}
	for _, r := range q {
		switch {
		case unicode.Is(unicode.Bidi_Control, r):
			return "it holds a bidirectional-text control character"
		case unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r':
			return "it holds a control character"
		}
	}
	return "it is not plain text (invalid UTF-8, a NUL byte or a control character)"
}

// errorBody is the body of the API's error envelope.
type errorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// errorEnvelope maps an error to the API's error envelope: the code from
// dermliving.ErrorCode, the message from errMessage.
func errorEnvelope(err error) map[string]any {
	return map[string]any{"error": errorOf(err, errMessage(err))}
}

// errorOf is err's error body with the message msg.
func errorOf(err error, msg string) errorBody {
	code, _ := dermliving.ErrorCode(err)
	return errorBody{Code: code, Message: msg}
}

// decodeStrict decodes one JSON object into v, a pointer to a struct,
// refusing unknown fields and trailing data. Its errors are plain
// sentences, not the decoder's, and name only the fields v has: an unknown
// key is not printed back (it could be anything, a patient's name
// included); the fields the line may hold are listed instead.
func decodeStrict(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		if strings.HasPrefix(err.Error(), "json: unknown field ") {
			return errors.New("an unknown field (not printed back); the fields are " + fieldList(reflect.TypeOf(v)))
		}
		return errors.New(jsonMessage(err))
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("trailing data after the JSON object")
	}
	return nil
}

// fieldList lists the JSON fields of the struct t (or of what t points to
// or holds), with the fields of objects nested in them in braces:
// "id", "question", "tool_calls" {"name", "arguments"}.
func fieldList(t reflect.Type) string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	var names []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		name = strconv.Quote(name)
		inner := f.Type
		for inner.Kind() == reflect.Pointer || inner.Kind() == reflect.Slice {
			inner = inner.Elem()
		}
		if inner.Kind() == reflect.Struct {
			name += " {" + fieldList(inner) + "}"
		}
		names = append(names, name)
	}
	return strings.Join(names, ", ")
}

// jsonMessage describes an error of encoding/json in a plain sentence.
func jsonMessage(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("not valid JSON (a syntax error at byte %d)", se.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "not valid JSON (it ends before the object does)"
	case errors.As(err, &te) && te.Field == "":
		return "not a JSON object"
	case errors.As(err, &te):
		return fmt.Sprintf("%q must be %s", te.Field, jsonKind(te.Type))
	}
	return "not a JSON object of the expected shape"
}

// jsonKind names the JSON kind that decodes into t.
func jsonKind(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "another kind of value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "another kind of value"
}
