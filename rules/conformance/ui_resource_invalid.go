package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// uiResourceInvalid reports the UI resources of MCP Apps (SEP-1865, the
// io.modelcontextprotocol/ui extension) that a host could not show: a
// ui:// resource a listed tool names in its _meta that resources/read
// does not serve, or serves without a content of its URI, without the
// MIME type text/html;profile=mcp-app, without text or blob, or with
// security metadata (_meta.ui: csp, permissions, domain, prefersBorder)
// of the wrong shape. The listed resource's _meta.ui is checked too. The
// probe ui-resources reads each such resource with --probes all or
// --exercise.
type uiResourceInvalid struct{}

func (uiResourceInvalid) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "ui-resource-invalid", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A tool's ui:// resource reads as text/html;profile=mcp-app with well-formed content-security metadata",
		Doc:     doc("ui-resource-invalid"),
		Source:  "io.modelcontextprotocol/ui 2026-01-26 (SEP-1865), UI Resource Format",
		Uses:    []string{parsedSession.Name},
	}
}

// uiMimeType is the MIME type of an MCP App's HTML.
const uiMimeType = "text/html;profile=mcp-app"

func (uiResourceInvalid) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	named := map[string]string{} // ui:// URI -> the first tool that names it
	for _, t := range s.Tools {
		for _, uri := range uiResourceURIs(t.Meta) {
			if _, dup := named[uri]; !dup && strings.HasPrefix(uri, "ui://") {
				named[uri] = t.Name
			}
		}
	}
	if len(named) == 0 {
		return nil
	}
	issue := func(uri string, index int, msg, fix string) {
		report(sdk.Issue{Tool: sdk.OwnerResource(uri), Pointer: wire.RecordPointer(index), Message: msg, Fix: fix})
	}
	for i, r := range s.Resources {
		if _, ok := named[r.URI]; ok {
			for _, p := range uiMetaProblems(r.Def["_meta"]) {
				report(sdk.Issue{Tool: sdk.OwnerResource(r.URI), Pointer: fmt.Sprintf("/resources/%d/_meta/ui", i),
					Message: fmt.Sprintf("the listed UI resource %q %s", r.URI, p), Fix: uiMetaFix})
			}
		}
	}
	done := map[string]bool{}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Method != "resources/read" || m.Pair == nil {
			continue
		}
		var p struct {
			URI string `json:"uri"`
		}
		m.Params(&p)
		tool, ok := named[p.URI]
		if !ok || done[p.URI] {
			continue
		}
		done[p.URI] = true
		what := fmt.Sprintf("the UI resource %q of tool %q", p.URI, tool)
		if m.Pair.HasError() {
			issue(p.URI, m.Pair.Index, fmt.Sprintf("reading %s failed with code %s: the resource a tool names must exist on the server", what, errorCode(m.Pair)),
				"serve every ui:// resource your tools name with resources/read (listing it is optional), or drop the name from the tool's _meta")
			continue
		}
		for _, problem := range uiContentProblems(m.Pair, p.URI) {
			issue(p.URI, m.Pair.Index, what+" "+problem, uiContentFix)
		}
	}
	return nil
}

const (
	uiContentFix = `answer resources/read of a UI resource with {"contents": [{"uri": "<the ui:// URI>", "mimeType": "text/html;profile=mcp-app", "text": "<!DOCTYPE html>..."}]}`
	uiMetaFix    = `write _meta.ui as {"csp": {"connectDomains": ["https://api.example.com"], "resourceDomains": ["https://cdn.example.com"]}, "prefersBorder": true}: each csp list an array of origins, each permission an object, domain a string, prefersBorder a boolean`
)

