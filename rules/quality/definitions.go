package quality

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/internal/schemawalk"
)

// definitions tells, for one tool's input schema, which of its top-level
// definitions ($defs or definitions) a node lies in, whether the rest of
// the schema reaches that definition through $ref, and what the
// definition is, so that the same definition in another tool is known as
// such. A generator that copies one $defs block into every tool (an
// OpenAPI bridge does) would otherwise have each missing description
// counted once per tool, in tools that never use it too.
type definitions struct {
	nodes []schemawalk.Flat
	// of is, per node, the index of the top-level definition holding it,
	// or -1.
	of []int32
	// reached are the definitions the schema outside the definitions
	// reaches, directly or through other definitions; all is true when
	// that cannot be told (a $dynamicRef, a base that cannot be found),
	// and then every definition counts as used.
	reached map[int32]bool
	all     bool
	// sums are the definitions' contents, hashed on first need.
	sums map[int32][sha256.Size]byte
}

var (
	defsKeys   = schemawalk.KeysOf("$defs", "definitions")
	refKey     = schemawalk.KeyOf("$ref")
	dynamicRef = schemawalk.KeysOf("$dynamicRef", "$recursiveRef")
)

func newDefinitions(doc *jsonref.Doc, nodes []schemawalk.Flat) *definitions {
	d := &definitions{nodes: nodes, of: make([]int32, len(nodes)), reached: map[int32]bool{}}
	for k := range nodes {
		n := &nodes[k]
		switch {
		case n.Parent < 0:
			d.of[k] = -1
		case n.Parent == 0 && (n.Keyword() == "$defs" || n.Keyword() == "definitions"):
			d.of[k] = int32(k)
		default:
			d.of[k] = d.of[n.Parent]
		}
	}
	d.reach(doc)
	return d
}

// reach follows every $ref of the schema from the part outside the
// definitions.
func (d *definitions) reach(doc *jsonref.Doc) {
	index := make(map[uintptr]int32, len(d.nodes))
	for k := range d.nodes {
		if m := d.nodes[k].Object(); m != nil {
			index[reflect.ValueOf(m).Pointer()] = int32(k)
		}
	}
	edges := map[int32][]int32{}
	for k := range d.nodes {
		n := &d.nodes[k]
		if n.Keys.Any(dynamicRef) {
			d.all = true
			return
		}
		if !n.Keys.Any(refKey) {
			continue
		}
		ref, ok := n.Object()["$ref"].(string)
		if !ok {
			continue
		}
		res := doc.Resolve(n.Schema, ref)
		switch res.Kind {
		case jsonref.Local:
			m, isObject := res.Target.(map[string]any)
			if !isObject {
				continue // true or false: no properties to describe
			}
			t, known := index[reflect.ValueOf(m).Pointer()]
			if !known {
				// Past the walk's depth bound, or not where a schema
				// sits: which definition it is in cannot be told.
				d.all = true
				return
			}
			if to := d.of[t]; to >= 0 {
				edges[d.of[k]] = append(edges[d.of[k]], to)
			}
		case jsonref.Unknown:
			d.all = true
			return
		}
	}
	queue := []int32{-1}
	for len(queue) > 0 {
		from := queue[0]
		queue = queue[1:]
		for _, to := range edges[from] {
			if !d.reached[to] {
				d.reached[to] = true
				queue = append(queue, to)
			}
		}
	}
}

// used reports whether definition def is reached from the tool's
// parameters.
func (d *definitions) used(def int32) bool { return d.all || d.reached[def] }

// sum identifies definition def by its content, so that the same
// definition in two tools has the same sum.
func (d *definitions) sum(def int32) [sha256.Size]byte {
	if s, ok := d.sums[def]; ok {
		return s
	}
	if d.sums == nil {
		d.sums = map[int32][sha256.Size]byte{}
	}
	// encoding/json writes object keys sorted: one text per content.
	data, err := json.Marshal(d.nodes[def].Schema)
	if err != nil {
		// Values decoded from JSON always encode; should one not, the
		// definition is kept apart from every other.
		data = fmt.Appendf(nil, "unencodable %p %d", d, def)
	}
	s := sha256.Sum256(data)
	d.sums[def] = s
	return s
}
