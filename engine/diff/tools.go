package diff

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/pin"
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
		// Most tools of two versions are the same: one hash of each
		// definition settles it, where walking the schemas would hash
		// every part of them.
		o, ok := old[n]
		if !ok || (o.Def != nil && cur[n].Def != nil && same(o.Def, cur[n].Def)) {
			continue
		}
		c.tool(o, cur[n], n)
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
		h, err := pin.Hash([]any{t.InputSchema, t.OutputSchema})
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
	// The rug pull is a new text over the same call: what the model is
	// told changed while what it sends (the input schema) did not. A new
	// output schema does not explain a rewritten description.
	schemaSame := same(o.InputSchema, n.InputSchema)
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
			Message: fmt.Sprintf("%s was %s", strconv.Quote(k), changedWord(oin, nin))})
	}
}

// effectiveHints are what a tool's annotations mean once the defaults
// the MCP specification gives unset hints are applied: readOnlyHint
// false, destructiveHint true (meaningful only when not read-only),
// idempotentHint false, openWorldHint true.
type effectiveHints struct{ readOnly, destructive, idempotent, openWorld bool }

func effective(a *sdk.ToolAnnotations) effectiveHints {
	if a == nil {
		a = &sdk.ToolAnnotations{}
	}
	e := effectiveHints{readOnly: isTrue(a.ReadOnlyHint), idempotent: isTrue(a.IdempotentHint)}
	e.destructive = !e.readOnly && (a.DestructiveHint == nil || *a.DestructiveHint)
	e.openWorld = a.OpenWorldHint == nil || *a.OpenWorldHint
	return e
}

// annotations compares the behaviour hints by what they mean (see
// effective): a hint that goes from unset to its default changes nothing
// a client does, and is only a compatible edit.
func (c *comparer) annotations(owner string, o, n *sdk.ToolAnnotations) {
	oe, ne := effective(o), effective(n)
	if o == nil {
		o = &sdk.ToolAnnotations{}
	}
	if n == nil {
		n = &sdk.ToolAnnotations{}
	}
	reported := map[string]bool{}
	if oe.readOnly && !ne.readOnly {
		reported["readOnlyHint"] = true
		c.add(Change{Class: Breaking, Kind: "annotation-not-read-only", Owner: owner, Pointer: "/annotations/readOnlyHint", Old: boolVal(o.ReadOnlyHint), New: boolVal(n.ReadOnlyHint),
			Message: fmt.Sprintf("the tool is no longer declared read-only (readOnlyHint %s, was true): clients that auto-approve read-only tools will now ask, or stop calling it", hintText(n.ReadOnlyHint))})
	}
	if !oe.destructive && ne.destructive {
		reported["destructiveHint"] = true
		c.add(Change{Class: Breaking, Kind: "annotation-destructive", Owner: owner, Pointer: "/annotations/destructiveHint", Old: boolVal(o.DestructiveHint), New: boolVal(n.DestructiveHint),
			Message: fmt.Sprintf("the tool may now destroy data (destructiveHint %s, readOnlyHint %s; unset means destructive unless read-only): clients that gate destructive tools will ask", hintText(n.DestructiveHint), hintText(n.ReadOnlyHint))})
	}
	if !oe.openWorld && ne.openWorld {
		reported["openWorldHint"] = true
		c.add(Change{Class: Risky, Kind: "annotation-open-world", Owner: owner, Pointer: "/annotations/openWorldHint", Old: boolVal(o.OpenWorldHint), New: boolVal(n.OpenWorldHint),
			Message: fmt.Sprintf("the tool now reaches outside systems (openWorldHint %s, was false; unset means open): a new path for data to leave", hintText(n.OpenWorldHint))})
	}
	var edits []string
	for _, h := range []struct {
		name   string
		ov, nv *bool
	}{
		{"destructiveHint", o.DestructiveHint, n.DestructiveHint},
		{"idempotentHint", o.IdempotentHint, n.IdempotentHint},
		{"openWorldHint", o.OpenWorldHint, n.OpenWorldHint},
		{"readOnlyHint", o.ReadOnlyHint, n.ReadOnlyHint},
	} {
		if !boolEq(h.ov, h.nv) && !reported[h.name] {
			edits = append(edits, fmt.Sprintf("%s %s → %s", h.name, hintText(h.ov), hintText(h.nv)))
		}
	}
	if len(edits) > 0 {
		c.add(Change{Class: Compatible, Kind: "annotation-changed", Owner: owner, Pointer: "/annotations", Old: hintsOf(o), New: hintsOf(n),
			Message: "behaviour hints changed, none to a riskier meaning: " + strings.Join(edits, ", ")})
	}
	c.text(owner, "/annotations/title", o.Title, n.Title, true)
}

// hintsOf is the set hints of a, for a change's values.
func hintsOf(a *sdk.ToolAnnotations) map[string]any {
	m := map[string]any{}
	for k, v := range map[string]*bool{"readOnlyHint": a.ReadOnlyHint, "destructiveHint": a.DestructiveHint, "idempotentHint": a.IdempotentHint, "openWorldHint": a.OpenWorldHint} {
		if v != nil {
			m[k] = *v
		}
	}
	return m
}

// changedWord says what became of a member one or both sides have.
func changedWord(oin, nin bool) string {
	switch {
	case !oin:
		return "added"
	case !nin:
		return "removed"
	}
	return "changed"
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
