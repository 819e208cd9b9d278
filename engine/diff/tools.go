package diff

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/mcplint/mcplint/sdk"
)

// toolIndex maps names to tools; the first of two tools with one name
// wins, as clients that index tools by name keep one.
func toolIndex(ts []sdk.Tool) (map[string]sdk.Tool, []string) {
	m := make(map[string]sdk.Tool, len(ts))
	var names []string
	for _, t := range ts {
		if _, dup := m[t.Name]; dup {
			continue
		}
		m[t.Name] = t
		names = append(names, t.Name)
	}
	sort.Strings(names)
	return m, names
}

func (c *comparer) tools(oldList, curList []sdk.Tool) {
	old, oldNames := toolIndex(oldList)
	cur, curNames := toolIndex(curList)
	var removed, added []string
	for _, n := range oldNames {
		if _, ok := cur[n]; !ok {
			removed = append(removed, n)
		}
	}
	for _, n := range curNames {
		if _, ok := old[n]; !ok {
			added = append(added, n)
		}
	}
	renamed := renames(removed, added, old, cur)
	renamedTo := map[string]string{}
	for from, to := range renamed {
		renamedTo[to] = from
	}
	for _, n := range removed {
		if to, ok := renamed[n]; ok {
			c.add(Change{Class: Breaking, Kind: "tool-renamed", Owner: to, Old: n, New: to,
				Message: fmt.Sprintf("tool %s is now %s (same input and output schemas): callers and allow-lists that name %s break", strconv.Quote(n), strconv.Quote(to), strconv.Quote(n))})
			c.tool(old[n], cur[to], to)
			continue
		}
		c.add(Change{Class: Breaking, Kind: "tool-removed", Owner: n, Old: n,
			Message: fmt.Sprintf("tool %s was removed", strconv.Quote(n))})
	}
	for _, n := range added {
		if _, ok := renamedTo[n]; ok {
			continue
		}
		c.toolAdded(cur[n])
	}
	for _, n := range curNames {
		if o, ok := old[n]; ok {
			c.tool(o, cur[n], n)
		}
	}
}

// renames pairs removed and added tools whose input and output schemas
// are identical: a rename. Only a one-to-one match counts, and only for an
// input schema with at least one property, since many tools share the
// empty schema.
func renames(removed, added []string, old, cur map[string]sdk.Tool) map[string]string {
	key := func(t sdk.Tool) string {
		props, _ := asMap(t.InputSchema)["properties"].(map[string]any)
		if len(props) == 0 {
			return ""
		}
		h, err := sdk.Hash([]any{t.InputSchema, t.OutputSchema})
		if err != nil {
			return ""
		}
		return h
	}
	from := map[string][]string{}
	to := map[string][]string{}
	for _, n := range removed {
		if k := key(old[n]); k != "" {
			from[k] = append(from[k], n)
		}
	}
	for _, n := range added {
		if k := key(cur[n]); k != "" {
			to[k] = append(to[k], n)
		}
	}
	out := map[string]string{}
	for k, fs := range from {
		if ts := to[k]; len(fs) == 1 && len(ts) == 1 {
			out[fs[0]] = ts[0]
		}
	}
	return out
}

func (c *comparer) toolAdded(t sdk.Tool) {
	ch := Change{Class: Compatible, Kind: "tool-added", Owner: t.Name, New: t.Name,
		Message: fmt.Sprintf("tool %s was added", strconv.Quote(t.Name))}
	if a := t.Annotations; a != nil {
		var says []string
		if isTrue(a.DestructiveHint) {
			says = append(says, "destructiveHint")
		}
		if isTrue(a.OpenWorldHint) {
			says = append(says, "openWorldHint")
		}
		if len(says) > 0 {
			ch.Class = Risky
			ch.Message += fmt.Sprintf(", and it declares %s: a new capability to review before agents may call it", joinAnd(says))
		}
	}
	c.add(ch)
}

