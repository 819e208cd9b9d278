package conformance

import (
	"context"
	"fmt"
	"time"

	"github.com/mcplint/mcplint/sdk"
)

// taskShape reports the task data of a 2025-11-25 server that breaks what
// the tasks page requires beyond the schema's types (which wire-schema
// checks): a task created in another status than working, an empty or
// reused task id, createdAt and lastUpdatedAt that are not RFC 3339
// timestamps, and a tasks/result without the related-task _meta that
// names its task.
type taskShape struct{}

func (taskShape) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "task-shape", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A task starts working, has a unique id and RFC 3339 timestamps, and its result names it in _meta",
		Doc:     doc("task-shape"),
		Source:  "2025-11-25/basic/utilities/tasks.mdx#behavior-requirements",
		Era:     sdk.EraLegacy,
		Since:   tasksSince,
		Uses:    []string{parsedSession.Name},
	}
}

func (taskShape) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	created := map[string]int{}  // task id -> record of the result that created it
	stamped := map[string]bool{} // task id and key whose timestamp was reported
	for _, t := range tasksSeen(ss) {
		name := t.name()
		if raw, ok := t.task["taskId"].(string); ok && raw == "" {
			at(report, t.msg.Index, fmt.Sprintf("%s has an empty taskId", name),
				"give every task a unique, non-empty string id, with enough entropy that it cannot be guessed")
		}
		if t.via == "create" {
			if first, dup := created[t.id]; dup && t.id != "" {
				at(report, t.msg.Index, fmt.Sprintf("task id %q was given to a second task (the first was created at record %d)", t.id, first),
					"generate a new task id for every task: task ids must be unique among all the tasks the server controls")
			} else {
				created[t.id] = t.msg.Index
			}
			if t.status != "" && t.status != "working" {
				at(report, t.msg.Index, fmt.Sprintf("%s began in status %q", name, t.status),
					`answer a task-augmented request with the task in status "working", and move it on later: tasks/get reports where it went`)
			}
		}
		if t.via == "notifications/tasks/status" {
			continue // the timestamps are required of responses
		}
		for _, key := range []string{"createdAt", "lastUpdatedAt"} {
			v, ok := t.task[key].(string)
			if !ok {
				continue // absent or not a string: wire-schema reports it
			}
			if _, err := time.Parse(time.RFC3339Nano, v); err != nil && !stamped[t.id+"\x00"+key] {
				stamped[t.id+"\x00"+key] = true
				at(report, t.msg.Index, fmt.Sprintf("%s has %s %q, which is not an ISO 8601 (RFC 3339) timestamp", name, key, v),
					`write `+key+` as an RFC 3339 timestamp, e.g. "2025-11-25T10:30:00Z"`)
			}
		}
	}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Method != "tasks/result" || m.Pair == nil || !m.Pair.HasResult() {
			continue
		}
		id := taskIDParam(m)
		var res struct {
			Meta map[string]any `json:"_meta"`
		}
		m.Pair.Result(&res)
		related, _ := res.Meta[relatedTaskKey].(map[string]any)
		got, _ := related["taskId"].(string)
		if got == id {
			continue
		}
		msg := fmt.Sprintf("the tasks/result of task %q has no %s in its _meta", id, relatedTaskKey)
		if related != nil {
			msg = fmt.Sprintf("the tasks/result of task %q names task %q in its %s _meta", id, got, relatedTaskKey)
		}
		at(report, m.Pair.Index, msg, fmt.Sprintf(`add "_meta": {%q: {"taskId": %q}} to the result: the result itself does not say which task it belongs to`, relatedTaskKey, id))
	}
	return nil
}
