package conformance

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/rules/internal/mcpschema"
	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// wireSchema validates every message the server sent (results, errors,
// notifications, its own requests) against the official JSON Schema of the
// session's protocol version: the envelope, and the type the message
// carries (a tools/list result against ListToolsResult, a
// notifications/progress against ProgressNotification). What mcplint sent
// is trusted. One finding per message type and defect, however many
// messages and places share it.
type wireSchema struct{}

func (wireSchema) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "wire-schema", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Every message the server sends validates against the official schema of the session's protocol version",
		Doc:     doc("wire-schema"),
		Source:  "2025-11-25/basic/index.mdx#schema",
		Uses:    []string{probedSessions.Name},
	}
}

// check is one validation of a message: a value against a schema type,
// with where the value sits in the message.
type check struct {
	typ    string
	value  any
	prefix string
}

// defect is one finding being gathered: its first place and how many more
// there are.
type defect struct {
	part             part
	index            int
	label, typ, at   string
	why, fix         string
	places, messages int
	last             *wire.Msg
}

func (wireSchema) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	sch := mcpschema.For(s.ProtocolVersion)
	if sch == nil {
		return nil // version-negotiation reports a version nobody published
	}
	found := map[string]*defect{}
	var order []*defect
	// The probes' sessions are held with the same server in the same
	// version: their messages are checked alike.
	for _, p := range parts(ctx, s) {
		for _, m := range fromServer(p.Session) {
			label, checks := schemaChecks(sch, s.Era, m)
			seen := map[string]bool{}
			for _, c := range checks {
				complaints, err := sch.Validate(c.typ, c.value)
				if err != nil {
					return err
				}
				for _, cp := range complaints {
					at := c.prefix + cp.At
					if cp = ownedElsewhere(s.Era, m, at, cp); cp.Why == "" || seen[at+"\x00"+cp.Why] {
						continue
					}
					seen[at+"\x00"+cp.Why] = true
					key := c.typ + "\x00" + cp.Keyword + "\x00" + cp.Why
					d := found[key]
					if d == nil {
						d = &defect{part: p, index: m.Index, label: label, typ: c.typ, at: at, why: cp.Why, fix: cp.Fix, last: m}
						found[key] = d
						order = append(order, d)
					}
					d.places++
					if d.last != m {
						d.messages++
						d.last = m
					}
				}
			}
		}
	}
	for _, d := range order {
		where := "at " + d.at
		if d.at == "" {
			where = "as a whole"
		}
		d.part.at(report, d.index,
			fmt.Sprintf("%s does not match %s of the %s schema: %s, %s%s", d.label, d.typ, sch.Version, where, d.why, more(d)),
			fixFor(d, sch.Version))
	}
	return nil
}

// fixFor says what to change: the schema's advice for the place when it
// has one, and the type to read.
func fixFor(d *defect, version string) string {
	general := fmt.Sprintf("send %s as the %s schema.json defines %s: the official schema is the contract every client's parser is written against", d.label, version, d.typ)
	if d.fix == "" {
		return general
	}
	place := "the message"
	if d.at != "" {
		place = d.at
	}
	return fmt.Sprintf(d.fix, place) + " (and wherever else it occurs); " + general
}

// more says how many other places and messages share a defect.
func more(d *defect) string {
	switch {
	case d.places == 1:
		return ""
	case d.messages == 0:
		return fmt.Sprintf(" (and %s in this message)", plural.Count(d.places-1, "more place"))
	default:
		return fmt.Sprintf(" (and %s in %s)", plural.Count(d.places-1, "more place"), plural.Count(d.messages, "more message"))
	}
}

// schemaChecks names a server message and lists what to validate it
// against; none for lines that are not one JSON-RPC message (other rules
// report those) and for a response with both a result and an error
// (result-and-error reports it).
func schemaChecks(sch *mcpschema.Schema, era string, m *wire.Msg) (string, []check) {
	if m.Kind != wire.Response && m.Kind != wire.Notification && m.Kind != wire.Request {
		return "", nil
	}
	v, err := mcpschema.Decode(m.Bytes)
	if err != nil {
		return "", nil
	}
	obj, _ := v.(map[string]any)
	switch m.Kind {
	case wire.Notification:
		checks := []check{{typ: "JSONRPCNotification", value: v}}
		if t := sch.MethodType(m.Method); strings.HasSuffix(t, "Notification") {
			checks = append(checks, check{typ: t, value: v})
		}
		return "the " + m.Method + " notification", checks
	case wire.Request:
		checks := []check{{typ: "JSONRPCRequest", value: v}}
		if t := sch.MethodType(m.Method); strings.HasSuffix(t, "Request") {
			checks = append(checks, check{typ: t, value: v})
		}
		return "the server's " + m.Method + " request", checks
	}
	method := ""
	if m.Pair != nil {
		method = m.Pair.Method
	}
	switch {
	case m.HasResult() && m.HasError():
		return "", nil
	case m.HasError():
		label := "an error response"
		if method != "" {
			label = "the error answering " + method
		}
		return label, []check{{typ: sch.FirstOf("JSONRPCErrorResponse", "JSONRPCError"), value: v}}
	}
	label := "a result"
	checks := []check{{typ: sch.FirstOf("JSONRPCResultResponse", "JSONRPCResponse"), value: v}}
	if method != "" {
		label = "the " + method + " result"
		typ := sch.ResultType(method)
		if typ == "" {
			typ = "Result"
		}
		result, _ := obj["result"].(map[string]any)
		if era == sdk.EraModern && result["resultType"] == "input_required" && sch.Has("InputRequiredResult") {
			typ = "InputRequiredResult"
		}
		if era == sdk.EraModern && result["resultType"] == "task" && !sch.Has("CreateTaskResult") {
			// The tasks extension's CreateTaskResult, which the core
			// schema does not define: tasks-extension-result judges it.
			return label, checks
		}
		if m.Pair.Method == "tools/call" && sch.Has("CreateTaskResult") && requestsTask(m.Pair) {
			typ = "CreateTaskResult" // a task-augmented request is answered with its task
		}
		checks = append(checks, check{typ: typ, value: obj["result"], prefix: "/result"})
	}
	return label, checks
}

