package probe

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/sdk"
)

// The probes of the protocol's extensions: MCP Apps (SEP-1865,
// io.modelcontextprotocol/ui), the tasks of 2025-11-25 and the tasks
// extension of 2026-07-28 (io.modelcontextprotocol/tasks). Each runs only
// on a server that uses what it probes: a tool whose _meta names a UI
// resource, a tasks capability in the initialize result, the extension in
// server/discover's.
const (
	// UIResources reads, with resources/read, each ui:// resource a
	// listed tool's _meta names (ui-resource-invalid); All or --exercise
	// only, since a UI resource is a whole HTML application (megabytes).
	UIResources = "ui-resources"
	// UnknownTask asks tasks/get, tasks/result and, when the server
	// declares tasks.cancel, tasks/cancel about a task id the server never
	// gave (task-unknown-id-code); on a 2026-07-28 server that declares
	// the tasks extension, tasks/get alone.
	UnknownTask = "unknown-task"
	// TasksUndeclared sends tasks/get, tasks/update and tasks/cancel to a
	// 2026-07-28 server that declares the tasks extension, from requests
	// that do not declare it (tasks-extension-required).
	TasksUndeclared = "tasks-undeclared"
	// TaskLifecycle runs one task-augmented tools/call through its life:
	// create, tasks/get until a terminal status, tasks/result, tasks/list
	// and tasks/cancel when declared (task-shape, task-lifecycle). It
	// calls a real tool, so only under --exercise, and only a tool the
	// exercise itself called, with the arguments it used.
	TaskLifecycle = "task-lifecycle"
	// TaskExtensionLifecycle repeats, on a 2026-07-28 server that
	// declares the tasks extension, the exercise's first successful tool
	// call from a request that declares the extension; when the server
	// answers with a task it polls tasks/get until a terminal status, and
	// cancels a task still running then (tasks-extension-result). The
	// server decides whether to create a task, so a plain answer ends it.
	// Under --exercise only, with the exercise's own arguments.
	TaskExtensionLifecycle = "task-extension-lifecycle"
)

// UnknownTaskID is a task id no server gives: the prefix is mcplint's.
const UnknownTaskID = "mcplint-probe-no-such-task"

// MaxUIResources bounds how many UI resources the UIResources probe reads.
const MaxUIResources = 8

// taskTTL is the lifetime the lifecycle probe asks for, in milliseconds.
const taskTTL = 60000

// Poll bounds of the lifecycle probe: the server's pollInterval is
// followed within them.
const (
	minTaskPoll = 20 * time.Millisecond
	maxTaskPoll = time.Second
)

// The extension probes' rules; the Judges map is the probes' own, so it
// is filled in where the probes are named.
func init() {
	Judges[UIResources] = []string{"ui-resource-invalid"}
	Judges[UnknownTask] = []string{"task-unknown-id-code"}
	Judges[TasksUndeclared] = []string{"tasks-extension-required"}
	Judges[TaskLifecycle] = []string{"task-shape", "task-lifecycle"}
	Judges[TaskExtensionLifecycle] = []string{"tasks-extension-result"}
}

// UIResourceKey is the key of a tool's _meta whose resourceUri names its
// UI resource; DeprecatedUIResourceKey is the flat key SEP-1865 deprecates
// but servers still send beside it.
const (
	UIResourceKey           = "ui"
	DeprecatedUIResourceKey = "ui/resourceUri"
)

// taskProbes are the UnknownTask probe for Session to run beside its
// others, so that a server that declares tasks pays no extra round trip:
// on a legacy server that declares the tasks capability, tasks/get,
// tasks/result and (when it declares tasks.cancel) tasks/cancel of an
// unknown id at once; on a modern one that declares the tasks extension,
// tasks/get from a request that declares the extension, and the
// TasksUndeclared probe's three requests from ones that do not.
func taskProbes(ctx context.Context, c *mcp.Client, era string, timeout time.Duration, b *batch) {
	tr := c.Transcript()
	unknown := map[string]any{"taskId": UnknownTaskID}
	switch tasks, ok := taskCapability(tr); {
	case ok && era == sdk.EraLegacy:
		b.add(ctx, UnknownTask, func() (begun, error) {
			methods := []string{"tasks/get", "tasks/result"}
			if tasks.Cancel {
				methods = append(methods, "tasks/cancel")
			}
			params := make([]map[string]any, len(methods))
			for i := range params {
				params[i] = unknown
			}
			return beginEach(c, methods, params, timeout)
		})
	case era == sdk.EraModern && tasksExtension(tr):
		b.add(ctx, UnknownTask, func() (begun, error) {
			return c.Begin("tasks/get", map[string]any{"taskId": UnknownTaskID, "_meta": map[string]any{
				mcp.MetaClientCapabilities: map[string]any{"extensions": map[string]any{TasksExtension: map[string]any{}}},
			}}, timeout)
		})
		b.add(ctx, TasksUndeclared, func() (begun, error) {
			return beginEach(c, []string{"tasks/get", "tasks/update", "tasks/cancel"}, []map[string]any{
				unknown,
				{"taskId": UnknownTaskID, "inputResponses": map[string]any{}},
				unknown,
			}, timeout)
		})
	}
}

