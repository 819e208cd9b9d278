package sdk

import (
	"fmt"
	"strconv"
	"strings"
)

// MetaGatedTools is the "_meta" key under which `mcplint dump` keeps, in
// the tools/list result it writes, what the live run learnt from the
// sessions that declared a capability (capability-gated-tools): the tools
// such a session was listed beyond "tools", which a client that declares
// nothing is not shown. Its value is an array of groups, one per set of
// capabilities:
//
//	"_meta": {"mcplint/capability-gated-tools-v1": [
//	  {"capabilities": ["roots"], "tools": [{"name": "get-roots-list", ...}]}
//	]}
//
// each with the names of the capabilities the session declared and the
// whole definitions of those tools. "mcplint/" is a valid _meta prefix
// (2025-11-25/basic/index.mdx#_meta), so other MCP tools ignore the key;
// the version is part of it, and a new shape takes a new key.
const MetaGatedTools = "mcplint/capability-gated-tools-v1"

// ProbeDumped is the Probe of a Listing read from a static file's
// MetaGatedTools: Capabilities are the group's, Tools only those the file
// lists there (not a session's whole list), Client is empty, and Pointer
// is the group's place in the file ("/_meta/mcplint~1capability-gated-tools-v1/0").
// The rules that compare a probe's listing with Tools ignore it: a static
// file has no session to compare.
const ProbeDumped = "dumped"

// GatedTools is one element of MetaGatedTools.
type GatedTools struct {
	Capabilities []string `json:"capabilities"`
	Tools        []Tool   `json:"tools"`
}

// Gated is what MetaGatedTools keeps of s: the tools a session that
// declared capabilities was listed and Tools lacks, as
// capability-gated-tools names them (a live lint's second session), each
// once, grouped by the capabilities declared in the order met; nil when
// there are none. A static file's own record (ProbeDumped) counts, so a
// dump of a dump loses nothing. What only the client-identity session saw
// is left out: it is a variation by client name, not a gate, and a static
// lint has no session to report it.
func Gated(s *Snapshot) []GatedTools {
	listed := make(map[string]bool, len(s.Tools))
	for _, t := range s.Tools {
		listed[t.Name] = true
	}
	var groups []GatedTools
	at := map[string]int{} // the capabilities, joined -> index in groups
	for _, l := range s.Relisted {
		if len(l.Capabilities) == 0 || (l.Probe != "second-session" && l.Probe != ProbeDumped) {
			continue
		}
		for _, t := range l.Tools {
			if listed[t.Name] {
				continue
			}
			key := strings.Join(l.Capabilities, "\x00")
			i, ok := at[key]
			if !ok {
				i = len(groups)
				at[key] = i
				groups = append(groups, GatedTools{Capabilities: l.Capabilities})
			}
			groups[i].Tools = append(groups[i].Tools, t)
			listed[t.Name] = true
		}
	}
	return groups
}

// gatedListings reads MetaGatedTools from the "_meta" of m, a tools/list
// result at document pointer prefix. A "_meta" that is not an object is
// the server's own affair and is passed over; MetaGatedTools is mcplint's,
// and a value of it that is not the shape above is refused with a
// *ShapeError naming the offending value, as a damaged dump should be
// written again rather than linted as if the live run had seen nothing.
func gatedListings(m map[string]any, prefix string) ([]Listing, error) {
	meta, _ := m["_meta"].(map[string]any)
	raw, ok := meta[MetaGatedTools]
	if !ok || raw == nil {
		return nil, nil
	}
	at := Pointer(prefix, "_meta", MetaGatedTools)
	groups, ok := raw.([]any)
	if !ok {
		return nil, &ShapeError{Pointer: at, Problem: fmt.Sprintf("_meta %q is %s, want an array of {\"capabilities\": [...], \"tools\": [...]} objects"+dumpAgain, MetaGatedTools, kindOf(raw))}
	}
	var out []Listing
	for i, g := range groups {
		group, ok := g.(map[string]any)
		if !ok {
			return nil, elementError(at, i, "capability-gated group", g)
		}
		here := at + "/" + strconv.Itoa(i)
		caps, err := gatedCapabilities(group, here, i)
		if err != nil {
			return nil, err
		}
		list, err := field[[]any](group, here, "tools", "an array of tool objects")
		if err != nil {
			return nil, err
		}
		if list == nil {
			return nil, &ShapeError{Pointer: here, Problem: fmt.Sprintf(`capability-gated group %d has no "tools", want an array of tool objects`+dumpAgain, i)}
		}
		tools, err := toolsFrom(list, here+"/tools")
		if err != nil {
			return nil, err
		}
		for j, t := range tools {
			if t.Name == "" {
				return nil, &ShapeError{Pointer: here + "/tools/" + strconv.Itoa(j),
					Problem: fmt.Sprintf("capability-gated tool %d of group %d has no name, want the tool's definition as the server listed it"+dumpAgain, j, i)}
			}
		}
		out = append(out, Listing{Probe: ProbeDumped, Capabilities: caps, Tools: tools,
			Pointer: Pointer("", "_meta", MetaGatedTools, strconv.Itoa(i))})
	}
	return out, nil
}

// dumpAgain ends the message of a malformed MetaGatedTools: only mcplint
// writes it, so the way out is to write it again.
const dumpAgain = "; dump the server again with mcplint dump, or remove it"

// gatedCapabilities reads group i's "capabilities": a non-empty array of
// capability names, since a tool gated by nothing is a variation of the
// list, not a gated tool.
func gatedCapabilities(group map[string]any, at string, i int) ([]string, error) {
	list, err := field[[]any](group, at, "capabilities", "an array of capability names")
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		where := at
		if list != nil {
			where = Pointer(at, "capabilities")
		}
		return nil, &ShapeError{Pointer: where,
			Problem: fmt.Sprintf(`capability-gated group %d has no "capabilities", want the names of the capabilities the session declared, such as ["roots"]`+dumpAgain, i)}
	}
	caps := make([]string, len(list))
	for j, c := range list {
		name, ok := c.(string)
		if !ok || name == "" {
			return nil, &ShapeError{Pointer: Pointer(at, "capabilities", strconv.Itoa(j)),
				Problem: fmt.Sprintf("capability %d of capability-gated group %d is %s, want a capability's name such as \"roots\""+dumpAgain, j, i, kindOf(c))}
		}
		caps[j] = name
	}
	return caps, nil
}
