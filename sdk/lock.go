package sdk

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/go-json-experiment/json/jsontext"
)

// LockEntry is what .mcplint.lock pinned for one server: a hash of every
// tool's definition and of the instructions, so that a later run can tell
// when a server changed what a model reads after a user approved it.
type LockEntry struct {
	// Instructions is the hash of the instructions string; empty when the
	// server sent none.
	Instructions string `json:"instructions,omitempty"`
	// Tools maps each tool name to its pin.
	Tools map[string]ToolPin `json:"tools"`
}

// ToolPin is the hash of one tool definition and of its parts.
type ToolPin struct {
	// SHA256 is the hash of the whole definition.
	SHA256 string `json:"sha256"`
	// Parts hashes each top-level member of the definition by its JSON
	// pointer ("/description", "/inputSchema"), and each property of the
	// input and output schemas ("/inputSchema/properties/path"), so a
	// change can be named, not just detected.
	Parts map[string]string `json:"parts"`
}

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

// PinTool hashes a tool definition and its parts.
func PinTool(t Tool) (ToolPin, error) {
	def := t.Def
	if def == nil {
		def = t.def()
	}
	whole, err := Hash(def)
	if err != nil {
		return ToolPin{}, fmt.Errorf("tool %q: %w", t.Name, err)
	}
	pin := ToolPin{SHA256: whole, Parts: map[string]string{}}
	for key, v := range def {
		ptr := Pointer("", key)
		if pin.Parts[ptr], err = Hash(v); err != nil {
			return ToolPin{}, fmt.Errorf("tool %q %s: %w", t.Name, ptr, err)
		}
		if key != "inputSchema" && key != "outputSchema" {
			continue
		}
		schema, _ := v.(map[string]any)
		props, _ := schema["properties"].(map[string]any)
		for name, p := range props {
			pp := Pointer(ptr, "properties", name)
			if pin.Parts[pp], err = Hash(p); err != nil {
				return ToolPin{}, fmt.Errorf("tool %q %s: %w", t.Name, pp, err)
			}
		}
	}
	return pin, nil
}

// PinSnapshot pins every tool of s and its instructions. When two tools
// share a name the first is pinned, as clients that index tools by name
// keep one of them.
func PinSnapshot(s *Snapshot) (*LockEntry, error) {
	e := &LockEntry{Tools: make(map[string]ToolPin, len(s.Tools))}
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
		pin, err := PinTool(t)
		if err != nil {
			return nil, err
		}
		e.Tools[t.Name] = pin
	}
	return e, nil
}

// ChangedParts compares two pins of one tool and returns the pointers of
// the parts that were added, removed and changed, each sorted.
func ChangedParts(old, cur ToolPin) (added, removed, changed []string) {
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