// Extensions runs the extension probes that wait for the --exercise calls
// or cost more than a request, on c, a session past its listing (and past
// its exercise when exercised): with All or --exercise the reads of the
// UI resources the tools name, under --exercise the lifecycle of a task
// on a legacy server that declares task-augmented tool calls. It returns
// when each is answered or has waited its timeout.
func Extensions(ctx context.Context, c *mcp.Client, era string, set Set, exercised bool, timeout time.Duration) {
	if set == None || ctx.Err() != nil {
		return
	}
	tr := c.Transcript()
	// The reads are sent first, in order (see batch); a task's lifecycle,
	// whose each step waits for the one before, runs beside their waits.
	b := &batch{rec: c.Recorder()}
	if set == All || exercised {
		if uris := uiResources(tr); len(uris) > 0 {
			b.add(ctx, UIResources, func() (begun, error) {
				methods := make([]string, len(uris))
				params := make([]map[string]any, len(uris))
				for i, uri := range uris {
					methods[i], params[i] = mcp.MethodResourcesRead, map[string]any{"uri": uri}
				}
				return beginEach(c, methods, params, timeout)
			})
		}
	}
	var lifecycles []func()
	if tasks, ok := taskCapability(tr); ok && era == sdk.EraLegacy && exercised && tasks.ToolCalls {
		lifecycles = append(lifecycles, func() { taskLifecycle(ctx, c, tasks, timeout) })
	}
	if era == sdk.EraModern && exercised && tasksExtension(tr) {
		lifecycles = append(lifecycles, func() { taskExtensionLifecycle(ctx, c, timeout) })
	}
	b.run(lifecycles...)
}

// uiResources is every ui:// URI a listed tool's _meta names, at most
// MaxUIResources, less those the session already read.
func uiResources(tr *sdk.Transcript) []string {
	read := map[string]bool{}
	var out []string
	for _, x := range session.Exchanges(tr) {
		if x.Method == mcp.MethodResourcesRead && x.Answered {
			var p struct {
				URI string `json:"uri"`
			}
			if json.Unmarshal(x.Params, &p) == nil {
				read[p.URI] = true
			}
		}
	}
	for _, t := range listedTools(tr) {
		for _, uri := range UIResourceURIs(t.Meta) {
			if strings.HasPrefix(uri, "ui://") && !read[uri] && len(out) < MaxUIResources {
				read[uri] = true
				out = append(out, uri)
			}
		}
	}
	return out
}

// UIResourceURIs is the resource URIs a tool's _meta names as its UI:
// _meta.ui.resourceUri, then the deprecated _meta["ui/resourceUri"] when
// it differs; strings only.
func UIResourceURIs(meta map[string]any) []string {
	var out []string
	if ui, ok := meta[UIResourceKey].(map[string]any); ok {
		if uri, ok := ui["resourceUri"].(string); ok {
			out = append(out, uri)
		}
	}
	if uri, ok := meta[DeprecatedUIResourceKey].(string); ok && (len(out) == 0 || out[0] != uri) {
		out = append(out, uri)
	}
	return out
}

// listedTool is the part of a listed tool the extension probes read.
type listedTool struct {
	Name      string         `json:"name"`
	Meta      map[string]any `json:"_meta"`
	Execution struct {
		TaskSupport string `json:"taskSupport"`
	} `json:"execution"`
}

// listedTools is every tool of every successful tools/list page of tr.
func listedTools(tr *sdk.Transcript) []listedTool {
	var out []listedTool
	for _, x := range session.Exchanges(tr) {
		if x.Method != mcp.MethodToolsList || !x.Succeeded() {
			continue
		}
		var page struct {
			Tools []json.RawMessage `json:"tools"`
		}
		if json.Unmarshal(x.Result, &page) != nil {
			continue
		}
		for _, raw := range page.Tools {
			var t listedTool
			if json.Unmarshal(raw, &t) == nil {
				out = append(out, t)
			}
		}
	}
	return out
}

