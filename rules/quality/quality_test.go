package quality

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

func TestRulesGolden(t *testing.T) { linttest.RunAll(t, Rules(), "testdata") }

func TestMeta(t *testing.T) { linttest.CheckMeta(t, Rules(), sdk.CategoryQuality) }

// Rules with settings must behave the same unconfigured as configured with
// an empty table, and must reject bad values and unknown keys.
func TestConfigure(t *testing.T) {
	tests := []struct {
		rule     sdk.Configurable
		settings string
		wantErr  string
	}{
		{&descriptionTooShort{}, `{"min-length": 0}`, ""},
		{&descriptionTooShort{}, `{"min-length": -1}`, "min-length is -1; set it to 0 or more"},
		{&descriptionTooShort{}, `{"min-length": "20"}`, "cannot unmarshal"},
		{&descriptionTooShort{}, `{"min_length": 20}`, "unknown field"},
		{&toolTokenBudget{}, `{"max-tokens": 0}`, "max-tokens is 0; set it to 1 or more"},
		{&toolTokenBudget{}, `{"max": 10}`, "unknown field"},
		{&serverTokenBudget{}, `{"max-tokens": -5}`, "max-tokens is -5"},
		{&serverTokenBudget{}, `{"max-tokens": 5000}`, ""},
		{&tooManyTools{}, `{"max": 0}`, "max is 0; set it to 1 or more"},
		{&tooManyTools{}, `{"max": 1.5}`, "cannot unmarshal"},
		{&tooManyTools{}, `{"max": 50}`, ""},
	}
	for _, tt := range tests {
		name := tt.rule.(sdk.Rule).Meta().Name
		err := tt.rule.Configure(linttest.StrictDecoder([]byte(tt.settings)))
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("%s %s: %v", name, tt.settings, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%s %s: error %v, want one containing %q", name, tt.settings, err, tt.wantErr)
		case err != nil && !strings.Contains(err.Error(), name):
			t.Errorf("%s %s: error %q does not name the rule", name, tt.settings, err)
		}
	}
}

func TestDefaultsWithoutConfigure(t *testing.T) {
	if got := (&descriptionTooShort{}).minLength(); got != defaultMinDescriptionLength {
		t.Errorf("min-length default %d", got)
	}
	r := &descriptionTooShort{}
	if err := r.Configure(linttest.StrictDecoder([]byte(`{}`))); err != nil {
		t.Fatal(err)
	}
	if r.minLength() != defaultMinDescriptionLength {
		t.Errorf("Configure({}) changed min-length to %d", r.minLength())
	}
}

// The engine may run a rule whose settings table is absent without calling
// Configure; the defaults must hold then too.
func TestUnconfiguredDefaults(t *testing.T) {
	snap := func(tools, perTool, total int) *sdk.Snapshot {
		s := &sdk.Snapshot{Tokens: &sdk.TokenCounts{Total: total}}
		for i := range tools {
			s.Tools = append(s.Tools, sdk.Tool{Name: fmt.Sprintf("t%d", i), Description: "A description long enough."})
			s.Tokens.Tools = append(s.Tokens.Tools, perTool)
		}
		return s
	}
	tests := []struct {
		rule sdk.Rule
		snap *sdk.Snapshot
		want int
	}{
		{&tooManyTools{}, snap(defaultMaxTools, 1, 1), 0},
		{&tooManyTools{}, snap(defaultMaxTools+1, 1, 1), 1},
		{&toolTokenBudget{}, snap(2, defaultToolTokens, 1), 0},
		{&toolTokenBudget{}, snap(2, defaultToolTokens+1, 1), 2},
		{&serverTokenBudget{}, snap(1, 1, defaultServerTokens), 0},
		{&serverTokenBudget{}, snap(1, 1, defaultServerTokens+1), 1},
		{&descriptionTooShort{}, &sdk.Snapshot{Tools: []sdk.Tool{{Name: "x", Description: strings.Repeat("a", defaultMinDescriptionLength-1)}}}, 1},
	}
	for _, tt := range tests {
		got, err := linttest.Check(tt.rule, tt.snap)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != tt.want {
			t.Errorf("%s unconfigured: %d issues, want %d: %v", tt.rule.Meta().Name, len(got), tt.want, got)
		}
	}
}

