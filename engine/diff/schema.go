package diff

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// direction says whose promise a schema is. An input schema is what the
// server accepts: narrowing it breaks callers. An output schema is what
// the server promises to return: widening it breaks consumers.
type direction int

const (
	input direction = iota
	output
)

// narrowed and widened are the classes of a change that makes the schema
// accept less or more.
func (d direction) narrowed() Class {
	if d == input {
		return Breaking
	}
	return Compatible
}

func (d direction) widened() Class {
	if d == input {
		return Compatible
	}
	return Breaking
}

func (d direction) noun() string {
	if d == input {
		return "parameter"
	}
	return "output field"
}

// lowerBounds and upperBounds are the numeric bounds: raising a lower
// bound or lowering an upper one accepts less.
var (
	lowerBounds = map[string]bool{"minimum": true, "exclusiveMinimum": true, "minLength": true, "minItems": true, "minProperties": true, "minContains": true}
	upperBounds = map[string]bool{"maximum": true, "exclusiveMaximum": true, "maxLength": true, "maxItems": true, "maxProperties": true, "maxContains": true}
	// constraints accept less when added, more when removed, and
	// something mcplint cannot order when changed.
	constraints = map[string]bool{"pattern": true, "format": true, "multipleOf": true, "const": true, "contentEncoding": true, "contentMediaType": true}
	// metaKeywords change no instance's validity.
	metaKeywords = map[string]bool{"default": true, "examples": true, "$comment": true, "deprecated": true, "readOnly": true, "writeOnly": true, "$schema": true, "$id": true}
)

// schema compares two schemas at ptr (in the owner's definition).
func (c *comparer) schema(owner, ptr string, o, n any, d direction) {
	switch {
	case o == nil && n == nil:
		return
	case o == nil:
		cl := d.narrowed()
		c.add(Change{Class: cl, Kind: "schema-added", Owner: owner, Pointer: ptr, New: n,
			Message: fmt.Sprintf("%s is new", ptr[1:])})
		return
	case n == nil:
		cl := d.widened()
		msg := fmt.Sprintf("%s was removed", ptr[1:])
		if d == output {
			msg += ": the result's structure is no longer promised"
		}
		c.add(Change{Class: cl, Kind: "schema-removed", Owner: owner, Pointer: ptr, Old: o,
			Message: msg})
		return
	}
	om, ook := o.(map[string]any)
	nm, nok := n.(map[string]any)
	if !ook || !nok {
		if !same(o, n) {
			c.add(Change{Class: Breaking, Kind: "keyword-changed", Owner: owner, Pointer: ptr, Old: o, New: n,
				Message: "the schema changed; review whether it accepts what the old one did"})
		}
		return
	}
	c.types(owner, ptr, om, nm, d)
	c.properties(owner, ptr, om, nm, d)
	for _, k := range unionKeys(om, nm) {
		ov, oin := om[k]
		nv, nin := nm[k]
		if oin == nin && same(ov, nv) {
			continue
		}
		p := sdk.Pointer(ptr, k)
		switch {
		case k == "type" || k == "properties" || k == "required":
			// c.types and c.properties
		case k == "description" || k == "title":
			os, _ := ov.(string)
			ns, _ := nv.(string)
			c.text(owner, p, os, ns, sameExcept(om, nm, "description", "title"))
		case metaKeywords[k]:
			c.add(Change{Class: Compatible, Kind: "metadata-changed", Owner: owner, Pointer: p, Old: ov, New: nv,
				Message: fmt.Sprintf("%s changed; what the schema accepts did not", k)})
		case k == "enum":
			c.enum(owner, p, ov, nv, oin, nin, d)
		case lowerBounds[k] || upperBounds[k]:
			c.bound(owner, p, k, ov, nv, oin, nin, d)
		case constraints[k] || k == "uniqueItems":
			c.constraint(owner, p, k, ov, nv, oin, nin, d)
		case k == "additionalProperties":
			c.additional(owner, p, ov, nv, d)
		case k == "items" && oin && nin:
			c.schema(owner, p, ov, nv, d)
		case k == "anyOf" || k == "oneOf":
			c.variants(owner, p, k, ov, nv, d)
		case k == "$defs" || k == "definitions":
			c.defs(owner, p, ov, nv, d)
		default:
			c.add(Change{Class: Breaking, Kind: "keyword-changed", Owner: owner, Pointer: p, Old: ov, New: nv,
				Message: fmt.Sprintf("%s changed, and mcplint does not judge that keyword; review whether the schema still %s", k, d.still())})
		}
	}
}

func (d direction) still() string {
	if d == input {
		return "accepts what it did"
	}
	return "returns only what it did"
}

// typeSet is the set of JSON types a schema's "type" allows; nil means
// any (no "type").
func typeSet(m map[string]any) []string {
	switch t := m["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, v := range t {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
		sort.Strings(out)
		return out
	}
	return nil
}

