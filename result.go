package dermliving

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/dermliving/dermliving/abstain"
	"github.com/dermliving/dermliving/citation"
	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/tools"
)

// Errors returned by Ask. An abstention is never an error.
var (
	// ErrEmptyQuestion: the question is empty or only white space.
	ErrEmptyQuestion = errors.New("dermliving: empty question")
	// ErrQuestionTooLong: the question is longer than the limit.
	ErrQuestionTooLong = errors.New("dermliving: question too long")
	// ErrInvalidQuestion: the question is not text (invalid UTF-8, NUL or
	// other control characters).
	ErrInvalidQuestion = errors.New("dermliving: invalid question")
	// ErrNoKnowledge: Ask was given no knowledge version.
	ErrNoKnowledge = errors.New("dermliving: no knowledge version")
	// ErrBlocked: the knowledge version failed a release gate and the caller
	// did not opt in with WithBlockedVersion.
	ErrBlocked = errors.New("dermliving: knowledge version blocked by a failed release gate")
	// ErrVersionClosed: the knowledge version was closed (replaced in a
	// Library, or shut down) before or while the question was answered;
	// nothing it produced is returned. Asking again, through the Library,
	// reaches the version that replaced it. A question asked through
	// Library.Ask or Library.Acquire never gets it.
	ErrVersionClosed = errors.New("dermliving: knowledge version closed")
)

// QuestionError describes a question Ask refuses. It wraps ErrEmptyQuestion,
// ErrQuestionTooLong or ErrInvalidQuestion, and never holds the question's
// text, which may carry patient identifiers.
type QuestionError struct {
	Err error
	Len int // the question's length in bytes
	Max int // the limit in bytes
}

// Error describes the problem without quoting the question.
func (e *QuestionError) Error() string {
	if errors.Is(e.Err, ErrQuestionTooLong) {
		return fmt.Sprintf("%v: %d bytes, the limit is %d", e.Err, e.Len, e.Max)
	}
	return e.Err.Error()
}

// Unwrap returns the sentinel error.
func (e *QuestionError) Unwrap() error { return e.Err }

// Modes of a grounded answer, reported in Metadata.Mode.
const (
	ModeExtractive = "extractive" // sentences taken verbatim from passages
	ModeCurated    = "curated"    // a curated draft held by the knowledge version
	ModeGenerated  = "generated"  // a Generator's draft
)

// Result is the outcome of Ask: *Grounded or *Abstained. The set is closed;
// callers type-switch on it.
type Result interface {
	// Status is "grounded" or "abstained".
	Status() string
	result()
}

// Claim is one sentence of a grounded answer and the citations behind it.
type Claim struct {
	ID        string   `json:"id"`
	Text      string   `json:"text"`
	Citations []string `json:"citations"`
	// Score is the verifier's support score for the claim, in [0,1] (see
	// claims.SupportScore); 1 for a sentence quoted verbatim.
	Score float64 `json:"score"`
}

// RemovedClaim is a draft sentence left out of the answer because no passage
// supports it.
type RemovedClaim struct {
	Text string `json:"text"`
	// Reason is claims.Unsupported or claims.Contradicted.
	Reason claims.Verdict `json:"reason"`
	// Score is the verifier's support score that removed the sentence, in
	// [0,1].
	Score float64 `json:"score"`
}

// ToolCall records one tool request a generator made and what the tool policy
// decided (see package tools).
type ToolCall = tools.Call