// TasksExtension is the identifier of the 2026-07-28 tasks extension.
const TasksExtension = "io.modelcontextprotocol/tasks"

// tasksExtension reports whether the session's server/discover declared
// the tasks extension.
func tasksExtension(tr *sdk.Transcript) bool {
	for _, x := range session.Exchanges(tr) {
		if x.Method != mcp.MethodDiscover || !x.Succeeded() {
			continue
		}
		var res struct {
			Capabilities struct {
				Extensions map[string]json.RawMessage `json:"extensions"`
			} `json:"capabilities"`
		}
		if json.Unmarshal(x.Result, &res) == nil && declared(res.Capabilities.Extensions[TasksExtension]) {
			return true
		}
	}
	return false
}

// tasksDeclared is what a server's tasks capability says it serves.
type tasksDeclared struct {
	List, Cancel, ToolCalls bool
}

// taskCapability reads the tasks capability of the session's initialize
// result; ok is false when the server declares none.
func taskCapability(tr *sdk.Transcript) (tasksDeclared, bool) {
	for _, x := range session.Exchanges(tr) {
		if x.Method != mcp.MethodInitialize || !x.Succeeded() {
			continue
		}
		var res struct {
			Capabilities struct {
				Tasks *struct {
					List     json.RawMessage `json:"list"`
					Cancel   json.RawMessage `json:"cancel"`
					Requests struct {
						Tools struct {
							Call json.RawMessage `json:"call"`
						} `json:"tools"`
					} `json:"requests"`
				} `json:"tasks"`
			} `json:"capabilities"`
		}
		if json.Unmarshal(x.Result, &res) != nil || res.Capabilities.Tasks == nil {
			return tasksDeclared{}, false
		}
		t := res.Capabilities.Tasks
		return tasksDeclared{List: declared(t.List), Cancel: declared(t.Cancel), ToolCalls: declared(t.Requests.Tools.Call)}, true
	}
	return tasksDeclared{}, false
}

// declared reports whether a capability member is present and not null.
func declared(raw json.RawMessage) bool {
	return len(raw) > 0 && string(raw) != "null"
}

// taskLifecycle runs the TaskLifecycle probe on the first tool that
// supports tasks (execution.taskSupport optional or required) and that
// the exercise called: the same arguments, augmented with a task. It
// polls tasks/get until a terminal status or until the session's timeout
// has passed four times; a task still running then is cancelled when the
// server declares tasks.cancel, and is otherwise inconclusive.
func taskLifecycle(ctx context.Context, c *mcp.Client, tasks tasksDeclared, timeout time.Duration) {
	params, ok := exercisedTaskCall(c.Transcript())
	if !ok {
		return
	}
	rec := c.Recorder()
	rec.Event(sdk.Event{Kind: sdk.EventProbe, Detail: TaskLifecycle})
	params["task"] = map[string]any{"ttl": taskTTL}
	created, err := c.Request(ctx, mcp.MethodToolsCall, params, timeout)
	if err != nil || !created.HasResult {
		return
	}
	var res struct {
		Task struct {
			TaskID       string   `json:"taskId"`
			PollInterval *float64 `json:"pollInterval"`
		} `json:"task"`
	}
	if json.Unmarshal(created.Result, &res) != nil || res.Task.TaskID == "" {
		return
	}
	id := map[string]any{"taskId": res.Task.TaskID}
	terminal, answered := pollTask(ctx, c, id, pollEvery(res.Task.PollInterval), "pollInterval", timeout)
	if !answered {
		return
	}
	switch {
	case terminal:
		c.Request(ctx, "tasks/result", id, timeout)
	case tasks.Cancel && ctx.Err() == nil:
		// A running task is cancelled, and must read as cancelled after.
		c.Request(ctx, "tasks/cancel", id, timeout)
		c.Request(ctx, "tasks/get", id, timeout)
	default:
		rec.Event(sdk.Event{Kind: sdk.EventInconclusive,
			Detail: TaskLifecycle + ": the task was still running after " + (4 * timeout).String() + " and the server declares no tasks.cancel to end it"})
		return
	}
	if tasks.List && ctx.Err() == nil {
		c.Request(ctx, "tasks/list", nil, timeout)
	}
	if terminal && tasks.Cancel && ctx.Err() == nil {
		// Cancelling a task in a terminal status must be refused.
		c.Request(ctx, "tasks/cancel", id, timeout)
	}
}

