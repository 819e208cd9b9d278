// Package realistic builds large tool lists out of the tool lists of
// published MCP servers (testdata/realservers, dumped with mcplint dump),
// for benchmarks whose figures should hold for real servers' tools: their
// schemas, names, wording, languages and defects, not a generator's.
//
// ToolList(n, seed) is a tools/list result of n tools, pretty-printed with
// two-space indentation, with the instructions of one real server. It is
// made of instances of the captured servers, in turn: instance i of server
// s holds every tool of s (the last instance may be cut short), each one
// varied so that no two instances are alike:
//
//   - Namespaced names. Every tool name gets the instance's prefix, an
//     invented eight-letter word joined in the name's own style
//     (bakorumi_read_file, bakorumi-get-env, bakorumiSearch); prefixes
//     differ from each other in at least three letters, so that names of
//     two instances are never one typo apart. Mentions of a tool of the
//     same server in any description or in the instructions are renamed
//     with it, so references that resolved in the real list still resolve
//     and those that dangled still dangle.
//   - Reworded descriptions. Every description (of a tool or of a schema
//     node) of forty characters or more that ends a sentence gets one
//     more sentence, picked per instance from a fixed list, so that each
//     instance's schemas are distinct values, as a large list's are.
//   - Drift, the defects of lists whose tools were renamed. In one
//     instance in four that mentions its own tools, one mention keeps the
//     name from before the namespacing (a dangling reference with nothing
//     near it); in another one in four, one mention has two letters
//     swapped (a near miss, for which mcplint suggests the tool meant).
//
// Everything else is kept as the servers sent it: missing descriptions,
// "$defs" and "$ref"s, long enums, non-English text, emoji, key order,
// numbers as written. Nothing is random at run time: the same n and seed
// give the same bytes.
package realistic

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcplint/mcplint/engine/internal/orderedjson"
)

// Dir is the folder of captured tool lists, found from this source file's
// place in the repository (benchmarks run from the source tree).
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata", "realservers")
}

// Server is one captured tool list.
type Server struct {
	Name         string
	Instructions string // "" when the server gives none
	Tools        []object
	names        map[string]bool
	// mentions counts the places where a text names one of the server's
	// own tools, for drift.
	mentions int
}

// Load reads every <name>.json of dir, in name order.
func Load(dir string) ([]*Server, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no captured tool lists (*.json) in %s: run its capture.sh", dir)
	}
	slices.Sort(files)
	var out []*Server
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		v, err := orderedjson.Decode(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		doc, ok := v.(object)
		if !ok {
			return nil, fmt.Errorf("%s: not a JSON object", f)
		}
		s := &Server{Name: strings.TrimSuffix(filepath.Base(f), ".json"), names: map[string]bool{}}
		for _, m := range doc {
			switch m.Key {
			case "instructions":
				s.Instructions, _ = m.Value.(string)
			case "tools":
				arr, _ := m.Value.(array)
				for _, t := range arr {
					if o, ok := t.(object); ok {
						s.Tools = append(s.Tools, o)
						if n, ok := o.Get("name").(string); ok {
							s.names[n] = true
						}
					}
				}
			}
		}
		if len(s.Tools) == 0 {
			return nil, fmt.Errorf("%s: no tools", f)
		}
		v2 := &variant{server: s, drift: -1}
		for _, t := range s.Tools {
			v2.value("", t)
		}
		s.mentions = v2.seen
		out = append(out, s)
	}
	return out, nil
}

// ToolList builds n tools out of the servers in Dir().
func ToolList(n int, seed int64) ([]byte, error) {
	servers, err := Load(Dir())
	if err != nil {
		return nil, err
	}
	return Build(servers, n, seed), nil
}

// Build varies servers into a list of n tools (see the package comment).
func Build(servers []*Server, n int, seed int64) []byte {
	r := randFor(seed)
	per := 0
	for _, s := range servers {
		per += len(s.Tools)
	}
	instances := (n + per - 1) / per * len(servers)
	prefixes := makePrefixes(r, instances)

	var doc object
	for i, s := range servers {
		if s.Instructions != "" {
			// The instructions are those of the server's first instance.
			v := &variant{server: s, prefix: prefixes[i], drift: -1}
			doc = append(doc, member{"instructions", v.text(s.Instructions)})
			break
		}
	}
	tools := make(array, 0, n)
	for i := 0; len(tools) < n; i++ {
		s := servers[i%len(servers)]
		v := &variant{server: s, prefix: prefixes[i], drift: -1, phrase: phrases[r.IntN(len(phrases))]}
		if s.mentions > 0 {
			switch r.IntN(4) {
			case 0:
				v.drift, v.stale = r.IntN(s.mentions), true
			case 1:
				v.drift = r.IntN(s.mentions)
			}
		}
		for _, t := range s.Tools {
			if len(tools) == n {
				break
			}
			tools = append(tools, v.value("", t))
		}
	}
	doc = append(doc, member{"tools", tools})
	var b bytes.Buffer
	b.Grow(n * 2100)
	orderedjson.Write(&b, doc, 0)
	b.WriteByte('\n')
	return b.Bytes()
}

