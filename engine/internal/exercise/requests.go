package exercise

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/suggest"
	"github.com/mcplint/mcplint/internal/toolanswer"
	"github.com/mcplint/mcplint/sdk"
)

// Scenario names of the requests a user asks for by name.
const (
	// ScenarioCall is a tools/call of `mcplint call`: a happy scenario
	// whose arguments are the user's.
	ScenarioCall = "call"
	// ScenarioRead is a resources/read of `mcplint read-resource`.
	ScenarioRead = "read"
	// ScenarioGet is a prompts/get of `mcplint get-prompt`.
	ScenarioGet = "get"
)

// Request is one request the user asked for by name, sent after the
// listing in place of generated scenarios, recorded and judged as they
// are, its answer kept whole (Result.Answer).
type Request struct {
	// Method is mcp.MethodToolsCall, mcp.MethodResourcesRead or
	// mcp.MethodPromptsGet.
	Method string
	// Name is the tool's or prompt's name, or the resource's URI.
	Name string
	// Args are the tool's or prompt's arguments (nil for none).
	Args map[string]any
}

// Subject is what the request names, as issues name it: the tool, or
// "<resource URI>", "<prompt NAME>".
func (q Request) Subject() string {
	switch q.Method {
	case mcp.MethodResourcesRead:
		return "<resource " + q.Name + ">"
	case mcp.MethodPromptsGet:
		return "<prompt " + q.Name + ">"
	}
	return q.Name
}

func (q Request) scenario() string {
	switch q.Method {
	case mcp.MethodResourcesRead:
		return ScenarioRead
	case mcp.MethodPromptsGet:
		return ScenarioGet
	}
	return ScenarioCall
}

func (q Request) params() map[string]any {
	switch q.Method {
	case mcp.MethodResourcesRead:
		return map[string]any{"uri": q.Name}
	case mcp.MethodPromptsGet:
		p := map[string]any{"name": q.Name}
		if len(q.Args) > 0 {
			args := map[string]any{}
			for k, v := range q.Args {
				// Prompt arguments are strings (2025-11-25 prompts/get).
				if s, ok := v.(string); ok {
					args[k] = s
				} else {
					b, _ := json.Marshal(v)
					args[k] = string(b)
				}
			}
			p["arguments"] = args
		}
		return p
	}
	args := q.Args
	if args == nil {
		args = map[string]any{}
	}
	return map[string]any{"name": q.Name, "arguments": args}
}

// RunRequests sends opts.Requests in order, inside the session c. A tool or prompt the listing
// does not hold is not sent: opts.Notice says so, with the nearest name.
// It returns how many requests it sent.
func RunRequests(ctx context.Context, c *mcp.Client, server string, listing Listing, opts Options) int {
	made := 0
	for _, q := range opts.Requests {
		if ctx.Err() != nil {
			break
		}
		if known, kind := listing.names(q.Method); known != nil && !slices.Contains(known, q.Name) {
			if opts.Notice != nil {
				hint := ""
				if s := suggest.Guess(q.Name, known); s != "" {
					hint = fmt.Sprintf(" (did you mean %q?)", s)
				}
				fmt.Fprintf(opts.Notice, "mcplint: %s has no %s %q%s; it has %s\n", server, kind, q.Name, hint, listNames(known, 10))
			}
			continue
		}
		c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: eventPrefix + q.Subject() + " " + q.scenario()})
		c.RequestWithProgress(ctx, q.Method, q.params(), opts.Timeout, opts.progressCeiling())
		made++
	}
	return made
}

// Listing is what the server listed, for checking the names of Requests.
type Listing struct {
	Tools   []sdk.Tool
	Prompts []sdk.Prompt
	// PromptsListed says the server listed prompts (it may list none).
	PromptsListed bool
}

// names are the names a request of method may use, and what they name;
// nil when any name goes (a resource URI, which a template may match).
func (l Listing) names(method string) ([]string, string) {
	switch method {
	case mcp.MethodToolsCall:
		out := make([]string, 0, len(l.Tools))
		for _, t := range l.Tools {
			out = append(out, t.Name)
		}
		return out, "tool"
	case mcp.MethodPromptsGet:
		if !l.PromptsListed {
			return nil, ""
		}
		out := make([]string, 0, len(l.Prompts))
		for _, p := range l.Prompts {
			out = append(out, p.Name)
		}
		return out, "prompt"
	}
	return nil, ""
}

// listNames shows up to most names, quoted, and how many more.
func listNames(names []string, most int) string {
	if len(names) == 0 {
		return "none"
	}
	shown := names[:min(len(names), most)]
	q := make([]string, len(shown))
	for i, n := range shown {
		q[i] = fmt.Sprintf("%q", n)
	}
	out := strings.Join(q, ", ")
	if len(names) > most {
		out += fmt.Sprintf(" and %d more", len(names)-most)
	}
	return out
}

// readAnswer renders the whole answer to a request asked for by name, as
// a person reads it: text as it is, other content as JSON.
func readAnswer(r *Result, m mcp.Message, red toolanswer.Redactor) {
	if m.Error != nil {
		return // r.Error says it
	}
	var parts []string
	add := func(v any) {
		if s, ok := v.(string); ok {
			parts = append(parts, s)
			return
		}
		b, _ := json.MarshalIndent(v, "", "  ")
		parts = append(parts, string(b))
	}
	var res map[string]any
	json.Unmarshal(m.Result, &res)
	switch r.Kind {
	case result.Request:
		if d, ok := res["description"].(string); ok && d != "" && r.Scenario == ScenarioGet {
			parts = append(parts, d)
		}
		list, _ := res["contents"].([]any) // resources/read
		if r.Scenario == ScenarioGet {
			list, _ = res["messages"].([]any)
		}
		for _, item := range list {
			obj, _ := item.(map[string]any)
			switch {
			case r.Scenario == ScenarioGet:
				role, _ := obj["role"].(string)
				content, _ := obj["content"].(map[string]any)
				if text, ok := content["text"].(string); ok {
					parts = append(parts, role+": "+text)
				} else {
					parts = append(parts, role+":")
					add(content)
				}
			case obj["text"] != nil:
				add(obj["text"])
			default:
				add(obj)
			}
		}
	default:
		content, _ := res["content"].([]any)
		for _, item := range content {
			obj, _ := item.(map[string]any)
			if text, ok := obj["text"].(string); ok && obj["type"] == "text" {
				parts = append(parts, text)
			} else {
				add(obj)
			}
		}
		if sc, ok := res["structuredContent"]; ok {
			parts = append(parts, "structuredContent:")
			add(sc)
		}
	}
	r.Answer = red.Redact(strings.Join(parts, "\n"))
}
