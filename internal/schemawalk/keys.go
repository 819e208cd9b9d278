package schemawalk

import (
	"iter"
	"math/bits"
)

// Keys is a set of JSON Schema keywords (those of drafts 4 to 2020-12).
type Keys uint64

// KeysOf returns the set of the given keywords; a name that is not a JSON
// Schema keyword adds nothing.
func KeysOf(keywords ...string) Keys {
	var k Keys
	for _, kw := range keywords {
		bit, _ := keyword(kw)
		k |= bit
	}
	return k
}

// KeyOf returns a keyword's set of one, or 0 for a name that is not a
// keyword.
func KeyOf(kw string) Keys {
	bit, _ := keyword(kw)
	return bit
}

// KeysOfObject returns the set of keywords a schema object has.
func KeysOfObject(obj map[string]any) Keys {
	var k Keys
	for kw := range obj {
		bit, _ := keyword(kw)
		k |= bit
	}
	return k
}

// Any reports whether k and of share a keyword.
func (k Keys) Any(of Keys) bool { return k&of != 0 }

// All yields the keywords in k, so that a rule can look up just the
// keywords a schema has instead of ranging over the map again.
func (k Keys) All() iter.Seq[string] {
	return func(yield func(string) bool) {
		for k != 0 {
			i := bits.TrailingZeros64(uint64(k))
			k &^= 1 << i
			if !yield(keywordNames[i]) {
				return
			}
		}
	}
}

// keywordNames maps a bit position to its keyword.
var keywordNames = func() (names [64]string) {
	for _, kw := range allKeywords {
		bit, _ := keyword(kw)
		names[bits.TrailingZeros64(uint64(bit))] = kw
	}
	return names
}()

// AllKeys is the set of every keyword Keys knows.
var AllKeys = KeysOf(allKeywords...)

// allKeywords are the keywords Keys knows.
var allKeywords = []string{
	"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "additionalProperties",
	"items", "additionalItems", "contains", "propertyNames", "not", "if", "then", "else", "unevaluatedItems",
	"unevaluatedProperties", "contentSchema", "allOf", "anyOf", "oneOf", "prefixItems", "$schema", "$id", "id",
	"$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary",
	"$comment", "dependencies", "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum",
	"exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains",
	"minContains", "maxProperties", "minProperties", "required", "dependentRequired", "title", "description",
	"default", "deprecated", "readOnly", "writeOnly", "examples", "format", "contentEncoding", "contentMediaType",
}

// Child ranks order a node's children as Walk visits them: the map
// keywords, the single-schema keywords, then the array keywords, each in
// its list's order in schemawalk.go.
const (
	rankProperties = iota
	rankPatternProperties
	rankDefs
	rankDefinitions
	rankDependentSchemas
	rankAdditionalProperties
	rankItems
	rankAdditionalItems
	rankContains
	rankPropertyNames
	rankNot
	rankIf
	rankThen
	rankElse
	rankUnevaluatedItems
	rankUnevaluatedProperties
	rankContentSchema
	rankAllOf
	rankAnyOf
	rankOneOf
	rankPrefixItems
)

// keyword returns a keyword's bit in Keys and, for keywords whose values
// hold subschemas Walk visits, its child rank (-1 for the others). Unknown
// keys return (0, -1).
func keyword(kw string) (Keys, int) {
	switch kw {
	case "properties":
		return 1 << 0, rankProperties
	case "patternProperties":
		return 1 << 1, rankPatternProperties
	case "$defs":
		return 1 << 2, rankDefs
	case "definitions":
		return 1 << 3, rankDefinitions
	case "dependentSchemas":
		return 1 << 4, rankDependentSchemas
	case "additionalProperties":
		return 1 << 5, rankAdditionalProperties
	case "items":
		return 1 << 6, rankItems
	case "additionalItems":
		return 1 << 7, rankAdditionalItems
	case "contains":
		return 1 << 8, rankContains
	case "propertyNames":
		return 1 << 9, rankPropertyNames
	case "not":
		return 1 << 10, rankNot
	case "if":
		return 1 << 11, rankIf
	case "then":
		return 1 << 12, rankThen
	case "else":
		return 1 << 13, rankElse
	case "unevaluatedItems":
		return 1 << 14, rankUnevaluatedItems
	case "unevaluatedProperties":
		return 1 << 15, rankUnevaluatedProperties
	case "contentSchema":
		return 1 << 16, rankContentSchema
	case "allOf":
		return 1 << 17, rankAllOf
	case "anyOf":
		return 1 << 18, rankAnyOf
	case "oneOf":
		return 1 << 19, rankOneOf
	case "prefixItems":
		return 1 << 20, rankPrefixItems
	case "$schema":
		return 1 << 21, -1
	case "$id":
		return 1 << 22, -1
	case "id":
		return 1 << 23, -1
	case "$ref":
		return 1 << 24, -1
	case "$anchor":
		return 1 << 25, -1
	case "$dynamicRef":
		return 1 << 26, -1
	case "$dynamicAnchor":
		return 1 << 27, -1
	case "$recursiveRef":
		return 1 << 28, -1
	case "$recursiveAnchor":
		return 1 << 29, -1
	case "$vocabulary":
		return 1 << 30, -1
	case "$comment":
		return 1 << 31, -1
	case "dependencies":
		return 1 << 32, -1
	case "type":
		return 1 << 33, -1
	case "enum":
		return 1 << 34, -1
	case "const":
		return 1 << 35, -1
	case "multipleOf":
		return 1 << 36, -1
	case "maximum":
		return 1 << 37, -1
	case "exclusiveMaximum":
		return 1 << 38, -1
	case "minimum":
		return 1 << 39, -1
	case "exclusiveMinimum":
		return 1 << 40, -1
	case "maxLength":
		return 1 << 41, -1
	case "minLength":
		return 1 << 42, -1
	case "pattern":
		return 1 << 43, -1
	case "maxItems":
		return 1 << 44, -1
	case "minItems":
		return 1 << 45, -1
	case "uniqueItems":
		return 1 << 46, -1
	case "maxContains":
		return 1 << 47, -1
	case "minContains":
		return 1 << 48, -1
	case "maxProperties":
		return 1 << 49, -1
	case "minProperties":
		return 1 << 50, -1
	case "required":
		return 1 << 51, -1
	case "dependentRequired":
		return 1 << 52, -1
	case "title":
		return 1 << 53, -1
	case "description":
		return 1 << 54, -1
	case "default":
		return 1 << 55, -1
	case "deprecated":
		return 1 << 56, -1
	case "readOnly":
		return 1 << 57, -1
	case "writeOnly":
		return 1 << 58, -1
	case "examples":
		return 1 << 59, -1
	case "format":
		return 1 << 60, -1
	case "contentEncoding":
		return 1 << 61, -1
	case "contentMediaType":
		return 1 << 62, -1
	}
	return 0, -1
}
