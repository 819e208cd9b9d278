package exercise

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/internal/toolanswer"
	"github.com/mcplint/mcplint/sdk"
)

// The judged results are the report model's (engine/result): exercise
// produces them, the formats render them.
type (
	Results     = result.Exercise
	Result      = result.ExerciseCall
	ToolSummary = result.ToolSummary
	Tally       = result.Tally
)

// Outcomes of a call (Result.Outcome).
const (
	OutcomeOK            = result.OutcomeOK
	OutcomeToolError     = result.OutcomeToolError
	OutcomeProtocolError = result.OutcomeProtocolError
	OutcomeTimeout       = result.OutcomeTimeout
	OutcomeExited        = result.OutcomeExited
	OutcomeNoAnswer      = result.OutcomeNoAnswer
)

// excerptRunes bounds Result.Excerpt.
const excerptRunes = 300

// Read finds the exercise scenarios in a transcript (each a probe event
// from Run followed by its tools/call request) and judges them from the
// answers. It returns nil when the transcript has none.
func Read(tr *sdk.Transcript) *Results { return ReadRedacting(tr, toolanswer.Redactor{}) }

// ReadRedacting is Read with the excerpts redacted by red, which knows the
// variables a config gave the server on top of mcplint's environment.
func ReadRedacting(tr *sdk.Transcript, red toolanswer.Redactor) *Results {
	if tr == nil {
		return nil
	}
	var out []Result
	var detail *string        // a scenario announced and not yet sent
	open := map[string]int{}  // request id key -> index in out
	sent := map[int]float64{} // index in out -> the request's time
	var ends []int            // record indexes of exit and stdout-closed events
	endDetail := map[int]string{}
	for i, rec := range tr.Records {
		switch rec.Dir {
		case sdk.DirEvent:
			ev := rec.Event
			if ev == nil {
				continue
			}
			switch ev.Kind {
			case sdk.EventProbe:
				if d, ok := strings.CutPrefix(ev.Detail, eventPrefix); ok {
					if detail != nil {
						out = append(out, unsent(*detail, i))
					}
					detail = &d
				}
			case sdk.EventTimeout:
				if j, ok := open[mcp.IDKey(ev.ID)]; ok && mcp.HasID(ev.ID) {
					out[j].Outcome, out[j].Error = OutcomeTimeout, ev.Detail
					delete(open, mcp.IDKey(ev.ID))
				}
			case sdk.EventExit, sdk.EventStdoutClosed:
				ends = append(ends, i)
				endDetail[i] = ev.Kind
				if ev.Detail != "" {
					endDetail[i] = "the server exited: " + ev.Detail
				} else if ev.Kind == sdk.EventStdoutClosed {
					endDetail[i] = "the server closed its stdout"
				}
			}
		case sdk.DirClientToServer:
			if detail == nil || rec.Msg == nil {
				continue
			}
			for _, m := range mcp.ParseMessages(rec.Msg) {
				if !m.IsRequest() || detail == nil {
					continue
				}
				var p struct {
					Name      string          `json:"name"`
					URI       string          `json:"uri"`
					Arguments json.RawMessage `json:"arguments"`
				}
				json.Unmarshal(m.Params, &p)
				var r Result
				switch {
				case m.Method == MethodToolsCall:
					r = scenarioOf(*detail, p.Name)
				case m.Method == mcp.MethodResourcesRead && *detail == "<resource "+p.URI+"> "+ScenarioRead:
					r = Result{Tool: "<resource " + p.URI + ">", Scenario: ScenarioRead, Kind: result.Request}
				case m.Method == mcp.MethodPromptsGet && *detail == "<prompt "+p.Name+"> "+ScenarioGet:
					r = Result{Tool: "<prompt " + p.Name + ">", Scenario: ScenarioGet, Kind: result.Request}
				default:
					continue
				}
				r.Arguments, r.Record, r.Outcome = compact(p.Arguments), i, OutcomeNoAnswer
				sent[len(out)] = rec.TMs
				open[mcp.IDKey(m.ID)] = len(out)
				out = append(out, r)
				detail = nil
			}
		case sdk.DirServerToClient:
			if rec.Msg == nil {
				continue
			}
			for _, m := range mcp.ParseMessages(rec.Msg) {
				j, ok := open[mcp.IDKey(m.ID)]
				if !m.IsResponse() || !ok {
					continue
				}
				delete(open, mcp.IDKey(m.ID))
				out[j].LatencyMs = round(rec.TMs - sent[j])
				answer(&out[j], m, red)
			}
		}
	}
	if detail != nil {
		out = append(out, unsent(*detail, len(tr.Records)))
	}
	if len(out) == 0 {
		return nil
	}
	for _, j := range open {
		r := &out[j]
		for _, e := range ends {
			if e > r.Record {
				r.Outcome, r.Error = OutcomeExited, endDetail[e]
				break
			}
		}
		if r.Outcome == OutcomeNoAnswer {
			r.Error = "no answer before the session ended"
		}
	}
	return summarize(out)
}