// covers says every type in sub is allowed by super ("number" allows
// "integer"; nil allows everything).
func covers(super, sub []string) bool {
	if super == nil {
		return true
	}
	if sub == nil {
		return false
	}
	for _, t := range sub {
		if !slices.Contains(super, t) && !(t == "integer" && slices.Contains(super, "number")) {
			return false
		}
	}
	return true
}

func (c *comparer) types(owner, ptr string, om, nm map[string]any, d direction) {
	ov, nv := om["type"], nm["type"]
	if same(ov, nv) {
		return
	}
	ot, nt := typeSet(om), typeSet(nm)
	ch := Change{Owner: owner, Pointer: sdk.Pointer(ptr, "type"), Old: ov, New: nv}
	switch wider, narrower := covers(nt, ot), covers(ot, nt); {
	case wider && narrower:
		return // the same set, spelled differently
	case narrower:
		ch.Class, ch.Kind = d.narrowed(), "type-narrowed"
		ch.Message = fmt.Sprintf("the type was narrowed from %s to %s", typeText(ot), typeText(nt))
	case wider:
		ch.Class, ch.Kind = d.widened(), "type-widened"
		ch.Message = fmt.Sprintf("the type was widened from %s to %s", typeText(ot), typeText(nt))
	default:
		ch.Class, ch.Kind = Breaking, "type-changed"
		ch.Message = fmt.Sprintf("the type changed from %s to %s", typeText(ot), typeText(nt))
	}
	c.add(ch)
}

func typeText(ts []string) string {
	if ts == nil {
		return "any type"
	}
	return strings.Join(ts, "|")
}

func requiredSet(m map[string]any) map[string]bool {
	out := map[string]bool{}
	list, _ := m["required"].([]any)
	for _, v := range list {
		if s, ok := v.(string); ok {
			out[s] = true
		}
	}
	return out
}

func (c *comparer) properties(owner, ptr string, om, nm map[string]any, d direction) {
	op, _ := om["properties"].(map[string]any)
	np, _ := nm["properties"].(map[string]any)
	oreq, nreq := requiredSet(om), requiredSet(nm)
	for _, name := range unionKeys(op, np) {
		ov, oin := op[name]
		nv, nin := np[name]
		p := sdk.Pointer(ptr, "properties", name)
		q := strconv.Quote(name)
		switch {
		case !nin:
			msg := fmt.Sprintf("%s %s was removed", d.noun(), q)
			if d == input {
				msg += ": callers that send it are refused or silently ignored"
			}
			c.add(Change{Class: Breaking, Kind: "property-removed", Owner: owner, Pointer: p, Old: ov, Message: msg})
		case !oin && nreq[name] && d == input:
			c.add(Change{Class: Breaking, Kind: "required-property-added", Owner: owner, Pointer: p, New: nv,
				Message: fmt.Sprintf("new required parameter %s: every existing call lacks it", q)})
		case !oin:
			msg := fmt.Sprintf("new output field %s", q)
			if d == input {
				msg = fmt.Sprintf("new optional parameter %s", q)
			}
			c.add(Change{Class: Compatible, Kind: "property-added", Owner: owner, Pointer: p, New: nv, Message: msg})
		default:
			switch {
			case nreq[name] && !oreq[name]:
				c.add(Change{Class: d.narrowed(), Kind: "property-now-required", Owner: owner, Pointer: p, Old: false, New: true,
					Message: fmt.Sprintf("%s %s is now required", d.noun(), q)})
			case oreq[name] && !nreq[name]:
				c.add(Change{Class: d.widened(), Kind: "property-now-optional", Owner: owner, Pointer: p, Old: true, New: false,
					Message: fmt.Sprintf("%s %s is no longer required", d.noun(), q)})
			}
			c.schema(owner, p, ov, nv, d)
		}
	}
}

func (c *comparer) enum(owner, p string, ov, nv any, oin, nin bool, d direction) {
	switch {
	case !oin:
		c.add(Change{Class: d.narrowed(), Kind: "enum-added", Owner: owner, Pointer: p, New: nv,
			Message: "the values are now limited to a list"})
		return
	case !nin:
		c.add(Change{Class: d.widened(), Kind: "enum-removed", Owner: owner, Pointer: p, Old: ov,
			Message: "the list of allowed values was removed"})
		return
	}
	ol, _ := ov.([]any)
	nl, _ := nv.([]any)
	for _, v := range ol {
		if !containsValue(nl, v) {
			c.add(Change{Class: d.narrowed(), Kind: "enum-value-removed", Owner: owner, Pointer: p, Old: v,
				Message: fmt.Sprintf("the value %s is no longer allowed", valueText(v))})
		}
	}
	for _, v := range nl {
		if !containsValue(ol, v) {
			c.add(Change{Class: d.widened(), Kind: "enum-value-added", Owner: owner, Pointer: p, New: v,
				Message: fmt.Sprintf("the value %s is now allowed", valueText(v))})
		}
	}
}

