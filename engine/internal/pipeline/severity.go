package pipeline

import "github.com/mcplint/mcplint/sdk"

// Severity applies the user's [rules.severity] overrides: an override
// replaces both the rule's default and a severity the rule chose.
type Severity struct {
	Overrides map[string]sdk.Severity
}

// Name implements Processor.
func (Severity) Name() string { return "severity" }

// Process implements Processor.
func (s Severity) Process(targets []*Target) {
	if len(s.Overrides) == 0 {
		return
	}
	each(targets, func(t *Target) {
		for i := range t.Result.Issues {
			if o, ok := s.Overrides[t.Result.Issues[i].Rule]; ok && o != 0 {
				t.Result.Issues[i].Severity = o
			}
		}
	})
}