// scenarioOf reads "TOOL NAME[ FLAG...]" knowing the tool the request
// named; a detail that does not start with it (a tool name with spaces, a
// hand-edited transcript) is read from its last words.
func scenarioOf(detail, tool string) Result {
	r := Result{Tool: tool}
	fields := strings.Fields(detail)
	if rest, ok := strings.CutPrefix(detail, tool+" "); ok {
		fields = strings.Fields(rest)
	} else {
		fields = fields[max(0, len(fields)-1-len(trailingFlags(fields))):]
	}
	if len(fields) > 0 {
		r.Scenario = fields[0]
	}
	for _, f := range fields[min(1, len(fields)):] {
		switch f {
		case BestEffort:
			r.BestEffort = true
		case OldTextUnread:
			r.OldTextUnread = true
		}
	}
	r.Kind = Happy
	if strings.HasPrefix(r.Scenario, "edge") {
		r.Kind = Edge
	}
	return r
}

// trailingFlags are the flags that end a scenario's event detail.
func trailingFlags(fields []string) []string {
	i := len(fields)
	for i > 1 && (fields[i-1] == BestEffort || fields[i-1] == OldTextUnread) {
		i--
	}
	return fields[i:]
}

// unsent is a scenario announced whose request never reached the wire.
func unsent(detail string, at int) Result {
	fields := strings.Fields(detail)
	tool := strings.Join(fields[:max(0, len(fields)-1-len(trailingFlags(fields)))], " ")
	r := scenarioOf(detail, tool)
	r.Record, r.Outcome, r.Error = at, OutcomeNoAnswer, "the call was not sent"
	return r
}

// answer judges a response.
func answer(r *Result, m mcp.Message, red toolanswer.Redactor) {
	if r.Scenario == ScenarioCall || r.Kind == result.Request {
		readAnswer(r, m, red)
	}
	if m.Error != nil {
		r.Outcome = OutcomeProtocolError
		r.Error = red.Redact(fmt.Sprintf("JSON-RPC error %d: %s", m.Error.Code, m.Error.Message))
		return
	}
	var res struct {
		Content    []map[string]any `json:"content"`
		Structured json.RawMessage  `json:"structuredContent"`
		IsError    bool             `json:"isError"`
	}
	json.Unmarshal(m.Result, &res)
	r.Excerpt = red.Redact(excerpt(res.Content, res.Structured))
	if res.IsError {
		r.Outcome, r.Error = OutcomeToolError, "the tool reported an error (isError: true)"
		return
	}
	r.Outcome = OutcomeOK
	r.HiddenError = toolanswer.ReadsAsError(r.Excerpt) && !toolanswer.ArgumentsAskForError(r.Arguments)
}