// taskExtensionLifecycle runs the TaskExtensionLifecycle probe: the
// exercise's first successful tools/call again, declaring the tasks
// extension; a task it is answered with is polled with tasks/get until a
// terminal status or until the session's timeout has passed four times,
// and cancelled if it is still running then.
func taskExtensionLifecycle(ctx context.Context, c *mcp.Client, timeout time.Duration) {
	params, ok := exercisedCall(c.Transcript())
	if !ok {
		return
	}
	declaring := map[string]any{mcp.MetaClientCapabilities: map[string]any{"extensions": map[string]any{TasksExtension: map[string]any{}}}}
	params["_meta"] = declaring
	c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: TaskExtensionLifecycle})
	created, err := c.Request(ctx, mcp.MethodToolsCall, params, timeout)
	if err != nil || !created.HasResult {
		return
	}
	var task struct {
		ResultType   string   `json:"resultType"`
		TaskID       string   `json:"taskId"`
		PollInterval *float64 `json:"pollIntervalMs"`
	}
	if json.Unmarshal(created.Result, &task) != nil || task.ResultType != "task" || task.TaskID == "" {
		return // the server chose to answer at once
	}
	id := map[string]any{"taskId": task.TaskID, "_meta": declaring}
	terminal, answered := pollTask(ctx, c, id, pollEvery(task.PollInterval), "pollIntervalMs", timeout)
	if terminal || !answered {
		return
	}
	if ctx.Err() == nil {
		// A task still running is not left behind: the extension's
		// cancellation is only acknowledged, so nothing is read after.
		c.Request(ctx, "tasks/cancel", id, timeout)
	}
}

// pollTask polls tasks/get for the task id names, waiting poll before
// the first request and then the interval each answer asks for (its field
// intervalKey: pollInterval in 2025-11-25, pollIntervalMs in the 2026-07-28
// extension), until the task reaches a terminal status (terminal) or the
// session's timeout has passed four times. answered is false when a
// tasks/get got no result or ctx ended: nothing more is asked then.
func pollTask(ctx context.Context, c *mcp.Client, id map[string]any, poll time.Duration, intervalKey string, timeout time.Duration) (terminal, answered bool) {
	deadline := time.Now().Add(4 * timeout)
	for time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			return false, false
		case <-time.After(poll):
		}
		got, err := c.Request(ctx, "tasks/get", id, timeout)
		if err != nil || !got.HasResult {
			return false, false
		}
		var st map[string]json.RawMessage
		json.Unmarshal(got.Result, &st)
		var status string
		var interval *float64
		json.Unmarshal(st["status"], &status)
		json.Unmarshal(st[intervalKey], &interval)
		if isTerminal(status) {
			return true, true
		}
		poll = pollEvery(interval)
	}
	return false, ctx.Err() == nil
}

// exercisedCall is the params of the first tools/call the exercise sent
// that was answered with a result, without their _meta: a fresh copy.
func exercisedCall(tr *sdk.Transcript) (map[string]any, bool) {
	for _, x := range session.Exchanges(tr) {
		if x.Method != mcp.MethodToolsCall || !x.Succeeded() {
			continue
		}
		var p map[string]any
		if json.Unmarshal(x.Params, &p) != nil {
			continue
		}
		delete(p, "_meta")
		return p, true
	}
	return nil, false
}

// exercisedTaskCall is the params of the first tools/call the exercise
// sent to a tool that supports tasks, without a task: a fresh copy.
func exercisedTaskCall(tr *sdk.Transcript) (map[string]any, bool) {
	support := map[string]bool{}
	for _, t := range listedTools(tr) {
		if t.Execution.TaskSupport == "optional" || t.Execution.TaskSupport == "required" {
			support[t.Name] = true
		}
	}
	if len(support) == 0 {
		return nil, false
	}
	for _, x := range session.Exchanges(tr) {
		if x.Method != mcp.MethodToolsCall {
			continue
		}
		var p map[string]any
		if json.Unmarshal(x.Params, &p) != nil || p["task"] != nil {
			continue
		}
		if name, _ := p["name"].(string); support[name] {
			return p, true
		}
	}
	return nil, false
}

// pollEvery is the server's suggested poll interval, in milliseconds,
// within the probe's bounds.
func pollEvery(ms *float64) time.Duration {
	if ms == nil {
		return 100 * time.Millisecond
	}
	d := time.Duration(*ms * float64(time.Millisecond))
	return min(max(d, minTaskPoll), maxTaskPoll)
}

// isTerminal reports whether a task status is one no task leaves.
func isTerminal(status string) bool {
	return status == "completed" || status == "failed" || status == "cancelled"
}
