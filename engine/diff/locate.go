package diff

import (
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// locate fills each change's Location from the new version's file, when
// it was read from one: the changed part itself, else (a part the new
// version no longer has) its owner, else the list the owner was in.
func locate(cs []Change, cur *sdk.Snapshot) {
	if cur.Locator == nil || len(cs) == 0 {
		return
	}
	tools := map[string]int{}
	for i := len(cur.Tools) - 1; i >= 0; i-- {
		tools[cur.Tools[i].Name] = i
	}
	prompts := map[string]int{}
	for i := len(cur.Prompts) - 1; i >= 0; i-- {
		prompts[sdk.OwnerPrompt(cur.Prompts[i].Name)] = i
	}
	resources := map[string]string{}
	for i := len(cur.Resources) - 1; i >= 0; i-- {
		resources[sdk.OwnerResource(cur.Resources[i].URI)] = "/resources/" + strconv.Itoa(i)
	}
	for i := len(cur.ResourceTemplates) - 1; i >= 0; i-- {
		resources[sdk.OwnerResource(cur.ResourceTemplates[i].URITemplate)] = "/resourceTemplates/" + strconv.Itoa(i)
	}
	candidates := make([][]string, len(cs))
	var all []string
	for k, c := range cs {
		var base, list string
		switch {
		case c.Owner == sdk.OwnerInstructions:
			base, list = "/instructions", ""
		case strings.HasPrefix(c.Owner, "<prompt "):
			list = "/prompts"
			if i, ok := prompts[c.Owner]; ok {
				base = "/prompts/" + strconv.Itoa(i)
			}
		case strings.HasPrefix(c.Owner, "<resource "):
			list = "/resources"
			base = resources[c.Owner]
		default:
			list = "/tools"
			if i, ok := tools[c.Owner]; ok {
				base = sdk.ToolPointer(i)
			}
		}
		var cands []string
		if base != "" {
			cands = append(cands, base+c.Pointer, base)
		}
		if list != "" {
			cands = append(cands, list)
		}
		candidates[k] = cands
		all = append(all, cands...)
	}
	found := cur.Locator.Locate(all)
	for k := range cs {
		for _, p := range candidates[k] {
			if loc, ok := found[p]; ok {
				cs[k].Location = &loc
				break
			}
		}
	}
}
