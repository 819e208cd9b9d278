package diff

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/pin"
	"github.com/mcplint/mcplint/sdk"
)

func (c *comparer) instructions(old, cur *sdk.Snapshot) {
	c.text(sdk.OwnerInstructions, "", old.Instructions, cur.Instructions, true)
}

func (c *comparer) prompts(oldList, curList []sdk.Prompt) {
	key := func(_ int, p sdk.Prompt) (string, sdk.Prompt) { return p.Name, p }
	old, cur := firstBy(oldList, key), firstBy(curList, key)
	for _, name := range unionKeys(old, cur) {
		o, oin := old[name]
		n, nin := cur[name]
		owner := sdk.OwnerPrompt(name)
		switch {
		case !nin:
			c.add(Change{Class: Breaking, Kind: "prompt-removed", Owner: owner, Old: name,
				Message: fmt.Sprintf("prompt %s was removed", strconv.Quote(name))})
		case !oin:
			c.add(Change{Class: Compatible, Kind: "prompt-added", Owner: owner, New: name,
				Message: fmt.Sprintf("prompt %s was added", strconv.Quote(name))})
		default:
			c.prompt(owner, o, n)
		}
	}
}

func (c *comparer) prompt(owner string, o, n sdk.Prompt) {
	c.text(owner, "/title", o.Title, n.Title, true)
	c.text(owner, "/description", o.Description, n.Description, same(o.Def["arguments"], n.Def["arguments"]))
	at := func(i int, a sdk.PromptArgument) (string, int) { return a.Name, i }
	oi, ni := firstBy(o.Arguments, at), firstBy(n.Arguments, at)
	for _, name := range unionKeys(oi, ni) {
		i, oin := oi[name]
		j, nin := ni[name]
		q := strconv.Quote(name)
		switch {
		case !nin:
			c.add(Change{Class: Breaking, Kind: "prompt-argument-removed", Owner: owner, Pointer: "/arguments/" + strconv.Itoa(i), Old: name,
				Message: fmt.Sprintf("argument %s was removed", q)})
		case !oin && n.Arguments[j].Required:
			c.add(Change{Class: Breaking, Kind: "required-argument-added", Owner: owner, Pointer: "/arguments/" + strconv.Itoa(j), New: name,
				Message: fmt.Sprintf("new required argument %s", q)})
		case !oin:
			c.add(Change{Class: Compatible, Kind: "prompt-argument-added", Owner: owner, Pointer: "/arguments/" + strconv.Itoa(j), New: name,
				Message: fmt.Sprintf("new optional argument %s", q)})
		default:
			oa, na := o.Arguments[i], n.Arguments[j]
			p := "/arguments/" + strconv.Itoa(j)
			switch {
			case na.Required && !oa.Required:
				c.add(Change{Class: Breaking, Kind: "argument-now-required", Owner: owner, Pointer: p + "/required", Old: false, New: true,
					Message: fmt.Sprintf("argument %s is now required", q)})
			case oa.Required && !na.Required:
				c.add(Change{Class: Compatible, Kind: "argument-now-optional", Owner: owner, Pointer: p + "/required", Old: true, New: false,
					Message: fmt.Sprintf("argument %s is no longer required", q)})
			}
			c.text(owner, p+"/title", oa.Title, na.Title, true)
			c.text(owner, p+"/description", oa.Description, na.Description, true)
		}
	}
}

// item is what resources and resource templates share.
type item struct {
	name, title, description, mimeType string
}

func (c *comparer) resources(oldList, curList []sdk.Resource) {
	key := func(_ int, r sdk.Resource) (string, item) {
		return r.URI, item{r.Name, r.Title, r.Description, r.MimeType}
	}
	c.items("resource", firstBy(oldList, key), firstBy(curList, key))
}

func (c *comparer) templates(oldList, curList []sdk.ResourceTemplate) {
	key := func(_ int, r sdk.ResourceTemplate) (string, item) {
		return r.URITemplate, item{r.Name, r.Title, r.Description, r.MimeType}
	}
	c.items("resource template", firstBy(oldList, key), firstBy(curList, key))
}

