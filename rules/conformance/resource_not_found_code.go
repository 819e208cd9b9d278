package conformance

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// resourceNotFoundCode reports, in a 2026-07-28 session, a resources/read
// of a resource that does not exist answered other than with -32602: with
// the old -32002, another code, or a result (an empty contents array
// included). A resource does not exist when the server neither lists its
// URI nor lists a template whose literal start it has; any read answered
// -32002 is reported too, since that code now means nothing else.
type resourceNotFoundCode struct{}

func (resourceNotFoundCode) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "resource-not-found-code", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Reading a resource that does not exist fails with -32602, not -32002 or an empty result",
		Doc:     doc("resource-not-found-code"),
		Source:  "2026-07-28/server/resources.mdx#error-handling",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

func (resourceNotFoundCode) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	const fix = `answer a resources/read of a URI you do not have with {"code": -32602, "message": "Resource not found", "data": {"uri": "<the URI>"}}; -32002 was the code before 2026-07-28`
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Method != "resources/read" || m.Pair == nil {
			continue
		}
		var p struct {
			URI string `json:"uri"`
		}
		m.Params(&p)
		code := errorCode(m.Pair)
		if code == "-32002" {
			at(report, m.Pair.Index, fmt.Sprintf("reading %q was refused with -32002, the resource-not-found code of earlier revisions, which 2026-07-28 servers must not emit", p.URI), fix)
			continue
		}
		if code == "-32602" || resourceMayExist(s, p.URI) {
			continue
		}
		var problem string
		switch {
		case m.Pair.HasError():
			problem = "was refused with code " + code + " instead of -32602"
		default:
			problem = "succeeded: " + wire.Quote(m.Pair.Bytes, 120)
		}
		at(report, m.Pair.Index, fmt.Sprintf("reading %q, a resource the server neither lists nor matches with a template, %s", p.URI, problem), fix)
	}
	return nil
}

// resourceMayExist reports whether uri is a listed resource or could be
// one of a listed template: it starts with the template's text before its
// first expression.
func resourceMayExist(s *sdk.Snapshot, uri string) bool {
	for _, r := range s.Resources {
		if r.URI == uri {
			return true
		}
	}
	for _, t := range s.ResourceTemplates {
		prefix, _, _ := strings.Cut(t.URITemplate, "{")
		if strings.HasPrefix(uri, prefix) {
			return true
		}
	}
	return false
}
