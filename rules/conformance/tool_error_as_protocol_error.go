package conformance

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// toolErrorAsProtocolError reports tools/call requests of a listed tool,
// with well-formed arguments, answered with a JSON-RPC error: a tool's
// own failure belongs in a result with isError true, where the model can
// read it. From 2025-11-25 on, arguments the input schema rejects are a
// tool execution error too (SEP-1303), so in sessions of that version or
// later a JSON-RPC error to them is reported as well.
type toolErrorAsProtocolError struct{}

func (toolErrorAsProtocolError) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "tool-error-as-protocol-error", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A tool's failure is a result with isError true, not a JSON-RPC error",
		Doc:     doc("tool-error-as-protocol-error"),
		Source:  "2025-11-25/server/tools.mdx#error-handling",
		Uses:    []string{parsedSession.Name},
	}
}

// validationIsExecutionError is the first protocol version in which input
// validation errors are tool execution errors.
const validationIsExecutionError = "2025-11-25"

// envelopeCodes are the JSON-RPC errors about the request itself, not the
// tool: a parse error, an invalid request, a method the server lacks.
var envelopeCodes = map[int]bool{-32700: true, -32600: true, -32601: true}

// modernProtocolCodes are the errors 2026-07-28 defines and requires for
// problems of the request, not of the tool: HeaderMismatch (-32020),
// MissingRequiredClientCapability (-32021) and UnsupportedProtocolVersion
// (-32022) (2026-07-28/basic/index.mdx#error-codes). A modern server that
// answers a call with one of them does what the text requires.
var modernProtocolCodes = map[int]bool{-32020: true, -32021: true, -32022: true}

func (toolErrorAsProtocolError) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	// Protocol versions are dates, so they compare as strings.
	strict := s.ProtocolVersion >= validationIsExecutionError
	inputs := newSchemas(s.Tools, func(t sdk.Tool) any { return t.InputSchema })
	// Per tool, the first call of each kind and how many there were.
	type finding struct {
		first *toolCall
		n     int
	}
	type findings struct{ valid, invalid finding }
	byTool := map[int]*findings{}
	var order []int
	calls := toolCalls(s, ss)
	for k := range calls {
		c := &calls[k]
		if !c.resp.HasError() {
			continue
		}
		code, _ := errorOf(c.resp)
		if envelopeCodes[code] || (s.Era == sdk.EraModern && modernProtocolCodes[code]) {
			continue
		}
		ok, known := argumentsValid(c, inputs)
		if !known || (!ok && !strict) {
			continue
		}
		fs := byTool[c.tool]
		if fs == nil {
			fs = &findings{}
			byTool[c.tool] = fs
			order = append(order, c.tool)
		}
		f := &fs.valid
		if !ok {
			f = &fs.invalid
		}
		if f.first == nil {
			f.first = c
		}
		f.n++
	}
	for _, i := range order {
		fs := byTool[i]
		if c := fs.valid.first; c != nil {
			code, msg := errorOf(c.resp)
			report(sdk.Issue{Tool: c.name, Pointer: c.resp.Pointer(),
				Message: fmt.Sprintf("calling %q with arguments its inputSchema accepts (%s) got JSON-RPC error %d %s%s instead of a result with \"isError\": true; a model is not shown protocol errors, so it cannot tell what failed",
					c.name, wire.Quote(c.args, 80), code, quoteCut(msg, 120), times(fs.valid.n)),
				Fix: `return the failure as a result: {"content": [{"type": "text", "text": "what failed and what to try"}], "isError": true}; keep JSON-RPC errors for unknown tools and malformed requests`})
		}
		if c := fs.invalid.first; c != nil {
			code, msg := errorOf(c.resp)
			report(sdk.Issue{Tool: c.name, Pointer: c.resp.Pointer(),
				Message: fmt.Sprintf("calling %q with arguments its inputSchema rejects (%s) got JSON-RPC error %d %s%s; since %s invalid arguments are a tool execution error, so the model can correct them",
					c.name, wire.Quote(c.args, 80), code, quoteCut(msg, 120), times(fs.invalid.n), validationIsExecutionError),
				Fix: `answer invalid arguments with a result {"content": [{"type": "text", "text": "which argument is wrong and what it must be"}], "isError": true}`})
		}
	}
	return nil
}

// argumentsValid says whether a call's arguments satisfy the tool's input
// schema. known is false when that cannot be told: the schema does not
// compile and no exercise scenario says what the arguments were meant to
// be (a best-effort happy scenario says nothing either).
func argumentsValid(c *toolCall, inputs *schemas) (ok, known bool) {
	if schema := inputs.get(c.tool); schema != nil {
		return schema.Validate(c.args) == nil, true
	}
	switch {
	case c.scenario == "" || strings.HasSuffix(c.scenario, " best-effort"):
		return false, false
	case strings.HasPrefix(c.scenario, "edge"):
		return false, true
	}
	return true, true
}

// times says how many calls a finding stands for, when more than one.
func times(n int) string {
	switch n {
	case 1:
		return ""
	case 2:
		return " (and 1 more call like it)"
	}
	return fmt.Sprintf(" (and %d more calls like it)", n-1)
}
