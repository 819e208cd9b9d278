package reference

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// uiToolMeta reports a tool whose MCP Apps metadata (SEP-1865, the
// io.modelcontextprotocol/ui extension) cannot name a UI resource: a
// _meta.ui that is not an object, a resourceUri (or the deprecated flat
// "ui/resourceUri") that is not a ui:// URI, the two keys naming
// different resources, or a visibility that is not a list of "model" and
// "app". It reads the tool list alone, so it judges a static file as it
// judges a live server.
type uiToolMeta struct{}

// Meta describes the rule.
func (uiToolMeta) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "ui-tool-meta",
		Category: sdk.CategoryReference,
		Severity: sdk.Error,
		Summary:  "A tool's MCP Apps _meta.ui names a ui:// resource and a visibility of model and app",
		Doc:      doc("ui-tool-meta"),
		Source:   "io.modelcontextprotocol/ui 2026-01-26 (SEP-1865), Resource Discovery",
		Default:  true,
	}
}

// uiScheme starts every UI resource URI.
const uiScheme = "ui://"

// Check reads each tool's _meta.
func (uiToolMeta) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	for i, t := range s.Tools {
		at := func(key, msg, fix string) {
			report(sdk.Issue{Tool: t.Name, Pointer: fmt.Sprintf("/tools/%d/_meta/%s", i, key), Message: msg, Fix: fix})
		}
		raw, hasUI := t.Meta["ui"]
		ui, isObject := raw.(map[string]any)
		if hasUI && !isObject {
			at("ui", fmt.Sprintf("tool %q has a _meta.ui that is not an object", t.Name),
				`write _meta.ui as an object: {"resourceUri": "ui://server/view.html"}`)
		}
		uri, hasURI := ui["resourceUri"]
		flat, hasFlat := t.Meta["ui/resourceUri"]
		if hasURI {
			checkUIURI(t.Name, "_meta.ui.resourceUri", uri, func(msg, fix string) { at("ui/resourceUri", msg, fix) })
		}
		if hasFlat && (!hasURI || fmt.Sprint(uri) != fmt.Sprint(flat)) {
			checkUIURI(t.Name, `_meta["ui/resourceUri"]`, flat, func(msg, fix string) { at("ui~1resourceUri", msg, fix) })
		}
		if a, b := fmt.Sprint(uri), fmt.Sprint(flat); hasURI && hasFlat && a != b {
			at("ui~1resourceUri", fmt.Sprintf("tool %q names two UI resources: %q in _meta.ui.resourceUri and %q in the deprecated _meta[\"ui/resourceUri\"]", t.Name, a, b),
				`give the deprecated "ui/resourceUri" the same URI as ui.resourceUri, or drop it: a host that reads the old key shows another view`)
		}
		if v, ok := ui["visibility"]; ok && !validVisibility(v) {
			at("ui/visibility", fmt.Sprintf("tool %q has _meta.ui.visibility %s; it must be a list of \"model\" and \"app\"", t.Name, quoteValue(v)),
				`write visibility as ["model", "app"] (the default), ["model"] or ["app"] for a tool only its view calls`)
		}
	}
	return nil
}

// checkUIURI reports a UI resource URI that is not a ui:// string.
func checkUIURI(tool, key string, v any, report func(msg, fix string)) {
	const fix = `name the UI resource with a ui:// URI that resources/read serves, e.g. "ui://weather/dashboard.html", with mimeType "text/html;profile=mcp-app"`
	s, ok := v.(string)
	switch {
	case !ok:
		report(fmt.Sprintf("tool %q has %s %s, which is not a string", tool, key, quoteValue(v)), fix)
	case !strings.HasPrefix(s, uiScheme):
		report(fmt.Sprintf("tool %q names its UI resource %q in %s: a UI resource URI must start with ui://", tool, s, key), fix)
	}
}

// validVisibility reports whether v is a list of "model" and "app".
func validVisibility(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, e := range list {
		if e != "model" && e != "app" {
			return false
		}
	}
	return true
}

// quoteValue shows a JSON value in a message, cut to 80 characters.
func quoteValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "a value that is not JSON"
	}
	return snip.Runes(string(b), 80)
}
