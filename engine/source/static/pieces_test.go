package static

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/internal/realistic"
)

// piecesAgree checks that scanPieces, cut in n pieces, finds what one
// scanElements does in the array that opens at data[0].
func piecesAgree(t *testing.T, data []byte, n int) {
	t.Helper()
	first := skipSpace(data, 1)
	if first >= len(data) || data[first] == ']' {
		return
	}
	room := maxDepth - 1
	want := scanElements(data, first, -1, room)
	got := scanPieces(data, first, room, n)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%d pieces of %.80q…: got %d elements, state %d at %d; one scan: %d elements, state %d at %d",
			n, data, len(got.elems), got.state, got.next, len(want.elems), want.state, want.next)
	}
}

// trickyList is a tool list whose strings and nested values hold what the
// guesses look for: "},{" followed by the first key, inside descriptions,
// escaped quotes before it, and arrays of objects that start with the same
// key as the tools.
func trickyList(r *rand.Rand, tools int) []byte {
	traps := []string{
		`},{\"name\":\"fake\"`,
		`\\\"},{\"name\"`,
		`}, {\"name\"`,
		`\u007d,{`,
		`\"},{\"name\":`,
	}
	var b strings.Builder
	b.WriteString("[")
	for i := range tools {
		if i > 0 {
			b.WriteString([]string{",", ", ", ",\n  "}[r.IntN(3)])
		}
		fmt.Fprintf(&b, `{"name":"t%d","description":"`, i)
		for range r.IntN(4) {
			b.WriteString("text " + traps[r.IntN(len(traps))] + " more")
		}
		b.WriteString(`","inputSchema":{"type":"object","anyOf":[`)
		for k := range r.IntN(3) {
			if k > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"name":"n%d","x":[{"name":1},{"name":[{}]}]}`, k)
		}
		b.WriteString("]}}")
	}
	b.WriteString("]")
	return []byte(b.String())
}

func TestScanPiecesIsOneScan(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		data := trickyList(r, 1+r.IntN(40))
		if !json.Valid(data) {
			t.Fatalf("the list is not JSON: %s", data)
		}
		for n := 2; n <= 7; n++ {
			piecesAgree(t, data, n)
		}
		// Cut short, or with a stray byte: the scans must fail alike.
		cut := data[:r.IntN(len(data))]
		bad := append([]byte(nil), data...)
		bad[1+r.IntN(len(bad)-1)] = "]}\",x"[round%5]
		for n := 2; n <= 4; n++ {
			piecesAgree(t, cut, n)
			piecesAgree(t, bad, n)
		}
	}
}

// TestScanPiecesRealList runs both scans over a list made of published
// servers' tools, the input the pieces are for.
func TestScanPiecesRealList(t *testing.T) {
	data, err := realistic.ToolList(400, 1)
	if err != nil {
		t.Skip(err)
	}
	i := strings.Index(string(data), `"tools":`)
	if i < 0 {
		t.Fatal("no tools member")
	}
	arr := data[skipSpace(data, i+len(`"tools":`)):]
	for n := 2; n <= 4; n++ {
		piecesAgree(t, arr, n)
	}
}

func FuzzScanPieces(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 8 {
		f.Add(trickyList(r, 1+r.IntN(12)), uint8(2))
	}
	f.Add([]byte(`[{"a":1},{"a":"},{\"a\""},{"a":[{"a":2},{"a":3}]}]`), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, n uint8) {
		if len(data) == 0 || data[0] != '[' {
			return
		}
		piecesAgree(t, data, 2+int(n%6))
	})
}