func randFor(seed int64) *rand.Rand { return rand.New(rand.NewPCG(uint64(seed), 0x7265616c6973)) }

// phrases are the sentences that reword an instance's descriptions.
var phrases = []string{
	"Results depend on the deployment's configuration.",
	"Limits are set by the operator of this instance.",
	"Large results may be truncated.",
	"Requires the permissions of the configured account.",
	"Values are passed to the backing service unchanged.",
	"Behaviour follows the upstream service's documentation.",
	"Calls are logged by this instance.",
	"Times are in UTC unless stated otherwise.",
}

// makePrefixes invents n distinct words of eight letters, consonants and
// vowels in turn, each differing from every other in at least three
// places (and so at least two typos apart even with a swap).
func makePrefixes(r *rand.Rand, n int) []string {
	const consonants, vowels = "bdfgklmnprstvz", "aeiou"
	out := make([]string, 0, n)
	w := make([]byte, 8)
	for len(out) < n {
		for i := range w {
			if i%2 == 0 {
				w[i] = consonants[r.IntN(len(consonants))]
			} else {
				w[i] = vowels[r.IntN(len(vowels))]
			}
		}
		ok := true
		for _, p := range out {
			diff := 0
			for i := range w {
				if p[i] != w[i] {
					diff++
				}
			}
			if diff < 3 {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, string(w))
		}
	}
	return out
}

// variant rewrites one server's values for one instance.
type variant struct {
	server *Server
	prefix string
	phrase string
	// drift is the index of the mention to spoil (-1 for none); stale
	// keeps its old name, else two letters are swapped.
	drift int
	stale bool
	seen  int // mentions met so far
}

// rename joins the instance's prefix to a tool name in the name's style.
func (v *variant) rename(name string) string {
	if v.prefix == "" {
		return name
	}
	switch {
	case strings.Contains(name, "_"):
		return v.prefix + "_" + name
	case strings.Contains(name, "-"):
		return v.prefix + "-" + name
	case name != "" && name != strings.ToLower(name):
		r, size := utf8.DecodeRuneInString(name)
		return v.prefix + string(unicode.ToUpper(r)) + name[size:]
	}
	return v.prefix + "_" + name
}

// value returns v rewritten; key is the member name it is the value of.
func (v *variant) value(key string, x any) any {
	switch x := x.(type) {
	case object:
		out := make(object, len(x))
		for i, m := range x {
			out[i] = member{m.Key, v.member(m.Key, m.Value)}
		}
		return out
	case array:
		out := make(array, len(x))
		for i, e := range x {
			out[i] = v.value(key, e)
		}
		return out
	case string:
		if key == "description" {
			return v.reword(v.text(x))
		}
	}
	return x
}

func (v *variant) member(key string, x any) any {
	if s, ok := x.(string); ok && key == "name" && v.server.names[s] {
		return v.rename(s)
	}
	return v.value(key, x)
}

// reword adds the instance's sentence to a description that ends one.
func (v *variant) reword(s string) string {
	if v.phrase == "" || utf8.RuneCountInString(s) < 40 || !strings.HasSuffix(strings.TrimSpace(s), ".") {
		return s
	}
	return strings.TrimRight(s, " \n") + " " + v.phrase
}

// text renames the mentions of the server's tools in s: whole words of
// name characters that are a tool's name (a one-word name only when it is
// quoted, so that prose such as "query" or "click" stays prose).
func (v *variant) text(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if !isNameByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isNameByte(s[j]) {
			j++
		}
		w := s[i:j]
		quoted := i > 0 && strings.IndexByte("`\"'", s[i-1]) >= 0
		if v.server.names[w] && (quoted || strings.ContainsAny(w, "_-") || w != strings.ToLower(w)) {
			b.WriteString(s[last:i])
			b.WriteString(v.spoil(v.rename(w), w))
			last = j
		}
		i = j
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// spoil returns the renamed mention, or its drifted form when this is the
// mention the instance spoils.
func (v *variant) spoil(renamed, old string) string {
	n := v.seen
	v.seen++
	if n != v.drift {
		return renamed
	}
	if v.stale {
		return old
	}
	// Swap two letters of the original name's part: a typo, not a prefix.
	b := []byte(renamed)
	at := len(b) - len(old) + len(old)/2
	if at+1 < len(b) && b[at] != b[at+1] {
		b[at], b[at+1] = b[at+1], b[at]
	} else if at > 0 {
		b[at-1], b[at] = b[at], b[at-1]
	}
	return string(b)
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// The lists are read into ordered JSON values and written back from them,
// so that key order and numbers stay as the servers sent them.
type (
	object = orderedjson.Object
	member = orderedjson.Member
	array  = orderedjson.Array
)
