package main

import (
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
)

// TestFailedToolListingExitsThree: a server whose tools/list fails could
// not be linted (exit 3), whatever --fail-on says, and the report says
// why; a server that lists no tools passes.
func TestFailedToolListingExitsThree(t *testing.T) {
	badlist := mcptest.Server(t, "badlist")
	for _, tc := range []struct {
		name    string
		command []string
		code    int
		want    []string
	}{
		{"nope", []string{"env", "BADLIST=nope", badlist}, exitTarget,
			[]string{`could not be linted: tools/list (id 3) was answered with a result that has "tools" that is not an array: "nope"`, "tools-list-shape"}},
		{"silent", []string{"env", "BADLIST=silent", badlist}, exitTarget,
			[]string{"could not be linted: tools/list (id 3) got no answer in ", "request-timeout"}},
		{"empty", []string{"env", "BADLIST=empty", badlist}, exitOK,
			[]string{"0 tools", "0 errors, 0 warnings, 0 infos in 1 target"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"--timeout", "1s", "--probes", "none", "--no-plugins", "--fail-on", "never", "--color", "never", "--"}, tc.command...)
			out, stderr, code := runCLI(t, t.TempDir(), args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tc.code, out, stderr)
			}
			for _, want := range tc.want {
				if !strings.Contains(out, want) {
					t.Errorf("the report lacks %q:\n%s", want, out)
				}
			}
		})
	}
}
