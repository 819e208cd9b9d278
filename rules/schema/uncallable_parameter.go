package schema

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

type uncallableParameter struct{}

func (uncallableParameter) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "uncallable-parameter",
		Category: sdk.CategorySchema,
		Severity: sdk.Error,
		Summary:  "A parameter's schema accepts no value, so no call can send it",
		Source:   "2025-11-25/server/tools.mdx#tool",
		Default:  true,
		Doc:      ruleDoc("uncallable-parameter"),
		Uses:     []string{schemaIndex.Name},
	}
}

// Check reads what each keyword of a parameter's own schema says, the
// way the schema's dialect reads it, and reports a contradiction between
// them (an empty "enum", "minimum" above "maximum", a "const" outside the
// "enum"), a schema false, and a required name that "propertyNames" or
// "maxProperties" rules out. It is no satisfiability solver: what two
// schemas combined forbid (an allOf of {"minimum": 5} and {"maximum":
// 3}) is not found. One finding per parameter, the first reason found.
func (uncallableParameter) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		if d.field != "inputSchema" || d.dialect == nil {
			return
		}
		for j := range d.nodes {
			n := &d.nodes[j]
			if n.Keyword() == "properties" && applies(d, allOfTop(d, int(n.Parent))) {
				checkProperty(d, j, report)
			}
			if n.Keys.Any(namesKeys) && n.Keyword() != "allOf" && applies(d, j) {
				checkNames(d, j, report)
			}
		}
	})
}

// checkProperty reports property schema j when it accepts no value.
func checkProperty(d *doc, j int, report func(sdk.Issue)) {
	n := &d.nodes[j]
	top := allOfTop(d, int(n.Parent))
	required := requires(d.nodes[top].Object(), n.Name, 0)
	if !required {
		// "name": false (or {"not": {}}) is how a schema forbids an
		// optional property; only a value schema that contradicts itself
		// is a defect there.
		if b, ok := n.Schema.(bool); ok && !b {
			return
		}
		if obj := n.Object(); obj != nil && rejectsAll(obj["not"]) {
			return
		}
	}
	r, ok := noValue(d, n.Schema, j, 0)
	if !ok {
		return
	}
	name := quoteShort(n.Name)
	at := d.location(int(n.Parent))
	is := sdk.Issue{Tool: d.owner, Pointer: d.pointer(j, r.keyword...), Fix: r.fix}
	switch {
	case required && chainRequired(d, top):
		is.Message = fmt.Sprintf("%s is required at %s but no value satisfies its schema: %s; no call of this tool can be valid", name, at, r.why)
	case required:
		is.Severity = sdk.Warning
		is.Message = fmt.Sprintf("%s is required at %s but no value satisfies its schema: %s; the object holding it can never be sent", name, at, r.why)
	default:
		is.Severity = sdk.Warning
		is.Message = fmt.Sprintf("%s at %s accepts no value: %s; a call can never send it", name, at, r.why)
	}
	report(is)
}

// namesKeys are the keywords checkNames reads beside "required".
var namesKeys = schemawalk.KeysOf("propertyNames", "maxProperties")

// checkNames reports the required names of object schema i that its
// "propertyNames" rejects, and a "maxProperties" below the count of
// names it requires.
func checkNames(d *doc, i int, report func(sdk.Issue)) {
	obj := d.nodes[i].Object()
	names := requiredNames(obj)
	if len(names) == 0 {
		return
	}
	issue := func(tokens []string, msg, fix string) {
		is := sdk.Issue{Tool: d.owner, Pointer: d.pointer(i, tokens...), Message: msg, Fix: fix}
		if !chainRequired(d, i) {
			is.Severity = sdk.Warning
			is.Message += "; the object holding it can never be sent"
		} else {
			is.Message += "; no call of this tool can be valid"
		}
		report(is)
	}
	if pn, ok := obj["propertyNames"]; ok && !owned(d, i, "propertyNames") {
		for _, name := range names {
			if why := rejectsName(d, pn, name); why != "" {
				issue([]string{"propertyNames"},
					fmt.Sprintf("%s is required at %s but its \"propertyNames\" rejects that name (%s)", quoteShort(name), d.location(i), why),
					fmt.Sprintf("make \"propertyNames\" accept %s, or rename the property", quoteShort(name)))
				return
			}
		}
	}
	if max, ok := asFloat(obj["maxProperties"]); ok && float64(len(names)) > max && !owned(d, i, "maxProperties") {
		issue([]string{"maxProperties"},
			fmt.Sprintf("%s requires %d properties but allows at most %s (\"maxProperties\")", d.location(i), len(names), jsonText(obj["maxProperties"])),
			fmt.Sprintf("raise \"maxProperties\" to %d or more, or require fewer properties", len(names)))
	}
}

