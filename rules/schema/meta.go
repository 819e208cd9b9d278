package schema

import (
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unsafe"

	"github.com/mcplint/mcplint/internal/schemawalk"
)

// violation is one place where a schema breaks the rules of its dialect's
// metaschema.
type violation struct {
	// node is the flattened subschema that holds the offending value, and
	// path the reference tokens from it to the value.
	node int
	path []string
	msg  string
	fix  string
}

// checkMeta validates a schema document against the metaschema of dialect
// d, the way validating it as an instance of that metaschema would, but
// directly in Go: a generic validator walking the 2020-12 metaschema costs
// several times the JSON decoding of the tools themselves. It follows the
// dialect's own schema positions (a keyword of another draft is not a
// keyword here, and what sits under it is not checked), except that "$defs"
// is read as a schema map in every draft, because "$ref"s point into it
// whatever the draft. Beyond the metaschema, it reports regular expressions
// that no ECMA-262 engine accepts (the metaschema's "format": "regex").
//
// regexps caches regexProblem's verdicts, since tools of one server repeat
// their patterns; it may be nil.
func checkMeta(root any, d *dialect, regexps map[string]string) []violation {
	var c metaChecker
	c.begin(d, regexps)
	return c.check(schemawalk.Flatten(nil, root))
}

// begin readies the checker for one schema of dialect d, keeping its
// buffers from the last one.
func (c *metaChecker) begin(d *dialect, regexps map[string]string) {
	c.d, c.regexps, c.out = d, regexps, nil
	c.inPosition = c.inPosition[:0]
}

// check checks every keyword of every node of one flattened schema and
// returns the violations.
func (c *metaChecker) check(flat []schemawalk.Flat) []violation {
	for i := range flat {
		obj := flat[i].Object()
		if len(obj) == 0 {
			continue
		}
		at := cleanObject{reflect.ValueOf(obj).UnsafePointer(), c.d}
		if _, ok := c.clean[at]; ok {
			c.advance(flat, i)
			continue
		}
		before, scalars := len(c.out), true
		for kw, v := range obj {
			switch v.(type) {
			case map[string]any, []any:
				scalars = false
			}
			c.key(flat, i, kw, v)
		}
		if scalars && len(c.out) == before && c.inPosition[i] && int(flat[i].Depth) < schemawalk.MaxDepth && len(c.clean) < cleanMax {
			if c.clean == nil {
				c.clean = make(map[cleanObject]struct{})
			}
			c.clean[at] = struct{}{}
		}
	}
	return c.finish(flat)
}

// cleanObject is an object of scalars, by its map, that breaks no rule of
// a dialect. The decoder gives one map for each object of scalars that
// repeats ({"type": "string"} and the like, most of a list's property
// schemas), and what such an object breaks depends on its members and the
// dialect alone: none of them is a subschema that depth or place could
// change. A map met again clean is not checked again.
type cleanObject struct {
	m unsafe.Pointer // keeps the map alive, so its address is not reused while remembered
	d *dialect
}

// cleanMax bounds the clean objects a checker remembers.
const cleanMax = 1 << 16

// key checks one keyword of one node.
func (c *metaChecker) key(flat []schemawalk.Flat, node int, kw string, v any) {
	c.advance(flat, node)
	n := &flat[node]
	if !c.inPosition[node] || int(n.Depth) >= schemawalk.MaxDepth {
		return
	}
	c.node, c.path = node, c.path[:0]
	c.keyword(n.Schema.(map[string]any), kw, v, int(n.Depth))
}

// finish checks the nodes no key led to and returns the violations.
func (c *metaChecker) finish(flat []schemawalk.Flat) []violation {
	c.advance(flat, len(flat)-1)
	return c.out
}

// advance decides, for each node up to last not yet seen, whether the
// dialect reads it as a schema, and checks the ones that are not objects
// (they have no keys to be called with).
func (c *metaChecker) advance(flat []schemawalk.Flat, last int) {
	for i := len(c.inPosition); i <= last; i++ {
		n := &flat[i]
		in := n.Parent < 0 || c.inPosition[n.Parent] && c.position(n)
		c.inPosition = append(c.inPosition, in)
		if _, isObject := n.Schema.(map[string]any); isObject || !in || int(n.Depth) >= schemawalk.MaxDepth {
			continue
		}
		c.node, c.path = i, c.path[:0]
		boolOK := c.d != draft04 || n.Index < 0 && (n.Keyword() == "additionalProperties" || n.Keyword() == "additionalItems")
		c.notObject(n.Schema, boolOK)
	}
}

