// Package visible lists every text of a Snapshot that a model reads (names,
// titles, descriptions, schema text and values, prompts, resources and the
// server instructions) with its owner and pointer, so that every rule that
// reads text reads the same texts and reports the same pointers.
package visible

import (
	"context"
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/internal/ranges"
	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

// Kind says what a text is. It is a small number rather than its name,
// since every text rule reads it for each of hundreds of thousands of
// texts; String gives the name.
type Kind uint8

// Kinds of text.
const (
	KindInstructions     Kind = iota
	KindName                  // a tool's name
	KindTitle                 // a tool's title or annotations.title
	KindDescription           // a tool's description
	KindParamName             // a property name, at any depth
	KindParamTitle            // a schema's title
	KindParamDescription      // a schema's description, the root's included
	KindComment               // a schema's $comment
	KindEnum                  // a string in enum
	KindConst                 // a string in const
	KindDefault               // a string in default
	KindExample               // a string in examples (or example)
	// KindSchemaText is any other string a schema carries (pattern, an
	// unknown keyword's value): the model reads the whole schema.
	KindSchemaText

	KindPromptName
	KindPromptTitle
	KindPromptDescription
	KindPromptArgName
	KindPromptArgTitle
	KindPromptArgDescription

	KindResourceName
	KindResourceTitle
	KindResourceDescription
	KindResourceURI // a resource's uri or a template's uriTemplate

	// KindPromptMessage is a text of a message a prompts/get of the
	// session answered with: what a model reads when the prompt is used.
	KindPromptMessage
	// KindResourceText is the text of a resources/read the session got.
	KindResourceText
)

// kindNames are the kinds' names, which messages print.
var kindNames = [...]string{
	KindInstructions:         "instructions",
	KindName:                 "name",
	KindTitle:                "title",
	KindDescription:          "description",
	KindParamName:            "param-name",
	KindParamTitle:           "param-title",
	KindParamDescription:     "param-description",
	KindComment:              "comment",
	KindEnum:                 "enum",
	KindConst:                "const",
	KindDefault:              "default",
	KindExample:              "example",
	KindSchemaText:           "schema-text",
	KindPromptName:           "prompt-name",
	KindPromptTitle:          "prompt-title",
	KindPromptDescription:    "prompt-description",
	KindPromptArgName:        "prompt-argument-name",
	KindPromptArgTitle:       "prompt-argument-title",
	KindPromptArgDescription: "prompt-argument-description",
	KindResourceName:         "resource-name",
	KindResourceTitle:        "resource-title",
	KindResourceDescription:  "resource-description",
	KindResourceURI:          "resource-uri",
	KindPromptMessage:        "prompt-message",
	KindResourceText:         "resource-text",
}

// String is the kind's name: "param-description", "resource-uri".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Text is one model-visible string.
type Text struct {
	Value string

	// The pointer, node's in at followed by tok's tokens and elem, is
	// built only when a rule asks for it: most texts are clean. Every
	// text rule copies each of hundreds of thousands of texts, and the
	// listing keeps them all while the Snapshot lives, so a text is kept
	// to 32 bytes: a key its definition's texts share is in at, the last
	// tokens are a small number.
	at   *origin
	node int32
	// elem is one more than the array index that ends the pointer; 0 when
	// none does.
	elem uint16
	Kind Kind
	// flags holds the token and plain, Plain(Value), found once for
	// every rule that asks.
	flags uint8
}

// A token is the key a text lies under in its node or definition, of
// those the listing knows; tokNone when the node's pointer is the text's.
type token uint8

const (
	tokNone token = iota
	tokName
	tokTitle
	tokAnnotationsTitle
	tokDescription
	tokComment
	tokEnum
	tokConst
	tokDefault
	tokExamples
	tokExample
	tokURI
	tokURITemplate
)

// tokenPaths are the pointer tokens of each token.
var tokenPaths = [...][]string{
	tokNone: nil, tokName: {"name"}, tokTitle: {"title"}, tokAnnotationsTitle: {"annotations", "title"},
	tokDescription: {"description"}, tokComment: {"$comment"}, tokEnum: {"enum"}, tokConst: {"const"},
	tokDefault: {"default"}, tokExamples: {"examples"}, tokExample: {"example"}, tokURI: {"uri"},
	tokURITemplate: {"uriTemplate"},
}

// plainFlag is the bit of Text.flags that says the text is plain; the
// others are its token.
const plainFlag = 0x80

// origin is what the texts of one definition or one schema share: their
// owner, and where their pointers start, a definition's pointer or a
// flattened schema's, under which node i's pointer is built from the
// nodes when asked.
type origin struct {
	owner string
	tool  int
	base  string
	nodes []schemawalk.Flat
}

// under returns an origin for texts under base with at's owner.
func (at *origin) under(base string) *origin {
	return &origin{owner: at.owner, tool: at.tool, base: base}
}

func (at *origin) pointer(node int32) string {
	if node == 0 {
		return at.base
	}
	return schemawalk.Pointer(at.nodes, int(node), at.base)
}

// Owner is what an Issue about this text names: the tool's name, or
// sdk.OwnerInstructions, sdk.OwnerPrompt(name), sdk.OwnerResource(uri).
func (t Text) Owner() string { return t.at.owner }

// Tool is the owning tool's index in Snapshot.Tools, or -1.
func (t Text) Tool() int { return t.at.tool }

// Plain reports whether the text is plain (see Plain): computed once when
// the texts are listed, so that each rule that skips plain text does so
// without reading it.
func (t Text) Plain() bool { return t.flags&plainFlag != 0 }

// Pointer is the text's JSON pointer in the Snapshot.
func (t Text) Pointer() string {
	base := t.at.pointer(t.node)
	toks := tokenPaths[t.flags&^plainFlag]
	if t.elem != 0 {
		var buf [3]string
		toks = append(append(buf[:0], toks...), strconv.Itoa(int(t.elem)-1))
	}
	if len(toks) == 0 {
		return base
	}
	return sdk.Pointer(base, toks...)
}

// maxValueDepth bounds the walk into default, const, enum and examples
// values, which are arbitrary JSON.
const maxValueDepth = 16

// Texts calls visit for every model-visible text of s in a fixed order:
// the instructions, then each tool (name, title, annotations title,
// description, input schema, output schema), then prompts, resources and
// resource templates, then what the session fetched of them (Fetched).
// Empty strings are skipped.
//
// Every text rule of a run walks the same Snapshot, so the texts are
// listed once per Snapshot, by the analysis Listing, which a rule that
// calls Texts, NotPlain, Len or Indexed lists in its Meta.Uses.
func Texts(ctx context.Context, s *sdk.Snapshot, visit func(t Text)) {
	for _, part := range Listing.Of(ctx, s).texts {
		for _, chunk := range part {
			for _, t := range chunk {
				visit(t)
			}
		}
	}
}

// NotPlain calls visit for every text of s that is not plain (see Plain),
// in Texts's order. Rules that look for hidden characters read only those,
// which in most servers are none of the hundreds of thousands of texts
// Texts would hand them.
func NotPlain(ctx context.Context, s *sdk.Snapshot, visit func(t Text)) {
	e := Listing.Of(ctx, s)
	e.notPlainOnce.Do(func() {
		for _, part := range e.texts {
			for _, chunk := range part {
				for _, t := range chunk {
					if !t.Plain() {
						e.notPlain = append(e.notPlain, t)
					}
				}
			}
		}
	})
	for _, t := range e.notPlain {
		visit(t)
	}
}

// Len is how many texts Texts visits.
func Len(ctx context.Context, s *sdk.Snapshot) int {
	n := 0
	for _, part := range Listing.Of(ctx, s).texts {
		for _, chunk := range part {
			n += len(chunk)
		}
	}
	return n
}

// entry is one Snapshot's listing.
type entry struct {
	// texts are the listing's parts, in order.
	texts []chunks
	// notPlain are the texts that are not plain, listed when first asked.
	notPlainOnce sync.Once
	notPlain     []Text
}

// Listing is s's texts, listed once per Snapshot for every rule that
// reads them.
var Listing = analysis.New(analysis.Analysis[*entry]{
	Name: "visible-texts",
	Doc:  "every model-visible text of the Snapshot, in Texts's order",
	Uses: []string{schemawalk.Flattened.Name},
	Run:  func(ctx context.Context, s *sdk.Snapshot) *entry { return &entry{texts: listParallel(ctx, s)} },
})

// Recurring is, for each text of a Snapshot in Texts's order, the place
// of the first text with the same value: a list repeats its texts
// (parameters' descriptions above all; in the realistic 10,000-tool list,
// 70% of the texts' bytes are a text met before), and a rule whose work on
// a text depends only on its value does it once per value. A text whose
// value is met first is its own first; so is every text once recurringMax
// values are known, which bounds the memory a list of unique texts costs.
var Recurring = analysis.New(analysis.Analysis[[]int32]{
	Name: "recurring-texts",
	Doc:  "for each model-visible text, the first text with the same value",
	Uses: []string{Listing.Name},
	Run:  firsts,
})

const recurringMax = 1 << 16

// First returns Recurring of s; a rule that calls it lists Recurring and
// Listing in its Meta.Uses.
func First(ctx context.Context, s *sdk.Snapshot) []int32 { return Recurring.Of(ctx, s) }

func firsts(ctx context.Context, s *sdk.Snapshot) []int32 {
	first := make([]int32, 0, Len(ctx, s))
	seen := map[string]int32{}
	Texts(ctx, s, func(t Text) {
		i := int32(len(first))
		if f, ok := seen[t.Value]; ok {
			first = append(first, f)
			return
		}
		if len(seen) < recurringMax {
			seen[t.Value] = i
		}
		first = append(first, i)
	})
	return first
}

// chunks holds texts in blocks that double in size up to maxChunk, so
// that a listing of hundreds of thousands of texts never copies them to
// grow, and a small one allocates little.
type chunks [][]Text

const maxChunk = 4096

func (c *chunks) add(t Text) {
	n := len(*c)
	if n == 0 || len((*c)[n-1]) == cap((*c)[n-1]) {
		size := 16
		if n > 0 {
			size = min(2*cap((*c)[n-1]), maxChunk)
		}
		*c = append(*c, make([]Text, 0, size))
		n++
	}
	(*c)[n-1] = append((*c)[n-1], t)
}

// listParallel lists s's texts in Texts's order, the tools in ranges
// listed concurrently: the first rule to ask lists them while the others
// wait.
func listParallel(ctx context.Context, s *sdk.Snapshot) []chunks {
	workers := ranges.Parts(len(s.Tools))
	parts := make([]chunks, workers+2)
	wait := ranges.Go(len(s.Tools), func(w, lo, hi int) { listTools(ctx, s, lo, hi, parts[1+w].add) })
	emit(parts[0].add, KindInstructions, s.Instructions, &origin{owner: sdk.OwnerInstructions, tool: -1, base: "/instructions"}, 0, tokNone, -1)
	listDefinitions(s, parts[workers+1].add)
	Fetched(s.Transcript, parts[workers+1].add)
	wait()
	return parts
}

// emit visits a text unless its value is empty. Its pointer is node's in
// at followed by tok's tokens, then by the array index elem when elem is
// not negative.
func emit(visit func(Text), kind Kind, value string, at *origin, node int32, tok token, elem int) {
	if value == "" {
		return
	}
	if elem >= math.MaxUint16 {
		// An index too large for a Text: the element gets an origin of
		// its own, as rare as such arrays are.
		at = at.under(sdk.Pointer(at.pointer(node), append(tokenPaths[tok][:len(tokenPaths[tok]):len(tokenPaths[tok])], strconv.Itoa(elem))...))
		node, tok, elem = 0, tokNone, -1
	}
	flags := uint8(tok)
	if Plain(value) {
		flags |= plainFlag
	}
	visit(Text{Kind: kind, Value: value, at: at, node: node, elem: uint16(elem + 1), flags: flags})
}

// listTools walks s.Tools[lo:hi] for their texts.
func listTools(ctx context.Context, s *sdk.Snapshot, lo, hi int, visit func(t Text)) {
	var sc scratch
	flat := schemawalk.Tools(ctx, s)
	for i := lo; i < hi; i++ {
		tool := &s.Tools[i]
		base := "/tools/" + strconv.Itoa(i)
		at := &origin{owner: tool.Name, tool: i, base: base}
		emit(visit, KindName, tool.Name, at, 0, tokName, -1)
		emit(visit, KindTitle, tool.Title, at, 0, tokTitle, -1)
		if a := tool.Annotations; a != nil {
			emit(visit, KindTitle, a.Title, at, 0, tokAnnotationsTitle, -1)
		}
		emit(visit, KindDescription, tool.Description, at, 0, tokDescription, -1)
		if flat := flat[i].Input; flat != nil {
			schemaTexts(&origin{owner: tool.Name, tool: i, base: base + "/inputSchema", nodes: flat}, &sc, visit)
		}
		if flat := flat[i].Output; flat != nil {
			schemaTexts(&origin{owner: tool.Name, tool: i, base: base + "/outputSchema", nodes: flat}, &sc, visit)
		}
	}
}

// listDefinitions walks the prompts, resources and resource templates
// of s for their texts.
func listDefinitions(s *sdk.Snapshot, visit func(t Text)) {
	for i, p := range s.Prompts {
		at := &origin{owner: sdk.OwnerPrompt(p.Name), tool: -1, base: "/prompts/" + strconv.Itoa(i)}
		emit(visit, KindPromptName, p.Name, at, 0, tokName, -1)
		emit(visit, KindPromptTitle, p.Title, at, 0, tokTitle, -1)
		emit(visit, KindPromptDescription, p.Description, at, 0, tokDescription, -1)
		for j, a := range p.Arguments {
			aat := at.under(at.base + "/arguments/" + strconv.Itoa(j))
			emit(visit, KindPromptArgName, a.Name, aat, 0, tokName, -1)
			emit(visit, KindPromptArgTitle, a.Title, aat, 0, tokTitle, -1)
			emit(visit, KindPromptArgDescription, a.Description, aat, 0, tokDescription, -1)
		}
	}
	for i, r := range s.Resources {
		resource(visit, "/resources/"+strconv.Itoa(i), tokURI, r.URI, r.Name, r.Title, r.Description)
	}
	for i, r := range s.ResourceTemplates {
		resource(visit, "/resourceTemplates/"+strconv.Itoa(i), tokURITemplate, r.URITemplate, r.Name, r.Title, r.Description)
	}
}

// resource emits the texts of a resource or a resource template, which
// differ only in the member that holds the URI.
func resource(visit func(Text), base string, uriKey token, uri, name, title, description string) {
	at := &origin{owner: sdk.OwnerResource(uri), tool: -1, base: base}
	emit(visit, KindResourceURI, uri, at, 0, uriKey, -1)
	emit(visit, KindResourceName, name, at, 0, tokName, -1)
	emit(visit, KindResourceTitle, title, at, 0, tokTitle, -1)
	emit(visit, KindResourceDescription, description, at, 0, tokDescription, -1)
}

// otherText reports whether a schema keyword's string value is text this
// package has no kind for. Structural values (a type name, a reference)
// are not: a model reads them, but nothing hides in them. Keywords read
// with their own kind, or walked as schemas, are not either.
func otherText(keyword string) bool {
	switch keyword {
	case "type", "format", "$ref", "$dynamicRef", "$recursiveRef", "$schema", "$id", "$anchor",
		"$dynamicAnchor", "contentEncoding", "contentMediaType",
		"title", "description", "$comment", "enum", "const", "default", "examples", "example",
		"properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
		"additionalProperties", "items", "additionalItems", "contains", "propertyNames", "not",
		"if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema",
		"allOf", "anyOf", "oneOf", "prefixItems", "required", "dependentRequired":
		return false
	}
	return true
}

// valueKeys are the keywords whose values are walked for texts, in the
// order their texts are listed; schemaTexts's switch follows it.
var valueKeys = [...]struct {
	key  string
	kind Kind
	tok  token
}{{"enum", KindEnum, tokEnum}, {"const", KindConst, tokConst}, {"default", KindDefault, tokDefault},
	{"examples", KindExample, tokExamples}, {"example", KindExample, tokExample}}

// mapTextKeys are the keywords schemaTexts reads from a schema's map: all
// whose values it lists but "description", which schemawalk.Flat holds.
var mapTextKeys = func() schemawalk.Keys {
	keys := schemawalk.KeysOf("title", "$comment")
	for _, vk := range valueKeys {
		keys |= schemawalk.KeyOf(vk.key)
	}
	for kw := range schemawalk.AllKeys.All() {
		if otherText(kw) {
			keys |= schemawalk.KeyOf(kw)
		}
	}
	return keys
}()

// scratch is storage one listing reuses for every schema.
type scratch struct {
	other []string
}

// schemaTexts emits the texts of a flattened schema, node by node in
// schemawalk.Walk's order, reading each object's texts in one pass.
func schemaTexts(at *origin, sc *scratch, visit func(Text)) {
	put := func(kind Kind, value string, at *origin, node int32, tok token, elem int) {
		emit(visit, kind, value, at, node, tok, elem)
	}
	for i := range at.nodes {
		n := &at.nodes[i]
		node := int32(i)
		if n.Keyword() == "properties" {
			put(KindParamName, n.Name, at, node, tokNone, -1)
		}
		obj := n.Object()
		if obj == nil {
			continue
		}
		if n.Unknown == 0 && !n.Keys.Any(mapTextKeys) {
			// Nothing to list but a description, which flattening
			// read: most nodes of a large list, whose maps are best
			// left untouched.
			put(KindParamDescription, n.Description, at, node, tokDescription, -1)
			if n.Keys.Any(nameKeys) {
				misplacedTexts(obj, at, node, put)
			}
			continue
		}
		var title, description, comment string
		var values [len(valueKeys)]any
		other := sc.other[:0]
		for k, v := range obj {
			switch k {
			case "title":
				title, _ = v.(string)
			case "description":
				description, _ = v.(string)
			case "$comment":
				comment, _ = v.(string)
			case "enum":
				values[0] = v
			case "const":
				values[1] = v
			case "default":
				values[2] = v
			case "examples":
				values[3] = v
			case "example":
				values[4] = v
			default:
				if _, isString := v.(string); isString && otherText(k) {
					other = append(other, k)
				}
			}
		}
		put(KindParamTitle, title, at, node, tokTitle, -1)
		put(KindParamDescription, description, at, node, tokDescription, -1)
		put(KindComment, comment, at, node, tokComment, -1)
		// A null value holds no text, so nil stands for absent too.
		for j, vk := range valueKeys {
			if values[j] != nil {
				valueTexts(values[j], vk.kind, at, node, vk.tok, 0, put)
			}
		}
		if n.Keys.Any(nameKeys) {
			misplacedTexts(obj, at, node, put)
		}
		slices.Sort(other)
		for _, k := range other {
			// Keys of no known keyword are few: each text gets an
			// origin of its own.
			put(KindSchemaText, obj[k].(string), at.under(sdk.Pointer(at.pointer(node), k)), 0, tokNone, -1)
		}
		sc.other = other
	}
}

// nameKeys are the keywords whose strings are names, not text: "type"
// and "required".
var nameKeys = schemawalk.KeysOf("type", "required")

// misplacedTexts emits, as KindSchemaText, the sentences written where a
// schema holds names: a "type" that is no JSON Schema type ("string
// IMPORTANT: read ~/.bashrc …") and a "required" entry that names no
// property and has a space in it ("Read file ~/.env and pass …"). A
// model reads the whole schema, so such a string is an order in a place
// no reviewer looks; a real name has no space, and a misspelt one is
// the schema rules' business, not a text's.
func misplacedTexts(obj map[string]any, at *origin, node int32, put func(Kind, string, *origin, int32, token, int)) {
	if t, ok := obj["type"].(string); ok && !jsonType(t) && strings.IndexByte(t, ' ') >= 0 {
		put(KindSchemaText, t, at.under(sdk.Pointer(at.pointer(node), "type")), 0, tokNone, -1)
	}
	req, ok := obj["required"].([]any)
	if !ok {
		return
	}
	props, _ := obj["properties"].(map[string]any)
	for i, e := range req {
		name, ok := e.(string)
		if !ok || strings.IndexByte(name, ' ') < 0 {
			continue
		}
		if _, defined := props[name]; defined {
			continue
		}
		put(KindSchemaText, name, at.under(sdk.Pointer(at.pointer(node), "required", strconv.Itoa(i))), 0, tokNone, -1)
	}
}

// jsonType reports whether t names a JSON Schema type.
func jsonType(t string) bool {
	switch t {
	case "string", "number", "integer", "boolean", "object", "array", "null":
		return true
	}
	return false
}

// valueTexts emits every string inside a JSON value, at any depth, whose
// pointer is node's in at followed by tok's tokens. Values nested in
// arrays and objects are rare, and their texts get an origin of their
// own.
func valueTexts(v any, kind Kind, at *origin, node int32, tok token, depth int, put func(Kind, string, *origin, int32, token, int)) {
	switch v := v.(type) {
	case string:
		put(kind, v, at, node, tok, -1)
	case []any:
		if depth >= maxValueDepth {
			return
		}
		var inner *origin
		for i, e := range v {
			if s, ok := e.(string); ok {
				put(kind, s, at, node, tok, i)
				continue
			}
			if inner == nil {
				inner = at.under(sdk.Pointer(at.pointer(node), tokenPaths[tok]...))
			}
			valueTexts(e, kind, inner.under(sdk.Pointer(inner.base, strconv.Itoa(i))), 0, tokNone, depth+1, put)
		}
	case map[string]any:
		if depth >= maxValueDepth {
			return
		}
		inner := at.under(sdk.Pointer(at.pointer(node), tokenPaths[tok]...))
		for _, k := range schemawalk.SortedKeys(v) {
			valueTexts(v[k], kind, inner.under(sdk.Pointer(inner.base, k)), 0, tokNone, depth+1, put)
		}
	}
}

// Plain reports whether s is printable ASCII with at most tabs and line
// breaks: text in which nothing can hide. Most text is plain, so rules that
// look for hidden characters check this first and skip the Unicode work.
//
// Every text of a Snapshot is tested, most of them long prose, so eight
// bytes are tested at a time: a word passes when none of its bytes is
// 0x7f or above, nor below 0x20; a word with a control byte is tested
// byte by byte, as tabs and line breaks are allowed.
func Plain(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		// A byte of 0x7f or above has its top bit set in w, or in w+1
		// (which carries into no other byte while no top bit is set).
		high := (w | (w + 0x0101010101010101)) & 0x8080808080808080
		// A byte below 0x20 borrows when 0x20 is taken from it: the
		// classic "has less than" test, exact for a bound up to 0x80.
		low := (w - 0x2020202020202020) & ^w & 0x8080808080808080
		if high != 0 {
			return false
		}
		if low != 0 && !plainBytes(s[i:i+8]) {
			return false
		}
	}
	return plainBytes(s[i:])
}

func plainBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x7f || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
			return false
		}
	}
	return true
}
