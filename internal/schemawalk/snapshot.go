package schemawalk

import (
	"context"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/internal/ranges"
	"github.com/mcplint/mcplint/sdk"
)

// ToolSchemas is one tool's input and output schemas, flattened: nodes as
// Flatten lists them, nil when the tool has no such schema; and the
// members of its definition that several rules read.
type ToolSchemas struct {
	Input, Output []Flat
	Def           DefFields
}

// DefFields are members of a tool's definition (sdk.Tool.Def) that several
// rules read. They are looked up once, with the schemas: a lookup in one
// of the maps of thousands of definitions is likely a cache miss, each
// time a rule makes it.
type DefFields struct {
	// Has says which of the members the definition has, null ones
	// included; none when the tool has no Def.
	Has DefKeys
	// Description and Annotations are those members' values, nil when
	// absent.
	Description, Annotations any
}

// DefKeys is a set of the members DefFields knows.
type DefKeys uint8

// The members DefFields knows.
const (
	DefDescription DefKeys = 1 << iota
	DefInputSchema
	DefOutputSchema
	DefAnnotations
)

func defFields(def map[string]any) DefFields {
	var f DefFields
	if def == nil {
		return f
	}
	var ok bool
	if f.Description, ok = def["description"]; ok {
		f.Has |= DefDescription
	}
	if _, ok = def["inputSchema"]; ok {
		f.Has |= DefInputSchema
	}
	if _, ok = def["outputSchema"]; ok {
		f.Has |= DefOutputSchema
	}
	if f.Annotations, ok = def["annotations"]; ok {
		f.Has |= DefAnnotations
	}
	return f
}

// Tools returns the schemas of every tool of s, flattened, with the
// members of its definition that DefFields knows, in s.Tools's order.
// Every rule that looks inside schemas reads the same schemas, so they are
// flattened once per Snapshot, by the analysis Flattened, which a rule
// that calls Tools lists in its Meta.Uses; the nodes are shared and must
// not be changed.
func Tools(ctx context.Context, s *sdk.Snapshot) []ToolSchemas {
	return Flattened.Of(ctx, s)
}

// Flattened is the tools' schemas of a Snapshot, flattened.
var Flattened = analysis.New(analysis.Analysis[[]ToolSchemas]{
	Name: "flat-schemas",
	Doc:  "every tool's input and output schema, flattened",
	Run:  func(_ context.Context, s *sdk.Snapshot) []ToolSchemas { return flattenTools(s.Tools) },
})

// flattenTools flattens the tools' schemas in ranges on GOMAXPROCS
// goroutines: the rules that asked wait for it, each holding one of the
// runner's slots, so a sequential pass would leave those cores idle.
func flattenTools(tools []sdk.Tool) []ToolSchemas {
	out := make([]ToolSchemas, len(tools))
	ranges.Go(len(tools), func(_, lo, hi int) { flattenRange(tools[lo:hi], out[lo:hi]) })()
	return out
}

// blockNodes is the size of the blocks flattenRange keeps nodes in.
const blockNodes = 4096

// flattenRange flattens tools's schemas into out. Each schema is flattened
// into scratch storage and copied into blocks of a fixed size: schemas
// vary too much for any guess at a whole range's size to be close, and a
// guess too large is a slice of about every node of the file wasted.
func flattenRange(tools []sdk.Tool, out []ToolSchemas) {
	var scratch, block []Flat
	place := func(schema any) []Flat {
		if schema == nil {
			return nil
		}
		scratch = Flatten(scratch[:0], schema)
		if len(block)+len(scratch) > cap(block) {
			block = make([]Flat, 0, max(blockNodes, len(scratch)))
		}
		start := len(block)
		block = append(block, scratch...)
		return block[start:len(block):len(block)]
	}
	for i := range tools {
		out[i].Input = place(tools[i].InputSchema)
		out[i].Output = place(tools[i].OutputSchema)
		out[i].Def = defFields(tools[i].Def)
	}
}
