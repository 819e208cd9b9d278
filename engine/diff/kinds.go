package diff

// Kinds are the kinds of change Compare reports, each with what it means.
// A schema kind's class depends on the schema: narrowing what an input
// schema accepts breaks callers, widening what an output schema promises
// breaks consumers of the result; the opposite is compatible.
var Kinds = map[string]string{
	"instructions-changed":         "the server's instructions text changed",
	"tool-removed":                 "a tool is gone (breaking)",
	"tool-renamed":                 "a tool is gone and a new one has its exact input and output schemas: a rename (breaking)",
	"tool-added":                   "a new tool (compatible; risky when it declares destructiveHint or openWorldHint true)",
	"text-added":                   "a description or title where there was none (compatible)",
	"text-removed":                 "a description or title is gone (compatible)",
	"text-changed":                 "a description or title was edited, word similarity at or above the threshold, or the input schema it describes changed too (compatible)",
	"description-rewritten":        "a description's words changed past the threshold while the input schema it describes did not: what the model is told changed, not what the tool takes (risky, the rug pull)",
	"security-finding":             "a built-in security rule flags the new version where it did not flag the old one (risky)",
	"annotation-not-read-only":     "readOnlyHint was true and no longer is (breaking)",
	"annotation-destructive":       "the tool may now destroy data: destructiveHint true, or unset (the specification's default) on a tool that is no longer read-only (breaking)",
	"annotation-open-world":        "openWorldHint was false and is now true or unset (the specification's default is open) (risky)",
	"annotation-changed":           "behaviour hints changed without a riskier meaning, such as a hint set to its default (compatible)",
	"metadata-changed":             "a member that does not change what the tool accepts or returns changed: _meta, icons, default, examples, $comment, deprecated, unused $defs (compatible)",
	"schema-added":                 "an input or output schema where there was none",
	"schema-removed":               "an input or output schema is gone",
	"type-narrowed":                "a schema's type accepts less (integer for number, one type fewer)",
	"type-widened":                 "a schema's type accepts more",
	"type-changed":                 "a schema's type changed to one that neither contains nor is contained in the old one (breaking)",
	"property-removed":             "a parameter or output field is gone (breaking)",
	"property-added":               "a new optional parameter (compatible) or output field (compatible)",
	"required-property-added":      "a new parameter that is required (breaking)",
	"property-now-required":        "an existing parameter or output field became required",
	"property-now-optional":        "a required parameter or output field became optional",
	"enum-value-removed":           "an allowed value is gone",
	"enum-value-added":             "a new allowed value",
	"enum-added":                   "a schema that took any value now takes a list of values",
	"enum-removed":                 "a list of allowed values is gone",
	"bound-tightened":              "a minimum, maximum, length or count bound was added or made stricter",
	"bound-loosened":               "a bound was removed or made looser",
	"constraint-added":             "a pattern, format, multipleOf, const or uniqueItems was added",
	"constraint-changed":           "a pattern, format, multipleOf or const changed (breaking: mcplint cannot tell that the new one accepts what the old one did)",
	"constraint-removed":           "a pattern, format, multipleOf, const or uniqueItems was removed",
	"additional-properties-closed": "additionalProperties is now false",
	"additional-properties-opened": "additionalProperties is no longer false",
	"variant-removed":              "an anyOf or oneOf alternative is gone",
	"variant-added":                "a new anyOf or oneOf alternative",
	"keyword-changed":              "a schema keyword mcplint does not judge ($ref, allOf, not, if/then/else, …) changed (breaking until reviewed)",
	"prompt-removed":               "a prompt is gone (breaking)",
	"prompt-added":                 "a new prompt (compatible)",
	"prompt-argument-removed":      "a prompt argument is gone (breaking)",
	"prompt-argument-added":        "a new optional prompt argument (compatible)",
	"required-argument-added":      "a new required prompt argument (breaking)",
	"argument-now-required":        "a prompt argument became required (breaking)",
	"argument-now-optional":        "a prompt argument became optional (compatible)",
	"resource-removed":             "a resource or resource template is gone (breaking)",
	"resource-added":               "a new resource or resource template (compatible)",
	"mime-type-changed":            "a resource's MIME type changed (breaking)",
}

// minorKinds add to what the server offers: without a breaking change
// they call for a minor version.
var minorKinds = map[string]bool{
	"tool-added": true, "property-added": true, "enum-value-added": true, "enum-removed": true,
	"bound-loosened": true, "constraint-removed": true, "additional-properties-opened": true,
	"variant-added": true, "type-widened": true, "property-now-optional": true, "property-now-required": true,
	"schema-added": true, "schema-removed": true, "prompt-added": true, "prompt-argument-added": true,
	"argument-now-optional": true, "resource-added": true,
}
