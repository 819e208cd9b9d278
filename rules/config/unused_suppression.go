package config

import (
	"context"
	"fmt"
	"sort"

	"github.com/mcplint/mcplint/internal/ranges"
	"github.com/mcplint/mcplint/internal/suppress"
	"github.com/mcplint/mcplint/rules/internal/jsonvalue"
	"github.com/mcplint/mcplint/sdk"
)

// unusedSuppression reports suppressions that silence nothing.
//
// The rule has two halves. Check reports what the Snapshot alone decides:
// an "mcplint/ignore" that is not an object, is empty, or sits where
// mcplint never reads it. Whether a well-formed suppression matched an
// issue is known only after every other rule ran, so the engine's
// suppression pipeline reports those findings under this rule's name; it
// does so only for suppressions of rules that ran, since an ignore for a
// disabled rule is dormant, not stale.
type unusedSuppression struct{}

// Meta describes the rule.
func (unusedSuppression) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     suppress.UnusedRule,
		Category: sdk.CategoryConfig,
		Severity: sdk.Warning,
		Summary:  "a suppression that matches no issue",
		Doc:      doc("unused-suppression"),
		Source:   "2025-11-25/basic/index.mdx#_meta",
		Default:  true,
	}
}

// Check reports inline suppressions that can never match.
func (unusedSuppression) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	defs := suppress.Definitions(s)
	stray := strayMetas(defs)
	for i, d := range defs {
		if v, ok := suppress.InlineObject(d.Def); ok {
			at := sdk.Pointer(d.Scope(), "_meta", suppress.MetaKey)
			switch obj, isObj := v.(map[string]any); {
			case !isObj:
				report(sdk.Issue{
					Tool: d.Owner, Pointer: at,
					Message: fmt.Sprintf("%q on %s is %s, not an object of rule names to reasons, so it suppresses nothing", suppress.MetaKey, d.Kind(), jsonvalue.Kind(v)),
					Fix:     `Write it as "mcplint/ignore": {"RULE": "why this is not a defect here"}.`,
				})
			case len(obj) == 0:
				report(sdk.Issue{
					Tool: d.Owner, Pointer: at,
					Message: fmt.Sprintf("%q on %s is empty, so it suppresses nothing", suppress.MetaKey, d.Kind()),
					Fix:     `Remove it, or name a rule: "mcplint/ignore": {"RULE": "why this is not a defect here"}.`,
				})
			}
		}
		if _, ok := d.Def[suppress.MetaKey]; ok {
			report(misplaced(d, sdk.Pointer(d.Scope(), suppress.MetaKey)))
		}
		if stray[i] {
			walkMeta(d.Def, d.Scope(), true, func(p string) { report(misplaced(d, p)) })
		}
	}
	return nil
}

func misplaced(d suppress.Definition, p string) sdk.Issue {
	return sdk.Issue{
		Tool: d.Owner, Pointer: p,
		Message: fmt.Sprintf("%q at %s is not in the _meta of %s, where mcplint reads suppressions, so it suppresses nothing", suppress.MetaKey, p, d.Kind()),
		Fix:     fmt.Sprintf(`Move it into the definition's own "_meta" (%s/_meta/mcplint~1ignore); it covers every issue inside the definition.`, d.Scope()),
	}
}

// walkMeta calls found for every "mcplint/ignore" in a "_meta" object below
// v, except the definition's own (top).
func walkMeta(v any, at string, top bool, found func(pointer string)) {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			child := sdk.Pointer(at, k)
			if meta, ok := v[k].(map[string]any); ok && k == "_meta" && !top {
				if _, has := meta[suppress.MetaKey]; has {
					found(sdk.Pointer(child, suppress.MetaKey))
				}
			}
			if k == "_meta" && top {
				continue
			}
			walkMeta(v[k], child, false, found)
		}
	case []any:
		for i, e := range v {
			walkMeta(e, sdk.Pointer(at, fmt.Sprint(i)), false, found)
		}
	}
}

// strayMetas is strayMeta of each definition, found in ranges on
// GOMAXPROCS goroutines: it reads every value of every definition, and a
// rule that does so alone would be the last one running on a large list.
func strayMetas(defs []suppress.Definition) []bool {
	stray := make([]bool, len(defs))
	ranges.Go(len(defs), func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			stray[i] = strayMeta(defs[i].Def, true)
		}
	})()
	return stray
}

// strayMeta reports whether walkMeta finds anything below v. Almost no
// definition holds a stray suppression, and this answers without sorting
// keys or building a pointer for every value of a large schema. It
// descends only into objects and arrays, testing each value's type where
// it meets it: most values of a schema are strings and numbers, and a
// call for each would cost more than the test.
func strayMeta(v any, top bool) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			switch e := e.(type) {
			case map[string]any:
				if k == "_meta" {
					if top {
						continue
					}
					if _, has := e[suppress.MetaKey]; has {
						return true
					}
				}
				if strayMeta(e, false) {
					return true
				}
			case []any:
				if k == "_meta" && top {
					continue
				}
				if strayMeta(e, false) {
					return true
				}
			}
		}
	case []any:
		for _, e := range v {
			switch e.(type) {
			case map[string]any, []any:
				if strayMeta(e, false) {
					return true
				}
			}
		}
	}
	return false
}
