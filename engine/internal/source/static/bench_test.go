package static

import (
	"encoding/json"
	"testing"

	"github.com/mcplint/mcplint/engine/internal/synth"
	"github.com/mcplint/mcplint/sdk"
)

var benchFile = synth.ToolList(10000, 1)

func BenchmarkDecodeStdlib(b *testing.B) {
	b.SetBytes(int64(len(benchFile)))
	for b.Loop() {
		var v any
		if err := json.Unmarshal(benchFile, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeAny is the decoder Decode uses, on one CPU, to compare
// with BenchmarkDecodeStdlib.
func BenchmarkDecodeAny(b *testing.B) {
	b.SetBytes(int64(len(benchFile)))
	for b.Loop() {
		if _, ok := decodeAny(benchFile); !ok {
			b.Fatal("decodeAny refused the file")
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	b.SetBytes(int64(len(benchFile)))
	for b.Loop() {
		if _, err := Decode("tools.json", benchFile); err != nil {
			b.Fatal(err)
		}
	}
}

// benchPointers are 2,000 pointers spread over the file, of the kinds
// issues carry: descriptions, properties, their types, missing values.
func benchPointers() []string {
	var ps []string
	for i := 0; len(ps) < 2000; i += 5 {
		switch i % 4 {
		case 0:
			ps = append(ps, sdk.ToolPointer(i, "description"))
		case 1:
			ps = append(ps, sdk.ToolPointer(i, "inputSchema", "properties"))
		case 2:
			ps = append(ps, sdk.ToolPointer(i, "inputSchema", "required", "0"))
		default:
			ps = append(ps, sdk.ToolPointer(i, "annotations", "destructiveHint"))
		}
	}
	return ps
}

func BenchmarkLocate(b *testing.B) {
	ps := benchPointers()
	b.SetBytes(int64(len(benchFile)))
	for b.Loop() {
		snap, err := Decode("tools.json", benchFile)
		if err != nil {
			b.Fatal(err)
		}
		if got := snap.Locator.Locate(ps); len(got) != len(ps) {
			b.Fatalf("located %d of %d pointers", len(got), len(ps))
		}
	}
}

func BenchmarkLocateOnly(b *testing.B) {
	ps := benchPointers()
	b.SetBytes(int64(len(benchFile)))
	snap, err := Decode("tools.json", benchFile)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		snap.Locator.Locate(ps)
	}
}
