package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// tasksExtensionRequired reports, in a 2026-07-28 session with a server
// that declares the io.modelcontextprotocol/tasks extension, a tasks/get,
// tasks/update or tasks/cancel whose request did not declare the
// extension and that was answered other than with -32021 (Missing
// Required Client Capability). The probe tasks-undeclared sends one of
// each.
type tasksExtensionRequired struct{}

func (tasksExtensionRequired) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "tasks-extension-required", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The tasks extension's methods refuse a request that does not declare the extension with -32021",
		Doc:     doc("tasks-extension-required"),
		Source:  "io.modelcontextprotocol/tasks 2026-07-28, specification/2026-07-28/tasks.md#protocol-errors",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

func (tasksExtensionRequired) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	if ext, _ := s.Capabilities["extensions"].(map[string]any); ext[tasksExtension] == nil {
		return nil
	}
	const fix = `answer tasks/get, tasks/update and tasks/cancel from a request whose _meta client capabilities lack "extensions": {"io.modelcontextprotocol/tasks": {}} with {"code": -32021, "message": "Missing required client capability", "data": {"requiredCapabilities": {"extensions": {"io.modelcontextprotocol/tasks": {}}}}}`
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request || m.Pair == nil {
			continue
		}
		if m.Method != "tasks/get" && m.Method != "tasks/update" && m.Method != "tasks/cancel" || declaresTasks(m) {
			continue
		}
		code := errorCode(m.Pair)
		if code == "-32021" {
			continue
		}
		problem := "was accepted: " + wire.Quote(m.Pair.Bytes, 120)
		if m.Pair.HasError() {
			problem = "was refused with code " + code + " instead of -32021"
		}
		at(report, m.Pair.Index, fmt.Sprintf("%s from a request that does not declare the %s extension %s", m.Method, tasksExtension, problem), fix)
	}
	return nil
}