// position reports whether a node sits where the dialect reads a schema,
// given that its parent does.
func (c *metaChecker) position(n *schemawalk.Flat) bool {
	d := c.d
	switch n.Keyword() {
	case "items":
		return n.Index < 0 || d != draft2020
	case "additionalItems":
		return d != draft2020
	case "prefixItems":
		return d == draft2020
	case "contains", "propertyNames":
		return d.since(draft06)
	case "if", "then", "else":
		return d.since(draft07)
	case "dependentSchemas", "unevaluatedItems", "unevaluatedProperties", "contentSchema":
		return d.since(draft2019)
	}
	return true
}

// metaChecker checks one node's keywords. Subschemas are nodes of their
// own, checked in turn, except under "dependencies", which schemawalk does
// not visit: there it recurses.
type metaChecker struct {
	// inPosition[i] is true when node i is read as a schema.
	inPosition []bool
	d          *dialect
	node       int
	path       []string
	out        []violation
	regexps    map[string]string
	recurse    bool
	// clean holds the objects of scalars found clean, kept from schema
	// to schema.
	clean map[cleanObject]struct{}
}

func (c *metaChecker) regexProblem(pattern string) string {
	if c.regexps == nil {
		return regexProblem(pattern)
	}
	p, ok := c.regexps[pattern]
	if !ok {
		p = regexProblem(pattern)
		c.regexps[pattern] = p
	}
	return p
}

func (c *metaChecker) fail(tokens []string, msg, fix string) {
	p := make([]string, 0, len(c.path)+len(tokens))
	p = append(append(p, c.path...), tokens...)
	c.out = append(c.out, violation{node: c.node, path: p, msg: msg, fix: fix})
}

func (c *metaChecker) push(tokens ...string) { c.path = append(c.path, tokens...) }
func (c *metaChecker) pop(n int)             { c.path = c.path[:len(c.path)-n] }

// schema checks a value in a schema position, and everything below it
// (under "dependencies"). boolOK is false where the draft wants an object
// (draft-04 has no boolean schemas except under "additionalProperties" and
// "additionalItems").
func (c *metaChecker) schema(v any, boolOK bool, depth int) {
	obj, ok := v.(map[string]any)
	if !ok {
		c.notObject(v, boolOK)
		return
	}
	if depth >= schemawalk.MaxDepth {
		return
	}
	for kw, val := range obj {
		c.keyword(obj, kw, val, depth)
	}
}

// notObject checks a schema value that is not an object.
func (c *metaChecker) notObject(v any, boolOK bool) {
	switch x := v.(type) {
	case bool:
		if !boolOK {
			c.fail(nil, fmt.Sprintf("a schema must be an object in draft-04, got %v", x),
				"write {} instead of true, and {\"not\": {}} instead of false, or declare a later draft")
		}
	default:
		c.fail(nil, "a schema must be an object or a boolean, got "+describe(v), schemaFix(v))
	}
}

// schemaFix suggests the schema the author most likely meant.
func schemaFix(v any) string {
	if s, ok := v.(string); ok {
		if t := typeSuggestion(s); t != "" {
			return fmt.Sprintf("write {\"type\": %q}", t)
		}
	}
	return "replace it with a schema object such as {\"type\": \"string\"}"
}

