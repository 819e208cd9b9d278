package rules

import (
	"testing"

	"github.com/mcplint/mcplint/internal/analysis"
)

// TestEveryRuleUsesKnownAnalyses fails when a rule lists in its Meta.Uses
// a name that is no analysis: a typo would otherwise surface only when
// the rule first reads the analysis it meant. (A rule that reads an
// analysis it did not list panics in analysis.Of, which its fixtures
// show.)
func TestEveryRuleUsesKnownAnalyses(t *testing.T) {
	for _, r := range All() {
		m := r.Meta()
		if err := analysis.Check(m.Uses); err != nil {
			t.Errorf("%s: %v", m.Name, err)
		}
	}
}
