package compat

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

// Finding is one thing a selected client rejects.
type Finding struct {
	// Client is the profile's name; Message starts with it.
	Client string
	// Tool is the tool's name, or sdk.OwnerServer for the whole list.
	Tool    string
	Pointer string
	Message string
	// Fix works in every selected client, or says that no one change does.
	Fix string
}

// Target is what Check reads: the server's name (the one clients put in
// front of tool names) and its tools.
type Target struct {
	Server string
	Tools  []sdk.Tool
}

// defect is one place a client rejects, before grouping.
type defect struct {
	client  *Profile
	tool    int // -1 for the whole list
	key     string
	pointer string
	what    string // `"$ref"`, `"type" written as an array`, …
	source  string
	root    bool
	changes []change
	fix     string // a fix computed up front (names, lengths, counts)
}

// Check returns what the selected profiles reject in t: one finding per
// client and place, and, within a tool, one per client and kind of defect
// (the first place, with how many more there are), so that a schema
// generator's habit repeated over a hundred properties is one finding.
func Check(selected []*Profile, t Target) []Finding {
	var defects []defect
	for _, p := range selected {
		defects = append(defects, listDefects(p, selected, t)...)
	}
	type groupKey struct {
		client string
		tool   int
		key    string
	}
	firsts := map[groupKey]int{}
	more := map[groupKey]int{}
	var order []groupKey
	seen := map[string]bool{}
	for i, d := range defects {
		if seen[d.client.Name+"\x00"+d.pointer] {
			continue
		}
		seen[d.client.Name+"\x00"+d.pointer] = true
		k := groupKey{d.client.Name, d.tool, d.key}
		if _, ok := firsts[k]; ok {
			more[k]++
			continue
		}
		firsts[k] = i
		order = append(order, k)
	}
	out := make([]Finding, 0, len(order))
	for _, k := range order {
		d := defects[firsts[k]]
		msg := d.client.Name + ": " + d.what
		if n := more[k]; n > 0 {
			msg += " (and at " + plural.Count(n, "more place") + " in this tool)"
		}
		msg += ", which " + d.client.Title + " rejects (source: " + d.source + ")"
		fix := d.fix
		if fix == "" {
			fix = chooseFix(d, selected)
		}
		tool := sdk.OwnerServer
		if d.tool >= 0 {
			tool = t.Tools[d.tool].Name
		}
		out = append(out, Finding{Client: d.client.Name, Tool: tool, Pointer: d.pointer, Message: msg, Fix: fix})
	}
	return out
}

// listDefects lists what p rejects in t, in tool order then schema order.
func listDefects(p *Profile, selected []*Profile, t Target) []defect {
	var out []defect
	if r := p.ToolCount; r != nil && len(t.Tools) > r.Max {
		n := minLimit(selected, func(q *Profile) int {
			if q.ToolCount == nil {
				return 0
			}
			return q.ToolCount.Max
		})
		out = append(out, defect{client: p, tool: -1, key: "tool-count", pointer: "/tools",
			what:   fmt.Sprintf("the server lists %d tools, over the %d", len(t.Tools), r.Max),
			source: r.Source,
			fix:    fmt.Sprintf("expose at most %d tools: merge tools that differ by one argument, or split the server so that users add only the part they need", n)})
	}
	for i, tool := range t.Tools {
		out = append(out, nameDefects(p, selected, t.Server, i, tool)...)
		if r := p.Description; r != nil {
			if n := utf8.RuneCountInString(tool.Description); n > r.MaxLength {
				limit := minLimit(selected, func(q *Profile) int {
					if q.Description == nil {
						return 0
					}
					return q.Description.MaxLength
				})
				out = append(out, defect{client: p, tool: i, key: "description", pointer: sdk.ToolPointer(i, "description"),
					what:   fmt.Sprintf("the description is %d characters long, over the %d", n, r.MaxLength),
					source: r.Source,
					fix:    fmt.Sprintf("shorten the description to at most %d characters; move examples and details into the parameters' descriptions", limit)})
			}
		}
		if tool.InputSchema != nil {
			out = append(out, schemaDefects(p, i, tool.InputSchema)...)
		}
	}
	return out
}

var compiled sync.Map // pattern text -> *regexp.Regexp

// pattern compiles a profile's name pattern once; Validate has checked it.
func pattern(text string) *regexp.Regexp {
	if re, ok := compiled.Load(text); ok {
		return re.(*regexp.Regexp)
	}
	re := regexp.MustCompile(text)
	compiled.Store(text, re)
	return re
}