// Metadata describes how a result was produced.
type Metadata struct {
	RequestID        string `json:"request_id"`
	KnowledgeVersion string `json:"knowledge_version"`
	// KnowledgeStatus is the release status of the version answered from
	// (StatusReleased, StatusUnmeasured or StatusBlocked), on every
	// result: an answer from a version that was never measured, or that
	// failed a gate and was served all the same, says so.
	KnowledgeStatus string `json:"knowledge_status"`
	// FailedGates names the release gates the version failed, when it is
	// blocked.
	FailedGates []string `json:"failed_gates,omitempty"`
	// Mode is set on grounded answers.
	Mode string `json:"mode,omitempty"`
	// ToolCalls lists every tool request made for the question, in order,
	// with what became of it; an empty list (never absent in JSON) when
	// none was made. An abstention reached before the draft step runs no
	// tool: each scripted request (WithToolRequests) is listed as neither
	// authorized nor executed, with the reason.
	ToolCalls []ToolCall `json:"tool_calls"`
	// QuestionLanguage is set when the question is not in English: "es"
	// for a Spanish question, answered from the English passages; the
	// language of a question refused with MessageUnsupportedLanguage ("fr",
	// "pt", "de", "it", …, or "und" when the detector cannot name it).
	QuestionLanguage string `json:"question_language,omitempty"`
	// PassageLanguage is the language of the passages, PassageLanguage
	// ("en"), set with QuestionLanguage.
	PassageLanguage string `json:"passage_language,omitempty"`
	// EnglishQuestion is a Spanish question as the English knowledge read
	// it: the translation that retrieval and the answer worked from.
	EnglishQuestion string `json:"english_question,omitempty"`
}

// MarshalJSON encodes the metadata with tool_calls always a list.
func (m Metadata) MarshalJSON() ([]byte, error) {
	type plain Metadata
	p := plain(m)
	p.ToolCalls = nonNil(p.ToolCalls)
	return json.Marshal(p)
}

// Grounded is an answer whose every claim cites a passage that supports it.
type Grounded struct {
	// Answer is for display: the claims in order, each followed by its
	// citation markers [n], where [n] is citation cit_n.
	Answer        string
	Claims        []Claim
	RemovedClaims []RemovedClaim
	Citations     []citation.Citation
	Metadata      Metadata
}

// Status returns "grounded".
func (*Grounded) Status() string { return "grounded" }
func (*Grounded) result()        {}

// MarshalJSON encodes the answer as the "data" object of the API envelope.
func (g *Grounded) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Status        string              `json:"status"`
		Answer        string              `json:"answer"`
		Claims        []Claim             `json:"claims"`
		RemovedClaims []RemovedClaim      `json:"removed_claims"`
		Citations     []citation.Citation `json:"citations"`
		Metadata      Metadata            `json:"metadata"`
	}{"grounded", g.Answer, nonNil(g.Claims), nonNil(g.RemovedClaims), nonNil(g.Citations), g.Metadata})
}

// Abstained is a typed refusal to answer. It is a normal result, not an error.
type Abstained struct {
	Reason abstain.Reason
	// Message explains the abstention to a person. For patient_data it names
	// the kinds of identifier found, never their values.
	Message string
	// Identifiers lists the kinds of identifier found, for patient_data.
	Identifiers []abstain.Kind
	// Urgent is set when the question asks for a decision about a
	// particular person who shows an emergency sign now
	// (abstain.IsUrgent): Message then tells the person, first and in the
	// question's language (English or Spanish), to seek emergency care
	// now. Reason is clinical_decision, or patient_data when the question
	// also holds identifiers. In JSON, "urgent": true, present only when
	// set.
	Urgent bool
	// RemovedClaims lists, with their reasons, the sentences of a draft (a
	// generator's, a scripted or a curated one) that verification removed
	// when it removed every one; empty otherwise.
	RemovedClaims []RemovedClaim
	Metadata      Metadata
}

// Status returns "abstained".
func (*Abstained) Status() string { return "abstained" }
func (*Abstained) result()        {}

// MarshalJSON encodes the abstention as the "data" object of the API
// envelope: answer null and no citations.
func (a *Abstained) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Status        string              `json:"status"`
		Reason        abstain.Reason      `json:"reason"`
		Urgent        bool                `json:"urgent,omitempty"`
		Answer        *string             `json:"answer"`
		Message       string              `json:"message"`
		RemovedClaims []RemovedClaim      `json:"removed_claims,omitempty"`
		Citations     []citation.Citation `json:"citations"`
		Metadata      Metadata            `json:"metadata"`
	}{"abstained", a.Reason, a.Urgent, nil, a.Message, a.RemovedClaims, []citation.Citation{}, a.Metadata})
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