func (c *comparer) bound(owner, p, k string, ov, nv any, oin, nin bool, d direction) {
	of, ook := ov.(float64)
	nf, nok := nv.(float64)
	ch := Change{Owner: owner, Pointer: p, Old: ov, New: nv}
	var tighter bool
	switch {
	case !oin:
		tighter = true
		ch.Message = fmt.Sprintf("%s %s was added", k, valueText(nv))
	case !nin:
		tighter = false
		ch.Message = fmt.Sprintf("%s %s was removed", k, valueText(ov))
	case ook && nok:
		tighter = (lowerBounds[k] && nf > of) || (upperBounds[k] && nf < of)
		ch.Message = fmt.Sprintf("%s went from %s to %s", k, valueText(ov), valueText(nv))
	default:
		// exclusiveMinimum as a boolean (draft 4) or another odd value:
		// mcplint cannot order it.
		ch.Class, ch.Kind = Breaking, "keyword-changed"
		ch.Message = fmt.Sprintf("%s changed from %s to %s", k, valueText(ov), valueText(nv))
		c.add(ch)
		return
	}
	if tighter {
		ch.Class, ch.Kind = d.narrowed(), "bound-tightened"
	} else {
		ch.Class, ch.Kind = d.widened(), "bound-loosened"
	}
	c.add(ch)
}

func (c *comparer) constraint(owner, p, k string, ov, nv any, oin, nin bool, d direction) {
	if k == "uniqueItems" {
		oin, nin = ov == true, nv == true
		if oin == nin {
			return
		}
	}
	ch := Change{Owner: owner, Pointer: p, Old: ov, New: nv}
	switch {
	case !oin:
		ch.Class, ch.Kind = d.narrowed(), "constraint-added"
		ch.Message = fmt.Sprintf("%s %s was added", k, valueText(nv))
	case !nin:
		ch.Class, ch.Kind = d.widened(), "constraint-removed"
		ch.Message = fmt.Sprintf("%s %s was removed", k, valueText(ov))
	default:
		ch.Class, ch.Kind = Breaking, "constraint-changed"
		ch.Message = fmt.Sprintf("%s changed from %s to %s; mcplint cannot tell whether the new one allows what the old one did", k, valueText(ov), valueText(nv))
	}
	c.add(ch)
}

func (c *comparer) additional(owner, p string, ov, nv any, d direction) {
	oc, nc := ov == false, nv == false
	switch {
	case !oc && nc:
		c.add(Change{Class: d.narrowed(), Kind: "additional-properties-closed", Owner: owner, Pointer: p, Old: ov, New: nv,
			Message: "additionalProperties is now false: members the schema does not list are refused"})
	case oc && !nc:
		c.add(Change{Class: d.widened(), Kind: "additional-properties-opened", Owner: owner, Pointer: p, Old: ov, New: nv,
			Message: "additionalProperties is no longer false"})
	default:
		_, om := ov.(map[string]any)
		_, nm := nv.(map[string]any)
		if om && nm {
			c.schema(owner, p, ov, nv, d)
			return
		}
		c.add(Change{Class: Breaking, Kind: "keyword-changed", Owner: owner, Pointer: p, Old: ov, New: nv,
			Message: fmt.Sprintf("additionalProperties changed from %s to %s", valueText(ov), valueText(nv))})
	}
}

func (c *comparer) variants(owner, p, k string, ov, nv any, d direction) {
	ol, _ := ov.([]any)
	nl, _ := nv.([]any)
	for i, v := range ol {
		if !containsValue(nl, v) {
			c.add(Change{Class: d.narrowed(), Kind: "variant-removed", Owner: owner, Pointer: sdk.Pointer(p, strconv.Itoa(i)), Old: v,
				Message: fmt.Sprintf("%s alternative %d is gone: %s", k, i, valueText(v))})
		}
	}
	for i, v := range nl {
		if !containsValue(ol, v) {
			c.add(Change{Class: d.widened(), Kind: "variant-added", Owner: owner, Pointer: sdk.Pointer(p, strconv.Itoa(i)), New: v,
				Message: fmt.Sprintf("new %s alternative %d: %s", k, i, valueText(v))})
		}
	}
}

// defs compares the named subschemas ($defs); one that only one side has
// is metadata, since a reference to it changes where it is used.
func (c *comparer) defs(owner, p string, ov, nv any, d direction) {
	om, _ := ov.(map[string]any)
	nm, _ := nv.(map[string]any)
	for _, k := range unionKeys(om, nm) {
		o, oin := om[k]
		n, nin := nm[k]
		q := sdk.Pointer(p, k)
		if oin && nin {
			c.schema(owner, q, o, n, d)
			continue
		}
		c.add(Change{Class: Compatible, Kind: "metadata-changed", Owner: owner, Pointer: q, Old: o, New: n,
			Message: fmt.Sprintf("definition %s was %s", strconv.Quote(k), map[bool]string{true: "added", false: "removed"}[nin])})
	}
}

// valueText is a short JSON rendering of a value for messages.
func valueText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return snip.Runes(string(b), 80)
}