// firstBy indexes list by key (given each element and its index), the
// first of each key kept: a server that lists a name twice is compared on
// the first, as clients read it.
func firstBy[T, V any](list []T, key func(int, T) (string, V)) map[string]V {
	out := make(map[string]V, len(list))
	for i, e := range list {
		k, v := key(i, e)
		if _, dup := out[k]; !dup {
			out[k] = v
		}
	}
	return out
}

func (c *comparer) items(noun string, old, cur map[string]item) {
	for _, uri := range unionKeys(old, cur) {
		o, oin := old[uri]
		n, nin := cur[uri]
		owner := sdk.OwnerResource(uri)
		switch {
		case !nin:
			c.add(Change{Class: Breaking, Kind: "resource-removed", Owner: owner, Old: uri,
				Message: fmt.Sprintf("%s %s was removed", noun, strconv.Quote(uri))})
		case !oin:
			c.add(Change{Class: Compatible, Kind: "resource-added", Owner: owner, New: uri,
				Message: fmt.Sprintf("%s %s was added", noun, strconv.Quote(uri))})
		default:
			if o.mimeType != n.mimeType {
				c.add(Change{Class: Breaking, Kind: "mime-type-changed", Owner: owner, Pointer: "/mimeType", Old: o.mimeType, New: n.mimeType,
					Message: fmt.Sprintf("the MIME type changed from %s to %s", strconv.Quote(o.mimeType), strconv.Quote(n.mimeType))})
			}
			c.text(owner, "/name", o.name, n.name, true)
			c.text(owner, "/title", o.title, n.title, true)
			c.text(owner, "/description", o.description, n.description, true)
		}
	}
}

// findings reports the security findings of cur that old does not have.
// A finding is keyed by its rule, owner and pointer inside the owner (a
// tool's index differs between versions), and counted: a second finding
// of one rule at one place is new even when the first is not.
func (c *comparer) findings(old, cur *sdk.Snapshot) {
	seen := map[string]int{}
	for _, is := range c.opt.Findings(old) {
		seen[findingKey(is)]++
	}
	for _, is := range c.opt.Findings(cur) {
		k := findingKey(is)
		if seen[k] > 0 {
			seen[k]--
			continue
		}
		c.add(Change{Class: Risky, Kind: "security-finding", Owner: is.Tool, Pointer: innerPointer(is.Pointer), Rule: is.Rule,
			Message: fmt.Sprintf("%s: %s", is.Rule, is.Message)})
	}
}

func findingKey(is sdk.Issue) string {
	return is.Rule + "\x00" + is.Tool + "\x00" + innerPointer(is.Pointer)
}

// innerPointer turns a Snapshot pointer ("/tools/3/description") into
// one inside its owner ("/description").
func innerPointer(p string) string {
	toks := sdk.SplitPointer(p)
	if len(toks) == 0 {
		return ""
	}
	switch toks[0] {
	case "instructions":
		return ""
	case "tools", "prompts", "resources", "resourceTemplates":
		if len(toks) >= 2 {
			if _, err := strconv.Atoi(toks[1]); err == nil {
				return sdk.Pointer("", toks[2:]...)
			}
		}
	}
	return p
}

// same says two generically decoded JSON values are equal as JSON.
func same(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	ha, err1 := pin.Hash(a)
	hb, err2 := pin.Hash(b)
	return err1 == nil && err2 == nil && ha == hb
}

// sameExcept says two objects are equal but for the keys named.
func sameExcept(a, b map[string]any, except ...string) bool {
	strip := func(m map[string]any) map[string]any {
		out := make(map[string]any, len(m))
		for k, v := range m {
			if !strings.Contains(" "+strings.Join(except, " ")+" ", " "+k+" ") {
				out[k] = v
			}
		}
		return out
	}
	return same(strip(a), strip(b))
}

func containsValue(list []any, v any) bool {
	for _, x := range list {
		if same(x, v) {
			return true
		}
	}
	return false
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// unionKeys lists the keys of two maps, sorted.
func unionKeys[V any](a, b map[string]V) []string {
	var out []string
	for k := range a {
		out = append(out, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