func (c *metaChecker) keyword(obj map[string]any, kw string, v any, depth int) {
	d := c.d
	switch kw {
	case "$schema", "title", "description", "format":
		c.wantString(kw, v)
	case "$ref":
		c.wantString(kw, v)
	case "$id":
		if !d.since(draft06) {
			return
		}
		s, ok := c.wantString(kw, v)
		if ok && d.since(draft2019) {
			if _, frag, has := strings.Cut(s, "#"); has && frag != "" {
				c.fail([]string{kw}, fmt.Sprintf("\"$id\" is %s: since 2019-09 an \"$id\" may not carry a fragment", quoteShort(s)),
					fmt.Sprintf("drop the fragment and name the spot with \"$anchor\": %q", frag))
			}
		}
	case "id":
		if d == draft04 {
			c.wantString(kw, v)
		}
	case "$anchor":
		if d.since(draft2019) {
			c.wantAnchor(kw, v)
		}
	case "$dynamicAnchor":
		if d == draft2020 {
			c.wantAnchor(kw, v)
		}
	case "$dynamicRef":
		if d == draft2020 {
			c.wantString(kw, v)
		}
	case "$recursiveRef":
		if d.since(draft2019) {
			c.wantString(kw, v)
		}
	case "$recursiveAnchor":
		switch d {
		case draft2019:
			c.wantBool(kw, v)
		case draft2020:
			c.wantAnchor(kw, v)
		}
	case "$vocabulary":
		if !d.since(draft2019) {
			return
		}
		m, ok := v.(map[string]any)
		if !ok {
			c.fail([]string{kw}, "\"$vocabulary\" must be an object, got "+describe(v), "map each vocabulary URI to true or false")
			return
		}
		for uri, req := range m {
			if _, ok := req.(bool); !ok {
				c.fail([]string{kw, uri}, fmt.Sprintf("vocabulary %s must map to true or false, got %s", quoteShort(uri), describe(req)),
					"write true (required) or false (optional)")
			}
		}
	case "$comment":
		if d.since(draft07) {
			c.wantString(kw, v)
		}
	case "contentMediaType", "contentEncoding":
		if d.since(draft07) {
			c.wantString(kw, v)
		}
	case "readOnly", "writeOnly":
		if d.since(draft07) {
			c.wantBool(kw, v)
		}
	case "deprecated":
		if d.since(draft2019) {
			c.wantBool(kw, v)
		}
	case "uniqueItems":
		c.wantBool(kw, v)
	case "examples":
		if d.since(draft06) {
			if _, ok := v.([]any); !ok {
				c.fail([]string{kw}, "\"examples\" must be an array, got "+describe(v), fmt.Sprintf("write \"examples\": [%s]", jsonText(v)))
			}
		}
	case "multipleOf":
		if f, ok := c.wantNumber(kw, v); ok && f <= 0 {
			c.fail([]string{kw}, fmt.Sprintf("\"multipleOf\" must be greater than 0, got %v", f), "use a positive number, or remove \"multipleOf\"")
		}
	case "maximum", "minimum":
		c.wantNumber(kw, v)
	case "exclusiveMaximum", "exclusiveMinimum":
		c.exclusive(obj, kw, v)
	case "maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties":
		c.wantCount(kw, v)
	case "maxContains", "minContains":
		if d.since(draft2019) {
			c.wantCount(kw, v)
		}
	case "pattern":
		if s, ok := c.wantString(kw, v); ok {
			if p := c.regexProblem(s); p != "" {
				c.fail([]string{kw}, fmt.Sprintf("\"pattern\" %s is not a valid regular expression (%s)", quoteShort(s), p),
					"fix the regular expression (ECMA-262 syntax)")
			}
		}
	case "required":
		c.stringArray(kw, v, d == draft04)
	case "enum":
		c.enum(v)
	case "type":
		c.typeKeyword(v)
	case "const", "default":
	case "additionalProperties":
		c.sub(kw, v, true, depth)
	case "additionalItems":
		if d != draft2020 {
			c.sub(kw, v, true, depth)
		}
	case "items":
		c.items(v, depth)
	case "prefixItems":
		if d == draft2020 {
			c.schemaArray(kw, v, depth)
		}
	case "contains", "propertyNames":
		if d.since(draft06) {
			c.sub(kw, v, true, depth)
		}
	case "if", "then", "else":
		if d.since(draft07) {
			c.sub(kw, v, true, depth)
		}
	case "not":
		c.sub(kw, v, d != draft04, depth)
	case "unevaluatedItems", "unevaluatedProperties", "contentSchema":
		if d.since(draft2019) {
			c.sub(kw, v, true, depth)
		}
	case "allOf", "anyOf", "oneOf":
		c.schemaArray(kw, v, depth)
	case "properties", "definitions", "$defs":
		c.schemaMap(kw, v, depth, false)
	case "patternProperties":
		c.schemaMap(kw, v, depth, true)
	case "dependentSchemas":
		if d.since(draft2019) {
			c.schemaMap(kw, v, depth, false)
		}
	case "dependentRequired":
		if d.since(draft2019) {
			c.dependencyMap(kw, v, depth, false)
		}
	case "dependencies":
		c.dependencyMap(kw, v, depth, true)
	}
}

func (c *metaChecker) wantString(kw string, v any) (string, bool) {
	s, ok := v.(string)
	if !ok {
		c.fail([]string{kw}, fmt.Sprintf("%q must be a string, got %s", kw, describe(v)), fmt.Sprintf("write %q as a string", kw))
	}
	return s, ok
}

