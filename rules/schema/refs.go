package schema

import "github.com/mcplint/mcplint/rules/internal/schemawalk"

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

// eachRef calls fn for every string reference in the schema with the node
// that holds it, its keyword and the resolution.
func eachRef(d *doc, fn func(i int, keyword, ref string, res refResult)) {
	var r *resolver
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
			if r == nil {
				r = newResolver(d)
			}
			fn(i, kw, ref, r.resolve(i, ref))
		}
	}
}
