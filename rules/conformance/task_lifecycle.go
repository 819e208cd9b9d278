package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// taskLifecycle follows each task of a 2025-11-25 server through the
// session, in the order the server spoke of it, and reports what its
// status may not do: leave a terminal status (completed, failed,
// cancelled); be answered by a tasks/cancel with another status than
// cancelled; accept a tasks/cancel once terminal instead of refusing it
// with -32602; be missing from a complete tasks/list after tasks/get
// returned it. The probe task-lifecycle drives one task through it under
// --exercise.
type taskLifecycle struct{}

func (taskLifecycle) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "task-lifecycle", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A task never leaves a terminal status, cancels into cancelled, and is listed while it can be got",
		Doc:     doc("task-lifecycle"),
		Source:  "2025-11-25/basic/utilities/tasks.mdx#task-status-lifecycle",
		Era:     sdk.EraLegacy,
		Since:   tasksSince,
		Uses:    []string{parsedSession.Name},
	}
}

func (taskLifecycle) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	seen := tasksSeen(ss)
	byMsg := map[*wire.Msg][]taskSeen{}
	for _, t := range seen {
		byMsg[t.msg] = append(byMsg[t.msg], t)
	}
	last := map[string]string{} // task id -> last status the server gave
	got := map[string]bool{}    // task ids a tasks/get returned
	reported := map[string]bool{}
	for _, m := range ss.Msgs {
		if m.Dir == sdk.DirClientToServer && m.Kind == wire.Request && m.Method == "tasks/cancel" && m.Pair != nil {
			id := taskIDParam(m)
			if was := last[id]; terminalStatus(was) && errorCode(m.Pair) != "-32602" {
				problem := "was accepted: " + wire.Quote(m.Pair.Bytes, 120)
				if m.Pair.HasError() {
					problem = "was refused with code " + errorCode(m.Pair) + " instead of -32602 (Invalid params)"
				}
				at(report, m.Pair.Index, fmt.Sprintf("tasks/cancel of task %q, already %s, %s", id, was, problem),
					`refuse to cancel a task in a terminal status (completed, failed, cancelled) with {"code": -32602, "message": "Cannot cancel task: already in terminal status"}`)
				reported[id] = true
			}
		}
		if m.Dir == sdk.DirServerToClient && m.Kind == wire.Response && m.Pair != nil && m.Pair.Method == "tasks/list" && m.HasResult() {
			missingFromList(m, byMsg[m], got, report)
		}
		for _, t := range byMsg[m] {
			if t.id == "" || !taskStatuses[t.status] {
				continue // task-shape and wire-schema report these
			}
			was := last[t.id]
			switch {
			case reported[t.id]:
			case terminalStatus(was) && t.status != was:
				at(report, m.Index, fmt.Sprintf("%s is %s after the server had reported it %s", t.name(), t.status, was),
					"keep a task that reached completed, failed or cancelled in that status: a terminal status is final, even if the work goes on or fails after a cancellation")
				reported[t.id] = true
			case t.via == "tasks/cancel" && t.status != "cancelled":
				at(report, m.Index, fmt.Sprintf("%s has status %q: a task that was cancelled must be cancelled before the response is sent", t.name(), t.status),
					`move the task to "cancelled" before answering tasks/cancel, and answer with the cancelled task`)
				reported[t.id] = true
			}
			last[t.id] = t.status
			if t.via == "tasks/get" {
				got[t.id] = true
			}
		}
	}
	return nil
}

// missingFromList reports the tasks a tasks/get returned that a complete
// tasks/list (one page: no cursor asked, none given) leaves out.
func missingFromList(m *wire.Msg, listed []taskSeen, got map[string]bool, report func(sdk.Issue)) {
	var req struct {
		Cursor json.RawMessage `json:"cursor"`
	}
	m.Pair.Params(&req)
	var res struct {
		NextCursor json.RawMessage `json:"nextCursor"`
	}
	m.Result(&res)
	if nonNull(req.Cursor) || nonNull(res.NextCursor) {
		return
	}
	in := map[string]bool{}
	for _, t := range listed {
		in[t.id] = true
	}
	for _, id := range slices.Sorted(maps.Keys(got)) {
		if !in[id] {
			at(report, m.Index, fmt.Sprintf("tasks/list leaves out task %q, which tasks/get returned", id),
				"list every task a tasks/get would return to the same requestor; page the list with nextCursor rather than leaving tasks out")
		}
	}
}
