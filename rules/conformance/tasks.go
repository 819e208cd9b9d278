package conformance

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// tasksSince is the protocol version whose text defines tasks
// (2025-11-25/basic/utilities/tasks.mdx). 2026-07-28 moved them out of
// the core protocol into the io.modelcontextprotocol/tasks extension,
// whose lifecycle differs (no tasks/list or tasks/result, a cancel that is
// only acknowledged): task-shape and task-lifecycle are legacy-era rules.
const tasksSince = "2025-11-25"

// tasksExtension is the identifier of the 2026-07-28 tasks extension.
const tasksExtension = "io.modelcontextprotocol/tasks"

// taskStatuses are the statuses a task can have; terminal ones no task
// leaves.
var taskStatuses = map[string]bool{"working": true, "input_required": true, "completed": true, "failed": true, "cancelled": true}

func terminalStatus(s string) bool { return s == "completed" || s == "failed" || s == "cancelled" }

// relatedTaskKey is the _meta key that ties a message to its task.
const relatedTaskKey = "io.modelcontextprotocol/related-task"

// nonNull reports whether a JSON member is present and not null: a
// request's "task" that asks for a task, a cursor that continues a list.
func nonNull(raw json.RawMessage) bool {
	return len(raw) > 0 && string(raw) != "null"
}

// requestsTask reports whether request m is task-augmented.
func requestsTask(m *wire.Msg) bool {
	var p struct {
		Task json.RawMessage `json:"task"`
	}
	return m.Params(&p) && nonNull(p.Task)
}

// taskSeen is one task object the server sent: in the CreateTaskResult of
// a task-augmented request (via "create"), a tasks/get or tasks/cancel
// result, a tasks/list entry, or a notifications/tasks/status.
type taskSeen struct {
	// via is "create", "tasks/get", "tasks/cancel", "tasks/list" or
	// "notifications/tasks/status".
	via string
	// msg is the server's message that carries the task.
	msg *wire.Msg
	// at is the task object's JSON pointer inside the message.
	at   string
	task map[string]any
	// id and status are the task's taskId and status when they are
	// strings; "" otherwise.
	id, status string
}

// tasksSeen lists every task object the server sent in ss, in order.
func tasksSeen(ss *wire.Session) []taskSeen {
	var out []taskSeen
	add := func(via string, m *wire.Msg, at string, v any) {
		t, ok := v.(map[string]any)
		if !ok {
			return
		}
		id, _ := t["taskId"].(string)
		status, _ := t["status"].(string)
		out = append(out, taskSeen{via: via, msg: m, at: at, task: t, id: id, status: status})
	}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirServerToClient {
			continue
		}
		if m.Kind == wire.Notification && m.Method == "notifications/tasks/status" {
			var p map[string]any
			if m.Params(&p) {
				add(m.Method, m, "/params", p)
			}
			continue
		}
		if m.Kind != wire.Response || m.Pair == nil || !m.HasResult() {
			continue
		}
		var res map[string]any
		if !m.Result(&res) {
			continue
		}
		switch method := m.Pair.Method; {
		case method == "tasks/get" || method == "tasks/cancel":
			add(method, m, "/result", res)
		case method == "tasks/list":
			list, _ := res["tasks"].([]any)
			for i, t := range list {
				add(method, m, "/result/tasks/"+strconv.Itoa(i), t)
			}
		case requestsTask(m.Pair):
			add("create", m, "/result/task", res["task"])
		case res["resultType"] == "task":
			// The 2026-07-28 extension's CreateTaskResult is the task itself.
			add("create", m, "/result", res)
		}
	}
	return out
}

// taskIDParam is the taskId a tasks/* request names, "" when it names none.
func taskIDParam(m *wire.Msg) string {
	var p struct {
		TaskID string `json:"taskId"`
	}
	m.Params(&p)
	return p.TaskID
}

// name says which task this is and where it was seen: `task "t1" in the
// tasks/get result`.
func (t taskSeen) name() string {
	where := "the " + t.via + " result"
	switch t.via {
	case "create":
		where = "the CreateTaskResult answering " + t.msg.Pair.Method
	case "notifications/tasks/status":
		where = "a " + t.via + " notification"
	}
	if t.id == "" {
		return "the task in " + where
	}
	return fmt.Sprintf("task %q in %s", t.id, where)
}
