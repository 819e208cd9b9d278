package engine

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/clientconfig"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/engine/trace"
	builtinrules "github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// SnapshotOfData reads a file's bytes that did not come from a file on
// disk (a file at a git revision, for `mcplint diff`) as a lint reads a
// .json or .jsonl target: a trace or a static tool list. input names it
// in reports and errors; name is the server's name when the file does not
// give one. A client config is refused: its servers are commands of the
// machine, not of the revision.
func SnapshotOfData(input, name string, data []byte) (*sdk.Snapshot, error) {
	t := target.Target{Name: name, Input: input, Data: data, Kind: target.Static}
	switch {
	case trace.Sniff(data):
		t.Kind = target.Trace
	case clientconfig.Sniff(data):
		return nil, fmt.Errorf("%s is a client config; its servers run from this machine, not from the revision: diff a tool list (mcplint dump) or a trace instead", input)
	}
	snaps, errs := LoadAll(context.Background(), []target.Target{t}, nil)
	if errs[0] != nil {
		return nil, errs[0]
	}
	return snaps[0], nil
}

// SnapshotName is the name a file's server gets when it gives none: the
// file's base name without its extension, as a lint names it.
func SnapshotName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

// SecurityRules are the built-in security rules cfg enables, configured
// from it, that judge one server alone: definition-changed (which reads
// the lock) is left out, as are cross-server rules, which need the other
// servers of a client config.
func SecurityRules(cfg *config.Config) ([]sdk.Rule, error) {
	if cfg == nil {
		cfg = config.Default()
	}
	all := builtinrules.All()
	if err := cfg.ConfigureRules(all); err != nil {
		return nil, &ConfigError{err}
	}
	sel := runner.SelectionFrom(cfg.Rules, nil, nil, nil)
	var out []sdk.Rule
	for _, r := range all {
		m := r.Meta()
		if m.Category != sdk.CategorySecurity || !sel.Enabled(m) || m.Name == "definition-changed" || m.Name == "cross-server-collision" {
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

// SecurityFindings runs rules (SecurityRules) on s and returns their
// issues. A rule that fails is an error.
func SecurityFindings(ctx context.Context, rules []sdk.Rule, s *sdk.Snapshot) ([]sdk.Issue, error) {
	issues, ruleErrs := runner.Run(ctx, rules, s)
	if len(ruleErrs) > 0 {
		var errs []error
		for _, e := range ruleErrs {
			errs = append(errs, fmt.Errorf("rule %s: %s", e.Rule, e.Error))
		}
		return issues, errors.Join(errs...)
	}
	return issues, nil
}