// minLimit is the smallest positive limit of the selected profiles.
func minLimit(selected []*Profile, limit func(*Profile) int) int {
	best := 0
	for _, p := range selected {
		if n := limit(p); n > 0 && (best == 0 || n < best) {
			best = n
		}
	}
	return best
}

func nameDefects(p *Profile, selected []*Profile, server string, i int, tool sdk.Tool) []defect {
	var out []defect
	if tool.Name == "" {
		return nil
	}
	ptr := sdk.ToolPointer(i, "name")
	if r := p.ToolName; r != nil {
		var problems []string
		// A pattern that also bounds the length is judged on the length
		// allowed, so that a long name is not said to be malformed too.
		head := tool.Name
		if n := utf8.RuneCountInString(tool.Name); r.MaxLength > 0 && n > r.MaxLength {
			head = string([]rune(tool.Name)[:r.MaxLength])
		}
		if r.Pattern != "" && !pattern(r.Pattern).MatchString(head) {
			problems = append(problems, "does not match "+r.Pattern)
		}
		if n := utf8.RuneCountInString(tool.Name); r.MaxLength > 0 && n > r.MaxLength {
			problems = append(problems, fmt.Sprintf("is %d characters long, over %d", n, r.MaxLength))
		}
		if len(problems) > 0 {
			out = append(out, defect{client: p, tool: i, key: "tool-name", pointer: ptr,
				what:   fmt.Sprintf("tool name %q %s", tool.Name, strings.Join(problems, " and ")),
				source: r.Source,
				fix:    fmt.Sprintf("rename it to %q, which every selected client accepts", portableName(tool.Name, server, selected))})
		}
	}
	if r := p.CombinedName; r != nil && len(out) == 0 {
		full := combined(r.Template, server, tool.Name)
		if n := utf8.RuneCountInString(full); n > r.MaxLength {
			out = append(out, defect{client: p, tool: i, key: "combined-name", pointer: ptr,
				what: fmt.Sprintf("the name the client builds, %q, is %d characters long, over %d (server name %q from the report's target name; the user's config may name the server otherwise)",
					full, n, r.MaxLength, server),
				source: r.Source,
				fix:    fmt.Sprintf("rename the tool to %q (at most %d characters with this server name), which every selected client accepts", portableName(tool.Name, server, selected), maxToolLength(server, selected))})
		}
	}
	return out
}

func combined(template, server, tool string) string {
	return strings.NewReplacer("{server}", server, "{tool}", tool).Replace(template)
}

// maxToolLength is the longest tool name every selected profile accepts
// beside this server name; 0 when none has a limit.
func maxToolLength(server string, selected []*Profile) int {
	return minLimit(selected, func(p *Profile) int {
		n := 0
		if p.ToolName != nil {
			n = p.ToolName.MaxLength
		}
		if c := p.CombinedName; c != nil {
			room := c.MaxLength - utf8.RuneCountInString(combined(c.Template, server, ""))
			if room < 1 {
				room = 1
			}
			if n == 0 || room < n {
				n = room
			}
		}
		return n
	})
}

