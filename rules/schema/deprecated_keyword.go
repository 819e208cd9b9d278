package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

type deprecatedKeyword struct{}

func (deprecatedKeyword) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "deprecated-keyword",
		Category: sdk.CategorySchema,
		Severity: sdk.Info,
		Summary:  "A schema uses a keyword its dialect deprecated or replaced",
		Source:   "2025-11-25/basic/index.mdx#schema-dialect",
		Default:  true,
		Doc:      ruleDoc("deprecated-keyword"),
		Uses:     []string{schemaIndex.Name},
	}
}

// replaced describes one deprecated keyword.
type replaced struct {
	since    *dialect
	severity sdk.Severity
	msg      string
	fix      string
}

var replacements = map[string]replaced{
	"definitions": {since: draft2019, msg: "is the draft-07 name of \"$defs\"",
		fix: "rename \"definitions\" to \"$defs\" and each \"$ref\": \"#/definitions/…\" to \"#/$defs/…\""},
	"dependencies": {since: draft2019, severity: sdk.Warning,
		msg: "is no longer a keyword, so validators may ignore it; it was split into \"dependentRequired\" (lists of names) and \"dependentSchemas\" (schemas)"},
	"additionalItems": {since: draft2020, severity: sdk.Warning,
		msg: "is not a keyword any more and is ignored; \"items\" now applies to the items after \"prefixItems\"",
		fix: "put the positional schemas in \"prefixItems\" and the schema for the rest in \"items\""},
	"$recursiveRef": {since: draft2020, severity: sdk.Warning,
		msg: "was replaced by \"$dynamicRef\" and is ignored",
		fix: "use \"$dynamicRef\" with a \"$dynamicAnchor\" on the target"},
	"$recursiveAnchor": {since: draft2020, severity: sdk.Warning,
		msg: "was replaced by \"$dynamicAnchor\" and is ignored",
		fix: "use \"$dynamicAnchor\": \"name\" here and \"$dynamicRef\": \"#name\" where it is referenced"},
	"id": {since: draft06,
		msg: "is not a keyword since draft-06 (it became \"$id\"), so it is ignored",
		fix: "rename \"id\" to \"$id\", or remove it"},
}

var deprecatedKeys = func() schemawalk.Keys {
	var k schemawalk.Keys
	for kw := range replacements {
		k |= schemawalk.KeysOf(kw)
	}
	return k
}()

func (deprecatedKeyword) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		if d.dialect == nil {
			return
		}
		for i := range d.nodes {
			if !d.nodes[i].Keys.Any(deprecatedKeys) {
				continue
			}
			for kw, v := range d.nodes[i].Object() {
				rep, ok := replacements[kw]
				if !ok || !d.dialect.since(rep.since) {
					continue
				}
				if _, isString := v.(string); kw == "id" && !isString {
					continue
				}
				fix := rep.fix
				if kw == "dependencies" {
					fix = dependenciesFix(v)
				}
				report(sdk.Issue{
					Tool:     d.owner,
					Severity: rep.severity,
					Pointer:  d.pointer(i, kw),
					Message:  fmt.Sprintf("%q at %s %s (%s)", kw, d.location(i), rep.msg, dialectLabel(d)),
					Fix:      fix,
				})
			}
		}
	})
}

// dependenciesFix names the replacement that fits the values.
func dependenciesFix(v any) string {
	m, _ := v.(map[string]any)
	var lists, schemas int
	for _, dep := range m {
		if _, ok := dep.([]any); ok {
			lists++
		} else {
			schemas++
		}
	}
	switch {
	case schemas == 0:
		return "rename \"dependencies\" to \"dependentRequired\""
	case lists == 0:
		return "rename \"dependencies\" to \"dependentSchemas\""
	}
	return "move the entries that list names to \"dependentRequired\" and those that are schemas to \"dependentSchemas\""
}
