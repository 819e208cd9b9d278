package target

import (
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/engine/internal/registry"
	"github.com/mcplint/mcplint/sdk"
)

// registryFile resolves an MCP Registry document: each server's remotes
// and packages, every one a target named NAME#remote[i] or
// NAME#package[i] (so --server picks one, or all of a server's by NAME).
// A server.json the registry would refuse is refused here, with each
// problem at its line and column; in an export or a list, such a server
// is skipped with the same words and the others are linted.
//
// The targets of one server form a group of their own: a server's
// remote and its package are the same server, whose tools must not be
// taken for a collision between two, and the servers of an export are a
// fleet, never loaded together by a client.
func (r *resolver) registryFile(input, abs string, data []byte) ([]Target, error) {
	doc, err := registry.Parse(input, data)
	if err != nil {
		return nil, err
	}
	if doc.Shape == registry.ShapeServer && len(doc.Entries[0].Problems) > 0 {
		e := &doc.Entries[0]
		note := ""
		if n := e.SchemaNote(); n != "" {
			note = "; " + n
		}
		return nil, fmt.Errorf("%s: the registry would refuse this server.json (checked against its schema %s%s):\n%s",
			input, registry.SchemaVersion, note, problemList(e.Problems, "  "))
	}
	// An export may list several versions of one server (the registry
	// lists every version unless asked for ?version=latest): each is then
	// named NAME@VERSION, its own server.
	seen := map[string]int{}
	for _, e := range doc.Entries {
		seen[e.Server.Name]++
	}
	var ts []Target
	for _, e := range doc.Entries {
		name := e.Server.Name
		switch {
		case name == "":
			name = input + "#" + e.Pointer
		case seen[name] > 1:
			name += "@" + e.Server.Version
		}
		group := input + "#" + name
		if len(e.Problems) > 0 {
			ts = append(ts, Target{Name: name, Keyed: true, Input: input, Group: group,
				Skip: "the registry would refuse it: " + problemList(e.Problems, "; ") + schemaNote(&e)})
			continue
		}
		launches := e.Launches(r.opts.Getenv)
		if len(launches) == 0 {
			ts = append(ts, Target{Name: name, Keyed: true, Input: input, Group: group,
				Skip: "it declares no remote and no package: nothing to start or reach"})
			continue
		}
		for _, l := range launches {
			t := Target{Name: name + "#" + l.Variant, Keyed: true, Input: input, Group: group,
				Declared: abs, DeclaredLine: e.Locations[l.Variant].Line, Skip: l.Skip,
				Registry: &sdk.RegistryEntry{File: input, Pointer: e.Pointer, Variant: l.Variant,
					Name: e.Server.Name, Version: e.Server.Version, Transport: l.Transport,
					Locations: claimLocations(e, l.Variant)}}
			if l.URL != "" {
				t.Kind, t.URL, t.Headers = Remote, l.URL, l.Headers
			} else {
				t.Kind, t.Command, t.Env = Command, l.Command, l.Env
			}
			if t.Skip != "" {
				t.Headers, t.Env = nil, nil
			}
			ts = append(ts, t)
		}
	}
	return ts, nil
}

// schemaNote is e's SchemaNote as the end of a sentence.
func schemaNote(e *registry.Entry) string {
	if n := e.SchemaNote(); n != "" {
		return " (" + n + ")"
	}
	return ""
}

// claimLocations places the claims a rule holds the server to.
func claimLocations(e registry.Entry, variant string) map[string]sdk.Location {
	out := map[string]sdk.Location{}
	for key, from := range map[string]string{"name": "name", "version": "version", "transport": variant + ".type"} {
		if strings.HasPrefix(variant, "package") && key == "transport" {
			from = variant + ".transport"
		}
		if l, ok := e.Locations[from]; ok {
			out[key] = l
		}
	}
	return out
}

// problemList writes problems one after the other, separated by sep (a
// newline is added before an indent).
func problemList(ps []registry.Problem, sep string) string {
	var b strings.Builder
	for i, p := range ps {
		switch {
		case strings.TrimSpace(sep) == "":
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(sep)
		case i > 0:
			b.WriteString(sep)
		}
		b.WriteString(p.String())
	}
	return b.String()
}
