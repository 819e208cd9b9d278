package schema

import "strings"

// dialect is a JSON Schema draft: what its keywords are and what their
// values must be. The zero value is not a dialect; use the package values.
type dialect struct {
	// name is how messages call it: "2020-12", "draft-07".
	name string
	// uri is its canonical $schema value.
	uri string
	// rank orders drafts by age, so that "since draft-06" reads as
	// d.rank >= draft06.rank.
	rank int
}

var (
	draft04   = &dialect{name: "draft-04", uri: "http://json-schema.org/draft-04/schema#", rank: 4}
	draft06   = &dialect{name: "draft-06", uri: "http://json-schema.org/draft-06/schema#", rank: 6}
	draft07   = &dialect{name: "draft-07", uri: "http://json-schema.org/draft-07/schema#", rank: 7}
	draft2019 = &dialect{name: "2019-09", uri: "https://json-schema.org/draft/2019-09/schema", rank: 2019}
	draft2020 = &dialect{name: "2020-12", uri: "https://json-schema.org/draft/2020-12/schema", rank: 2020}
)

// defaultDialect is what MCP assumes for a schema without "$schema".
var defaultDialect = draft2020

// dialectOf returns the dialect a root schema declares with "$schema", the
// default when it declares none, and ok=false for a "$schema" that is not a
// string naming one of the drafts above.
func dialectOf(root any) (d *dialect, declared any, ok bool) {
	obj, _ := root.(map[string]any)
	v, has := obj["$schema"]
	if !has {
		return defaultDialect, nil, true
	}
	s, isString := v.(string)
	if !isString {
		return nil, v, false
	}
	d = dialectByURI(s)
	return d, v, d != nil
}

// dialectByURI reads a "$schema" URI the way validators do: http or https,
// with or without the empty fragment; the unversioned
// "json-schema.org/schema" is the latest draft.
func dialectByURI(uri string) *dialect {
	u := strings.TrimSuffix(uri, "#")
	if rest, ok := strings.CutPrefix(u, "https://"); ok {
		u = rest
	} else if rest, ok := strings.CutPrefix(u, "http://"); ok {
		u = rest
	} else {
		return nil
	}
	switch u {
	case "json-schema.org/draft-04/schema":
		return draft04
	case "json-schema.org/draft-06/schema":
		return draft06
	case "json-schema.org/draft-07/schema":
		return draft07
	case "json-schema.org/draft/2019-09/schema":
		return draft2019
	case "json-schema.org/draft/2020-12/schema", "json-schema.org/schema":
		return draft2020
	}
	return nil
}

// knownDialects lists the drafts for messages.
const knownDialects = "draft-04, draft-06, draft-07, 2019-09 or 2020-12"

// since reports whether the dialect is at least the given one.
func (d *dialect) since(o *dialect) bool { return d.rank >= o.rank }