// reason is why a schema accepts no value: the words for the message,
// the fix, and the keyword of the schema to point at (none for the
// schema as a whole).
type reason struct {
	why, fix string
	keyword  []string
}

// noValue reports whether no value satisfies schema s by what its own
// keywords say. node is s's index in d.nodes, or -1 when not known (a
// "$ref" target met through a reference): a contradiction the metaschema
// already rejects there is schema-invalid's to report.
func noValue(d *doc, s any, node, depth int) (reason, bool) {
	if b, ok := s.(bool); ok {
		if b {
			return reason{}, false
		}
		return reason{why: "the schema is false, which accepts nothing", fix: "give the parameter a schema that describes its values, or remove it and its \"required\" entry"}, true
	}
	obj, ok := s.(map[string]any)
	if !ok || depth > 8 {
		return reason{}, false
	}
	if ref, ok := obj["$ref"].(string); ok && d.refs != nil {
		res := resolveRef(d.refs, obj, ref)
		if res.Kind == jsonref.Local {
			if r, ok := noValue(d, res.Target, nodeOf(d, res.Target), depth+1); ok {
				r.why = fmt.Sprintf("its \"$ref\" %s: %s", quoteShort(ref), r.why)
				r.keyword = []string{"$ref"}
				return r, true
			}
		}
		if !d.dialect.since(draft2019) {
			return reason{}, false // before 2019-09 the keywords beside "$ref" are ignored
		}
	}
	if rejectsAll(obj["not"]) {
		return reason{why: "\"not\" rejects every value", fix: "remove the \"not\", or give it the schema of the values to refuse", keyword: []string{"not"}}, true
	}
	enum, hasEnum := obj["enum"].([]any)
	if hasEnum && len(enum) == 0 && !owned(d, node, "enum") {
		return reason{why: "\"enum\" is empty", fix: "list the values the parameter accepts in \"enum\", or remove \"enum\"", keyword: []string{"enum"}}, true
	}
	types, typed := typeList(obj["type"])
	if typed && len(types) == 0 {
		if owned(d, node, "type") {
			return reason{}, false
		}
		return reason{why: "\"type\" lists no type", fix: "name the parameter's type in \"type\"", keyword: []string{"type"}}, true
	}
	if cv, hasConst := obj["const"]; hasConst && d.dialect.since(draft06) {
		if typed && !hasType(cv, types) {
			return reason{why: fmt.Sprintf("\"const\" is %s, which is not of \"type\" %s", compactJSON(cv), strings.Join(types, " or ")),
				fix: "make \"const\" and \"type\" agree", keyword: []string{"const"}}, true
		}
		if hasEnum && len(enum) > 0 && !slices.ContainsFunc(enum, func(e any) bool { return equalJSON(e, cv) }) {
			return reason{why: fmt.Sprintf("\"const\" is %s, which \"enum\" does not list", compactJSON(cv)),
				fix: "keep one of \"const\" and \"enum\", or list the constant in \"enum\"", keyword: []string{"const"}}, true
		}
	}
	if typed && hasEnum && len(enum) > 0 && !slices.ContainsFunc(enum, func(e any) bool { return hasType(e, types) }) {
		return reason{why: fmt.Sprintf("no value of \"enum\" is of \"type\" %s", strings.Join(types, " or ")),
			fix: "make \"enum\" and \"type\" agree", keyword: []string{"enum"}}, true
	}
	if typed {
		if r, ok := emptyRange(d, obj, types); ok {
			return r, true
		}
	}
	if all, ok := obj["allOf"].([]any); ok {
		for k, sub := range all {
			if r, ok := noValue(d, sub, -1, depth+1); ok {
				r.why = fmt.Sprintf("its allOf/%d: %s", k, r.why)
				r.keyword = append([]string{"allOf", fmt.Sprint(k)}, r.keyword...)
				return r, true
			}
		}
	}
	return reason{}, false
}

// emptyRange reports a lower bound above an upper bound on the one kind
// of value "type" allows: numbers (integers), strings, arrays, objects.
// A bound on another kind does not constrain a value of that type.
func emptyRange(d *doc, obj map[string]any, types []string) (reason, bool) {
	switch {
	case onlyOf(types, "number", "integer"):
		return numberRange(d, obj, onlyOf(types, "integer", "integer"))
	case onlyOf(types, "string", "string"):
		return countRange(obj, "minLength", "maxLength", "characters")
	case onlyOf(types, "array", "array"):
		return countRange(obj, "minItems", "maxItems", "items")
	case onlyOf(types, "object", "object"):
		return countRange(obj, "minProperties", "maxProperties", "properties")
	}
	return reason{}, false
}