func (c *metaChecker) wantBool(kw string, v any) {
	if _, ok := v.(bool); !ok {
		fix := fmt.Sprintf("write %q: true or false", kw)
		if s, isString := v.(string); isString && (s == "true" || s == "false") {
			fix = fmt.Sprintf("write %q: %s without quotes", kw, s)
		}
		c.fail([]string{kw}, fmt.Sprintf("%q must be a boolean, got %s", kw, describe(v)), fix)
	}
}

func (c *metaChecker) wantNumber(kw string, v any) (float64, bool) {
	f, ok := asFloat(v)
	if !ok {
		fix := fmt.Sprintf("write %q as a number", kw)
		if s, isString := v.(string); isString {
			if n, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil {
				fix = fmt.Sprintf("write \"%s\": %v without quotes", kw, n)
			}
		}
		c.fail([]string{kw}, fmt.Sprintf("%q must be a number, got %s", kw, describe(v)), fix)
	}
	return f, ok
}

// wantCount checks a non-negative integer ("minLength", "maxItems", …).
func (c *metaChecker) wantCount(kw string, v any) {
	f, ok := asFloat(v)
	if ok && f >= 0 && isInteger(f) {
		return
	}
	fix := fmt.Sprintf("write %q as a whole number, 0 or more", kw)
	if s, isString := v.(string); isString {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && n >= 0 {
			fix = fmt.Sprintf("write \"%s\": %d without quotes", kw, n)
		}
	}
	c.fail([]string{kw}, fmt.Sprintf("%q must be a non-negative integer, got %s", kw, describe(v)), fix)
}

// Anchor names as the 2019-09 and 2020-12 metaschemas define them.
var (
	anchor2019 = regexp.MustCompile(`^[A-Za-z][-A-Za-z0-9.:_]*$`)
	anchor2020 = regexp.MustCompile(`^[A-Za-z_][-A-Za-z0-9._]*$`)
)

func (c *metaChecker) wantAnchor(kw string, v any) {
	s, ok := c.wantString(kw, v)
	if !ok {
		return
	}
	re := anchor2020
	if c.d == draft2019 {
		re = anchor2019
	}
	if !re.MatchString(s) {
		c.fail([]string{kw}, fmt.Sprintf("%q is %s, which is not a valid anchor name in %s", kw, quoteShort(s), c.d.name),
			"start with a letter and use only letters, digits, \"-\", \"_\" and \".\" (no \"#\")")
	}
}

func (c *metaChecker) exclusive(obj map[string]any, kw string, v any) {
	bound := strings.ToLower(strings.TrimPrefix(kw, "exclusive"))
	if c.d == draft04 {
		if _, ok := v.(bool); !ok {
			c.fail([]string{kw}, fmt.Sprintf("%q must be a boolean in draft-04, got %s", kw, describe(v)),
				fmt.Sprintf("write \"%s\": N, %q: true, or declare a later draft, where %q is the number itself", bound, kw, kw))
			return
		}
		if _, has := obj[bound]; !has {
			c.fail([]string{kw}, fmt.Sprintf("%q needs %q beside it in draft-04", kw, bound), fmt.Sprintf("add %q, or remove %q", bound, kw))
		}
		return
	}
	if b, isBool := v.(bool); isBool {
		fix := fmt.Sprintf("write %q as the limit itself", kw)
		if n, ok := obj[bound].(float64); ok && b {
			fix = fmt.Sprintf("replace \"%s\": %v and \"%s\": true with \"%s\": %v", bound, n, kw, kw, n)
		} else if !b {
			fix = fmt.Sprintf("remove \"%s\": false", kw)
		}
		c.fail([]string{kw}, fmt.Sprintf("%q is %v, the draft-04 form; since draft-06 it is the limit itself, a number", kw, b), fix)
		return
	}
	c.wantNumber(kw, v)
}

