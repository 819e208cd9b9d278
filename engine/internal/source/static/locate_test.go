package static

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcplint/mcplint/sdk"
)

const pretty = `{
  "instructions": "Use the tools.",
  "tools": [
    {
      "name": "read_file",
      "description": "Reads a file.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "path": {"type": "string", "description": "Where."}
        }
      }
    },
    {
      "name": "no_schema"
    }
  ]
}
`

func TestLocate(t *testing.T) {
	tests := []struct {
		name string
		file string
		// want maps a Snapshot pointer to "line:column"; "" means the
		// pointer is left out.
		want map[string]string
	}{
		{"pretty", pretty, map[string]string{
			"":              "1:1",
			"/instructions": "2:19",
			"/tools":        "3:12",
			"/tools/0":      "4:5",
			"/tools/0/name": "5:15",
			"/tools/0/inputSchema/properties/path/description": "10:53",
			"/tools/0/inputSchema/properties/path":             "10:19",
			"/tools/1/name":                                    "15:15",
		}},
		{"crlf", strings.ReplaceAll(pretty, "\n", "\r\n"), map[string]string{
			"/instructions": "2:19",
			"/tools/0/inputSchema/properties/path/description": "10:53",
			"/tools/1/name": "15:15",
		}},
		{"minified", `{"tools":[{"name":"a","inputSchema":{"type":"object"}},{"name":"b"}],"instructions":"x"}`, map[string]string{
			"/tools/0/inputSchema/type": "1:45",
			"/tools/1/name":             "1:64",
			"/instructions":             "1:85",
		}},
		{"multibyte before the value", `{"tools":[{"title":"日本語テキスト","description":"👍🏽 café e` + "\u0301" + `","name":"x"}]}`, map[string]string{
			// 日本語テキスト is 7 code points (21 bytes); 👍🏽 is 2 code
			// points (8 bytes); e + U+0301 is 2 code points.
			"/tools/0/description": "1:44",
			"/tools/0/name":        "1:64",
		}},
		{"escaped keys", `{"tools":[{"name":"x","inputSchema":{"properties":{"a\/b":{"type":"string"},"\u007e1":{},"c~d":1}}}]}`, map[string]string{
			"/tools/0/inputSchema/properties/a~1b/type": "1:67",
			"/tools/0/inputSchema/properties/~01":       "1:87",
			"/tools/0/inputSchema/properties/c~0d":      "1:96",
		}},
		{"bare array", "[\n  {\"name\": \"a\"},\n  {\"name\": \"b\"}\n]", map[string]string{
			"/tools":        "1:1",
			"/tools/1":      "3:3",
			"/tools/1/name": "3:12",
			// A bare array has no instructions: the nearest ancestor is
			// the document.
			"/instructions": "1:1",
		}},
		{"JSON-RPC", `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}],"instructions":"hi"}}`, map[string]string{
			"":              "1:34",
			"/tools/0/name": "1:52",
			"/instructions": "1:73",
		}},
		{"JSON-RPC bare array", `{"jsonrpc":"2.0","id":1,"result":[{"name":"a"}]}`, map[string]string{
			"/tools":        "1:34",
			"/tools/0/name": "1:43",
		}},
		{"missing values fall back", pretty, map[string]string{
			"/tools/1/inputSchema":                        "14:5",
			"/tools/1/inputSchema/properties/x/type":      "14:5",
			"/tools/0/inputSchema/properties/query":       "9:23",
			"/tools/0/inputSchema/properties/path/enum/2": "10:19",
			"/tools/7/name":                               "3:12",
			"/name":                                       "1:1",
			"/tools/0/description/0":                      "6:22",
		}},
		{"a repeated key keeps its last value", `{"tools":[{"name":"a","name":"b","x":{"y":1},"x":{}}]}`, map[string]string{
			"/tools/0/name": "1:30",
			"/tools/0/x":    "1:50",
			// y was only in the first "x", which decoding dropped.
			"/tools/0/x/y": "1:50",
		}},
		{"byte order mark", "\xef\xbb\xbf{\"tools\":[{\"name\":\"a\"}]}", map[string]string{
			"":              "1:1",
			"/tools/0/name": "1:19",
		}},
		{"not UTF-8 in a key", "{\"tools\":[{\"name\":\"a\",\"inputSchema\":{\"properties\":{\"b\xffc\":{\"type\":\"string\"}}}}]}", map[string]string{
			"/tools/0/inputSchema/properties/b\uFFFDc/type": "1:66",
		}},
		{"not pointers", pretty, map[string]string{
			"tools/0": "",
			"#/tools": "",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			snap, err := Decode("tools.json", []byte(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			var ps []string
			for p := range tc.want {
				ps = append(ps, p)
			}
			got := snap.Locator.Locate(ps)
			for p, want := range tc.want {
				loc, ok := got[p]
				switch {
				case want == "" && ok:
					t.Errorf("%q: got %d:%d, want it left out", p, loc.Line, loc.Column)
				case want == "":
				case !ok:
					t.Errorf("%q: left out, want %s", p, want)
				case fmt.Sprintf("%d:%d", loc.Line, loc.Column) != want || loc.File != "tools.json":
					t.Errorf("%q: got %s:%d:%d, want tools.json:%s", p, loc.File, loc.Line, loc.Column, want)
				}
			}
			checkAgainstReference(t, snap, []byte(tc.file))
		})
	}
}

// TestLocateEachAlone checks that resolving pointers together gives what
// resolving each alone does: the one-pass walk must not let one pointer's
// run disturb another's.
func TestLocateEachAlone(t *testing.T) {
	snap, err := Decode("tools.json", []byte(pretty))
	if err != nil {
		t.Fatal(err)
	}
	ps := allPointers(snap)
	ps = append(ps, "/tools/1/inputSchema", "/tools/0/inputSchema/properties/zz", "/tools/9", "")
	together := snap.Locator.Locate(ps)
	for _, p := range ps {
		alone := snap.Locator.Locate([]string{p})
		if alone[p] != together[p] {
			t.Errorf("%q: alone %v, together %v", p, alone[p], together[p])
		}
	}
}

// allPointers lists the pointer of every value in every tool, and the
// Snapshot fields the file holds, in document order until the pointers
// listed add up to pointerBudget bytes, leaving out values nested more
// than pointerMaxDepth deep in a tool.
func allPointers(snap *sdk.Snapshot) []string {
	ps := []string{"", "/tools"}
	if snap.HasInstructions {
		ps = append(ps, "/instructions")
	}
	size := 0
	var walk func(p string, v any, depth int)
	walk = func(p string, v any, depth int) {
		if size += len(p); size > pointerBudget || depth > pointerMaxDepth {
			return
		}
		ps = append(ps, p)
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				walk(sdk.Pointer(p, k), e, depth+1)
			}
		case []any:
			for i, e := range v {
				walk(p+"/"+strconv.Itoa(i), e, depth+1)
			}
		}
	}
	for i, tool := range snap.Tools {
		walk(sdk.ToolPointer(i), tool.Def, 0)
	}
	for _, l := range snap.Relisted {
		ps = append(ps, l.Pointer)
		for i, tool := range l.Tools {
			walk(l.Pointer+"/tools/"+strconv.Itoa(i), tool.Def, 0)
		}
	}
	return ps
}

