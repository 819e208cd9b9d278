package schema

import (
	"encoding/json"
	"runtime"
	"testing"
	"time"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// BenchmarkLibraryVsHandWritten answers whether santhosh-tekuri/jsonschema
// could replace the hand-written metaschema check (meta.go, behind
// schema-invalid) and instance validator (instance.go, behind
// default-invalid) within the static goal: every rule together at most 2×
// decoding the list with encoding/json into an any (the yardstick of
// engine's BenchmarkStatic). On 10,000 realistic tools it times,
// in one loop so that a busy machine skews all alike: the decode; the two
// rules as they are; the library validating every input schema against
// the 2020-12 metaschema (compiled once); and the library compiling every
// input schema, which validating its defaults needs. Each is reported as a
// multiple of the decode (CPU time of the benchmark's thread on Linux).
func BenchmarkLibraryVsHandWritten(b *testing.B) {
	data := syntheticTools(10000)
	snap, _, err := sdk.DecodeSnapshot(data)
	if err != nil {
		b.Fatal(err)
	}
	meta, err := jsonschema.NewCompiler().Compile("https://json-schema.org/draft/2020-12/schema")
	if err != nil {
		b.Fatal(err)
	}
	handWritten := []sdk.Rule{schemaInvalid{}, defaultInvalid{}}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock := func() time.Duration {
		if d, ok := threadCPU(); ok {
			return d
		}
		return time.Duration(time.Now().UnixNano())
	}
	var decode, rules, library, compile time.Duration
	for b.Loop() {
		start := clock()
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
		decode += clock() - start

		fresh := *snap
		start = clock()
		for _, r := range handWritten {
			if _, err := linttest.Check(r, &fresh); err != nil {
				b.Fatal(err)
			}
		}
		rules += clock() - start

		start = clock()
		for _, t := range fresh.Tools {
			meta.Validate(t.InputSchema)
		}
		library += clock() - start

		start = clock()
		for _, t := range fresh.Tools {
			c := jsonschema.NewCompiler()
			if c.AddResource("mcplint:///schema.json", t.InputSchema) == nil {
				c.Compile("mcplint:///schema.json")
			}
		}
		compile += clock() - start
	}
	b.ReportMetric(float64(rules)/float64(decode), "handwritten/decode")
	b.ReportMetric(float64(library)/float64(decode), "library-meta/decode")
	b.ReportMetric(float64(compile)/float64(decode), "library-compile/decode")
	b.ReportMetric(float64(len(data))/1e6, "MB")
}
