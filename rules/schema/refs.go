package schema

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/internal/schemawalk"
)

var refKeys = schemawalk.KeysOf("$ref", "$dynamicRef", "$recursiveRef")

// refKeywords are the reference keywords a dialect evaluates: "$ref"
// always, "$dynamicRef" from 2020-12 and "$recursiveRef" in 2019-09. A
// schema whose "$schema" is unknown is read as 2020-12.
func refKeywords(d *dialect) []string {
	switch d {
	case draft2019:
		return []string{"$ref", "$recursiveRef"}
	case draft2020, nil:
		return []string{"$ref", "$dynamicRef"}
	}
	return []string{"$ref"}
}

// refDraft is the dialect whose identification rules jsonref applies: a
// "$schema" naming no known draft is read as 2020-12.
func refDraft(d *dialect) jsonref.Draft {
	switch d {
	case draft04:
		return jsonref.Draft4
	case draft06:
		return jsonref.Draft6
	case draft07:
		return jsonref.Draft7
	case draft2019:
		return jsonref.Draft2019
	}
	return jsonref.Draft2020
}

// hasRefs reports whether a subschema holds a reference, so that a schema
// without one costs no resolver.
func hasRefs(nodes []schemawalk.Flat) bool {
	for i := range nodes {
		if nodes[i].Keys.Any(refKeys) {
			return true
		}
	}
	return false
}

// resolveRef resolves ref, held by the subschema from of d; a reference
// met where no subschema holds one (under a keyword the index does not
// descend into) is Unknown.
func resolveRef(d *jsonref.Doc, from any, ref string) jsonref.Result {
	if d == nil {
		return jsonref.Result{Kind: jsonref.Unknown}
	}
	return d.Resolve(from, ref)
}

// eachRef calls fn for every string reference in the schema with the node
// that holds it, its keyword and the resolution.
func eachRef(d *doc, fn func(i int, keyword, ref string, res jsonref.Result)) {
	kws := refKeywords(d.dialect)
	for i := range d.nodes {
		if !d.nodes[i].Keys.Any(refKeys) {
			continue
		}
		obj := d.nodes[i].Object()
		for _, kw := range kws {
			ref, ok := obj[kw].(string)
			if !ok {
				continue
			}
			fn(i, kw, ref, d.refs.Resolve(obj, ref))
		}
	}
}

// missWhy says, for a message, why a reference finds nothing.
func missWhy(m jsonref.Miss) string {
	at := "the schema root"
	if m.Step > 0 {
		at = strconv.Quote(m.At)
	}
	switch m.Reason {
	case jsonref.BadURI:
		return fmt.Sprintf("it is not a valid URI reference (%v)", m.Err)
	case jsonref.NoAnchor:
		return fmt.Sprintf("no schema declares the anchor %s", quoteShort(m.Token))
	case jsonref.NoMember:
		return fmt.Sprintf("%s has no %s", at, quoteShort(m.Token))
	case jsonref.NoIndex:
		list, _ := m.Value.([]any)
		return fmt.Sprintf("%s is an array of %d and %s is not an index in it", at, len(list), quoteShort(m.Token))
	case jsonref.NoMembers:
		return fmt.Sprintf("%s is %s, which has no members", at, describe(m.Value))
	}
	return "it points at " + describe(m.Value) + ", not a schema"
}

// isMetaschemaURI reports whether uri is one of the JSON Schema
// metaschemas (or 2019-09/2020-12 vocabulary metaschemas), which
// validators carry with them instead of fetching.
func isMetaschemaURI(uri string) bool {
	if dialectByURI(uri) != nil {
		return true
	}
	u := strings.TrimPrefix(strings.TrimPrefix(uri, "https://"), "http://")
	return strings.HasPrefix(u, "json-schema.org/draft/2019-09/meta/") || strings.HasPrefix(u, "json-schema.org/draft/2020-12/meta/")
}