// stringArray checks "required" and string-array dependencies: an array of
// unique strings (non-empty in draft-04).
func (c *metaChecker) stringArray(kw string, v any, nonEmpty bool) {
	list, ok := v.([]any)
	if !ok {
		msg := fmt.Sprintf("%q must be an array of property names, got %s", kw, describe(v))
		fix := fmt.Sprintf("write %q as an array of property names", kw)
		switch x := v.(type) {
		case bool:
			if kw == "required" {
				msg = fmt.Sprintf("\"required\" is %v: it is an array of property names on the object schema, not a flag on a property as in draft-03", x)
				fix = "remove it here and list the property's name in the \"required\" array of the object that holds it"
			}
		case string:
			fix = fmt.Sprintf("write %q: [%s]", kw, strconv.Quote(x))
		}
		c.fail([]string{kw}, msg, fix)
		return
	}
	if nonEmpty && len(list) == 0 {
		c.fail([]string{kw}, fmt.Sprintf("%q must not be empty in draft-04", kw), fmt.Sprintf("remove the empty %q", kw))
	}
	for i, item := range list {
		if _, ok := item.(string); !ok {
			c.fail([]string{kw, strconv.Itoa(i)}, fmt.Sprintf("%q must list property names (strings), got %s", kw, describe(item)),
				"write the property name as a string")
		}
	}
	if i := firstDuplicate(list); i >= 0 {
		c.fail([]string{kw, strconv.Itoa(i)}, fmt.Sprintf("%q lists %s twice", kw, describe(list[i])), "remove the repeated name")
	}
}

func (c *metaChecker) enum(v any) {
	list, ok := v.([]any)
	if !ok {
		c.fail([]string{"enum"}, "\"enum\" must be an array of the allowed values, got "+describe(v),
			fmt.Sprintf("write \"enum\": [%s], or \"const\": %s for a single value", jsonText(v), jsonText(v)))
		return
	}
	if c.d.since(draft2019) {
		return
	}
	if len(list) == 0 {
		c.fail([]string{"enum"}, fmt.Sprintf("\"enum\" must not be empty in %s", c.d.name), "list the allowed values, or remove \"enum\"")
	}
	if i := firstDuplicate(list); i >= 0 {
		c.fail([]string{"enum", strconv.Itoa(i)}, fmt.Sprintf("\"enum\" lists %s twice, which %s forbids", describe(list[i]), c.d.name),
			"remove the repeated value")
	}
}

// simpleTypes are the names "type" accepts.
var simpleTypes = map[string]bool{
	"array": true, "boolean": true, "integer": true, "null": true, "number": true, "object": true, "string": true,
}

// typeAliases maps names from programming languages and other schema
// languages to the JSON Schema type meant.
var typeAliases = map[string]string{
	"str": "string", "text": "string", "char": "string", "date": "string", "datetime": "string", "uri": "string",
	"int": "integer", "int32": "integer", "int64": "integer", "long": "integer", "uint": "integer",
	"float": "number", "double": "number", "decimal": "number", "float64": "number", "float32": "number",
	"bool": "boolean", "list": "array", "tuple": "array", "dict": "object", "map": "object", "record": "object",
	"none": "null", "nil": "null", "num": "number", "obj": "object", "arr": "array", "any": "",
}

// typeSuggestion returns the JSON Schema type a misspelt or borrowed type
// name most likely means, or "".
func typeSuggestion(s string) string {
	l := strings.ToLower(strings.TrimSpace(s))
	if simpleTypes[l] {
		return l
	}
	if t, ok := typeAliases[l]; ok {
		return t
	}
	return closest(l, typeNames)
}

var typeNames = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

func (c *metaChecker) typeKeyword(v any) {
	const types = "array, boolean, integer, null, number, object or string"
	badName := func(tokens []string, s string) {
		fix := "use one of " + types
		if t := typeSuggestion(s); t != "" {
			fix = fmt.Sprintf("use %q", t)
		}
		c.fail(tokens, fmt.Sprintf("\"type\" %s is not a JSON Schema type", quoteShort(s)), fix)
	}
	switch x := v.(type) {
	case string:
		if !simpleTypes[x] {
			badName([]string{"type"}, x)
		}
	case []any:
		if len(x) == 0 {
			c.fail([]string{"type"}, "\"type\" is an empty array, which allows nothing", "list at least one type, or remove \"type\"")
		}
		for i, item := range x {
			s, ok := item.(string)
			if !ok {
				c.fail([]string{"type", strconv.Itoa(i)}, "\"type\" must list type names, got "+describe(item), "use one of "+types)
			} else if !simpleTypes[s] {
				badName([]string{"type", strconv.Itoa(i)}, s)
			}
		}
		if i := firstDuplicate(x); i >= 0 {
			c.fail([]string{"type", strconv.Itoa(i)}, fmt.Sprintf("\"type\" lists %s twice", describe(x[i])), "remove the repeated type")
		}
	default:
		c.fail([]string{"type"}, "\"type\" must be a type name or an array of them, got "+describe(v), "use one of "+types)
	}
}

