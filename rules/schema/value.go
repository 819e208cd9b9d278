package schema

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"

	"github.com/mcplint/mcplint/internal/snip"
)

// kindOf names a decoded JSON value's type as JSON Schema does.
func kindOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if isInteger(x) {
			return "integer"
		}
		return "number"
	case json.Number:
		// Past float64's range, kept as written.
		if f, _ := asFloat(x); isInteger(f) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

// asFloat reads a number: a float64, or a json.Number, which the static
// reader gives for a number past float64's range (1e400) so that it is
// kept as written; such a number reads as ±Inf.
func asFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, false
		}
		return f, true
	}
	return 0, false
}

// isInteger is JSON Schema's "integer": a number with no fractional part.
func isInteger(f float64) bool {
	return !math.IsInf(f, 0) && f == math.Trunc(f)
}

// describe renders a value for a message: scalars in full (long strings
// cut), containers by kind.
func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case json.Number:
		return string(x)
	case string:
		return "the string " + quoteShort(x)
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "an unknown value"
}

// jsonText renders a scalar as JSON for a fix ("5", "\"a\"", "true").
func jsonText(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case []any:
		return "[…]"
	case map[string]any:
		return "{…}"
	}
	return describe(v)
}

// quoteShort quotes s, cut at 80 runes so that a hostile value does not
// flood a report.
func quoteShort(s string) string {
	return strconv.Quote(snip.Runes(s, excerptRunes))
}

// excerptRunes is how much of a value a message quotes.
const excerptRunes = 80

// equalJSON is JSON Schema equality: same type and value, objects and
// arrays compared member by member, numbers by value.
func equalJSON(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case float64, json.Number:
		fx, _ := asFloat(x)
		fy, ok := asFloat(b)
		return ok && fx == fy
	case string:
		y, ok := b.(string)
		return ok && x == y
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalJSON(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !equalJSON(xv, yv) {
				return false
			}
		}
		return true
	}
	return false
}

// firstDuplicate returns the index of the first item equal to an earlier
// one, or -1. Long lists are compared through a map, containers by their
// JSON (whose object keys encoding/json sorts), so that a hostile list
// costs linear time.
func firstDuplicate(list []any) int {
	if len(list) < 2 {
		return -1
	}
	if len(list) <= 8 {
		for i := 1; i < len(list); i++ {
			for j := 0; j < i; j++ {
				if equalJSON(list[i], list[j]) {
					return i
				}
			}
		}
		return -1
	}
	type key struct {
		kind byte
		s    string
		f    float64
	}
	seen := make(map[key]struct{}, len(list))
	for i, v := range list {
		var k key
		switch x := v.(type) {
		case nil:
			k.kind = 'n'
		case bool:
			k.kind = 'b'
			if x {
				k.f = 1
			}
		case float64:
			k.kind, k.f = 'f', x
		case string:
			k.kind, k.s = 's', x
		default:
			b, err := json.Marshal(v)
			if err != nil {
				continue
			}
			k.kind, k.s = 'c', string(b)
		}
		if _, dup := seen[k]; dup {
			return i
		}
		seen[k] = struct{}{}
	}
	return -1
}

// compactJSON renders a value as JSON for a message, cut at 80 runes.
func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return describe(v)
	}
	return snip.Runes(string(b), excerptRunes)
}
