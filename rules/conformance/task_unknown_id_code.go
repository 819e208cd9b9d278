package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// taskUnknownIDCode reports a tasks/get, tasks/result or tasks/cancel of
// a task id the server never gave, answered other than with -32602: with
// another error code, or with a result. The probe unknown-task asks about
// one on every legacy server that declares tasks. In a 2026-07-28 session
// (the io.modelcontextprotocol/tasks extension) only tasks/get must fail
// so, and only when the request declared the extension: a client that
// does not declare it gets -32021.
type taskUnknownIDCode struct{}

func (taskUnknownIDCode) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "task-unknown-id-code", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A tasks request for a task id that does not exist fails with -32602",
		Doc:     doc("task-unknown-id-code"),
		Source:  "2025-11-25/basic/utilities/tasks.mdx#protocol-errors",
		Since:   tasksSince,
		Uses:    []string{parsedSession.Name},
	}
}

func (taskUnknownIDCode) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	// The ids the server gave: a tasks/get or tasks/cancel result only
	// echoes the id it was asked about.
	given := map[string]bool{}
	for _, t := range tasksSeen(ss) {
		if t.via != "tasks/get" && t.via != "tasks/cancel" {
			given[t.id] = true
		}
	}
	const fix = `answer tasks/get, tasks/result and tasks/cancel of a task id you do not have (never created, or deleted after its ttl) with {"code": -32602, "message": "Task not found"}`
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request || m.Pair == nil {
			continue
		}
		if m.Method != "tasks/get" && m.Method != "tasks/result" && m.Method != "tasks/cancel" {
			continue
		}
		if s.Era == sdk.EraModern && (m.Method != "tasks/get" || !declaresTasks(m)) {
			continue
		}
		id := taskIDParam(m)
		code := errorCode(m.Pair)
		if id == "" || given[id] || code == "-32602" {
			continue
		}
		problem := "succeeded: " + wire.Quote(m.Pair.Bytes, 120)
		if m.Pair.HasError() {
			problem = "was refused with code " + code + " instead of -32602 (Invalid params)"
			if code == "" {
				problem = "was refused with an error that has no numeric code"
			}
		}
		at(report, m.Pair.Index, fmt.Sprintf("%s of task %q, an id the server never gave, %s", m.Method, id, problem), fix)
	}
	return nil
}

// declaresTasks reports whether a 2026-07-28 request declares the tasks
// extension in its client capabilities.
func declaresTasks(m *wire.Msg) bool {
	var p struct {
		Meta struct {
			Capabilities struct {
				Extensions map[string]json.RawMessage `json:"extensions"`
			} `json:"io.modelcontextprotocol/clientCapabilities"`
		} `json:"_meta"`
	}
	return m.Params(&p) && nonNull(p.Meta.Capabilities.Extensions[tasksExtension])
}