// onlyOf reports whether every type named is a or b.
func onlyOf(types []string, a, b string) bool {
	for _, t := range types {
		if t != a && t != b {
			return false
		}
	}
	return true
}

// countRange reports a minimum count above the maximum.
func countRange(obj map[string]any, minKw, maxKw, what string) (reason, bool) {
	lo, okLo := asFloat(obj[minKw])
	hi, okHi := asFloat(obj[maxKw])
	if !okLo || !okHi || lo <= hi {
		return reason{}, false
	}
	return reason{why: fmt.Sprintf("%q is %s but %q is %s, so no value has an allowed number of %s", minKw, jsonText(obj[minKw]), maxKw, jsonText(obj[maxKw]), what),
		fix: fmt.Sprintf("lower %q or raise %q", minKw, maxKw), keyword: []string{minKw}}, true
}

// numberRange reports numeric bounds no number (or, for integers, no
// integer) lies within, reading "exclusiveMinimum" and "exclusiveMaximum"
// as the dialect does: flags on "minimum"/"maximum" in draft-04, bounds of
// their own since draft-06.
func numberRange(d *doc, obj map[string]any, integer bool) (reason, bool) {
	lo, hi := math.Inf(-1), math.Inf(1)
	loEx, hiEx := false, false
	var loKw, hiKw string
	bound := func(kw string, exclusive, lower bool) {
		v, ok := asFloat(obj[kw])
		if !ok {
			return
		}
		if lower && (v > lo || v == lo && exclusive) {
			lo, loEx, loKw = v, exclusive, kw
		}
		if !lower && (v < hi || v == hi && exclusive) {
			hi, hiEx, hiKw = v, exclusive, kw
		}
	}
	if d.dialect.since(draft06) {
		bound("minimum", false, true)
		bound("exclusiveMinimum", true, true)
		bound("maximum", false, false)
		bound("exclusiveMaximum", true, false)
	} else {
		ex := func(kw string) bool { b, _ := obj[kw].(bool); return b }
		bound("minimum", ex("exclusiveMinimum"), true)
		bound("maximum", ex("exclusiveMaximum"), false)
	}
	if loKw == "" || hiKw == "" {
		return reason{}, false
	}
	swapped := lo > hi
	empty := swapped || lo == hi && (loEx || hiEx)
	integerGap := false
	if integer && !empty {
		// The least integer allowed above the lower bound, against the
		// upper one.
		least := math.Ceil(lo)
		if loEx && least == lo {
			least++
		}
		empty = least > hi || least == hi && hiEx
		integerGap = true
	}
	if !empty {
		return reason{}, false
	}
	what, fix := "number", fmt.Sprintf("widen the range: %q equal to %q, one of them exclusive, allows no number", loKw, hiKw)
	switch {
	case integerGap:
		what, fix = "integer", fmt.Sprintf("let an integer lie between %q and %q, or make \"type\" \"number\"", loKw, hiKw)
	case swapped:
		fix = fmt.Sprintf("make %q at most %q (they look swapped)", loKw, hiKw)
	}
	bounds := func(kw string, exclusive bool) string {
		text := fmt.Sprintf("%q is %s", kw, jsonText(obj[kw]))
		if exclusive && !d.dialect.since(draft06) {
			text += fmt.Sprintf(" with %q true", "exclusive"+strings.ToUpper(kw[:1])+kw[1:])
		}
		return text
	}
	return reason{why: fmt.Sprintf("%s and %s, so no %s lies between them", bounds(loKw, loEx), bounds(hiKw, hiEx), what),
		fix: fix, keyword: []string{loKw}}, true
}

// rejectsName says why a "propertyNames" schema rejects name, or "" when
// it may accept it. Only its own keywords that constrain strings are read.
func rejectsName(d *doc, pn any, name string) string {
	if b, ok := pn.(bool); ok {
		if b {
			return ""
		}
		return "it is false"
	}
	obj, ok := pn.(map[string]any)
	if !ok {
		return ""
	}
	if rejectsAll(obj["not"]) {
		return "its \"not\" rejects every name"
	}
	if enum, ok := obj["enum"].([]any); ok && !slices.ContainsFunc(enum, func(e any) bool { return equalJSON(e, name) }) {
		return "its \"enum\" does not list it"
	}
	if cv, ok := obj["const"]; ok && d.dialect.since(draft06) && !equalJSON(cv, name) {
		return "its \"const\" is " + compactJSON(cv)
	}
	n := float64(utf8.RuneCountInString(name))
	if max, ok := asFloat(obj["maxLength"]); ok && n > max {
		return fmt.Sprintf("its \"maxLength\" is %s", jsonText(obj["maxLength"]))
	}
	if min, ok := asFloat(obj["minLength"]); ok && n < min {
		return fmt.Sprintf("its \"minLength\" is %s", jsonText(obj["minLength"]))
	}
	if pat, ok := obj["pattern"].(string); ok {
		if re, err := regexp.Compile(pat); err == nil && !re.MatchString(name) {
			return fmt.Sprintf("its \"pattern\" %s does not match it", quoteShort(pat))
		}
	}
	return ""
}

