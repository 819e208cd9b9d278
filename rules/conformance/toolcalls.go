package conformance

import (
	"encoding/json"
	"strings"

	"github.com/mcplint/mcplint/internal/jsonvalid"
	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// toolCall is one answered tools/call of a tool the server lists.
type toolCall struct {
	req, resp *wire.Msg
	// tool is the index of the called tool in Snapshot.Tools.
	tool int
	name string
	args json.RawMessage
	// scenario is what the exercise probe event before the request said
	// of it ("happy-1", "edge-wrong-type best-effort"); "" for a call that
	// was not an exercise scenario.
	scenario string
}

// exercisePrefix starts the detail of the probe event an exercise run
// records before each call: "exercise TOOL SCENARIO".
const exercisePrefix = "exercise "

// toolCalls lists the answered tools/call requests of listed tools, in
// order, each with the exercise scenario announced just before it.
func toolCalls(s *sdk.Snapshot, ss *wire.Session) []toolCall {
	index := map[string]int{}
	for i, t := range s.Tools {
		if _, dup := index[t.Name]; !dup {
			index[t.Name] = i
		}
	}
	var out []toolCall
	ev := 0
	pending := ""
	for _, m := range ss.Msgs {
		for ev < len(ss.Events) && ss.Events[ev].Index < m.Index {
			e := ss.Events[ev]
			if d, ok := strings.CutPrefix(e.Detail, exercisePrefix); ok && e.Kind == sdk.EventProbe {
				pending = d
			}
			ev++
		}
		if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request || m.Method != "tools/call" {
			continue
		}
		detail := pending
		pending = ""
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
			Task      json.RawMessage `json:"task"`
		}
		if !m.Params(&p) || m.Pair == nil || nonNull(p.Task) {
			// A task-augmented call is answered with the task, not the
			// tool's result (task-shape judges it).
			continue
		}
		i, ok := index[p.Name]
		if !ok {
			continue
		}
		scenario, _ := strings.CutPrefix(detail, p.Name+" ")
		args := p.Arguments
		if len(args) == 0 || string(args) == "null" {
			args = json.RawMessage("{}")
		}
		out = append(out, toolCall{req: m, resp: m.Pair, tool: i, name: p.Name, args: args, scenario: scenario})
	}
	return out
}

// schemas compiles each tool's schema once, on first use; a schema that
// does not compile is nil.
type schemas struct {
	pick  func(sdk.Tool) any
	tools []sdk.Tool
	cache map[int]*jsonvalid.Schema
}

func newSchemas(tools []sdk.Tool, pick func(sdk.Tool) any) *schemas {
	return &schemas{pick: pick, tools: tools, cache: map[int]*jsonvalid.Schema{}}
}

func (c *schemas) get(i int) *jsonvalid.Schema {
	if s, ok := c.cache[i]; ok {
		return s
	}
	var s *jsonvalid.Schema
	if schema := c.pick(c.tools[i]); schema != nil {
		s, _ = jsonvalid.Compile(schema)
	}
	c.cache[i] = s
	return s
}

// errorOf reads a response's JSON-RPC error code and message.
func errorOf(m *wire.Msg) (code int, message string) {
	var e struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	json.Unmarshal(m.Obj["error"], &e)
	return e.Code, e.Message
}

// quoteCut quotes s, cut to n characters.
func quoteCut(s string, n int) string {
	return wire.Quote([]byte(mustMarshal(s)), n)
}

func mustMarshal(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// firstPerTool keeps, for each tool, the first call of a kind a rule
// reports, what its answer said, and how many calls like it there were,
// in the order the tools were first seen: one finding per tool.
type firstPerTool struct {
	order []int
	by    map[int]*toolFinding
}

// toolFinding is one tool's first call of a kind and how many there were.
type toolFinding struct {
	first *toolCall
	// text is what the first call's answer said.
	text string
	n    int
}

// add counts c, keeping it with text if it is its tool's first.
func (f *firstPerTool) add(c *toolCall, text string) {
	if f.by == nil {
		f.by = map[int]*toolFinding{}
	}
	tf := f.by[c.tool]
	if tf == nil {
		tf = &toolFinding{first: c, text: text}
		f.by[c.tool] = tf
		f.order = append(f.order, c.tool)
	}
	tf.n++
}

// each calls fn with every tool's finding, in order.
func (f *firstPerTool) each(fn func(*toolFinding)) {
	for _, i := range f.order {
		fn(f.by[i])
	}
}
