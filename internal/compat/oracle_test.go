package compat

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// oracleModules is where the oracle's npm packages are installed (.ci/run
// installs @google/genai there).
func oracleModules(t *testing.T) string {
	dir := os.Getenv("MCPLINT_ORACLE_NPM")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "mcplint-ci", "compat-oracle")
	}
	mods := filepath.Join(dir, "node_modules")
	if _, err := os.Stat(filepath.Join(mods, "@google", "genai", "package.json")); err != nil {
		t.Skipf("the Gemini oracle needs @google/genai in %s (npm install --prefix %s @google/genai@3.1.0, as .ci/run does; or set MCPLINT_ORACLE_NPM)", mods, dir)
	}
	return mods
}

// sdkFixes are what @google/genai rewrites in a JSON Schema given as
// parameters, as the gemini profile's rewrites say: the oracle holds the
// profile's list of rejections to these and to what the SDK leaves.
var sdkFixes = []string{"keyword:additionalProperties", "shape:type-array"}

// TestGeminiOracle runs Google's own SDK over the published servers'
// schemas and compares what it leaves for the API to refuse with what the
// gemini profile reports. For each tool (its root "$schema" dropped, which
// would make the SDK send the schema as parametersJsonSchema instead):
// every keyword the SDK passes on outside the Schema object's fields, and
// every enum with a value that is not a string, must be a finding of the
// profile; and every finding of the profile must be one of those or one
// of what the SDK is known to fix (sdkFixes).
func TestGeminiOracle(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("the Gemini oracle needs node on PATH")
	}
	mods := oracleModules(t)
	servers := readRealServers(t)
	type tool struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		InputSchema any    `json:"inputSchema"`
	}
	in := map[string][]tool{}
	for _, s := range servers {
		for _, tl := range s.tools {
			schema, ok := tl.InputSchema.(map[string]any)
			if !ok {
				continue
			}
			schema = clone(schema)
			delete(schema, "$schema")
			in[s.file] = append(in[s.file], tool{tl.Name, tl.Description, schema})
		}
	}
	data, _ := json.Marshal(map[string]any{"servers": in})
	cmd := exec.Command(node, filepath.Join("testdata", "genai-oracle.cjs"), mods)
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.WaitDelay = time.Second
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle: %v\n%s", err, stderr.String())
	}
	var oracle struct {
		SchemaFields []string `json:"schemaFields"`
		Servers      map[string][]struct {
			Name       string         `json:"name"`
			Route      string         `json:"route"`
			Parameters map[string]any `json:"parameters"`
			Error      string         `json:"error"`
		} `json:"servers"`
	}
	if err := json.Unmarshal(out, &oracle); err != nil {
		t.Fatal(err)
	}
	gemini := Builtin()["gemini"]
	// The profile's accepted keywords are the SDK's own Schema type.
	allowed := slices.Sorted(slices.Values(gemini.Allowed.Names))
	if !slices.Equal(allowed, oracle.SchemaFields) {
		t.Errorf("gemini allowed-keywords = %v\n@google/genai's Schema fields = %v", allowed, oracle.SchemaFields)
	}
	got := oracle.Servers
	compared, refused := 0, 0
	for server, tools := range got {
		for i, r := range tools {
			if r.Error != "" {
				refused++ // the SDK itself refuses (type beside anyOf): nothing reaches the API
				continue
			}
			if r.Route != "parameters" {
				t.Errorf("%s %s: sent as %s without a root $schema", server, r.Name, r.Route)
				continue
			}
			compared++
			left := leftForAPI(oracle.SchemaFields, r.Parameters)
			var found []string
			for _, d := range schemaDefects(gemini, i, in[server][i].InputSchema) {
				if !slices.Contains(found, d.key) {
					found = append(found, d.key)
				}
			}
			sort.Strings(found)
			for _, k := range left {
				if !slices.Contains(found, k) {
					t.Errorf("%s %s: the SDK leaves %s for the API to refuse; the gemini profile does not report it (it reports %v)", server, r.Name, k, found)
				}
			}
			for _, k := range found {
				if !slices.Contains(left, k) && !slices.Contains(sdkFixes, k) {
					t.Errorf("%s %s: the gemini profile reports %s, which the SDK neither leaves nor fixes (it leaves %v)", server, r.Name, k, left)
				}
			}
		}
	}
	if compared < 100 {
		t.Errorf("only %d tools compared", compared)
	}
	t.Logf("%d tools compared with @google/genai's conversion; %d refused by the SDK itself", compared, refused)
}

