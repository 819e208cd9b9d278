// Package compat holds what each MCP client or model provider accepts in a
// server's tool list (client compatibility profiles) and checks a tool
// list against a selection of them. The built-in profiles are data files
// embedded from profiles/, each limit with the source it comes from; users
// add their own with the same fields in .mcplint.toml.
package compat

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
)

// Profile is what one client accepts. A nil limit (or an empty list) means
// no source says the client has one, so nothing is checked for it.
type Profile struct {
	// Name is how users select the profile (--clients NAME).
	Name string `json:"name"`
	// Title names the client or API in findings and docs.
	Title string `json:"title"`
	// About is a paragraph for the profile's documentation: what the
	// profile models, and which sources were chosen where they disagree.
	About string `json:"about,omitempty"`
	// Extends names a profile whose limits this one starts from; its own
	// fields replace the parent's, lists are added to the parent's.
	Extends string `json:"extends,omitempty"`

	ToolName     *NameRule     `json:"tool-name,omitempty"`
	CombinedName *CombinedRule `json:"combined-name,omitempty"`
	ToolCount    *CountRule    `json:"tool-count,omitempty"`
	Description  *LengthRule   `json:"description,omitempty"`
	// Keywords are the schema keywords the client rejects.
	Keywords []KeywordRule `json:"keyword,omitempty"`
	// Allowed, when set, lists the only keywords the client accepts.
	Allowed *AllowRule `json:"allowed-keywords,omitempty"`
	// Shapes are schema shapes the client rejects.
	Shapes []ShapeRule `json:"shape,omitempty"`
	// Rewrites are what the client changes in a schema without saying so.
	// They are documentation: a rewrite is not a rejection.
	Rewrites []Rewrite `json:"rewrite,omitempty"`
}

// NameRule is the tool name the client accepts.
type NameRule struct {
	// Pattern is a regular expression (RE2) the whole name must match.
	Pattern   string `json:"pattern,omitempty"`
	MaxLength int    `json:"max-length,omitempty"`
	Source    string `json:"source"`
}

// CombinedRule is a limit on the name the client builds from the server's
// name and the tool's.
type CombinedRule struct {
	// Template is how the name is built: {server} and {tool} are replaced.
	Template  string `json:"template"`
	MaxLength int    `json:"max-length"`
	Source    string `json:"source"`
}

// CountRule is the most tools the client sends the model.
type CountRule struct {
	Max    int    `json:"max"`
	Source string `json:"source"`
}

// LengthRule is the longest text the client accepts.
type LengthRule struct {
	MaxLength int    `json:"max-length"`
	Source    string `json:"source"`
}

// Places a keyword or shape rule applies to.
const (
	WhereAnywhere = "anywhere"
	WhereRoot     = "root"
	WhereNested   = "nested"
)

var wheres = []string{WhereAnywhere, WhereRoot, WhereNested}

// KeywordRule names schema keywords the client rejects, and where.
type KeywordRule struct {
	Names []string `json:"names"`
	// Where is WhereAnywhere (the default), WhereRoot or WhereNested.
	Where  string `json:"where,omitempty"`
	Source string `json:"source"`
}

// AllowRule lists the only schema keywords the client accepts.
type AllowRule struct {
	Names  []string `json:"names"`
	Source string   `json:"source"`
}

// Shapes a profile can reject. Each is checked by code in this package.
const (
	// ShapeTypeArray: "type" written as an array (["string", "null"]).
	ShapeTypeArray = "type-array"
	// ShapeRootNotObject: the input schema's root is not "type": "object".
	ShapeRootNotObject = "root-not-object"
	// ShapeOpenObject: an object schema without "additionalProperties": false.
	ShapeOpenObject = "open-object"
	// ShapeOptionalProperty: a property left out of its object's "required".
	ShapeOptionalProperty = "optional-property"
	// ShapeEnumNotString: an "enum" with a value that is not a string.
	ShapeEnumNotString = "enum-not-string"
)