// judge decides whether a scenario says something of the server, and if
// so whether it passed. An edge scenario passes when the server answered,
// whatever it answered. A happy-path failure is inconclusive when its text shows the
// machine lacked something (toolanswer.EnvironmentOf), or when a happy
// call with arguments the schema accepts was refused as invalid: the tool
// is stricter than its schema, which the conformance rules report.
func judge(r *Result) {
	failed := r.Outcome == OutcomeToolError || r.Outcome == OutcomeProtocolError || r.HiddenError
	text := r.Excerpt
	if r.Outcome == OutcomeProtocolError || text == "" {
		text = r.Error
	}
	if failed && r.Kind == Happy {
		if env, ok := toolanswer.EnvironmentOf(text); ok {
			r.Inconclusive = fmt.Sprintf("the machine lacks %s (%q)", env.Want, env.Phrase)
		} else if r.OldTextUnread {
			r.Inconclusive = "mcplint could not read the file before editing it, so the old text it sent need not be in it"
		} else if phrase, ok := toolanswer.Rejection(text); ok && !r.BestEffort {
			r.Inconclusive = fmt.Sprintf("the tool refused arguments its inputSchema accepts (%q)", phrase)
		}
	}
	switch {
	case r.Inconclusive != "":
		r.Passed = false
	case r.Kind == Happy:
		r.Passed = r.Outcome == OutcomeOK && !r.HiddenError
	case r.Kind == result.Request:
		r.Passed = r.Outcome == OutcomeOK
	default:
		r.Passed = answered(r.Outcome)
	}
}

// excerpt renders content the way a model would read it.
func excerpt(content []map[string]any, structured json.RawMessage) string {
	var parts []string
	for _, c := range content {
		typ, _ := c["type"].(string)
		str := func(k string) string { s, _ := c[k].(string); return s }
		switch typ {
		case "text":
			parts = append(parts, str("text"))
		case "image", "audio":
			parts = append(parts, "["+typ+" "+str("mimeType")+"]")
		case "resource":
			res, _ := c["resource"].(map[string]any)
			uri, _ := res["uri"].(string)
			if text, ok := res["text"].(string); ok {
				parts = append(parts, "[resource "+uri+"] "+text)
			} else {
				mime, _ := res["mimeType"].(string)
				parts = append(parts, strings.TrimSpace("[resource "+uri+"] [blob "+mime+"]"))
			}
		case "resource_link":
			parts = append(parts, "[resource link "+str("uri")+" "+str("name")+"]")
		default:
			parts = append(parts, "["+typ+"]")
		}
	}
	if len(parts) == 0 && len(structured) > 0 {
		parts = append(parts, string(compact(structured)))
	}
	return snip.Runes(strings.Join(parts, "\n"), excerptRunes)
}

func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}

// round keeps microseconds: a local tool can answer in less than 0.1 ms.
func round(ms float64) float64 { return math.Round(ms*1000) / 1000 }

// summarize judges each result and adds the per-tool and per-kind counts.
func summarize(out []Result) *Results {
	res := &Results{Scenarios: out}
	index := map[string]int{}
	latency := map[string][2]float64{} // sum, count
	for j := range out {
		r := &out[j]
		judge(r)
		if r.Kind == result.Request {
			continue // asked for by name: no tool's tally
		}
		tally := &res.Edge
		if r.Kind == Happy {
			tally = &res.Happy
		}
		i, ok := index[r.Tool]
		if !ok {
			i = len(res.Tools)
			index[r.Tool] = i
			res.Tools = append(res.Tools, ToolSummary{Tool: r.Tool})
		}
		t := &res.Tools[i]
		switch {
		case r.Inconclusive != "":
			tally.Inconclusive++
			t.Inconclusive++
		case r.Passed:
			tally.Passed++
			tally.Total++
			t.Passed++
			t.Total++
		default:
			tally.Total++
			t.Total++
		}
		if answered(r.Outcome) {
			l := latency[r.Tool]
			latency[r.Tool] = [2]float64{l[0] + r.LatencyMs, l[1] + 1}
		}
	}
	for i := range res.Tools {
		if l := latency[res.Tools[i].Tool]; l[1] > 0 {
			res.Tools[i].AvgLatencyMs = round(l[0] / l[1])
		}
	}
	return res
}

// answered reports an outcome where the server answered.
func answered(outcome string) bool {
	return outcome == OutcomeOK || outcome == OutcomeToolError || outcome == OutcomeProtocolError
}
