package security_test

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"

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

// TestStandardsMapping checks that every security rule, here and in the
// rest of the built-in set, names its OWASP MCP Top 10 item and its CWE,
// which reports show as tags.
func TestStandardsMapping(t *testing.T) {
	owasp := regexp.MustCompile(`^MCP(0[1-9]|10):2025 \S.*$`)
	cwe := regexp.MustCompile(`^CWE-[1-9][0-9]*$`)
	for _, r := range rules.All() {
		m := r.Meta()
		if m.Category != sdk.CategorySecurity {
			continue
		}
		if !owasp.MatchString(m.OWASP) || !cwe.MatchString(m.CWE) {
			t.Errorf("%s: OWASP %q and CWE %q, want e.g. \"MCP03:2025 Tool Poisoning\" and \"CWE-1427\"", m.Name, m.OWASP, m.CWE)
		}
	}
}
