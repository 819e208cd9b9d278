package static

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/mcplint/mcplint/engine/internal/synth"
	"github.com/mcplint/mcplint/sdk"
)

// decodeWhole is Decode as it was before decoding in parallel: the oracle.
func decodeWhole(file string, data []byte) (*sdk.Snapshot, error) {
	snap, layout, err := sdk.DecodeSnapshot(data)
	if err != nil {
		return nil, describe(file, data, err)
	}
	snap.Locator = &Locator{file: file, data: data, layout: layout}
	return snap, nil
}

// largeShapes are files above parallelMin in each shape Decode reads, and
// whether decoding them is spread over the CPUs.
func largeShapes(t *testing.T) map[string]struct {
	data     []byte
	parallel bool
} {
	t.Helper()
	list := synth.ToolList(800, 3)
	if len(list) < parallelMin {
		t.Fatalf("the generated list is %d bytes, want at least %d", len(list), parallelMin)
	}
	var doc struct {
		Instructions string            `json:"instructions"`
		Tools        []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(list, &doc); err != nil {
		t.Fatal(err)
	}
	bare, _ := json.Marshal(doc.Tools)
	tools := string(bare)
	type shape = struct {
		data     []byte
		parallel bool
	}
	return map[string]shape{
		"result":          {list, true},
		"bom":             {append([]byte("\xef\xbb\xbf"), list...), true},
		"bare":            {bare, true},
		"rpc":             {[]byte(`{"jsonrpc":"2.0","id":1,"result":{"tools":` + tools + `}}`), true},
		"rpc bare":        {[]byte(`{"jsonrpc":"2.0","id":1,"result":` + tools + `}`), true},
		"rpc error":       {[]byte(`{"jsonrpc":"2.0","id":1,"error":{"message":"no"},"data":` + tools + `}`), true},
		"prompts too":     {[]byte(`{"tools":` + tools + `,"prompts":[{"name":"p"},3],"era":"x"}`), true},
		"tools not list":  {[]byte(`{"tools":{"a":1},"other":` + tools + `}`), true},
		"element shape":   {[]byte(`{"tools":` + strings.Replace(tools, "[{", "[7,{", 1) + `}`), true},
		"twice":           {[]byte(`{"tools":` + tools + `,"tools":[{"name":"last"}]}`), false},
		"gated":           {[]byte(`{"tools":` + tools + `,"_meta":{"mcplint/capability-gated-tools-v1":[{"capabilities":["roots"],"tools":[{"name":"g"}]}]}}`), true},
		"gated large":     {[]byte(`{"tools":[{"name":"a"}],"_meta":{"mcplint/capability-gated-tools-v1":[{"capabilities":["roots"],"tools":` + tools + `}]}}`), false},
		"gated malformed": {[]byte(`{"tools":` + tools + `,"_meta":{"mcplint/capability-gated-tools-v1":[{"capabilities":[1],"tools":[]}]}}`), true},
		"not utf-8":       {bytes.Replace(list, []byte(`"description": "`), []byte(`"description": "`+"\xff"), 1), true},
		"escaped key":     {[]byte(`{"tool\u0073":` + tools + `}`), false},
		"escaped twice":   {[]byte(`{"tools":` + tools + `,"tool\u0073":[]}`), false},
		"trailing":        {append(append([]byte{}, list...), "x"...), false},
		"two values":      {append(append([]byte{}, list...), list...), false},
		"empty tools":     {[]byte(`{"tools":[],"instructions":"` + strings.Repeat("a", parallelMin) + `"}`), false},
		"whitespace only": {bytes.Repeat([]byte(" "), parallelMin), false},
	}
}

func TestDecodeParallelMatchesWhole(t *testing.T) {
	for name, tc := range largeShapes(t) {
		t.Run(name, func(t *testing.T) {
			data := tc.data
			_, _, parallel := decodeParallel(data[bomLen(data):], false)
			if parallel != tc.parallel {
				t.Errorf("decoded in parallel: %v, want %v", parallel, tc.parallel)
			}
			same(t, data)
		})
	}
}

// TestDecodeParallelMalformed breaks a large file at random places: each
// break gives the error, and each harmless change the Snapshot, that
// decoding the whole file gives.
func TestDecodeParallelMalformed(t *testing.T) {
	list := synth.ToolList(800, 4)
	rng := rand.New(rand.NewPCG(5, 6))
	edits := []string{"", ",", "]", "}", "[", "{", `"`, `\`, "x", "1", " ", "\xff", `"a":`, "[[", "null"}
	n := 60
	if testing.Short() {
		n = 10
	}
	for range n {
		at := rng.IntN(len(list))
		cut := rng.IntN(3)
		edit := edits[rng.IntN(len(edits))]
		data := append(append(append([]byte{}, list[:at]...), edit...), list[min(at+cut, len(list)):]...)
		same(t, data)
	}
}

func TestDecodeParallelDeepNesting(t *testing.T) {
	deep := strings.Repeat("[", maxDepth-1) + strings.Repeat("]", maxDepth-1)
	pad := strings.Repeat(`{"name":"pad"},`, parallelMin/15)
	for _, data := range []string{
		`{"tools":[` + pad + deep + `]}`,
		`[` + pad + deep + `]`,
		`[` + pad + deep[1:len(deep)-1] + `]`,
		`[` + pad + deep[2:len(deep)-2] + `]`,
	} {
		same(t, []byte(data))
	}
}

func same(t *testing.T, data []byte) {
	t.Helper()
	got, gotErr := Decode("tools.json", data)
	want, wantErr := decodeWhole("tools.json", data)
	if gotErr != nil || wantErr != nil {
		if gotErr == nil || wantErr == nil || gotErr.Error() != wantErr.Error() {
			t.Fatalf("Decode: got error %v, want %v", gotErr, wantErr)
		}
		return
	}
	// The locators differ only in knowing where the large array is; what
	// they place must not.
	gotLoc, wantLoc := got.Locator.(*Locator), want.Locator.(*Locator)
	got.Locator, want.Locator = nil, nil
	// Only Decode looks for what parsers read differently.
	got.Ambiguous = nil
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Decode gave a different Snapshot from decoding the whole file")
	}
	pointers := probePointers(got)
	if g, w := gotLoc.Locate(pointers), wantLoc.Locate(pointers); !reflect.DeepEqual(g, w) {
		for _, p := range pointers {
			if g[p] != w[p] {
				t.Errorf("Locate(%q) = %+v, one walk over the file says %+v", p, g[p], w[p])
			}
		}
	}
}

// probePointers are pointers into every tool of s (its members, the first
// level of its schema, members it lacks) and around the tool list.
func probePointers(s *sdk.Snapshot) []string {
	ps := []string{"", "/tools", "/instructions", "/tools/", "/tools/-1", "/tools/01", "/tools/x",
		sdk.ToolPointer(len(s.Tools)), sdk.ToolPointer(len(s.Tools)+7, "name"), "not a pointer"}
	for i, t := range s.Tools {
		ps = append(ps, sdk.ToolPointer(i), sdk.ToolPointer(i, "name"), sdk.ToolPointer(i, "inputSchema", "missing", "deeper"), sdk.ToolPointer(i, ""))
		if m, ok := t.InputSchema.(map[string]any); ok {
			for k := range m {
				ps = append(ps, sdk.ToolPointer(i, "inputSchema", k))
			}
		}
	}
	return ps
}

// A large file decoded by DecodeFile is not kept: the Snapshot is the one
// Decode gives, its strings no longer change with the bytes it was decoded
// from, and its Locator places pointers as Decode's does by reading the
// file again, and places none once the file is not what was decoded.
func TestDecodeFileLetsGo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tools.json")
	for name, shape := range largeShapes(t) {
		t.Run(name, func(t *testing.T) {
			data := shape.data
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			want, err := Decode("tools.json", bytes.Clone(data))
			if err != nil {
				return // the shape is not a tool list; Decode's errors are tested with it
			}
			data = bytes.Clone(data)
			got, err := DecodeFile("tools.json", path, data)
			if err != nil {
				t.Fatal(err)
			}
			if got.Ambiguous != nil {
				// The file is kept, for the rules that read it. Bytes that
				// are not UTF-8 say so before decoding, so its strings
				// share it rather than copy it; a key given twice is known
				// only once decoded.
				if !utf8.Valid(data) && !within(got.Tools[0].Name, data) {
					t.Errorf("the strings of a file kept for its bytes that are not UTF-8 are copied (tool 0's name %q)", got.Tools[0].Name)
				}
				return
			}
			clear(data)
			gotLoc, wantLoc := got.Locator.(*Locator), want.Locator.(*Locator)
			if gotLoc.data != nil {
				t.Fatal("the Locator keeps the file")
			}
			if wantLoc.Changed() {
				t.Fatal("a Locator that keeps its file is said changed")
			}
			got.Locator, want.Locator = nil, nil
			if !reflect.DeepEqual(got, want) {
				t.Fatal("the Snapshot changed with the bytes it was decoded from, or is not Decode's")
			}
			pointers := probePointers(got)
			if g, w := gotLoc.Locate(pointers), wantLoc.Locate(pointers); !reflect.DeepEqual(g, w) || len(g) == 0 {
				t.Fatalf("reading the file again places %d pointers differently (%d placed)", len(pointers), len(g))
			}
			// Of the same size, so that only its bytes tell.
			changed := bytes.Clone(shape.data)
			at := bytes.IndexFunc(changed, unicode.IsLower)
			changed[at] = byte(unicode.ToUpper(rune(changed[at])))
			if err := os.WriteFile(path, changed, 0o644); err != nil {
				t.Fatal(err)
			}
			runtime.GC() // the bytes read before are held weakly
			if gotLoc.Changed() {
				t.Error("Changed before the file was read again")
			}
			if g := gotLoc.Locate(pointers); len(g) != 0 || !gotLoc.Changed() {
				t.Errorf("a changed file still places %d pointers, or is not said changed (%v)", len(g), gotLoc.Changed())
			}
			// Once found changed, the file is not read again: put back,
			// it still places none.
			if err := os.WriteFile(path, shape.data, 0o644); err != nil {
				t.Fatal(err)
			}
			if g := gotLoc.Locate(pointers); len(g) != 0 {
				t.Errorf("a file found changed was read again and placed %d pointers", len(g))
			}
		})
	}
}

// within reports whether s shares the bytes of data.
func within(s string, data []byte) bool {
	if len(s) == 0 || len(data) == 0 {
		return false
	}
	p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(&data[0]))
	return p >= lo && p < lo+uintptr(len(data))
}
