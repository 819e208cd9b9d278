package rules

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestEveryRuleHasFixtures fails when a rule has no fixture folder: its
// package's testdata/RULE, holding at least one input (*.json) with the
// golden (*.golden) of what the rule reports on it. The category tests run
// those folders; a rule without one would be skipped without a word. An
// input named ok* is one the rule must stay silent on, and any other holds
// a defect the rule must find: its golden is not empty, so a rule that
// reports nothing cannot pass on goldens written from it.
func TestEveryRuleHasFixtures(t *testing.T) {
	const module = "github.com/mcplint/mcplint/"
	for _, r := range All() {
		name := r.Meta().Name
		typ := reflect.TypeOf(r)
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		pkg, ok := strings.CutPrefix(typ.PkgPath(), module)
		if !ok {
			t.Errorf("%s: type %s is not in this module", name, typ)
			continue
		}
		dir := filepath.Join("..", pkg, "testdata", name)
		inputs, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		n := 0
		for _, in := range inputs {
			if strings.HasSuffix(in, ".settings.json") {
				continue
			}
			base := strings.TrimSuffix(strings.TrimSuffix(in, ".json"), ".snapshot")
			golden, err := os.ReadFile(base + ".golden")
			switch ok := strings.HasPrefix(filepath.Base(base), "ok"); {
			case err != nil:
				t.Errorf("%s: %s has no golden %s.golden", name, in, filepath.Base(base))
			case ok && len(golden) > 0:
				t.Errorf("%s: %s.golden is not empty, but an input named ok* is one the rule must stay silent on", name, base)
			case !ok && len(golden) == 0:
				t.Errorf("%s: %s.golden is empty: the rule finds nothing in %s (name an input the rule must stay silent on ok*)", name, base, filepath.Base(in))
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: no fixtures in %s (add an input NAME.json or NAME.snapshot.json and run the category's tests with MCPLINT_UPDATE_GOLDEN=1)", name, dir)
		}
	}
}