// Shapes lists every shape a profile may name, with what it means.
var Shapes = map[string]string{
	ShapeTypeArray:        `"type" written as an array, such as ["string", "null"]`,
	ShapeRootNotObject:    `an input schema whose root is not "type": "object"`,
	ShapeOpenObject:       `an object schema without "additionalProperties": false`,
	ShapeOptionalProperty: `a property that its object's "required" does not list`,
	ShapeEnumNotString:    `an "enum" with a value that is not a string`,
}

// ShapeRule is a schema shape the client rejects, and where.
type ShapeRule struct {
	Kind   string `json:"kind"`
	Where  string `json:"where,omitempty"`
	Source string `json:"source"`
}

// Rewrite is a change the client makes to a schema without telling anyone.
type Rewrite struct {
	What   string `json:"what"`
	Source string `json:"source"`
}

//go:embed profiles/*.toml
var files embed.FS

var builtin = sync.OnceValues(loadBuiltin)

// Builtin returns the built-in profiles by name, resolved (Extends
// applied). It panics if an embedded file is broken, which its tests catch.
func Builtin() map[string]*Profile {
	m, err := builtin()
	if err != nil {
		panic(err)
	}
	return m
}

// BuiltinNames lists the built-in profiles' names in order.
func BuiltinNames() []string {
	names := make([]string, 0, len(Builtin()))
	for n := range Builtin() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func loadBuiltin() (map[string]*Profile, error) {
	entries, err := files.ReadDir("profiles")
	if err != nil {
		return nil, err
	}
	raw := map[string]*Profile{}
	for _, e := range entries {
		data, err := files.ReadFile("profiles/" + e.Name())
		if err != nil {
			return nil, err
		}
		var table map[string]any
		if _, err := toml.Decode(string(data), &table); err != nil {
			return nil, fmt.Errorf("compat: profiles/%s: %w", e.Name(), err)
		}
		p, err := Decode(table)
		if err != nil {
			return nil, fmt.Errorf("compat: profiles/%s: %w", e.Name(), err)
		}
		if want := strings.TrimSuffix(e.Name(), ".toml"); p.Name != want {
			return nil, fmt.Errorf("compat: profiles/%s: name %q should be %q", e.Name(), p.Name, want)
		}
		raw[p.Name] = p
	}
	return Resolve(raw, nil)
}

// Decode reads one profile from its generic (TOML or JSON) form, strictly:
// an unknown field is an error. It does not check the profile; see Check.
func Decode(table map[string]any) (*Profile, error) {
	data, err := json.Marshal(table)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p Profile
	if err := dec.Decode(&p); err != nil {
		return nil, err
	}
	return &p, nil
}

// Validate checks one profile's own fields (not its parent): the name, the
// patterns, the places and shapes named, and that each limit has a source.
// The error names the field at fault.
func (p *Profile) Validate() error {
	if p.Name == "" || strings.ContainsAny(p.Name, ", \t") {
		return fmt.Errorf("name %q must be a non-empty word without commas or spaces", p.Name)
	}
	src := func(field, s string) error {
		if strings.TrimSpace(s) == "" {
			return fmt.Errorf("%s.source is missing: every limit says where it comes from (a documentation page, or a client's source file or issue, with a date)", field)
		}
		return nil
	}
	if r := p.ToolName; r != nil {
		if r.Pattern != "" {
			if _, err := regexp.Compile(r.Pattern); err != nil {
				return fmt.Errorf("tool-name.pattern: %v", err)
			}
		}
		if r.MaxLength < 0 {
			return fmt.Errorf("tool-name.max-length must not be negative")
		}
		if err := src("tool-name", r.Source); err != nil {
			return err
		}
	}
	if r := p.CombinedName; r != nil {
		if !strings.Contains(r.Template, "{tool}") {
			return fmt.Errorf(`combined-name.template %q must contain "{tool}"`, r.Template)
		}
		if r.MaxLength <= 0 {
			return fmt.Errorf("combined-name.max-length must be positive")
		}
		if err := src("combined-name", r.Source); err != nil {
			return err
		}
	}
	if r := p.ToolCount; r != nil {
		if r.Max <= 0 {
			return fmt.Errorf("tool-count.max must be positive")
		}
		if err := src("tool-count", r.Source); err != nil {
			return err
		}
	}
	if r := p.Description; r != nil {
		if r.MaxLength <= 0 {
			return fmt.Errorf("description.max-length must be positive")
		}
		if err := src("description", r.Source); err != nil {
			return err
		}
	}
	for i, k := range p.Keywords {
		at := fmt.Sprintf("keyword[%d]", i)
		if len(k.Names) == 0 {
			return fmt.Errorf("%s.names is empty", at)
		}
		if k.Where != "" && !slices.Contains(wheres, k.Where) {
			return fmt.Errorf("%s.where %q is not one of %s", at, k.Where, strings.Join(wheres, ", "))
		}
		if err := src(at, k.Source); err != nil {
			return err
		}
	}
	if a := p.Allowed; a != nil {
		if len(a.Names) == 0 {
			return fmt.Errorf("allowed-keywords.names is empty")
		}
		if err := src("allowed-keywords", a.Source); err != nil {
			return err
		}
	}
	for i, s := range p.Shapes {
		at := fmt.Sprintf("shape[%d]", i)
		if _, ok := Shapes[s.Kind]; !ok {
			kinds := make([]string, 0, len(Shapes))
			for k := range Shapes {
				kinds = append(kinds, k)
			}
			sort.Strings(kinds)
			return fmt.Errorf("%s.kind %q is not one of %s", at, s.Kind, strings.Join(kinds, ", "))
		}
		if s.Where != "" && !slices.Contains(wheres, s.Where) {
			return fmt.Errorf("%s.where %q is not one of %s", at, s.Where, strings.Join(wheres, ", "))
		}
		if err := src(at, s.Source); err != nil {
			return err
		}
	}
	for i, r := range p.Rewrites {
		if err := src(fmt.Sprintf("rewrite[%d]", i), r.Source); err != nil {
			return err
		}
	}
	return nil
}

// Resolve validates the profiles of own (by name) and applies Extends,
// against own and then the built-in ones (base; nil while the built-in
// ones are being loaded). The result holds base's profiles and own's, own
// replacing base where a name is in both.
func Resolve(own map[string]*Profile, base map[string]*Profile) (map[string]*Profile, error) {
	out := map[string]*Profile{}
	for n, p := range base {
		out[n] = p
	}
	names := make([]string, 0, len(own))
	for n := range own {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := own[n].Validate(); err != nil {
			return nil, fmt.Errorf("profile %q: %w", n, err)
		}
	}
	var resolve func(n string, seen []string) (*Profile, error)
	resolve = func(n string, seen []string) (*Profile, error) {
		p, ok := own[n]
		if !ok {
			if b, ok := base[n]; ok {
				return b, nil
			}
			return nil, fmt.Errorf("profile %q extends %q, which is no profile (built-in: %s)", seen[len(seen)-1], n, strings.Join(sortedKeys(base), ", "))
		}
		if slices.Contains(seen, n) {
			return nil, fmt.Errorf("profile %q extends itself through %s", n, strings.Join(append(seen, n), " -> "))
		}
		if p.Extends == "" {
			return p, nil
		}
		parent, err := resolve(p.Extends, append(seen, n))
		if err != nil {
			return nil, err
		}
		return merge(parent, p), nil
	}
	for _, n := range names {
		p, err := resolve(n, nil)
		if err != nil {
			return nil, err
		}
		out[n] = p
	}
	return out, nil
}

func sortedKeys(m map[string]*Profile) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// merge returns child over parent: child's limits replace the parent's,
// its lists add to the parent's.
func merge(parent, child *Profile) *Profile {
	p := *child
	if p.ToolName == nil {
		p.ToolName = parent.ToolName
	}
	if p.CombinedName == nil {
		p.CombinedName = parent.CombinedName
	}
	if p.ToolCount == nil {
		p.ToolCount = parent.ToolCount
	}
	if p.Description == nil {
		p.Description = parent.Description
	}
	if p.Allowed == nil {
		p.Allowed = parent.Allowed
	}
	p.Keywords = append(slices.Clone(parent.Keywords), child.Keywords...)
	p.Shapes = append(slices.Clone(parent.Shapes), child.Shapes...)
	p.Rewrites = append(slices.Clone(parent.Rewrites), child.Rewrites...)
	return &p
}
