package sdk

import "encoding/json"

// Tool is one tool definition. The typed fields are read leniently from Def,
// the definition exactly as the server sent it: a field of the wrong JSON
// type is left zero in the typed field (rules that care look at Def), so a
// broken definition is linted rather than rejected.
type Tool struct {
	Name        string
	Title       string
	Description string
	// InputSchema and OutputSchema are the schemas decoded generically
	// (map[string]any, []any, string, float64, bool, nil); nil when absent.
	InputSchema  any
	OutputSchema any
	Annotations  *ToolAnnotations
	// Meta is the tool's "_meta" object.
	Meta map[string]any
	// Def is the whole definition as sent. Its JSON form is the Tool's.
	Def map[string]any
}

// ToolAnnotations are the behaviour hints of a tool. A nil pointer field
// means the server did not say.
type ToolAnnotations struct {
	Title           string
	ReadOnlyHint    *bool
	DestructiveHint *bool
	IdempotentHint  *bool
	OpenWorldHint   *bool
}

// UnmarshalJSON keeps the whole definition in Def and fills the typed fields
// whose JSON types are right.
func (t *Tool) UnmarshalJSON(b []byte) error {
	var def map[string]any
	if err := json.Unmarshal(b, &def); err != nil {
		return err
	}
	*t = ToolFromDef(def)
	return nil
}

// MarshalJSON writes Def, or the typed fields when Def is nil.
func (t Tool) MarshalJSON() ([]byte, error) {
	if t.Def != nil {
		return json.Marshal(t.Def)
	}
	return json.Marshal(t.def())
}

func (t Tool) def() map[string]any {
	m := map[string]any{"name": t.Name}
	putString(m, "title", t.Title)
	putString(m, "description", t.Description)
	if t.InputSchema != nil {
		m["inputSchema"] = t.InputSchema
	}
	if t.OutputSchema != nil {
		m["outputSchema"] = t.OutputSchema
	}
	if a := t.Annotations; a != nil {
		am := map[string]any{}
		putString(am, "title", a.Title)
		putBool(am, "readOnlyHint", a.ReadOnlyHint)
		putBool(am, "destructiveHint", a.DestructiveHint)
		putBool(am, "idempotentHint", a.IdempotentHint)
		putBool(am, "openWorldHint", a.OpenWorldHint)
		m["annotations"] = am
	}
	if t.Meta != nil {
		m["_meta"] = t.Meta
	}
	return m
}

// ToolFromDef builds a Tool from a generically decoded definition.
func ToolFromDef(def map[string]any) Tool {
	t := Tool{Def: def}
	t.Name, _ = def["name"].(string)
	t.Title, _ = def["title"].(string)
	t.Description, _ = def["description"].(string)
	t.InputSchema = def["inputSchema"]
	t.OutputSchema = def["outputSchema"]
	t.Meta, _ = def["_meta"].(map[string]any)
	if am, ok := def["annotations"].(map[string]any); ok {
		a := &ToolAnnotations{}
		a.Title, _ = am["title"].(string)
		a.ReadOnlyHint = boolField(am, "readOnlyHint")
		a.DestructiveHint = boolField(am, "destructiveHint")
		a.IdempotentHint = boolField(am, "idempotentHint")
		a.OpenWorldHint = boolField(am, "openWorldHint")
		t.Annotations = a
	}
	return t
}

// Prompt is one prompt definition (prompts/list).
type Prompt struct {
	Name        string
	Title       string
	Description string
	Arguments   []PromptArgument
	Def         map[string]any
}

// PromptArgument is one argument of a prompt.
type PromptArgument struct {
	Name        string
	Title       string
	Description string
	Required    bool
}

// UnmarshalJSON reads a prompt leniently, keeping Def.
func (p *Prompt) UnmarshalJSON(b []byte) error {
	var def map[string]any
	if err := json.Unmarshal(b, &def); err != nil {
		return err
	}
	*p = PromptFromDef(def)
	return nil
}

