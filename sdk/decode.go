package sdk

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/snip"
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

// ShapeError is valid JSON that is not a tool list. It wraps ErrNotToolList.
type ShapeError struct {
	// Pointer is the document pointer of the offending value, so that a
	// caller holding the file can place it; "" when the document as a whole
	// has the wrong shape.
	Pointer string
	// Problem says what is wrong and what is wanted.
	Problem string
}

func (e *ShapeError) Error() string { return ErrNotToolList.Error() + ": " + e.Problem }

// Unwrap returns ErrNotToolList.
func (e *ShapeError) Unwrap() error { return ErrNotToolList }

const wantShape = `want {"tools": [...]}, a bare array of tools, or a JSON-RPC response wrapping one`

var utf8BOM = []byte("\xef\xbb\xbf")

// DecodeSnapshot reads the static shapes mcplint accepts:
//
//   - a tools/list result: {"tools":[...]}, optionally with "instructions"
//     (and, like the Snapshot's own JSON form, "prompts", "resources",
//     "resourceTemplates", "serverInfo", "protocolVersion", "capabilities",
//     "era"), and in its "_meta" the capability-gated tools `mcplint dump`
//     recorded (MetaGatedTools), read into Relisted;
//   - a bare array of tools: [...];
//   - a JSON-RPC response whose "result" is either of the above.
//
// A leading UTF-8 byte order mark is skipped. The document is decoded once,
// generically; a tool is then read leniently (see Tool), so a tool whose
// fields have the wrong types is still linted. What cannot be represented
// is refused with a *ShapeError naming the offending value: "tools" that is
// not an array, an element of it that is not an object, or one of the
// other fields above with the wrong JSON type. Clients reject such a
// tools/list result as a whole, so linting the remainder would grade a
// server no client can use. A null field counts as absent.
//
// The Snapshot's Source is SourceStatic; Name and Input are left for the
// caller. Syntax errors are returned as *json.SyntaxError so callers can
// place them.
func DecodeSnapshot(data []byte) (*Snapshot, Layout, error) {
	data = bytes.TrimPrefix(data, utf8BOM)
	if len(bytes.TrimLeft(data, " \t\r\n")) == 0 {
		return nil, Layout{}, &ShapeError{Problem: "the document is empty; " + wantShape}
	}
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, Layout{}, err
	}
	return snapshotFrom(doc, "")
}

// SnapshotFromValue is DecodeSnapshot for a document that the caller
// already decoded with encoding/json into an any (for instance a large file
// decoded in parallel, a part at a time): it reads the same shapes, gives
// the same Snapshot and Layout, and refuses the same documents with the
// same *ShapeError. Syntax and the empty document are the caller's.
func SnapshotFromValue(doc any) (*Snapshot, Layout, error) {
	return snapshotFrom(doc, "")
}

func snapshotFrom(doc any, prefix string) (*Snapshot, Layout, error) {
	layout := Layout{Prefix: prefix}
	switch v := doc.(type) {
	case []any:
		tools, err := toolsFrom(v, prefix)
		if err != nil {
			return nil, layout, err
		}
		layout.BareTools = true
		return &Snapshot{Source: SourceStatic, Tools: tools}, layout, nil
	case map[string]any:
		_, hasVersion := v["jsonrpc"]
		_, hasID := v["id"]
		rpc := hasVersion || hasID
		if res, ok := v["result"]; ok && rpc {
			return snapshotFrom(res, prefix+"/result")
		}
		if _, ok := v["tools"]; !ok {
			if e, ok := v["error"]; ok && rpc {
				return nil, layout, &ShapeError{Pointer: prefix + "/error",
					Problem: "it is a JSON-RPC error response" + rpcErrorText(e) + ", not a tools/list result; save a successful response"}
			}
			return nil, layout, &ShapeError{Pointer: prefix,
				Problem: fmt.Sprintf("%s is an object %s; %s", documentName(prefix), keyList(v), wantShape)}
		}
		s, err := objectSnapshot(v, prefix)
		return s, layout, err
	default:
		return nil, layout, &ShapeError{Pointer: prefix,
			Problem: fmt.Sprintf("%s is %s; %s", documentName(prefix), kindOf(doc), wantShape)}
	}
}

