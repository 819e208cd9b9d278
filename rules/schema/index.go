package schema

import (
	"context"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/internal/ranges"
	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

// doc is one tool schema, indexed once for every rule of this package.
type doc struct {
	tool  int
	owner string
	// field is "inputSchema" or "outputSchema".
	field string
	base  string
	root  any
	// dialect is what "$schema" declares (2020-12 when absent); nil when it
	// names no draft mcplint knows.
	dialect *dialect
	// nodes are every subschema, as schemawalk.Flatten lists them.
	nodes []schemawalk.Flat
	// refs resolves the schema's references, indexing it on first need;
	// nil when no subschema holds one.
	refs *jsonref.Doc
	// violations are where the schema breaks its dialect's metaschema, for
	// schema-invalid: found while indexing, since every rule waits for the
	// index anyway.
	violations []violation
}

// pointer is the Snapshot pointer of node i, with optional further tokens.
func (d *doc) pointer(i int, tokens ...string) string {
	return schemawalk.Pointer(d.nodes, i, d.base, tokens...)
}

// location is a node's pointer inside its schema, for messages:
// "inputSchema/properties/path".
func (d *doc) location(i int, tokens ...string) string {
	return schemawalk.Pointer(d.nodes, i, d.field, tokens...)
}

// index is every schema of a Snapshot that is an object or a boolean (the
// others are for input-schema-not-object and output-schema-not-object).
type index struct {
	docs []doc
}

// schemaIndex is the index the rules of this package read: they run
// concurrently on one Snapshot and all walk the same schemas, so the
// first to ask builds it and the others wait for it.
var schemaIndex = analysis.New(analysis.Analysis[*index]{
	Name: "schema-index",
	Doc:  "every object or boolean schema of the tools, with its dialect's metaschema violations",
	Uses: []string{schemawalk.Flattened.Name},
	Run:  buildIndex,
})

// buildIndex indexes the schemas of s's tools in ranges on GOMAXPROCS
// goroutines: every other rule of this package waits for the index, each
// holding one of the runner's slots, so a sequential build would leave
// those cores idle.
func buildIndex(ctx context.Context, s *sdk.Snapshot) *index {
	parts := make([][]doc, ranges.Parts(len(s.Tools)))
	ranges.Go(len(s.Tools), func(w, lo, hi int) { parts[w] = indexTools(ctx, s, lo, hi) })()
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	idx := &index{docs: make([]doc, 0, n)}
	for _, p := range parts {
		idx.docs = append(idx.docs, p...)
	}
	return idx
}

// indexTools indexes the schemas of s.Tools[lo:hi], as schemawalk.Tools
// flattened them, and checks each against its dialect's metaschema.
func indexTools(ctx context.Context, s *sdk.Snapshot, lo, hi int) []doc {
	flat := schemawalk.Tools(ctx, s)
	docs := make([]doc, 0, hi-lo)
	var meta metaChecker
	regexps := map[string]string{}
	for i := lo; i < hi; i++ {
		t := &s.Tools[i]
		for _, f := range [...]struct {
			name   string
			schema any
			nodes  []schemawalk.Flat
		}{{"inputSchema", t.InputSchema, flat[i].Input}, {"outputSchema", t.OutputSchema, flat[i].Output}} {
			switch f.schema.(type) {
			case map[string]any, bool:
			default:
				continue
			}
			d, _, _ := dialectOf(f.schema)
			var violations []violation
			if d != nil {
				meta.begin(d, regexps)
				violations = meta.check(f.nodes)
			}
			docs = append(docs, doc{
				tool: i, owner: t.Name, field: f.name, base: sdk.ToolPointer(i, f.name),
				root: f.schema, dialect: d, nodes: f.nodes, violations: violations,
			})
			if hasRefs(f.nodes) {
				docs[len(docs)-1].refs = jsonref.NewFlattened(f.schema, refDraft(d), f.nodes)
			}
		}
	}
	return docs
}

// dialectLabel names the schema's dialect for messages, saying when it is
// MCP's default rather than declared.
func dialectLabel(d *doc) string {
	label := "JSON Schema " + d.dialect.name
	if root, _ := d.root.(map[string]any); root["$schema"] == nil {
		label += ", the default"
	}
	return label
}