// rejectsAll reports whether a "not" value is a schema every value
// satisfies, so that the "not" accepts none: true or {}.
func rejectsAll(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// singleTypes are the one-name lists of "type": a string "type", on most
// parameters, is read without allocating.
var singleTypes = func() map[string][]string {
	m := map[string][]string{}
	for _, t := range typeNames {
		m[t] = []string{t}
	}
	return m
}()

// typeList reads "type": its names, and whether it is there as a string
// or an array of strings.
func typeList(v any) ([]string, bool) {
	switch x := v.(type) {
	case string:
		if one, ok := singleTypes[x]; ok {
			return one, true
		}
		return []string{x}, true
	case []any:
		names := make([]string, 0, len(x))
		for _, t := range x {
			s, ok := t.(string)
			if !ok {
				return nil, false
			}
			names = append(names, s)
		}
		return names, true
	}
	return nil, false
}

// requiredNames are the names an object schema requires: its own
// "required" and those of the "allOf" branches that apply with it.
func requiredNames(obj map[string]any) []string {
	var names []string
	var collect func(o map[string]any, depth int)
	collect = func(o map[string]any, depth int) {
		req, _ := o["required"].([]any)
		for _, r := range req {
			if s, ok := r.(string); ok && !slices.Contains(names, s) {
				names = append(names, s)
			}
		}
		all, _ := o["allOf"].([]any)
		for _, sub := range all {
			if m, ok := sub.(map[string]any); ok && depth < 8 {
				collect(m, depth+1)
			}
		}
	}
	collect(obj, 0)
	return names
}

// applies reports whether object schema i describes a value that a call
// may have to send: not a branch of a choice or a condition, where an
// impossible branch is only never taken, and nothing under "not", which
// inverts what the schemas below it say.
func applies(d *doc, i int) bool {
	if inPlace(d.nodes[i].Keyword()) {
		return false
	}
	for ; i >= 0; i = int(d.nodes[i].Parent) {
		if d.nodes[i].Keyword() == "not" {
			return false
		}
	}
	return true
}

// requires reports whether an object schema requires name, in its own
// "required" or in that of an "allOf" branch that applies with it.
func requires(obj map[string]any, name string, depth int) bool {
	req, _ := obj["required"].([]any)
	for _, r := range req {
		if r == name {
			return true
		}
	}
	all, _ := obj["allOf"].([]any)
	for _, sub := range all {
		if m, ok := sub.(map[string]any); ok && depth < 8 && requires(m, name, depth+1) {
			return true
		}
	}
	return false
}

// allOfTop climbs from node i through "allOf" to the schema whose
// branches apply together with it.
func allOfTop(d *doc, i int) int {
	for d.nodes[i].Parent >= 0 && d.nodes[i].Keyword() == "allOf" {
		i = int(d.nodes[i].Parent)
	}
	return i
}

// chainRequired reports whether every call must send the object node i
// describes: it is the arguments object itself, or a required property
// of one that must be sent, possibly through "allOf". A "$defs" entry, an
// array's items or a branch of a choice is not.
func chainRequired(d *doc, i int) bool {
	for {
		i = allOfTop(d, i)
		n := &d.nodes[i]
		if n.Parent < 0 {
			return true
		}
		if n.Keyword() != "properties" {
			return false
		}
		top := allOfTop(d, int(n.Parent))
		if !requires(d.nodes[top].Object(), n.Name, 0) {
			return false
		}
		i = top
	}
}

// owned reports whether schema-invalid reports keyword kw of node i: a
// value the metaschema rejects is its finding, not this rule's.
func owned(d *doc, i int, kw string) bool {
	for _, v := range d.violations {
		if v.node == i && len(v.path) > 0 && v.path[0] == kw {
			return true
		}
	}
	return false
}

// nodeOf is the index of the node whose schema is target, or -1.
func nodeOf(d *doc, target any) int {
	m, ok := target.(map[string]any)
	if !ok {
		return -1
	}
	for i := range d.nodes {
		if o := d.nodes[i].Object(); o != nil && reflect.ValueOf(o).UnsafePointer() == reflect.ValueOf(m).UnsafePointer() {
			return i
		}
	}
	return -1
}