// portableName makes a name from name that every selected profile
// accepts: characters one of them refuses become "_", a name that must
// start with a letter gets one, and the name is cut to the shortest limit.
func portableName(name, server string, selected []*Profile) string {
	var patterns []*regexp.Regexp
	for _, p := range selected {
		if p.ToolName != nil && p.ToolName.Pattern != "" {
			patterns = append(patterns, pattern(p.ToolName.Pattern))
		}
	}
	accepts := func(s string) bool {
		for _, re := range patterns {
			if !re.MatchString(s) {
				return false
			}
		}
		return true
	}
	var b strings.Builder
	for _, r := range name {
		if accepts("a" + string(r)) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	out := b.String()
	if out != "" && !accepts(out[:1]) && accepts("t"+out[:1]) {
		out = "t" + out
	}
	if limit := maxToolLength(server, selected); limit > 0 && utf8.RuneCountInString(out) > limit {
		out = string([]rune(out)[:limit])
	}
	return out
}

func schemaDefects(p *Profile, i int, schema any) []defect {
	var out []defect
	base := sdk.ToolPointer(i, "inputSchema")
	schemawalk.Walk(schema, base, func(n schemawalk.Node) bool {
		// What sits under a keyword the client rejects is reported with
		// that keyword ("$defs", "oneOf"), not once more on its own.
		if n.Depth > 0 {
			if _, rejected := rejectsKeyword(p, n.Keyword, n.Depth == 1); rejected {
				return false
			}
		}
		obj := n.Object()
		if obj == nil {
			return true
		}
		root := n.Depth == 0
		for _, kw := range schemawalk.SortedKeys(obj) {
			if src, ok := rejectsKeyword(p, kw, root); ok {
				out = append(out, defect{client: p, tool: i, key: "keyword:" + kw, pointer: sdk.Pointer(n.Pointer, kw),
					what: fmt.Sprintf("%q at %s", kw, sdk.Pointer(n.Pointer, kw)), source: src, root: root,
					changes: keywordChanges(kw, obj, root)})
			}
		}
		out = append(out, shapeDefects(p, i, n, obj, root)...)
		return true
	})
	return out
}

// rejectsKeyword says whether p rejects kw at the root or below it, and
// on which source.
func rejectsKeyword(p *Profile, kw string, root bool) (string, bool) {
	for _, k := range p.Keywords {
		if slices.Contains(k.Names, kw) && applies(k.Where, root) {
			return k.Source, true
		}
	}
	if a := p.Allowed; a != nil && !slices.Contains(a.Names, kw) {
		return a.Source, true
	}
	return "", false
}

func rejectsShape(p *Profile, kind string, root bool) (string, bool) {
	for _, s := range p.Shapes {
		if s.Kind == kind && applies(s.Where, root) {
			return s.Source, true
		}
	}
	return "", false
}

func applies(where string, root bool) bool {
	switch where {
	case WhereRoot:
		return root
	case WhereNested:
		return !root
	}
	return true
}

func isObjectSchema(obj map[string]any) bool {
	if obj["type"] == "object" {
		return true
	}
	_, has := obj["properties"]
	return has && obj["type"] == nil
}

func shapeDefects(p *Profile, i int, n schemawalk.Node, obj map[string]any, root bool) []defect {
	var out []defect
	add := func(kind, ptr, what string, changes []change) {
		if src, ok := rejectsShape(p, kind, root); ok {
			out = append(out, defect{client: p, tool: i, key: "shape:" + kind, pointer: ptr, what: what, source: src, root: root, changes: changes})
		}
	}
	if types, ok := obj["type"].([]any); ok {
		ptr := sdk.Pointer(n.Pointer, "type")
		add(ShapeTypeArray, ptr, fmt.Sprintf(`"type" written as an array at %s`, ptr), typeArrayChanges(types))
	}
	if root && obj["type"] != "object" {
		ptr := sdk.Pointer(n.Pointer, "type")
		add(ShapeRootNotObject, ptr, fmt.Sprintf(`the input schema's root at %s is not "type": "object"`, n.Pointer),
			[]change{{text: `make the root "type": "object" with the arguments under "properties"`}})
	}
	if isObjectSchema(obj) && obj["additionalProperties"] != false {
		add(ShapeOpenObject, n.Pointer, fmt.Sprintf(`the object schema at %s does not set "additionalProperties": false`, n.Pointer),
			[]change{{text: `add "additionalProperties": false`, adds: []string{"keyword:additionalProperties"}}})
	}
	if props, ok := obj["properties"].(map[string]any); ok && isObjectSchema(obj) {
		required := map[string]bool{}
		if list, ok := obj["required"].([]any); ok {
			for _, r := range list {
				if s, ok := r.(string); ok {
					required[s] = true
				}
			}
		}
		for _, name := range schemawalk.SortedKeys(props) {
			if required[name] {
				continue
			}
			ptr := sdk.Pointer(n.Pointer, "properties", name)
			add(ShapeOptionalProperty, ptr, fmt.Sprintf(`the property %q at %s is not listed in "required"`, name, ptr),
				[]change{
					{text: `list it in "required" and let it be null ("type": [T, "null"]), so that leaving it out stays possible`, adds: []string{"shape:type-array"}},
					{text: `list it in "required" and give it an "anyOf" with a {"type": "null"} branch`, adds: []string{"keyword:anyOf"}},
					{text: `list it in "required"`},
				})
		}
	}
	if list, ok := obj["enum"].([]any); ok {
		for _, v := range list {
			if _, isString := v.(string); !isString {
				ptr := sdk.Pointer(n.Pointer, "enum")
				add(ShapeEnumNotString, ptr, fmt.Sprintf(`the "enum" at %s holds a value that is not a string`, ptr),
					[]change{{text: `use string values in "enum" with "type": "string", and convert them in the tool`}})
				break
			}
		}
	}
	return out
}

// change is one way to fix a defect, and what it brings into the schema
// ("keyword:NAME" or "shape:KIND") that another client may reject.
type change struct {
	text string
	adds []string
}

func keywordChanges(kw string, obj map[string]any, root bool) []change {
	removeDescribe := change{text: fmt.Sprintf("remove %q and state what it required in the description", kw)}
	switch kw {
	case "$ref", "$defs", "definitions":
		return []change{{text: `replace each "$ref" with a copy of the schema it points to, then remove "$defs" and "definitions" (most schema generators have an option to inline definitions)`}}
	case "$schema", "$id", "$comment", "$anchor", "examples", "deprecated", "readOnly", "writeOnly":
		return []change{{text: fmt.Sprintf("remove %q: the client does not need it", kw)}}
	case "const":
		return []change{
			{text: fmt.Sprintf(`write "enum": [%s] instead`, jsonText(obj["const"])), adds: []string{"keyword:enum"}},
			removeDescribe,
		}
	case "oneOf", "anyOf", "allOf":
		if root {
			return []change{{text: `make the root one object schema that lists every property, and say in the description which combinations are valid`}}
		}
		switch kw {
		case "oneOf":
			return []change{{text: `write "anyOf" instead: the model needs the alternatives, not their exclusivity`, adds: []string{"keyword:anyOf"}}, removeDescribe}
		case "allOf":
			return []change{{text: `merge the "allOf" branches into one schema`}}
		}
		return []change{{text: `keep one alternative (the most useful) and describe the others`}}
	case "additionalProperties":
		return []change{{text: `remove "additionalProperties"`, adds: []string{"shape:open-object"}}}
	case "exclusiveMinimum", "exclusiveMaximum":
		bound := "minimum"
		if kw == "exclusiveMaximum" {
			bound = "maximum"
		}
		return []change{{text: fmt.Sprintf(`write %q with the nearest allowed value instead`, bound), adds: []string{"keyword:" + bound}}, removeDescribe}
	}
	return []change{removeDescribe}
}

func typeArrayChanges(types []any) []change {
	var other []string
	for _, t := range types {
		if s, ok := t.(string); ok && s != "null" {
			other = append(other, s)
		}
	}
	if len(other) == 1 && len(other) < len(types) {
		t := other[0]
		return []change{
			{text: fmt.Sprintf(`write "type": %q with "nullable": true`, t), adds: []string{"keyword:nullable"}},
			{text: fmt.Sprintf(`write "anyOf": [{"type": %q}, {"type": "null"}]`, t), adds: []string{"keyword:anyOf"}},
			{text: fmt.Sprintf(`write "type": %q and leave the property out of "required" instead of passing null`, t), adds: []string{"shape:optional-property"}},
		}
	}
	return []change{
		{text: `write "anyOf" with one branch per type`, adds: []string{"keyword:anyOf"}},
		{text: `keep the one type the tool needs and convert in the tool`},
	}
}

func jsonText(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}

// chooseFix returns the first change no selected client rejects at the
// defect's place, or says why none works.
func chooseFix(d defect, selected []*Profile) string {
	var blocked []string
	for _, c := range d.changes {
		var rejectedBy []string
		for _, p := range selected {
			for _, a := range c.adds {
				kind, name, _ := strings.Cut(a, ":")
				var ok bool
				if kind == "keyword" {
					_, ok = rejectsKeyword(p, name, d.root)
				} else {
					_, ok = rejectsShape(p, name, d.root)
				}
				if ok {
					rejectedBy = append(rejectedBy, fmt.Sprintf("%s rejects %s", p.Name, describeAdd(a)))
					break
				}
			}
		}
		if len(rejectedBy) == 0 {
			return c.text
		}
		blocked = append(blocked, c.text+" ("+strings.Join(rejectedBy, ", ")+")")
	}
	return "no one change works in every selected client: " + strings.Join(blocked, "; or ") +
		"; publish the tool in the form each client accepts, or drop a client from the selection"
}

func describeAdd(a string) string {
	kind, name, _ := strings.Cut(a, ":")
	if kind == "keyword" {
		return strconv.Quote(name)
	}
	return Shapes[name]
}
