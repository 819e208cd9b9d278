package config

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/internal/suppress"
	"github.com/mcplint/mcplint/sdk"
)

// suppressionReasonMissing reports inline suppressions without a reason.
// (A [[ignore]] without one is a config error: the file is rejected.)
type suppressionReasonMissing struct{}

// Meta describes the rule.
func (suppressionReasonMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "suppression-reason-missing",
		Category: sdk.CategoryConfig,
		Severity: sdk.Error,
		Summary:  "an inline mcplint/ignore entry gives no reason",
		Doc:      doc("suppression-reason-missing"),
		Source:   "2025-11-25/basic/index.mdx#_meta",
		Default:  true,
	}
}

// Check reports each inline entry whose reason is missing, blank or not a
// string.
func (suppressionReasonMissing) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	for _, sup := range suppress.Inline(s) {
		if sup.Reason != "" {
			continue
		}
		report(sdk.Issue{
			Tool:    sup.Owner,
			Pointer: sup.Pointer,
			Message: fmt.Sprintf("inline suppression of %q has no reason, so it suppresses nothing", sup.Rule),
			Fix:     fmt.Sprintf(`Say why this is not a defect here: "mcplint/ignore": {%q: "<reason>"}, or remove the entry.`, sup.Rule),
		})
	}
	return nil
}
