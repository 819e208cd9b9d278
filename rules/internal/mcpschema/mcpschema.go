// Package mcpschema holds the official JSON Schema of every MCP protocol
// version mcplint speaks, embedded in the binary, and validates messages
// against the schema's named types (ListToolsResult, ProgressNotification,
// …). A version's schema is parsed on first use and each type compiled
// the first time a message needs it, so a run pays only for the versions
// and types its sessions use.
package mcpschema

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/uritemplate"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

//go:embed schema/*/schema.json
var files embed.FS

// Versions are the protocol versions whose schema is embedded, oldest
// first.
var Versions = []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"}

// Schema is one version's schema.
type Schema struct {
	// Version is the protocol version, e.g. "2025-11-25".
	Version string

	once     sync.Once
	err      error
	url      string
	defsKey  string            // "$defs" (2020-12) or "definitions" (draft-07)
	defs     map[string]any    // the schema's named types
	byMethod map[string]string // method → the request or notification type carrying it

	mu       sync.Mutex
	compiler *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
}

var schemas = func() map[string]*Schema {
	out := map[string]*Schema{}
	for _, v := range Versions {
		out[v] = &Schema{Version: v}
	}
	return out
}()

// For returns the schema of version v; nil when none is embedded for it.
func For(v string) *Schema { return schemas[v] }

// load parses the embedded file and indexes its types by method once.
func (s *Schema) load() error {
	s.once.Do(func() {
		raw, err := files.ReadFile("schema/" + s.Version + "/schema.json")
		if err != nil {
			s.err = err
			return
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			s.err = fmt.Errorf("the embedded %s schema is not JSON: %w", s.Version, err)
			return
		}
		root, _ := doc.(map[string]any)
		for _, key := range []string{"$defs", "definitions"} {
			if d, ok := root[key].(map[string]any); ok {
				s.defsKey, s.defs = key, d
			}
		}
		if s.defs == nil {
			s.err = fmt.Errorf("the embedded %s schema has no $defs or definitions", s.Version)
			return
		}
		s.byMethod = map[string]string{}
		for name, d := range s.defs {
			if !strings.HasSuffix(name, "Request") && !strings.HasSuffix(name, "Notification") {
				continue
			}
			props, _ := d.(map[string]any)["properties"].(map[string]any)
			method, _ := props["method"].(map[string]any)
			if c, ok := method["const"].(string); ok {
				s.byMethod[c] = name
			}
		}
		s.url = "mcp-schema:///" + s.Version + "/schema.json"
		s.compiler = jsonschema.NewCompiler()
		s.compiler.UseLoader(noLoader{})
		s.compiler.RegisterFormat(uritemplate.Format)
		if err := s.compiler.AddResource(s.url, doc); err != nil {
			s.err = err
			return
		}
		s.compiled = map[string]*jsonschema.Schema{}
	})
	return s.err
}

// noLoader refuses every document: the official schemas reference only
// their own types.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, errors.New("mcplint does not load " + url)
}

// Has reports whether the schema defines type name.
func (s *Schema) Has(name string) bool {
	if s.load() != nil {
		return false
	}
	_, ok := s.defs[name]
	return ok
}

// MethodType is the request or notification type whose "method" is
// method (tools/list → ListToolsRequest); "" when the version has none.
func (s *Schema) MethodType(method string) string {
	if s.load() != nil {
		return ""
	}
	return s.byMethod[method]
}

// ResultType is the result type of a request method: the request type's
// name with Result for Request (ListToolsRequest → ListToolsResult), or
// EmptyResult for requests whose answer carries nothing (ping,
// logging/setLevel, resources/subscribe); "" for a method the version does
// not define.
func (s *Schema) ResultType(method string) string {
	req := s.MethodType(method)
	if !strings.HasSuffix(req, "Request") {
		return ""
	}
	if res := strings.TrimSuffix(req, "Request") + "Result"; s.Has(res) {
		return res
	}
	if s.Has("EmptyResult") {
		return "EmptyResult"
	}
	return "Result"
}

// FirstOf is the first of names the schema defines: the JSON-RPC envelope
// types were renamed between versions (JSONRPCError → JSONRPCErrorResponse).
func (s *Schema) FirstOf(names ...string) string {
	for _, n := range names {
		if s.Has(n) {
			return n
		}
	}
	return ""
}

func (s *Schema) compile(name string) (*jsonschema.Schema, error) {
	if err := s.load(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.compiled[name]; ok {
		return c, nil
	}
	c, err := s.compiler.Compile(s.url + "#/" + s.defsKey + "/" + name)
	if err != nil {
		return nil, fmt.Errorf("compiling %s of the %s schema: %w", name, s.Version, err)
	}
	s.compiled[name] = c
	return c, nil
}

// Complaint is one way a value breaks a type of the schema.
type Complaint struct {
	// At is an RFC 6901 pointer into the validated value; "" for the value
	// itself.
	At string
	// Why is the schema's complaint in words.
	Why string
	// Keyword locates the failing keyword in the schema (its type and the
	// path inside it, e.g. "Tool/properties/name/type"): two complaints
	// with the same Keyword and Why are the same defect.
	Keyword string
	// Missing are the members a "required" found absent, for callers that
	// report some of them elsewhere (see MissingWhy).
	Missing []string
	// Fix says what would satisfy the schema, in a few words, with %s
	// where the place goes ("make %s a boolean", "add 'name' to %s"); ""
	// when no short advice fits.
	Fix string
}

// fixFor is the short advice for a failed keyword, with %s for the place.
func fixFor(k jsonschema.ErrorKind) string {
	esc := func(s string) string { return strings.ReplaceAll(s, "%", "%%") }
	switch k := k.(type) {
	case *kind.Type:
		return "make %s " + article(strings.Join(k.Want, " or "))
	case *kind.Required:
		return MissingFix(k.Missing)
	case *kind.AdditionalProperties:
		return "remove " + esc(quoted(k.Properties)) + " from %s"
	case *kind.Enum, *kind.Const:
		return "change %s: its " + esc(k.LocalizedString(printer))
	case *kind.Minimum:
		return "raise %s to " + k.Want.RatString() + " or more"
	}
	return ""
}

// article puts "a" or "an" before a JSON type name.
func article(t string) string {
	if t != "" && strings.ContainsRune("aeiou", rune(t[0])) {
		return "an " + t
	}
	return "a " + t
}

func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	return strings.Join(q, ", ")
}