// pointerBudget and pointerMaxDepth bound the pointers allPointers
// lists. The locator is quadratic in the depth of what it locates (it
// splits, hashes and sorts every ancestor of every pointer): an 8 KB fuzz
// input nesting 4,000 arrays in a schema took FuzzDecode 26 s when every
// value was located. A megabyte of pointers is the values of a 64 KiB
// list of small ones; 256 levels are far more than any schema nests.
const (
	pointerBudget   = 1 << 20
	pointerMaxDepth = 256
)

// checkAgainstReference locates every value of every tool and compares
// each with where a plain token-by-token reading of the file puts it.
func checkAgainstReference(t *testing.T, snap *sdk.Snapshot, data []byte) {
	t.Helper()
	l := snap.Locator.(*Locator)
	ref := referenceOffsets(t, data)
	ps := allPointers(snap)
	got := l.Locate(ps)
	offs := make(map[string]int, len(ps))
	for _, p := range ps {
		doc := l.layout.DocumentPointer(p)
		if off, ok := ref.find(doc); ok {
			offs[p] = off
		} else {
			t.Errorf("%q: the reference reading has no %q", p, doc)
		}
	}
	at := referencePositions(data, slices.Collect(maps.Values(offs)))
	for p, off := range offs {
		want := at[off]
		if g := got[p]; g.Line != want.line || g.Column != want.column {
			t.Errorf("%q: got %d:%d, the reference reading says %d:%d", p, g.Line, g.Column, want.line, want.column)
		}
	}
}

// refNode is a value of the reference reading: where it starts and the
// values it holds, by key or index.
type refNode struct {
	off  int
	kids map[string]*refNode
}

// find is the offset of the value at pointer p under n.
func (n *refNode) find(p string) (int, bool) {
	for _, k := range sdk.SplitPointer(p) {
		if n = n.kids[k]; n == nil {
			return 0, false
		}
	}
	return n.off, true
}

// referenceOffsets reads data with encoding/json's token reader and
// records where every value starts; a repeated key's last value wins, as
// in decoding. The reading builds a tree, so that a repeated key drops
// the earlier value's subtree by replacing one node: deleting its
// pointers from a flat map took a look at every pointer recorded so far
// for every value, and a fuzz input of 64 KiB holding 30,000 values took
// the check 30 s. Nor are the pointers of all values made: those of
// values nested deep add up to the square of the depth.
func referenceOffsets(t *testing.T, data []byte) *refNode {
	t.Helper()
	skip := bomLen(data)
	dec := json.NewDecoder(bytes.NewReader(data[skip:]))
	var walk func() *refNode
	walk = func() *refNode {
		off := skip + int(dec.InputOffset())
		for off < len(data) && strings.IndexByte(" \t\r\n:,", data[off]) >= 0 {
			off++
		}
		n := &refNode{off: off}
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("reference reading: %v", err)
		}
		switch tok {
		case json.Delim('{'):
			n.kids = map[string]*refNode{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					t.Fatalf("reference reading: %v", err)
				}
				n.kids[k.(string)] = walk()
			}
			dec.Token()
		case json.Delim('['):
			n.kids = map[string]*refNode{}
			for i := 0; dec.More(); i++ {
				n.kids[strconv.Itoa(i)] = walk()
			}
			dec.Token()
		}
		return n
	}
	return walk()
}

// referencePositions counts lines and code points from the start to each
// of offs, in one pass over data: counting from the start for each offset
// was quadratic in a long one-line file with many values.
func referencePositions(data []byte, offs []int) map[int]position {
	offs = slices.Clone(offs)
	slices.Sort(offs)
	at := make(map[int]position, len(offs))
	p := position{1, 1}
	i := bomLen(data)
	for _, off := range offs {
		for i < off {
			r, size := utf8.DecodeRune(data[i:])
			if r == '\n' {
				p.line++
				p.column = 1
			} else {
				p.column++
			}
			i += size
		}
		at[off] = p
	}
	return at
}
