// Package jsonvalue describes generically decoded JSON values
// (map[string]any, []any, string, float64, bool, nil) in rule messages, so
// that every rule that finds a value of the wrong type names it alike.
package jsonvalue

import (
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/internal/snip"
)

// Kind names v's JSON type with its article: "a string", "an object",
// "null".
func Kind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64, json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("a Go %T", v)
}

// Describe is Kind with the value quoted: "a number (42)", `a string
// ("x")`, "null".
func Describe(v any) string {
	if v == nil {
		return "null"
	}
	return Kind(v) + " (" + Snippet(v) + ")"
}

// Snippet is v as JSON, cut short so a huge value does not flood a report.
func Snippet(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return snip.Runes(string(b), 40)
}