// leftForAPI lists, as defect keys, what the SDK's output still holds
// that the Gemini API refuses: keywords outside the Schema object's
// fields (as the SDK's types list them), and enums with values that are
// not strings.
func leftForAPI(fields []string, schema map[string]any) []string {
	var out []string
	add := func(k string) {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	var walk func(s map[string]any)
	walk = func(s map[string]any) {
		for k, v := range s {
			if !slices.Contains(fields, k) {
				add("keyword:" + k)
				continue
			}
			switch k {
			case "properties":
				if m, ok := v.(map[string]any); ok {
					for _, sub := range m {
						if sm, ok := sub.(map[string]any); ok {
							walk(sm)
						}
					}
				}
			case "items":
				if sm, ok := v.(map[string]any); ok {
					walk(sm)
				}
			case "anyOf":
				if list, ok := v.([]any); ok {
					for _, sub := range list {
						if sm, ok := sub.(map[string]any); ok {
							walk(sm)
						}
					}
				}
			case "enum":
				if list, ok := v.([]any); ok {
					for _, e := range list {
						if _, isString := e.(string); !isString {
							add("shape:" + ShapeEnumNotString)
							break
						}
					}
				}
			}
		}
	}
	walk(schema)
	sort.Strings(out)
	return out
}

func clone(m map[string]any) map[string]any {
	data, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(data, &out)
	return out
}

// TestOpenAIAgentsOracle runs the OpenAI Agents SDK's own conversion of
// MCP tool schemas to strict mode (convertSchemasToStrict) over the
// published servers' tools and holds the openai-strict profile to it:
// a keyword the profile rejects makes the SDK refuse the tool too; a
// keyword of the profile's list that the SDK refuses is reported; and a
// tool the SDK cannot convert for an open object has an open-object
// finding. (The SDK closes objects that declare properties and makes
// optional properties required and nullable: the profile's rewrites.)
func TestOpenAIAgentsOracle(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("the OpenAI Agents oracle needs node on PATH")
	}
	mods := oracleModules(t)
	if _, err := os.Stat(filepath.Join(mods, "@openai", "agents-core", "package.json")); err != nil {
		t.Skipf("the OpenAI Agents oracle needs @openai/agents-core in %s (npm install --prefix %s @openai/agents-core@0.20.0, as .ci/run does)", mods, filepath.Dir(mods))
	}
	servers := readRealServers(t)
	type tool struct {
		Name        string `json:"name"`
		InputSchema any    `json:"inputSchema"`
	}
	in := map[string][]tool{}
	for _, s := range servers {
		for _, tl := range s.tools {
			in[s.file] = append(in[s.file], tool{tl.Name, tl.InputSchema})
		}
	}
	data, _ := json.Marshal(map[string]any{"servers": in})
	cmd := exec.Command(node, filepath.Join("testdata", "agents-oracle.cjs"), mods)
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.WaitDelay = time.Second
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle: %v\n%s", err, stderr.String())
	}
	var got map[string][]struct {
		Name  string `json:"name"`
		Error string `json:"error"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	strict := Builtin()["openai-strict"]
	refused, openRefused, keywordRefused := 0, 0, 0
	for _, s := range servers {
		for i, tl := range s.tools {
			r := got[s.file][i]
			found := map[string]bool{}
			for _, d := range schemaDefects(strict, i, tl.InputSchema) {
				found[d.key] = true
			}
			if r.Error != "" {
				refused++
			}
			for key := range found {
				if strings.HasPrefix(key, "keyword:") && r.Error == "" {
					t.Errorf("%s %s: openai-strict reports %s; the Agents SDK converts the tool to strict mode", s.file, r.Name, key)
				}
			}
			if kw, ok := strings.CutPrefix(r.Error, "Cannot convert a JSON schema using unsupported keyword `"); ok {
				kw, _, _ = strings.Cut(kw, "`")
				if _, listed := rejectsKeyword(strict, kw, false); listed {
					keywordRefused++
					if !found["keyword:"+kw] {
						t.Errorf("%s %s: the Agents SDK refuses %q; openai-strict does not report it", s.file, r.Name, kw)
					}
				}
			}
			if strings.Contains(r.Error, "open JSON schema object") {
				openRefused++
				if !found["shape:"+ShapeOpenObject] {
					t.Errorf("%s %s: the Agents SDK cannot close an open object; openai-strict reports no open object", s.file, r.Name)
				}
			}
		}
	}
	if openRefused == 0 || keywordRefused == 0 {
		t.Errorf("the oracle compared nothing: %d open-object and %d keyword refusals", openRefused, keywordRefused)
	}
	t.Logf("the Agents SDK refused %d tools (%d for an open object, %d for a keyword of the profile)", refused, openRefused, keywordRefused)
}
