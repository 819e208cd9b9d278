package static

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
)

// TestNumberPastFloatRange decodes a schema with 1e400, valid JSON that
// encoding/json refuses: the file decodes, and the number is kept as
// written.
func TestNumberPastFloatRange(t *testing.T) {
	data := []byte(`{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"n":{"type":"number","maximum":1e400,"minimum":-1E+400}}}}]}`)
	snap, err := Decode("big.json", data)
	if err != nil {
		t.Fatal(err)
	}
	n := snap.Tools[0].InputSchema.(map[string]any)["properties"].(map[string]any)["n"].(map[string]any)
	if n["maximum"] != json.Number("1e400") || n["minimum"] != json.Number("-1E+400") {
		t.Errorf("maximum %#v, minimum %#v; want the numbers as written", n["maximum"], n["minimum"])
	}
	out, err := json.Marshal(n)
	if err != nil || string(out) != `{"maximum":1e400,"minimum":-1E+400,"type":"number"}` {
		t.Errorf("re-encoded as %s, %v", out, err)
	}
}

// TestDecodeLongArrayMemory decodes an array of a million numbers, and
// one of a quarter million small objects alike, the way a file the
// parallel decoder declines is read: what the decoder allocates for them,
// its scratch space included, stays near the slice it gives and its
// growth by append (about 110 bytes an element). A flag kept with each
// element once doubled it, where a schema's enum of millions of values
// made a file of 60 MB take 4.4 GB.
func TestDecodeLongArrayMemory(t *testing.T) {
	const n = 1 << 20
	for _, c := range []struct {
		name  string
		data  string
		elems int
	}{
		{"numbers", "[" + strings.Repeat("1,", n) + "1]", n + 1},
		{"objects", "[" + strings.Repeat(`{"n":1,"s":"x"},`, n/4) + "1]", n/4 + 1},
	} {
		data := []byte(c.data)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		v, ok := decodeAny(data)
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(v)
		if !ok {
			t.Fatalf("%s: not decoded", c.name)
		}
		const most = 160
		if per := float64(after.TotalAlloc-before.TotalAlloc) / float64(c.elems); per > most {
			t.Errorf("%s: %.0f bytes allocated an element, want at most %d", c.name, per, most)
		}
	}
}