func objectSnapshot(m map[string]any, prefix string) (*Snapshot, error) {
	s := &Snapshot{Source: SourceStatic}
	list, err := field[[]any](m, prefix, "tools", "an array of tool objects")
	if err != nil {
		return nil, err
	}
	if list == nil {
		return nil, &ShapeError{Pointer: prefix + "/tools", Problem: `"tools" is null, want an array of tool objects`}
	}
	if s.Tools, err = toolsFrom(list, prefix+"/tools"); err != nil {
		return nil, err
	}
	if _, ok := m["instructions"]; ok && m["instructions"] != nil {
		if s.Instructions, err = field[string](m, prefix, "instructions", "a string"); err != nil {
			return nil, err
		}
		s.HasInstructions = true
	}
	if s.ProtocolVersion, err = field[string](m, prefix, "protocolVersion", "a string"); err != nil {
		return nil, err
	}
	if s.Era, err = field[string](m, prefix, "era", "a string"); err != nil {
		return nil, err
	}
	if s.Capabilities, err = field[map[string]any](m, prefix, "capabilities", "an object"); err != nil {
		return nil, err
	}
	info, err := field[map[string]any](m, prefix, "serverInfo", "an object")
	if err != nil {
		return nil, err
	}
	if info != nil {
		s.Server = &Implementation{}
		s.Server.Name, _ = info["name"].(string)
		s.Server.Title, _ = info["title"].(string)
		s.Server.Version, _ = info["version"].(string)
	}
	if err := definitions(m, prefix, "prompts", "prompt", func(def map[string]any) {
		s.Prompts = append(s.Prompts, PromptFromDef(def))
	}); err != nil {
		return nil, err
	}
	if err := definitions(m, prefix, "resources", "resource", func(def map[string]any) {
		s.Resources = append(s.Resources, ResourceFromDef(def))
	}); err != nil {
		return nil, err
	}
	if err := definitions(m, prefix, "resourceTemplates", "resource template", func(def map[string]any) {
		s.ResourceTemplates = append(s.ResourceTemplates, ResourceTemplateFromDef(def))
	}); err != nil {
		return nil, err
	}
	if s.Relisted, err = gatedListings(m, prefix); err != nil {
		return nil, err
	}
	return s, nil
}

// field reads m[key] as a T; absent and null give T's zero value.
func field[T any](m map[string]any, prefix, key, want string) (T, error) {
	var zero T
	raw, ok := m[key]
	if !ok || raw == nil {
		return zero, nil
	}
	v, ok := raw.(T)
	if !ok {
		return zero, &ShapeError{Pointer: Pointer(prefix, key),
			Problem: fmt.Sprintf("%q is %s, want %s", key, kindOf(raw), want)}
	}
	return v, nil
}

func definitions(m map[string]any, prefix, key, what string, add func(map[string]any)) error {
	list, err := field[[]any](m, prefix, key, "an array of "+what+" objects")
	if err != nil {
		return err
	}
	for i, e := range list {
		def, ok := e.(map[string]any)
		if !ok {
			return elementError(Pointer(prefix, key), i, what, e)
		}
		add(def)
	}
	return nil
}

func toolsFrom(list []any, at string) ([]Tool, error) {
	for i, e := range list {
		if _, ok := e.(map[string]any); !ok {
			return nil, elementError(at, i, "tool", e)
		}
	}
	tools := make([]Tool, len(list))
	// A large list's definitions are read on every core: each lookup in
	// one of thousands of maps is likely a cache miss, and this runs
	// before any rule can start.
	parts := 1
	if len(list) >= parallelTools {
		parts = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() {
			for i := p * len(list) / parts; i < (p+1)*len(list)/parts; i++ {
				tools[i] = ToolFromDef(list[i].(map[string]any))
			}
		})
	}
	wg.Wait()
	return tools, nil
}

// parallelTools is the length from which toolsFrom spreads a list over
// the CPUs.
const parallelTools = 2048

func elementError(at string, i int, what string, v any) error {
	p := at + "/" + strconv.Itoa(i)
	return &ShapeError{Pointer: p,
		Problem: fmt.Sprintf("%s %d (%s) is %s, want a %s object; fix or remove it", what, i, p, kindOf(v), what)}
}

func documentName(prefix string) string {
	if prefix == "" {
		return "the document"
	}
	return "the JSON-RPC result"
}

func rpcErrorText(e any) string {
	m, _ := e.(map[string]any)
	msg, _ := m["message"].(string)
	if msg == "" {
		return ""
	}
	return fmt.Sprintf(" (%q)", snip.Runes(msg, 80))
}

// keyList describes an object by its first few keys, so that a user sees
// what the file holds instead of what it lacks.
func keyList(m map[string]any) string {
	if len(m) == 0 {
		return "with no keys"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	const most = 5
	var b strings.Builder
	b.WriteString("with keys ")
	for i, k := range keys {
		if i == most {
			fmt.Fprintf(&b, " and %d more", len(keys)-most)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", k)
	}
	return b.String()
}

// kindOf names the JSON type of a generically decoded value, with an
// article, for messages.
func kindOf(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean (" + strconv.FormatBool(v) + ")"
	case float64:
		return "a number (" + strconv.FormatFloat(v, 'g', -1, 64) + ")"
	case json.Number:
		return "a number (" + string(v) + ")"
	case string:
		return fmt.Sprintf("a string (%q)", snip.Runes(v, 40))
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("a %T", v)
}
