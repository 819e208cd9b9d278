package sdk

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Layout says where a decoded Snapshot sat in its JSON document, so that a
// Snapshot pointer can be turned back into a pointer into the document.
type Layout struct {
	// Prefix is the document pointer of the object that holds "tools"
	// ("" at the root, "/result" inside a JSON-RPC response).
	Prefix string
	// BareTools is true when the tools were a bare array at Prefix, so
	// "/tools/3" in the Snapshot is Prefix+"/3" in the document.
	BareTools bool
}

// DocumentPointer maps a Snapshot pointer to the document's pointer.
func (l Layout) DocumentPointer(p string) string {
	if l.BareTools {
		const tools = "/tools"
		if p == tools {
			return l.Prefix
		}
		if len(p) > len(tools) && p[:len(tools)+1] == tools+"/" {
			return l.Prefix + p[len(tools):]
		}
	}
	return l.Prefix + p
}

// ErrNotToolList is returned (wrapped) by DecodeSnapshot for valid JSON that
// is none of the shapes it reads.
var ErrNotToolList = errors.New("not a tool list")

// DecodeSnapshot reads the static shapes mcplint accepts:
//
//   - a tools/list result: {"tools":[...]}, optionally with "instructions"
//     (and, like the Snapshot's own JSON form, "prompts", "resources",
//     "resourceTemplates", "serverInfo", "protocolVersion");
//   - a bare array of tools: [...];
//   - a JSON-RPC response whose "result" is either of the above.
//
// The Snapshot's Source is SourceStatic; Name and Input are left for the
// caller. Syntax errors are returned as *json.SyntaxError so callers can
// place them.
func DecodeSnapshot(data []byte) (*Snapshot, Layout, error) {
	var layout Layout
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 {
		return nil, layout, fmt.Errorf("%w: the file is empty", ErrNotToolList)
	}
	if trimmed[0] == '[' {
		var tools []Tool
		if err := json.Unmarshal(data, &tools); err != nil {
			return nil, layout, err
		}
		layout.BareTools = true
		return &Snapshot{Source: SourceStatic, Tools: tools}, layout, nil
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, layout, err
	}
	if res, ok := top["result"]; ok {
		if _, isRPC := top["jsonrpc"]; isRPC || top["id"] != nil {
			inner, innerLayout, err := DecodeSnapshot(res)
			if err != nil {
				return nil, layout, err
			}
			innerLayout.Prefix = "/result" + innerLayout.Prefix
			return inner, innerLayout, nil
		}
	}
	if _, ok := top["tools"]; !ok {
		if _, isRPC := top["error"]; isRPC {
			return nil, layout, fmt.Errorf("%w: it is a JSON-RPC error response, not a tools/list result", ErrNotToolList)
		}
		return nil, layout, fmt.Errorf("%w: want {\"tools\": [...]}, a bare array of tools, or a JSON-RPC response wrapping one", ErrNotToolList)
	}
	var s Snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, layout, err
	}
	_, s.HasInstructions = top["instructions"]
	s.Source = SourceStatic
	s.Name, s.Input, s.Transcript, s.Peers, s.Tokens, s.Lock = "", "", nil, nil, nil, nil
	return &s, layout, nil
}
