// Package pin hashes what a model reads of a server, for .mcplint.lock
// and the rules that compare a server with what was pinned: a tool's
// definition and each of its parts, and the instructions.
package pin

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/mcplint/mcplint/sdk"
)

// Hash returns "sha256:" and the hex SHA-256 of v's JSON form canonicalized
// as RFC 8785 (JCS) says: members sorted, numbers and strings in one
// spelling, no whitespace. Two values that mean the same hash the same
// whatever the key order or escaping the server used.
func Hash(v any) (string, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("hash: encode the value as JSON: %w", err)
	}
	val := jsontext.Value(raw)
	if err := val.Canonicalize(); err != nil {
		return "", fmt.Errorf("hash: canonicalize the JSON: %w", err)
	}
	sum := sha256.Sum256(val)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// Tool hashes a tool definition and its parts.
func Tool(t sdk.Tool) (sdk.ToolPin, error) {
	def := t.Def
	if def == nil {
		// A tool built in code rather than decoded: its JSON form is its
		// definition.
		raw, err := json.Marshal(t)
		if err != nil {
			return sdk.ToolPin{}, fmt.Errorf("tool %q: %w", t.Name, err)
		}
		if err := json.Unmarshal(raw, &def); err != nil {
			return sdk.ToolPin{}, fmt.Errorf("tool %q: %w", t.Name, err)
		}
	}
	whole, err := Hash(def)
	if err != nil {
		return sdk.ToolPin{}, fmt.Errorf("tool %q: %w", t.Name, err)
	}
	pin := sdk.ToolPin{SHA256: whole, Parts: map[string]string{}}
	for key, v := range def {
		ptr := sdk.Pointer("", key)
		if pin.Parts[ptr], err = Hash(v); err != nil {
			return sdk.ToolPin{}, fmt.Errorf("tool %q %s: %w", t.Name, ptr, err)
		}
		if key != "inputSchema" && key != "outputSchema" {
			continue
		}
		schema, _ := v.(map[string]any)
		props, _ := schema["properties"].(map[string]any)
		for name, p := range props {
			pp := sdk.Pointer(ptr, "properties", name)
			if pin.Parts[pp], err = Hash(p); err != nil {
				return sdk.ToolPin{}, fmt.Errorf("tool %q %s: %w", t.Name, pp, err)
			}
		}
	}
	return pin, nil
}

// Snapshot pins every tool of s and its instructions. When two tools
// share a name the first is pinned, as clients that index tools by name
// keep one of them.
func Snapshot(s *sdk.Snapshot) (*sdk.LockEntry, error) {
	e := &sdk.LockEntry{Tools: make(map[string]sdk.ToolPin, len(s.Tools))}
	if s.HasInstructions || s.Instructions != "" {
		h, err := Hash(s.Instructions)
		if err != nil {
			return nil, fmt.Errorf("instructions: %w", err)
		}
		e.Instructions = h
	}
	for _, t := range s.Tools {
		if _, dup := e.Tools[t.Name]; dup {
			continue
		}
		pin, err := Tool(t)
		if err != nil {
			return nil, err
		}
		e.Tools[t.Name] = pin
	}
	return e, nil
}

// ChangedParts compares two pins of one tool and returns the pointers of
// the parts that were added, removed and changed, each sorted.
func ChangedParts(old, cur sdk.ToolPin) (added, removed, changed []string) {
	for p, h := range cur.Parts {
		oh, ok := old.Parts[p]
		switch {
		case !ok:
			added = append(added, p)
		case oh != h:
			changed = append(changed, p)
		}
	}
	for p := range old.Parts {
		if _, ok := cur.Parts[p]; !ok {
			removed = append(removed, p)
		}
	}
	sort.Strings(added)
	sort.Strings(removed)
	sort.Strings(changed)
	return added, removed, changed
}