// MissingFix is the advice for absent members, as Complaint.Fix.
func MissingFix(names []string) string {
	return "add " + strings.ReplaceAll(quoted(names), "%", "%%") + " to %s"
}

// MissingWhy words absent members as Validate does.
func MissingWhy(names []string) string {
	return (&kind.Required{Missing: names}).LocalizedString(printer)
}

var printer = message.NewPrinter(language.English)

// Validate checks a value decoded by Decode against type name and returns
// every complaint, in the order the validator found them; nil when the
// value is valid.
func (s *Schema) Validate(name string, v any) ([]Complaint, error) {
	c, err := s.compile(name)
	if err != nil {
		return nil, err
	}
	err = c.Validate(v)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, err
	}
	var out []Complaint
	for _, e := range s.leaves(ve) {
		c := Complaint{At: pointer(e.InstanceLocation), Why: s.why(e), Keyword: s.keyword(e.SchemaURL), Fix: fixFor(e.ErrorKind)}
		if r, ok := e.ErrorKind.(*kind.Required); ok {
			c.Missing = r.Missing
		}
		out = append(out, c)
	}
	return out, nil
}

// Decode reads a message the way Validate wants it: numbers kept exact.
func Decode(raw []byte) (any, error) { return jsonschema.UnmarshalJSON(bytes.NewReader(raw)) }

// leaves are the failures worth telling a server author: the deepest
// errors, except inside a choice (anyOf, oneOf) of types, where only the
// branch the value meant to be counts. A value means a branch when it does
// not fail that branch's discriminator (a "const" or "enum" on one of its
// direct members, such as "type": "text"); of several such branches, the
// one it fails least. When no single branch is meant, the choice itself is
// the complaint.
func (s *Schema) leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if len(e.Causes) == 0 {
			return []*jsonschema.ValidationError{e}
		}
		var meant []*jsonschema.ValidationError
		for _, b := range e.Causes {
			if !discriminated(b, len(e.InstanceLocation)) {
				meant = append(meant, b)
			}
		}
		if b := closest(meant); b != nil {
			return s.leaves(b)
		}
		return []*jsonschema.ValidationError{e}
	}
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, s.leaves(c)...)
	}
	return out
}

// closest is the branch with the fewest failures; nil when there is no
// branch or two tie.
func closest(branches []*jsonschema.ValidationError) *jsonschema.ValidationError {
	var best *jsonschema.ValidationError
	bestN, tie := 0, false
	for _, b := range branches {
		switch n := failures(b); {
		case best == nil || n < bestN:
			best, bestN, tie = b, n, false
		case n == bestN:
			tie = true
		}
	}
	if tie {
		return nil
	}
	return best
}

// failures counts the deepest errors under e.
func failures(e *jsonschema.ValidationError) int {
	if len(e.Causes) == 0 {
		return 1
	}
	n := 0
	for _, c := range e.Causes {
		n += failures(c)
	}
	return n
}

// discriminated reports whether branch failed on a const or enum of a
// direct member of the value at depth: the value is not of that branch's
// kind at all.
func discriminated(branch *jsonschema.ValidationError, depth int) bool {
	if len(branch.Causes) == 0 {
		switch branch.ErrorKind.(type) {
		case *kind.Const, *kind.Enum:
			return len(branch.InstanceLocation) == depth+1
		}
		return false
	}
	for _, c := range branch.Causes {
		if discriminated(c, depth) {
			return true
		}
	}
	return false
}

// why words a failure; a failed choice names the types it offered.
func (s *Schema) why(e *jsonschema.ValidationError) string {
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if len(e.Causes) == 0 {
			return k.LocalizedString(printer)
		}
		own := s.typeOf(e.SchemaURL)
		var names []string
		for _, c := range e.Causes {
			if n := s.branchType(c, own); n != "" && !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		if len(names) == 0 {
			return "matches none of the shapes the schema allows here"
		}
		return "matches none of " + strings.Join(names, ", ")
	}
	return e.ErrorKind.LocalizedString(printer)
}

// keyword is a schema location without the document's address:
// "Tool/properties/name/type".
func (s *Schema) keyword(url string) string {
	_, frag, _ := strings.Cut(url, "#")
	return strings.TrimPrefix(strings.TrimPrefix(frag, "/"+s.defsKey+"/"), "/")
}

// branchType names the type a branch of a choice stands for: the first
// named type other than the choice's own (a branch is usually a $ref to it).
func (s *Schema) branchType(b *jsonschema.ValidationError, own string) string {
	if n := s.typeOf(b.SchemaURL); n != own {
		return n
	}
	for _, c := range b.Causes {
		if n := s.branchType(c, own); n != "" {
			return n
		}
	}
	return ""
}

// typeOf is the named type a schema location lies in.
func (s *Schema) typeOf(url string) string {
	k := s.keyword(url)
	name, _, _ := strings.Cut(k, "/")
	if _, ok := s.defs[name]; ok {
		return name
	}
	return ""
}

// pointer writes instance location tokens as an RFC 6901 pointer.
func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1"))
	}
	return b.String()
}
