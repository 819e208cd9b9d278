package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/mcplint/mcplint/sdk"
)

// duplicateKey reports JSON objects that give one key twice, in what the
// server sent or in a static tool list: which value counts depends on the
// parser (Go's and JavaScript's keep the last, others the first or
// refuse), so a reviewer and a model can read different tools.
type duplicateKey struct{}

func (duplicateKey) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "duplicate-key", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "No JSON object gives the same key twice",
		Doc:     doc("duplicate-key"),
		Source:  "2025-11-25/basic/index.mdx#messages",
		Uses:    []string{parsedSession.Name},
	}
}

const duplicateKeyFix = "give each key once; parsers disagree on which of two values counts, so what a model reads may not be what was reviewed"

func (duplicateKey) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	if s.Ambiguous != nil {
		doc, prefix := s.Ambiguous, ""
		// A saved JSON-RPC response: the Snapshot's pointers start inside
		// its result.
		if bytes.Contains(doc, []byte(`"result"`)) {
			prefix = "/result"
		}
		for _, d := range duplicateKeys(doc) {
			p, ok := cutPointer(d.pointer, prefix)
			if !ok {
				p = ""
			}
			report(sdk.Issue{Tool: ownerOf(s, p), Pointer: p,
				Message: fmt.Sprintf("the key %q is given twice in the object at %s; one parser reads the first value, another the last", d.key, orRoot(d.object)),
				Fix:     duplicateKeyFix})
		}
	}
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, m := range fromServer(ss) {
		for _, d := range duplicateKeys(m.Bytes) {
			at(report, m.Index, fmt.Sprintf("the server's message gives the key %q twice in the object at %s; one parser reads the first value, another the last", d.key, orRoot(d.object)), duplicateKeyFix)
		}
	}
	return nil
}

func orRoot(p string) string {
	if p == "" {
		return "the top level"
	}
	return p
}

func cutPointer(p, prefix string) (string, bool) {
	if prefix == "" {
		return p, true
	}
	if p == prefix {
		return "", true
	}
	if len(p) > len(prefix) && p[:len(prefix)+1] == prefix+"/" {
		return p[len(prefix):], true
	}
	return "", false
}

// ownerOf names the tool a Snapshot pointer lies in, or the server.
func ownerOf(s *sdk.Snapshot, p string) string {
	const tools = "/tools/"
	if len(p) > len(tools) && p[:len(tools)] == tools {
		rest := p[len(tools):]
		end := 0
		for end < len(rest) && rest[end] != '/' {
			end++
		}
		if i, err := strconv.Atoi(rest[:end]); err == nil && i < len(s.Tools) {
			return s.Tools[i].Name
		}
	}
	return sdk.OwnerServer
}

// dupKey is one key given twice: the pointer of the member (the second
// one), the object's pointer and the key.
type dupKey struct {
	pointer, object, key string
}

// maxDuplicateKeys bounds what one document reports: a hostile file may
// repeat a key a million times.
const maxDuplicateKeys = 100

// duplicateKeys walks a JSON document and lists the keys its objects give
// more than once. A document that is not JSON gives what was found before
// the error: other rules report the error itself.
func duplicateKeys(data []byte) []dupKey {
	var out []dupKey
	walkJSON(data, func(t token) bool {
		if t.dupKey {
			out = append(out, dupKey{pointer: t.pointer(), object: t.object(), key: t.key})
		}
		return len(out) < maxDuplicateKeys
	})
	return out
}

// token is one token of a document as walkJSON sees it.
type token struct {
	// at is the pointer of the token's first depth containers, valid
	// while visit runs: pointers are made only for the tokens a rule
	// quotes, as making one for every token of a document nested
	// thousands deep costs the square of its depth.
	at    func(depth int) string
	depth int
	// key is set for an object key; dupKey when the object gave it before.
	key    string
	isKey  bool
	dupKey bool
	// raw is the token's bytes as written, with what separates it from
	// the token before.
	raw []byte
}

// pointer is where the token's value is (a key's: its member's).
func (t token) pointer() string { return t.at(t.depth) }

// object is the pointer of the object a key is in.
func (t token) object() string { return t.at(t.depth - 1) }

// walkJSON calls visit for every token of data, until visit returns false
// or the document ends or breaks.
func walkJSON(data []byte, visit func(token) bool) {
	type frame struct {
		object  bool
		seen    map[string]bool
		key     string
		wantKey bool
		index   int
	}
	var stack []*frame
	pointer := func(depth int) string {
		var b []byte
		for _, f := range stack[:depth] {
			b = append(b, '/')
			if f.object {
				b = append(b, escapePointer(f.key)...)
			} else {
				b = strconv.AppendInt(b, int64(f.index), 10)
			}
		}
		return string(b)
	}
	// valueDone moves the innermost container past the value just read.
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		if top := stack[len(stack)-1]; top.object {
			top.wantKey = true
		} else {
			top.index++
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var last int64
	for {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		end := dec.InputOffset()
		raw := data[last:end]
		last = end
		if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
			if key, ok := tok.(string); ok {
				top := stack[n-1]
				top.key, top.wantKey = key, false
				t := token{at: pointer, depth: n, key: key, isKey: true, dupKey: top.seen[key], raw: raw}
				top.seen[key] = true
				if !visit(t) {
					return
				}
				continue
			}
		}
		t := token{at: pointer, depth: len(stack), raw: raw}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, seen: map[string]bool{}, wantKey: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			valueDone()
			continue
		default:
			// Visited before the container moves past it: its pointer
			// is made from the container's index as it stands.
			more := visit(t)
			valueDone()
			if !more {
				return
			}
			continue
		}
		if !visit(t) {
			return
		}
	}
}

func escapePointer(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, s[i])
		}
	}
	return string(b)
}