// sub checks a keyword whose value is one schema. Outside "dependencies"
// the value is a node of its own when it is a schema (an object or a
// boolean), so only a value that is neither is reported here.
func (c *metaChecker) sub(kw string, v any, boolOK bool, depth int) {
	if !c.recurse {
		if !isSchemaValue(v) {
			c.fail([]string{kw}, "a schema must be an object or a boolean, got "+describe(v), schemaFix(v))
		}
		return
	}
	c.push(kw)
	c.schema(v, boolOK, depth+1)
	c.pop(1)
}

func (c *metaChecker) items(v any, depth int) {
	list, isList := v.([]any)
	if !isList {
		c.sub("items", v, c.d != draft04, depth)
		return
	}
	if c.d == draft2020 {
		c.fail([]string{"items"}, "\"items\" is an array: 2020-12 replaced the array form of \"items\" with \"prefixItems\"",
			"rename \"items\" to \"prefixItems\" (and \"additionalItems\" to \"items\"), or declare \"$schema\": \"http://json-schema.org/draft-07/schema#\"")
		return
	}
	c.schemaList("items", list, depth)
}

func (c *metaChecker) schemaArray(kw string, v any, depth int) {
	list, ok := v.([]any)
	if !ok {
		fix := fmt.Sprintf("write %q as an array of schemas", kw)
		if isSchemaValue(v) {
			fix = fmt.Sprintf("wrap the schema in an array: %q: [ … ]", kw)
		}
		c.fail([]string{kw}, fmt.Sprintf("%q must be an array of schemas, got %s", kw, describe(v)), fix)
		return
	}
	c.schemaList(kw, list, depth)
}

func (c *metaChecker) schemaList(kw string, list []any, depth int) {
	if len(list) == 0 {
		c.fail([]string{kw}, fmt.Sprintf("%q must not be empty", kw), fmt.Sprintf("remove the empty %q", kw))
		return
	}
	if !c.recurse {
		return
	}
	for i, s := range list {
		c.push(kw, strconv.Itoa(i))
		c.schema(s, c.d != draft04, depth+1)
		c.pop(2)
	}
}

func isSchemaValue(v any) bool {
	switch v.(type) {
	case map[string]any, bool:
		return true
	}
	return false
}

func (c *metaChecker) schemaMap(kw string, v any, depth int, regexKeys bool) {
	m, ok := v.(map[string]any)
	if !ok {
		fix := fmt.Sprintf("write %q as an object that maps each name to its schema", kw)
		if _, isList := v.([]any); isList && kw == "properties" {
			fix = "turn the array into an object keyed by property name: {\"name\": {\"type\": \"string\"}, …}"
		}
		c.fail([]string{kw}, fmt.Sprintf("%q must be an object of schemas, got %s", kw, describe(v)), fix)
		return
	}
	for name, s := range m {
		if regexKeys {
			if p := c.regexProblem(name); p != "" {
				c.fail([]string{kw, name}, fmt.Sprintf("\"patternProperties\" key %s is not a valid regular expression (%s)", quoteShort(name), p),
					"fix the regular expression (ECMA-262 syntax)")
			}
		}
		if !c.recurse {
			continue
		}
		c.push(kw, name)
		c.schema(s, c.d != draft04, depth+1)
		c.pop(2)
	}
}

// dependencyMap checks "dependentRequired" (string arrays) and
// "dependencies" (string arrays or schemas).
func (c *metaChecker) dependencyMap(kw string, v any, depth int, schemasToo bool) {
	m, ok := v.(map[string]any)
	if !ok {
		c.fail([]string{kw}, fmt.Sprintf("%q must be an object, got %s", kw, describe(v)),
			fmt.Sprintf("write %q as an object that maps each property name to the names it requires", kw))
		return
	}
	for name, dep := range m {
		c.push(kw)
		switch {
		case schemasToo && isSchemaValue(dep):
			c.push(name)
			recurse := c.recurse
			c.recurse = true
			c.schema(dep, c.d != draft04, depth+1)
			c.recurse = recurse
			c.pop(1)
		default:
			if _, isList := dep.([]any); isList || !schemasToo {
				c.stringArray(name, dep, c.d == draft04)
			} else {
				c.fail([]string{name}, fmt.Sprintf("%q entry %s must be an array of property names or a schema, got %s", kw, quoteShort(name), describe(dep)),
					"list the property names it requires, or give a schema")
			}
		}
		c.pop(1)
	}
}