// MarshalJSON writes Def.
func (p Prompt) MarshalJSON() ([]byte, error) {
	if p.Def != nil {
		return json.Marshal(p.Def)
	}
	m := map[string]any{"name": p.Name}
	putString(m, "title", p.Title)
	putString(m, "description", p.Description)
	if len(p.Arguments) > 0 {
		args := make([]any, len(p.Arguments))
		for i, a := range p.Arguments {
			am := map[string]any{"name": a.Name}
			putString(am, "title", a.Title)
			putString(am, "description", a.Description)
			if a.Required {
				am["required"] = true
			}
			args[i] = am
		}
		m["arguments"] = args
	}
	return json.Marshal(m)
}

// PromptFromDef builds a Prompt from a generically decoded definition.
func PromptFromDef(def map[string]any) Prompt {
	p := Prompt{Def: def}
	p.Name, _ = def["name"].(string)
	p.Title, _ = def["title"].(string)
	p.Description, _ = def["description"].(string)
	args, _ := def["arguments"].([]any)
	for _, a := range args {
		am, _ := a.(map[string]any)
		var pa PromptArgument
		pa.Name, _ = am["name"].(string)
		pa.Title, _ = am["title"].(string)
		pa.Description, _ = am["description"].(string)
		pa.Required, _ = am["required"].(bool)
		p.Arguments = append(p.Arguments, pa)
	}
	return p
}

// Resource is one resource (resources/list).
type Resource struct {
	URI         string
	Name        string
	Title       string
	Description string
	MimeType    string
	Def         map[string]any
}

// UnmarshalJSON reads a resource leniently, keeping Def.
func (r *Resource) UnmarshalJSON(b []byte) error {
	var def map[string]any
	if err := json.Unmarshal(b, &def); err != nil {
		return err
	}
	*r = ResourceFromDef(def)
	return nil
}

// MarshalJSON writes Def.
func (r Resource) MarshalJSON() ([]byte, error) {
	if r.Def != nil {
		return json.Marshal(r.Def)
	}
	m := map[string]any{"uri": r.URI, "name": r.Name}
	putString(m, "title", r.Title)
	putString(m, "description", r.Description)
	putString(m, "mimeType", r.MimeType)
	return json.Marshal(m)
}

// ResourceFromDef builds a Resource from a generically decoded definition.
func ResourceFromDef(def map[string]any) Resource {
	r := Resource{Def: def}
	r.URI, _ = def["uri"].(string)
	r.Name, _ = def["name"].(string)
	r.Title, _ = def["title"].(string)
	r.Description, _ = def["description"].(string)
	r.MimeType, _ = def["mimeType"].(string)
	return r
}

// ResourceTemplate is one resource template (resources/templates/list).
type ResourceTemplate struct {
	URITemplate string
	Name        string
	Title       string
	Description string
	MimeType    string
	Def         map[string]any
}

// UnmarshalJSON reads a resource template leniently, keeping Def.
func (r *ResourceTemplate) UnmarshalJSON(b []byte) error {
	var def map[string]any
	if err := json.Unmarshal(b, &def); err != nil {
		return err
	}
	*r = ResourceTemplateFromDef(def)
	return nil
}

// MarshalJSON writes Def.
func (r ResourceTemplate) MarshalJSON() ([]byte, error) {
	if r.Def != nil {
		return json.Marshal(r.Def)
	}
	m := map[string]any{"uriTemplate": r.URITemplate, "name": r.Name}
	putString(m, "title", r.Title)
	putString(m, "description", r.Description)
	putString(m, "mimeType", r.MimeType)
	return json.Marshal(m)
}

// ResourceTemplateFromDef builds a ResourceTemplate from a generically
// decoded definition.
func ResourceTemplateFromDef(def map[string]any) ResourceTemplate {
	r := ResourceTemplate{Def: def}
	r.URITemplate, _ = def["uriTemplate"].(string)
	r.Name, _ = def["name"].(string)
	r.Title, _ = def["title"].(string)
	r.Description, _ = def["description"].(string)
	r.MimeType, _ = def["mimeType"].(string)
	return r
}

func putString(m map[string]any, key, v string) {
	if v != "" {
		m[key] = v
	}
}

func putBool(m map[string]any, key string, v *bool) {
	if v != nil {
		m[key] = *v
	}
}

func boolField(m map[string]any, key string) *bool {
	if v, ok := m[key].(bool); ok {
		return &v
	}
	return nil
}
