package schemawalk

import (
	"runtime"
	"sync"
	"weak"

	"github.com/mcplint/mcplint/sdk"
)

// ToolSchemas is one tool's input and output schemas, flattened: nodes as
// Flatten lists them, nil when the tool has no such schema.
type ToolSchemas struct {
	Input, Output []Flat
}

// Tools returns the schemas of every tool of s, flattened, in s.Tools's
// order. Every rule that looks inside schemas reads the same schemas, so
// they are flattened once per Snapshot, by the first rule to ask, and kept
// while the Snapshot lives; the nodes are shared and must not be changed.
// Rules must not change a Snapshot (sdk.Rule says so); one whose tool list
// was replaced since is flattened again.
func Tools(s *sdk.Snapshot) []ToolSchemas {
	key := weak.Make(s)
	shape := toolsShape(s)
	cache.Lock()
	e, ok := cache.m[key]
	if !ok || e.shape != shape {
		e = &snapshotEntry{shape: shape}
		if !ok {
			runtime.AddCleanup(s, func(k weak.Pointer[sdk.Snapshot]) {
				cache.Lock()
				delete(cache.m, k)
				cache.Unlock()
			}, key)
		}
		cache.m[key] = e
	}
	cache.Unlock()
	e.once.Do(func() { e.tools = flattenTools(s.Tools) })
	return e.tools
}

// snapshotEntry is one Snapshot's flattened schemas, with the tool list
// they were flattened from.
type snapshotEntry struct {
	once  sync.Once
	shape toolList
	tools []ToolSchemas
}

var cache = struct {
	sync.Mutex
	m map[weak.Pointer[sdk.Snapshot]]*snapshotEntry
}{m: map[weak.Pointer[sdk.Snapshot]]*snapshotEntry{}}

// toolList identifies a Snapshot's tool list by its first element and
// length.
type toolList struct {
	first *sdk.Tool
	n     int
}

func toolsShape(s *sdk.Snapshot) toolList {
	if len(s.Tools) == 0 {
		return toolList{}
	}
	return toolList{&s.Tools[0], len(s.Tools)}
}

// toolsPerWorker is the fewest tools worth a goroutine of their own.
const toolsPerWorker = 256

// flattenTools flattens the tools' schemas in ranges on GOMAXPROCS
// goroutines: the rules that asked wait for it, each holding one of the
// runner's slots, so a sequential pass would leave those cores idle.
func flattenTools(tools []sdk.Tool) []ToolSchemas {
	out := make([]ToolSchemas, len(tools))
	workers := max(1, min(runtime.GOMAXPROCS(0), len(tools)/toolsPerWorker))
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := w*len(tools)/workers, (w+1)*len(tools)/workers
		wg.Go(func() { flattenRange(tools[lo:hi], out[lo:hi]) })
	}
	wg.Wait()
	return out
}

// flattenRange flattens tools's schemas into out, all into one backing
// array.
func flattenRange(tools []sdk.Tool, out []ToolSchemas) {
	type span struct{ start, end int }
	spans := make([]span, 0, 2*len(tools))
	// Real tool schemas have a dozen or two subschemas; sizing for that up
	// front saves regrowing a slice of every node of the file.
	all := make([]Flat, 0, 24*len(tools))
	for i := range tools {
		for _, schema := range [...]any{tools[i].InputSchema, tools[i].OutputSchema} {
			start := len(all)
			if schema != nil {
				all = Flatten(all, schema)
			}
			spans = append(spans, span{start, len(all)})
		}
	}
	for i := range out {
		in, outp := spans[2*i], spans[2*i+1]
		if in.end > in.start {
			out[i].Input = all[in.start:in.end:in.end]
		}
		if outp.end > outp.start {
			out[i].Output = all[outp.start:outp.end:outp.end]
		}
	}
}