// uiContentProblems says what a resources/read result of uri lacks: a
// content of that URI with the MCP App MIME type, text or a blob, and
// well-formed _meta.ui.
func uiContentProblems(resp *wire.Msg, uri string) []string {
	var res struct {
		Contents []map[string]any `json:"contents"`
	}
	if !resp.Result(&res) {
		return nil // wire-schema reports a result that is not a ReadResourceResult
	}
	var out []string
	found := false
	for _, c := range res.Contents {
		if c["uri"] != uri {
			continue
		}
		found = true
		mime, _ := c["mimeType"].(string)
		if normalMIME(mime) != uiMimeType {
			if mime == "" {
				out = append(out, "is served without a mimeType; it must be "+uiMimeType)
			} else {
				out = append(out, fmt.Sprintf("is served as %q; it must be %s", mime, uiMimeType))
			}
		}
		_, text := c["text"].(string)
		_, blob := c["blob"].(string)
		if !text && !blob {
			out = append(out, "has neither text nor blob: the HTML must be one or the other")
		}
		for _, p := range uiMetaProblems(c["_meta"]) {
			out = append(out, "has content with "+p[len("has "):])
		}
	}
	if !found {
		out = append(out, "was read, but no content of the result has its URI")
	}
	return slices.Compact(out)
}

// normalMIME is a MIME type in lower case without spaces around its
// parameters, so that "text/html; profile=mcp-app" reads as the type.
func normalMIME(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), " ", "")
}

// uiCSPKeys are the origin lists of _meta.ui.csp.
var uiCSPKeys = []string{"connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"}

// uiMetaProblems says what is wrong with the shape of a _meta's "ui"
// member (SEP-1865's UIResourceMeta), each as "has ..."; none when it is
// absent.
func uiMetaProblems(meta any) []string {
	m, _ := meta.(map[string]any)
	raw, ok := m["ui"]
	if !ok {
		return nil
	}
	ui, ok := raw.(map[string]any)
	if !ok {
		return []string{"has a _meta.ui that is not an object"}
	}
	var out []string
	if raw, ok := ui["csp"]; ok {
		csp, isObj := raw.(map[string]any)
		if !isObj {
			out = append(out, "has a _meta.ui.csp that is not an object")
		}
		for _, key := range uiCSPKeys {
			if v, ok := csp[key]; ok && !stringList(v) {
				out = append(out, "has _meta.ui.csp."+key+" "+compactJSON(v)+", not an array of origins")
			}
		}
	}
	if raw, ok := ui["permissions"]; ok {
		perms, isObj := raw.(map[string]any)
		if !isObj {
			out = append(out, "has a _meta.ui.permissions that is not an object")
		}
		for _, key := range []string{"camera", "microphone", "geolocation", "clipboardWrite"} {
			if v, ok := perms[key]; ok {
				if _, isObj := v.(map[string]any); !isObj {
					out = append(out, "has _meta.ui.permissions."+key+" "+compactJSON(v)+", not an object ({} asks for it)")
				}
			}
		}
	}
	if v, ok := ui["domain"]; ok {
		if _, isString := v.(string); !isString {
			out = append(out, "has _meta.ui.domain "+compactJSON(v)+", not a string")
		}
	}
	if v, ok := ui["prefersBorder"]; ok {
		if _, isBool := v.(bool); !isBool {
			out = append(out, "has _meta.ui.prefersBorder "+compactJSON(v)+", not a boolean")
		}
	}
	return out
}

// stringList reports whether v is an array of strings.
func stringList(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, e := range list {
		if _, ok := e.(string); !ok {
			return false
		}
	}
	return true
}

// compactJSON shows a value as JSON, cut for a message.
func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "a value"
	}
	return wire.Quote(b, 60)
}

// uiResourceURIs is the resource URIs a tool's _meta names as its UI:
// _meta.ui.resourceUri and the deprecated flat _meta["ui/resourceUri"];
// strings only.
func uiResourceURIs(meta map[string]any) []string {
	var out []string
	if ui, ok := meta["ui"].(map[string]any); ok {
		if uri, ok := ui["resourceUri"].(string); ok {
			out = append(out, uri)
		}
	}
	if uri, ok := meta["ui/resourceUri"].(string); ok {
		out = append(out, uri)
	}
	return out
}
