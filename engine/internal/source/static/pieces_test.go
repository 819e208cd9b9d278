package static

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
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
	want := scanElements(data, first, -1, len(data), room)
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

// trapList is a list whose first element is not an object, so that any
// "},{" is a guess, and whose strings hold that pattern: guesses land
// inside strings, and a run from one reads the strings' contents as
// structure.
func trapList(r *rand.Rand, n int) []byte {
	traps := []string{`"}, {"`, `"},{\"a\":[{{{{{{"`, `"{{{{{{{{{{{{{{{{{{{{{{{{"`, `{"a":"},{"}`, `[{"b":1},{"c":"},{"}]`, `1`, `"x"`}
	var b strings.Builder
	b.WriteString("[0")
	for range n {
		b.WriteString(",")
		b.WriteString(traps[r.IntN(len(traps))])
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
		traps := trapList(r, 1+r.IntN(200))
		if !json.Valid(traps) {
			t.Fatalf("the list is not JSON: %s", traps)
		}
		for n := 2; n <= 9; n++ {
			piecesAgree(t, traps, n)
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
		f.Add(trapList(r, 1+r.IntN(30)), uint8(5))
	}
	f.Add([]byte(`[{"a":1},{"a":"},{\"a\""},{"a":[{"a":2},{"a":3}]}]`), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, n uint8) {
		if len(data) == 0 || data[0] != '[' {
			return
		}
		piecesAgree(t, data, 2+int(n%6))
	})
}

// TestScanPiecesReadsTheDataOnce checks the bounds of the speculative
// work: the guessed runs of a list whose guesses all land in strings read
// apart pieces of it, and a document with many arrays before a large one
// is walked in pieces once, for the large one, not once for each array.
func TestScanPiecesReadsTheDataOnce(t *testing.T) {
	var read [][2]int
	onPiece = func(from, limit int) { read = append(read, [2]int{from, limit}) }
	defer func() { onPiece = nil }()
	r := rand.New(rand.NewPCG(5, 6))
	data := trapList(r, 3000)
	for n := 2; n <= 16; n++ {
		read = read[:0]
		piecesAgree(t, data, n)
		total := 0
		for k, p := range read {
			if k > 0 && p[0] < read[k-1][1] {
				t.Fatalf("%d pieces: run %d reads from %d, before run %d's end %d", n, k, p[0], k-1, read[k-1][1])
			}
			total += p[1] - p[0]
		}
		if total > len(data) {
			t.Fatalf("%d pieces: the guessed runs may read %d bytes of %d", n, total, len(data))
		}
	}

	// 300 small arrays, then two large ones: only the first large one is
	// walked in pieces (the second, on one core, is the longer).
	var b strings.Builder
	b.WriteString("{")
	for i := range 300 {
		fmt.Fprintf(&b, `"a%d":[0],`, i)
	}
	for _, big := range []struct {
		name string
		size int
	}{{"prompts", scanPiecesMin * 3 / 2}, {"tools", scanPiecesMin * 2}} {
		fmt.Fprintf(&b, `"%s":[`, big.name)
		for end, i := b.Len()+big.size, 0; b.Len() < end; i++ {
			fmt.Fprintf(&b, `{"name":"t%d","description":"%s"},`, i, strings.Repeat("d", 200))
		}
		b.WriteString(`{"name":"last"}],`)
	}
	b.WriteString(`"z":[1]}`)
	read = read[:0]
	big, ok := findBigArray([]byte(b.String()))
	if !ok || len(big.path) != 1 || big.path[0] != "tools" {
		t.Fatalf("found %v (ok %v), want the tools", big.path, ok)
	}
	if runtime.GOMAXPROCS(0) > 1 && (len(read) == 0 || len(read) > runtime.GOMAXPROCS(0)-1) {
		t.Errorf("%d guessed runs for two large arrays among 302, want 1 to %d: one array in pieces", len(read), runtime.GOMAXPROCS(0)-1)
	}
}

// TestScanElementsReadsNothingPastLimit overwrites the bytes from limit
// on: a run with that limit must find the same either way.
func TestScanElementsReadsNothingPastLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 100 {
		data := trickyList(r, 1+r.IntN(30))
		if r.IntN(2) == 0 {
			data = trapList(r, 1+r.IntN(60))
		}
		first := skipSpace(data, 1)
		limit := first + r.IntN(len(data)-first)
		spoilt := append([]byte(nil), data...)
		for i := limit; i < len(spoilt); i++ {
			spoilt[i] = `}]\`[i%3]
		}
		want := scanElements(data, first, -1, limit, maxDepth-1)
		if got := scanElements(spoilt, first, -1, limit, maxDepth-1); !reflect.DeepEqual(got, want) {
			t.Fatalf("limit %d of %d: the bytes past it changed the run (%d elements, state %d at %d; before %d, %d at %d)",
				limit, len(data), len(got.elems), got.state, got.next, len(want.elems), want.state, want.next)
		}
		for _, e := range want.elems {
			if e.end > limit {
				t.Fatalf("an element ends at %d, past the limit %d", e.end, limit)
			}
		}
	}
}
