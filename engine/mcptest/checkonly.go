package mcptest

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// CheckOnly fails t unless, of the rules in family, tg reports at min
// severity or above exactly want ("" for none), listing every finding
// when it does not. The one-defect fixture tests use it: each fixture
// breaks one rule of its family and must get that rule alone.
func CheckOnly(t *testing.T, tg *result.Target, family []string, want string, min sdk.Severity) {
	t.Helper()
	var got []string
	for _, is := range tg.Issues {
		if is.Severity >= min && slices.Contains(family, is.Rule) && !slices.Contains(got, is.Rule) {
			got = append(got, is.Rule)
		}
	}
	if (want == "" && len(got) > 0) || (want != "" && !slices.Equal(got, []string{want})) {
		var all []string
		for _, is := range tg.Issues {
			all = append(all, is.Rule+": "+is.Message)
		}
		t.Errorf("rules %q, want %q; all:\n%s", got, want, strings.Join(all, "\n"))
	}
}
