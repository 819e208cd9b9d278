package engine_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// A tool whose schema holds a number past float64's range is linted, live
// as in a static file of the same tools.
func TestToolWithANumberPastFloat64IsLinted(t *testing.T) {
	live := lintQuick(t, "--", mcptest.Server(t, "outofrange"))
	if live.Error != nil || live.Counts.Tools != 1 {
		t.Fatalf("error %v, %d tools: want the one tool linted", live.Error, live.Counts.Tools)
	}
	file := filepath.Join(t.TempDir(), "tools.json")
	tools := `{"tools":[{"name":"clamp","description":"Clamp a number to the range the server accepts and return it.",` +
		`"inputSchema":{"type":"object","properties":{"value":{"type":"number","description":"The number to clamp","maximum":1e309},` +
		`"limit":{"description":"The largest value to return"}},"required":["value"]},"annotations":{"readOnlyHint":true,"openWorldHint":false}}]}`
	if err := os.WriteFile(file, []byte(tools), 0o644); err != nil {
		t.Fatal(err)
	}
	static := lintQuick(t, file)
	findings := func(tg *result.Target) []string {
		var out []string
		for _, is := range tg.Issues {
			if is.Category != sdk.CategoryConformance {
				out = append(out, is.Rule+" "+is.Tool+": "+is.Message)
			}
		}
		slices.Sort(out)
		return out
	}
	got, want := findings(live), findings(static)
	if !slices.Equal(got, want) || !slices.ContainsFunc(got, func(f string) bool { return strings.HasPrefix(f, "property-missing-type clamp: ") }) {
		t.Errorf("live findings\n%q\nwant the static file's\n%q\nwith property-missing-type on clamp", got, want)
	}
}
