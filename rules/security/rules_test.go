package security_test

import (
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/rules/security"
	"github.com/mcplint/mcplint/sdk/linttest"
)

func TestRules(t *testing.T) {
	for _, r := range security.Rules() {
		name := r.Meta().Name
		t.Run(name, func(t *testing.T) {
			linttest.Run(t, r, filepath.Join("testdata", name))
		})
	}
}
