package conformance

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/internal/toolanswer"
	"github.com/mcplint/mcplint/sdk"
)

// toolErrorUnflagged reports tools/call results without isError whose
// text reads as an error ("Error searching libraries: TypeError: fetch
// failed"): a client that trusts the flag shows the model a success, and
// an agent goes on as if the call had worked.
type toolErrorUnflagged struct{}

func (toolErrorUnflagged) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "tool-error-unflagged", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A tool result whose text is an error sets isError: true",
		Doc:     doc("tool-error-unflagged"),
		Source:  "2025-11-25/server/tools.mdx#error-handling",
		Uses:    []string{parsedSession.Name},
	}
}

func (toolErrorUnflagged) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	var found firstPerTool
	calls := toolCalls(s, ss)
	for k := range calls {
		c := &calls[k]
		text, isError, ok := answerText(c)
		if !ok || !hidesError(c, text, isError) {
			continue
		}
		found.add(c, text)
	}
	found.each(func(f *toolFinding) {
		c := f.first
		report(sdk.Issue{Tool: c.name, Pointer: c.resp.Pointer(),
			Message: fmt.Sprintf("calling %q returned %s without \"isError\": true%s; a client that trusts the flag tells the model the call succeeded",
				c.name, quoteCut(toolanswer.Redact(firstLine(f.text)), 120), times(f.n)),
			Fix: `set "isError": true on a result that reports a failure, so that clients and models can tell it from a success`})
	})
	return nil
}

// answerText is what a model reads of a call's answer: the text content
// of a result and whether it set isError, or a JSON-RPC error's message
// (isError true). ok is false for an answer with neither.
func answerText(c *toolCall) (text string, isError, ok bool) {
	if c.resp.HasError() {
		_, msg := errorOf(c.resp)
		return msg, true, true
	}
	var res struct {
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
		IsError bool `json:"isError"`
	}
	if !c.resp.HasResult() || !c.resp.Result(&res) {
		return "", false, false
	}
	var parts []string
	for _, b := range res.Content {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n"), res.IsError, len(parts) > 0 || res.IsError
}

// hidesError reports a result without isError whose text reads as an
// error, unless the arguments asked for one.
func hidesError(c *toolCall, text string, isError bool) bool {
	return !isError && toolanswer.ReadsAsError(text) && !toolanswer.ArgumentsAskForError(c.args)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
