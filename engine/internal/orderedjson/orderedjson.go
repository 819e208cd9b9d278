// Package orderedjson holds JSON values that keep what encoding/json's
// maps lose: the order of an object's members and numbers as written. The
// benchmark corpora (engine/internal/synth, engine/internal/realistic) build
// tool lists of them and write them out pretty-printed, as servers do.
package orderedjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/mcplint/mcplint/engine/internal/jsonesc"
)

// Object is a JSON object whose members keep their order.
type Object []Member

// Member is one member of an Object. It is an unnamed struct type so that
// an Object reads as JSON does, {"type", "string"}, without field names.
type Member = struct {
	Key   string
	Value any
}

// Get returns the value of the first member named key, or nil.
func (o Object) Get(key string) any {
	for _, m := range o {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}

// Array is a JSON array.
type Array []any

// Decode reads one JSON value into Objects, Arrays, strings, json.Numbers,
// bools and nils.
func Decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("more than one JSON value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := Object{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			val, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			o = append(o, Member{k.(string), val})
		}
		_, err := dec.Token()
		return o, err
	case json.Delim('['):
		a := Array{}
		for dec.More() {
			val, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, val)
		}
		_, err := dec.Token()
		return a, err
	}
	return tok, nil
}

// Write writes v as JSON indented by two spaces a level, as if it stood
// depth levels deep. Besides Objects and Arrays it writes strings,
// json.Numbers (as written), ints, float64s, bools and nil.
func Write(b *bytes.Buffer, v any, depth int) {
	switch v := v.(type) {
	case Object:
		writeList(b, "{}", len(v), depth, func(i int) {
			writeString(b, v[i].Key)
			b.WriteString(": ")
			Write(b, v[i].Value, depth+1)
		})
	case Array:
		writeList(b, "[]", len(v), depth, func(i int) { Write(b, v[i], depth+1) })
	case string:
		writeString(b, v)
	case json.Number:
		b.WriteString(string(v))
	case int:
		b.WriteString(strconv.Itoa(v))
	case float64:
		b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case nil:
		b.WriteString("null")
	default:
		panic(fmt.Sprintf("orderedjson: cannot write a %T", v))
	}
}

// writeList writes the n members or elements of an object or array
// between its two delimiters ("{}" or "[]"), one a line, item writing each.
func writeList(b *bytes.Buffer, delims string, n, depth int, item func(i int)) {
	if n == 0 {
		b.WriteString(delims)
		return
	}
	b.WriteByte(delims[0])
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		newline(b, depth+1)
		item(i)
	}
	newline(b, depth)
	b.WriteByte(delims[1])
}

func newline(b *bytes.Buffer, depth int) {
	b.WriteByte('\n')
	for range depth {
		b.WriteString("  ")
	}
}

// writeString quotes s as encoding/json does with HTML escaping off, as
// servers write their strings: '<', '>' and '&' stay as they are.
func writeString(b *bytes.Buffer, s string) {
	b.Write(jsonesc.AppendString(b.AvailableBuffer(), s, false))
}
