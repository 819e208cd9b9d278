package schema

import (
	"context"

	"github.com/mcplint/mcplint/internal/compat"
	"github.com/mcplint/mcplint/sdk"
)

// clientCompatibilitySettings are the rule's settings: [compat] in
// .mcplint.toml, or --clients on the command line.
type clientCompatibilitySettings struct {
	// Clients are the selected profiles' names.
	Clients []string `json:"clients"`
	// Profiles are the user's own profiles, by name, each as
	// compat.Profile's fields.
	Profiles map[string]map[string]any `json:"profiles"`
}

// clientCompatibility reports what the selected clients' profiles reject.
type clientCompatibility struct {
	selected []*compat.Profile
}

func (r *clientCompatibility) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "client-compatibility",
		Category: sdk.CategorySchema,
		Severity: sdk.Error,
		Summary:  "Tool names, counts and schemas fit what the selected MCP clients and model APIs accept",
		Source:   "https://github.com/mcplint/mcplint/blob/main/docs/clients.md",
		Default:  false,
		Doc:      ruleDoc("client-compatibility"),
	}
}

// Configure reads the selected clients and the user's own profiles. With
// no client selected the rule reports nothing.
func (r *clientCompatibility) Configure(decode func(any) error) error {
	var s clientCompatibilitySettings
	if err := decode(&s); err != nil {
		return err
	}
	selected, err := compat.Select(s.Clients, s.Profiles)
	if err != nil {
		return err
	}
	r.selected = selected
	return nil
}

func (r *clientCompatibility) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	if len(r.selected) == 0 {
		return ctx.Err()
	}
	for _, f := range compat.Check(r.selected, compat.Target{Server: s.Name, Tools: s.Tools}) {
		if err := ctx.Err(); err != nil {
			return err
		}
		report(sdk.Issue{Tool: f.Tool, Pointer: f.Pointer, Message: f.Message, Fix: f.Fix})
	}
	return nil
}