func TestFirstWordAndIntent(t *testing.T) {
	tests := []struct {
		name, word string
		intent     nameIntent
	}{
		{"get_user", "get", intentReadOnly},
		{"getUser", "get", intentReadOnly},
		{"GetUser", "get", intentReadOnly},
		{"DELETE_ALL", "delete", intentDestructive},
		{"github.deleteRepo", "delete", intentDestructive},
		{"send-email", "send", intentAdditive},
		{"__rm__", "rm", intentDestructive},
		{"weather", "weather", intentUnknown},
		{"", "", intentUnknown},
	}
	for _, tt := range tests {
		if w := firstWord(tt.name); w != tt.word {
			t.Errorf("firstWord(%q) = %q, want %q", tt.name, w, tt.word)
		}
		if in := intentOf(tt.name); in != tt.intent {
			t.Errorf("intentOf(%q) = %d, want %d", tt.name, in, tt.intent)
		}
	}
}

func TestDisplayPath(t *testing.T) {
	tests := map[string]string{
		"/properties/path":                                "path",
		"/properties/filters/items/properties/field":      "filters[].field",
		"/properties/a/anyOf/1/properties/b":              "a.b",
		"/$defs/Address/properties/street":                "$defs/Address.street",
		"/properties/m/additionalProperties/properties/x": "m.*.x",
		"/properties/t/prefixItems/0/properties/x":        "t[].x",
		"/properties/a~1b/properties/c":                   "a/b.c",
	}
	for in, want := range tests {
		if got := displayPath(in); got != want {
			t.Errorf("displayPath(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGraphemesUpTo(t *testing.T) {
	tests := []struct {
		s     string
		limit int
		want  int
	}{
		{"hello", 20, 5},
		{"hello world", 5, 5},
		{"👩‍👩‍👧👩‍👩‍👧", 20, 2},
		{"👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧", 2, 2},
		{"e\u0301e\u0301", 3, 2},
		{"", 20, 0},
		{"a\r\nb\n\rc", 20, 6},
		{"a\r\nb\n\rc", 3, 3},
		{"abc\u0301d", 3, 3},
		{"abc\u0301d", 20, 4},
		{"ab\r\n", 3, 3},
	}
	for _, tt := range tests {
		if got := graphemesUpTo(tt.s, tt.limit); got != tt.want {
			t.Errorf("graphemesUpTo(%q, %d) = %d, want %d", tt.s, tt.limit, got, tt.want)
		}
	}
}

// TestHeaviestAmongEquals checks that the costliest tools are named as a
// stable sort by cost would order them: the earlier tool first among
// equals.
func TestHeaviestAmongEquals(t *testing.T) {
	tests := []struct {
		costs []int
		want  string
	}{
		{[]int{5, 9, 9, 1, 9}, `"t1" (9), "t2" (9), "t4" (9)`},
		{[]int{1, 2, 3, 4}, `"t3" (4), "t2" (3), "t1" (2)`},
		{[]int{7, 7}, `"t0" (7), "t1" (7)`},
		{[]int{3, 8, 3, 8, 3}, `"t1" (8), "t3" (8), "t0" (3)`},
	}
	for _, tt := range tests {
		s := &sdk.Snapshot{Tokens: &sdk.TokenCounts{Tools: tt.costs}}
		for i := range tt.costs {
			s.Tools = append(s.Tools, sdk.Tool{Name: fmt.Sprint("t", i)})
		}
		if got := heaviest(s); !strings.Contains(got, "the costliest tools are "+tt.want+":") {
			t.Errorf("heaviest(%v) = %q, want the tools %s", tt.costs, got, tt.want)
		}
	}
}

// TestParameterDescriptionsPastTheCap reports every undescribed parameter
// of a server with more of them than the engine keeps, and writes the
// message of only the ones it keeps.
func TestParameterDescriptionsPastTheCap(t *testing.T) {
	const tools, params = 30, 500 // 15,000 findings
	var s sdk.Snapshot
	for i := range tools {
		props := map[string]any{}
		for j := range params {
			props[fmt.Sprintf("p%d", j)] = map[string]any{"type": "string"}
		}
		s.Tools = append(s.Tools, sdk.ToolFromDef(map[string]any{
			"name": fmt.Sprintf("tool_%d", i), "description": "Does one thing well.",
			"inputSchema": map[string]any{"type": "object", "properties": props},
		}))
	}
	var kept, counted int
	err := parameterDescriptionMissing{}.Check(context.Background(), &s, func(is sdk.Issue) {
		if kept+counted < sdk.MaxIssues {
			if is.Message == "" || is.Pointer == "" {
				t.Fatalf("issue %d, within the cap, has no message or pointer: %+v", kept, is)
			}
			kept++
			return
		}
		if is != (sdk.Issue{}) {
			t.Fatalf("issue %d, past the cap, was written out: %+v", kept+counted, is)
		}
		counted++
	})
	if err != nil {
		t.Fatal(err)
	}
	if kept != sdk.MaxIssues || kept+counted != tools*params {
		t.Errorf("kept %d and counted %d issues, want %d of %d", kept, counted, sdk.MaxIssues, tools*params)
	}
}
