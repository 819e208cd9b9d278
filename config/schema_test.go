package config

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/mcplint/mcplint/sdk"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// defaultsRule has settings with defaults, like most configurable rules.
type defaultsRule struct {
	settings struct {
		MinLength int      `json:"min-length"`
		Allow     []string `json:"allow"`
		Ratio     float64  `json:"ratio,omitempty"`
	}
}

func (r *defaultsRule) Meta() sdk.Meta {
	return sdk.Meta{Name: "description-too-short", Summary: "a description too short to guide a model"}
}
func (r *defaultsRule) Check(_ context.Context, _ *sdk.Snapshot, _ func(sdk.Issue)) error { return nil }
func (r *defaultsRule) Configure(decode func(any) error) error {
	r.settings.MinLength = 20
	return decode(&r.settings)
}

func compileSchema(t *testing.T, rules []sdk.Rule) *jsonschema.Schema {
	t.Helper()
	data, err := JSONSchema(rules)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mcplint-config.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mcplint-config.schema.json")
	if err != nil {
		t.Fatalf("the schema does not compile: %v", err)
	}
	return s
}

// asJSON decodes TOML the way an editor's schema check sees it.
func asJSON(t *testing.T, src string) any {
	t.Helper()
	var doc map[string]any
	if _, err := toml.Decode(src, &doc); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestJSONSchema(t *testing.T) {
	rules := []sdk.Rule{&styleRule{}, &defaultsRule{}, plainRule{"too-many-tools"}, plainRule{"dangling-tool-reference"}, plainRule{"hidden-unicode-tag"}}
	s := compileSchema(t, rules)
	valid := map[string]string{
		"starter":  string(Starter(Detected{Command: []string{"go", "run", "."}, From: "go.mod"}, true)),
		"nothing":  string(Starter(Detected{}, false)),
		"settings": "version = 1\n[rules.settings.description-too-short]\nmin-length = 3\nallow = [\"ok\"]\n[rules.settings.tool-name-style.limits]\nmax = 3\n",
		"full": `version = 1
[server]
command = ["node", "server.js"]
env = { A = "b" }
timeout = "1m30s"
startup-timeout = "3m"
[rules]
preset = "all"
enable = ["security", "acme/no-foo"]
disable = ["too-many-tools"]
[rules.severity]
hidden-unicode-tag = "warning"
[[ignore]]
rule = "dangling-tool-reference"
tool = "search_*"
pointer = "/tools/0"
reason = "r"
[[plugin]]
name = "acme"
sha256 = "ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12"
[output]
format = "json"
min-grade = "B"
`,
	}
	for name, src := range valid {
		if err := s.Validate(asJSON(t, src)); err != nil {
			t.Errorf("%s: the schema rejects a valid config: %v", name, err)
		}
	}
	invalid := map[string]string{
		"typo in a key":       "version = 1\n[server]\ncomand = [\"x\"]\n",
		"typo in a rule":      "version = 1\n[rules]\ndisable = [\"too-many-tool\"]\n",
		"unknown setting":     "version = 1\n[rules.settings.description-too-short]\nmin-lenght = 3\n",
		"setting type":        "version = 1\n[rules.settings.description-too-short]\nmin-length = \"3\"\n",
		"command and target":  "version = 1\n[server]\ncommand = [\"x\"]\ntarget = \"t.json\"\n",
		"missing reason":      "version = 1\n[[ignore]]\nrule = \"too-many-tools\"\n",
		"missing version":     "[rules]\npreset = \"all\"\n",
		"bad duration":        "version = 1\n[server]\ntimeout = \"10 seconds\"\n",
		"bad startup timeout": "version = 1\n[server]\nstartup-timeout = \"1 minute\"\n",
		"severity value":      "version = 1\n[rules.severity]\ntoo-many-tools = \"fatal\"\n",
		"format":              "version = 1\n[output]\nformat = \"xml\"\n",
		"category severities": "version = 1\n[rules.severity]\nsecurity = \"error\"\n",
	}
	for name, src := range invalid {
		if err := s.Validate(asJSON(t, src)); err == nil {
			t.Errorf("%s: the schema accepts it", name)
		}
	}
	data, _ := JSONSchema(rules)
	if !strings.Contains(string(data), `"default": 20`) {
		t.Error("a rule's default setting is missing from the schema")
	}
}
