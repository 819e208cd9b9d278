package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// tasksExtensionResult reports, in a 2026-07-28 session, what the tasks
// extension forbids of the server's answers: a task (a result with
// "resultType": "task") answering a request that did not declare the
// extension, or a request other than tools/call; tasks/get, tasks/update
// and tasks/cancel results that are not "complete", a tasks/get result
// without its status's payload, an acknowledgment that is not empty, and
// a task that tasks/get does not find within its lifetime right after the
// server created it.
type tasksExtensionResult struct{}

func (tasksExtensionResult) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "tasks-extension-result", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A 2026-07-28 server answers with a task only a tools/call that declares the tasks extension, and its tasks/* results have the extension's shape",
		Doc:     doc("tasks-extension-result"),
		Source:  "io.modelcontextprotocol/tasks 2026-07-28, specification/2026-07-28/tasks.md#capability-negotiation",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

// taskPayload is the member a tasks/get result must carry in each status
// (tasks.md, Task Polling: Response).
var taskPayload = map[string]string{"completed": "result", "failed": "error", "input_required": "inputRequests"}

// declaresTasksExtension reports whether request m's client capabilities
// declare the tasks extension.
func declaresTasksExtension(m *wire.Msg) bool {
	var caps struct {
		Extensions map[string]json.RawMessage `json:"extensions"`
	}
	json.Unmarshal(requestMeta(m)[metaClientCapabilities], &caps)
	return nonNull(caps.Extensions[tasksExtension])
}

func (tasksExtensionResult) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || s.Era != sdk.EraModern {
		return nil
	}
	// created holds each task a CreateTaskResult gave, with its record's
	// time and lifetime (ttlMs; nil for unlimited).
	type creation struct {
		tMs float64
		ttl *float64
	}
	created := map[string]creation{}
	g := newGrouped()
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request || m.Pair == nil {
			continue
		}
		resp := m.Pair
		if resp.HasError() {
			var e struct {
				Error struct {
					Code json.Number `json:"code"`
				} `json:"error"`
			}
			json.Unmarshal(resp.Bytes, &e)
			id := taskIDParam(m)
			c, ok := created[id]
			if m.Method == "tasks/get" && e.Error.Code == "-32602" && ok && declaresTasksExtension(m) && (c.ttl == nil || resp.TMs-c.tMs < *c.ttl) {
				g.add("durable", resp.Index, fmt.Sprintf("tasks/get did not find task %q, which the server had created earlier in the session (its ttlMs is not over): %s",
					id, wire.Quote(resp.Bytes, 160)))
			}
			continue
		}
		var res map[string]json.RawMessage
		if !resp.Result(&res) || res == nil {
			continue
		}
		var resultType string
		json.Unmarshal(res["resultType"], &resultType)
		switch m.Method {
		case "tasks/get", "tasks/update", "tasks/cancel":
			if resultType != "" && resultType != "complete" {
				g.add("type "+m.Method, resp.Index, fmt.Sprintf(`the %s result has "resultType": %q; the extension requires "complete" on it`, m.Method, resultType))
			}
			if m.Method == "tasks/get" {
				var status string
				json.Unmarshal(res["status"], &status)
				if member, ok := taskPayload[status]; ok && !nonNull(res[member]) {
					g.add("payload "+status, resp.Index, fmt.Sprintf("the tasks/get result of task %q is %q without the %q member that status requires", taskIDParam(m), status, member))
				}
				continue
			}
			extra := slices.DeleteFunc(slices.Sorted(maps.Keys(res)), func(k string) bool { return k == "resultType" || k == "_meta" })
			if len(extra) > 0 {
				g.add("ack "+m.Method, resp.Index, fmt.Sprintf("the %s result carries %s; on success the server acknowledges it with an empty result", m.Method, strings.Join(extra, ", ")))
			}
			continue
		}
		if resultType != "task" {
			continue
		}
		switch {
		case m.Method != "tools/call":
			g.add("method "+m.Method, resp.Index, fmt.Sprintf(`%s was answered with a task ("resultType": "task"); tools/call is the only request the tasks extension lets a server answer with a CreateTaskResult`, m.Method))
		case !declaresTasksExtension(m):
			g.add("undeclared", resp.Index, fmt.Sprintf(`tools/call was answered with a task ("resultType": "task") although its client capabilities do not declare the %s extension`, tasksExtension))
		default:
			var t struct {
				TaskID string   `json:"taskId"`
				TTL    *float64 `json:"ttlMs"`
			}
			json.Unmarshal(resp.Obj["result"], &t)
			if t.TaskID != "" {
				created[t.TaskID] = creation{tMs: resp.TMs, ttl: t.TTL}
			}
		}
	}
	g.report(report, `answer with a task ({"resultType": "task", "taskId": …}) only a tools/call whose _meta client capabilities declare "extensions": {"io.modelcontextprotocol/tasks": {}}, and only once tasks/get finds the task; answer tasks/get with "resultType": "complete" and the status's result, error or inputRequests, and tasks/update and tasks/cancel with {"resultType": "complete"} alone`)
	return nil
}
