package result

import "encoding/json"

// Kinds of scenario (ExerciseCall.Kind).
const (
	// Happy scenarios send arguments that satisfy the input schema: they
	// pass when the tool succeeds.
	Happy = "happy"
	// Edge scenarios send arguments the schema rejects, or empty and zero
	// values: they pass when the server answers at all, since an error is
	// the right answer to bad input.
	Edge = "edge"
	// Request scenarios are a resources/read or prompts/get the user asked
	// for by name (mcplint read-resource, get-prompt): they pass when the
	// server answers without an error, and count in no tally.
	Request = "request"
)

// Outcomes of a call (ExerciseCall.Outcome).
const (
	// OutcomeOK: a result without isError.
	OutcomeOK = "ok"
	// OutcomeToolError: a result with isError true.
	OutcomeToolError = "tool-error"
	// OutcomeProtocolError: a JSON-RPC error response.
	OutcomeProtocolError = "protocol-error"
	// OutcomeTimeout: no answer within the call's deadline.
	OutcomeTimeout = "timeout"
	// OutcomeExited: the server exited or closed its output before it
	// answered.
	OutcomeExited = "server-exited"
	// OutcomeNoAnswer: the session ended (or the request could not be
	// sent) before an answer came.
	OutcomeNoAnswer = "no-answer"
)

// Exercise is what --exercise called on one target and how each call
// went: the scenarios found in its transcript, judged.
type Exercise struct {
	Scenarios []ExerciseCall `json:"scenarios"`
	Tools     []ToolSummary  `json:"tools"`
	// Happy and Edge count the scenarios of each kind and how many passed.
	Happy Tally `json:"happy"`
	Edge  Tally `json:"edge"`
}

// Tally counts scenarios and passes.
type Tally struct {
	Passed int `json:"passed"`
	// Total counts the conclusive scenarios: those that say something of
	// the server.
	Total int `json:"total"`
	// Inconclusive counts the scenarios left out of Total: failures of the
	// machine mcplint ran on, and arguments the schema accepts but the tool
	// refused (a schema finding, not a failed call).
	Inconclusive int `json:"inconclusive,omitempty"`
}

// Rate is Passed/Total; ok is false when there were none.
func (t Tally) Rate() (rate float64, ok bool) {
	if t.Total == 0 {
		return 0, false
	}
	return float64(t.Passed) / float64(t.Total), true
}

// ExerciseCall is one scenario's call and how it went.
type ExerciseCall struct {
	Tool     string `json:"tool"`
	Scenario string `json:"scenario"`
	// Kind is Happy or Edge.
	Kind string `json:"kind"`
	// BestEffort marks happy arguments mcplint could not confirm against
	// the schema.
	BestEffort bool `json:"bestEffort,omitempty"`
	// OldTextUnread marks an edit whose old text mcplint could not read
	// from the file first; a refusal then makes the call Inconclusive.
	OldTextUnread bool `json:"-"`
	// Arguments are the arguments sent.
	Arguments json.RawMessage `json:"arguments,omitempty"`
	// Passed: a happy call succeeded, or an edge call got any answer.
	Passed  bool   `json:"passed"`
	Outcome string `json:"outcome"`
	// LatencyMs is the time from request to response; 0 when none came.
	LatencyMs float64 `json:"latencyMs"`
	// Excerpt is what a model would read from the result: text as is,
	// other content as a bracketed placeholder.
	Excerpt string `json:"excerpt,omitempty"`
	// Answer is the whole answer, as a person reads it, of a request the
	// user asked for by name (mcplint call, read-resource, get-prompt);
	// empty for generated scenarios.
	Answer string `json:"answer,omitempty"`
	// Error says what went wrong, when something did.
	Error string `json:"error,omitempty"`
	// HiddenError marks a result without isError whose text reads as an
	// error: a model would read a failure the client was told is a success.
	HiddenError bool `json:"hiddenError,omitempty"`
	// Inconclusive says why the scenario tells nothing of the server, when
	// it does not: what the machine lacked, or that the tool refused
	// arguments its own inputSchema accepts. Such a scenario neither passes
	// nor fails.
	Inconclusive string `json:"inconclusive,omitempty"`
	// Record is the transcript index of the request ("/transcript/records/N").
	Record int `json:"record"`
}

// ToolSummary is one tool's scenarios in brief.
type ToolSummary struct {
	Tool   string `json:"tool"`
	Passed int    `json:"passed"`
	Total  int    `json:"total"`
	// Inconclusive counts the scenarios left out of Total.
	Inconclusive int `json:"inconclusive,omitempty"`
	// AvgLatencyMs is the mean latency of the answered calls; 0 when none
	// was answered.
	AvgLatencyMs float64 `json:"avgLatencyMs"`
}