// ownedElsewhere drops what a rule of its own reports with a message
// written for it, so that one defect is one finding. It returns the
// complaint with what is left of it: an empty Why when nothing is.
func ownedElsewhere(era string, m *wire.Msg, at string, c mcpschema.Complaint) mcpschema.Complaint {
	method := ""
	if m.Pair != nil {
		method = m.Pair.Method
	}
	// owned are the members whose absence another rule reports; place is
	// whether it also reports a value of the wrong type at this place.
	var owned []string
	place := false
	switch {
	case at == "/jsonrpc", at == "/id":
		return mcpschema.Complaint{} // jsonrpc-version; response-id-mismatch, notification-answered
	case at == "":
		owned = []string{"jsonrpc", "id"}
	case m.Kind == wire.Response && m.HasError() && (at == "/error" || at == "/error/code" || at == "/error/message"):
		return mcpschema.Complaint{} // error-shape
	case m.Kind != wire.Response || !m.HasResult():
	case (method == "initialize" || method == "server/discover") && (at == "/result" || at == "/result/capabilities"):
		// init-result-shape, protocol-version-missing, discover-missing
		owned, place = []string{"capabilities", "protocolVersion", "supportedVersions", "serverInfo"}, true
	case method == "initialize" && (at == "/result/serverInfo" || at == "/result/serverInfo/name" || at == "/result/serverInfo/version"):
		owned, place = []string{"name", "version"}, true // server-info-missing
	case method == "tools/list" && toolsListShaped(at):
		// tools-list-shape, which lets a null nextCursor pass: the schema does not
		owned, place = []string{"tools", "name", "inputSchema"}, c.Why != "got null, want string"
	case method == "tools/list" && toolSchemaType(at):
		return mcpschema.Complaint{} // input-schema-not-object, output-schema-not-object
	case method == "ping" && at == "/result":
		place = true // ping-response
	}
	if era == sdk.EraModern && m.Kind == wire.Response && m.HasResult() {
		cacheable := cacheableMethods[method]
		if cacheable && (at == "/result/ttlMs" || at == "/result/cacheScope") {
			return mcpschema.Complaint{} // cache-hint-invalid
		}
		if at == "/result" {
			owned = append(owned, "resultType") // result-type-missing
			if cacheable {
				owned = append(owned, "ttlMs", "cacheScope")
			}
		}
	}
	if len(c.Missing) == 0 {
		if place {
			return mcpschema.Complaint{}
		}
		return c
	}
	var left []string
	for _, p := range c.Missing {
		if !slices.Contains(owned, p) {
			left = append(left, p)
		}
	}
	if len(left) == 0 {
		return mcpschema.Complaint{}
	}
	c.Missing, c.Why, c.Fix = left, mcpschema.MissingWhy(left), mcpschema.MissingFix(left)
	return c
}

// toolsListShaped reports the places of a tools/list result whose shape
// tools-list-shape checks: the result, its tools array, each tool, each
// tool's name and inputSchema, the nextCursor.
func toolsListShaped(at string) bool {
	parts := strings.Split(at, "/")[1:]
	switch {
	case len(parts) == 1: // /result
		return true
	case len(parts) == 2: // /result/tools, /result/nextCursor
		return parts[1] == "tools" || parts[1] == "nextCursor"
	case len(parts) == 3: // /result/tools/N
		return parts[1] == "tools"
	case len(parts) == 4: // /result/tools/N/name
		return parts[1] == "tools" && (parts[3] == "name" || parts[3] == "inputSchema")
	}
	return false
}

// toolSchemaType reports /result/tools/N/inputSchema/type and
// /result/tools/N/outputSchema/type, which the schema rules check.
func toolSchemaType(at string) bool {
	parts := strings.Split(at, "/")[1:]
	return len(parts) == 5 && parts[1] == "tools" && (parts[3] == "inputSchema" || parts[3] == "outputSchema") && parts[4] == "type"
}