// toolKeys are the members of a tool definition tool compares itself;
// any other member that differs is metadata.
var toolKeys = map[string]bool{"name": true, "title": true, "description": true,
	"inputSchema": true, "outputSchema": true, "annotations": true}

// tool compares two versions of one tool; owner is its new name.
func (c *comparer) tool(o, n sdk.Tool, owner string) {
	schemaSame := same(o.InputSchema, n.InputSchema) && same(o.OutputSchema, n.OutputSchema)
	c.text(owner, "/title", o.Title, n.Title, true)
	c.text(owner, "/description", o.Description, n.Description, schemaSame)
	c.schema(owner, "/inputSchema", o.InputSchema, n.InputSchema, input)
	c.schema(owner, "/outputSchema", o.OutputSchema, n.OutputSchema, output)
	c.annotations(owner, o.Annotations, n.Annotations)
	for _, k := range unionKeys(o.Def, n.Def) {
		if toolKeys[k] {
			continue
		}
		ov, oin := o.Def[k]
		nv, nin := n.Def[k]
		if oin == nin && same(ov, nv) {
			continue
		}
		c.add(Change{Class: Compatible, Kind: "metadata-changed", Owner: owner, Pointer: sdk.Pointer("", k), Old: ov, New: nv,
			Message: fmt.Sprintf("%s changed", strconv.Quote(k))})
	}
}

func (c *comparer) annotations(owner string, o, n *sdk.ToolAnnotations) {
	if o == nil {
		o = &sdk.ToolAnnotations{}
	}
	if n == nil {
		n = &sdk.ToolAnnotations{}
	}
	hint := func(name string, ov, nv *bool) {
		if boolEq(ov, nv) {
			return
		}
		ch := Change{Class: Compatible, Kind: "annotation-changed", Owner: owner, Pointer: "/annotations/" + name, Old: boolVal(ov), New: boolVal(nv),
			Message: fmt.Sprintf("%s changed from %s to %s", name, hintText(ov), hintText(nv))}
		switch {
		case name == "readOnlyHint" && isTrue(ov):
			ch.Class, ch.Kind = Breaking, "annotation-not-read-only"
			ch.Message = fmt.Sprintf("the tool is no longer declared read-only (readOnlyHint %s, was true): clients that auto-approve read-only tools will now ask, or stop calling it", hintText(nv))
		case name == "destructiveHint" && isTrue(nv):
			ch.Class, ch.Kind = Breaking, "annotation-destructive"
			ch.Message = fmt.Sprintf("the tool now declares destructiveHint true (was %s): it may destroy data, and clients that gate destructive tools will ask", hintText(ov))
		case name == "openWorldHint" && isTrue(nv):
			ch.Class, ch.Kind = Risky, "annotation-open-world"
			ch.Message = fmt.Sprintf("the tool now declares openWorldHint true (was %s): it reaches outside systems, a new path for data to leave", hintText(ov))
		}
		c.add(ch)
	}
	hint("destructiveHint", o.DestructiveHint, n.DestructiveHint)
	hint("idempotentHint", o.IdempotentHint, n.IdempotentHint)
	hint("openWorldHint", o.OpenWorldHint, n.OpenWorldHint)
	hint("readOnlyHint", o.ReadOnlyHint, n.ReadOnlyHint)
	c.text(owner, "/annotations/title", o.Title, n.Title, true)
}

func isTrue(b *bool) bool { return b != nil && *b }

func boolEq(a, b *bool) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func boolVal(b *bool) any {
	if b == nil {
		return nil
	}
	return *b
}

func hintText(b *bool) string {
	if b == nil {
		return "unset"
	}
	return strconv.FormatBool(*b)
}

func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	out := ""
	for i, w := range s {
		switch {
		case i == 0:
		case i == len(s)-1:
			out += " and "
		default:
			out += ", "
		}
		out += w
	}
	return out
}
