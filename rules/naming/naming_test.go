package naming

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

func TestRulesGolden(t *testing.T) { linttest.RunAll(t, Rules(), "testdata") }

func TestMeta(t *testing.T) { linttest.CheckMeta(t, Rules(), sdk.CategoryNaming) }

func TestStyleFits(t *testing.T) {
	tests := []struct {
		name string
		fits []style
	}{
		{"search", []style{snakeCase, camelCase, kebabCase}},
		{"get_user", []style{snakeCase}},
		{"get_v2_user", []style{snakeCase}},
		{"getUser", []style{camelCase}},
		{"getHTTPResponse", []style{camelCase}},
		{"get-user", []style{kebabCase}},
		{"GetUser", []style{pascalCase}},
		{"GET_USER", []style{screamingSnakeCase}},
		{"SEARCH", []style{pascalCase, screamingSnakeCase}},
		{"admin.list_users", []style{snakeCase}},
		{"admin.tools.list", []style{snakeCase, camelCase, kebabCase}},
		{"DATA_EXPORT_v2", nil},
		{"get_userName", nil},
		{"get__user", nil},
		{"_private", nil},
		{"get_user_", nil},
		{"admin..list", nil},
		{"get user", nil},
	}
	for _, tt := range tests {
		var got []style
		for s := range styleCount {
			if s.fits(tt.name) {
				got = append(got, s)
			}
		}
		if !slices.Equal(got, tt.fits) {
			t.Errorf("%q fits %v, want %v", tt.name, got, tt.fits)
		}
	}
}

func TestConvert(t *testing.T) {
	tests := []struct {
		name string
		to   style
		want string
	}{
		{"getUser", snakeCase, "get_user"},
		{"getV2User", snakeCase, "get_v2_user"},
		{"getHTTPResponse", snakeCase, "get_http_response"},
		{"base64Encode", kebabCase, "base64-encode"},
		{"get_v2_user", camelCase, "getV2User"},
		{"DATA_EXPORT_v2", camelCase, "dataExportV2"},
		{"delete-item", pascalCase, "DeleteItem"},
		{"fetch data", snakeCase, "fetch_data"},
		{"admin.getUser", snakeCase, "admin.get_user"},
		{"list_users", screamingSnakeCase, "LIST_USERS"},
	}
	for _, tt := range tests {
		if got := convert(tt.name, tt.to); got != tt.want {
			t.Errorf("convert(%q, %s) = %q, want %q", tt.name, tt.to, got, tt.want)
		}
		if !tt.to.fits(tt.want) {
			t.Errorf("%q does not fit %s", tt.want, tt.to)
		}
	}
}

func TestMajorityStyle(t *testing.T) {
	tests := []struct {
		names []string
		want  style
		count int
		found bool
	}{
		{[]string{"search", "get_user", "list_items", "fetchData"}, snakeCase, 3, true},
		{[]string{"search", "find", "getUser", "get_user", "listItems"}, camelCase, 4, true},
		// A tie between snake_case and camelCase: the earliest name that
		// tells them apart decides.
		{[]string{"search", "getUser", "get_user"}, camelCase, 2, true},
		{[]string{"get_user", "getUser"}, snakeCase, 1, true},
		{[]string{"GetUser", "ListItems", "search"}, pascalCase, 2, true},
		{[]string{"get_userName", "Get-User"}, 0, 0, false},
		// One plain word does not make a style for twenty names that fit
		// none.
		{[]string{"search", "API-get-user", "API-post-page"}, 0, 0, false},
		{[]string{"get_user", "list_users", "API-get-user"}, snakeCase, 2, true},
	}
	for _, tt := range tests {
		got, count, found := majorityStyle(tt.names)
		if got != tt.want || count != tt.count || found != tt.found {
			t.Errorf("majorityStyle(%q) = %s, %d, %v; want %s, %d, %v", tt.names, got, count, found, tt.want, tt.count, tt.found)
		}
	}
}

func TestSanitizeName(t *testing.T) {
	tests := map[string]string{
		"get user!":       "get_user",
		"café.menu":       "cafe.menu",
		"get\u200buser":   "getuser",
		"  search  ":      "search",
		"a / b":           "a_b",
		"日本語":             "",
		"list_items (v2)": "list_items_v2",
		"_private__name":  "_private__name",
	}
	for in, want := range tests {
		if got := sanitizeName(in); got != want {
			t.Errorf("sanitizeName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestToolNameStyleConfigure(t *testing.T) {
	tests := []struct {
		settings string
		wantErr  string
	}{
		{`{}`, ""},
		{`{"style": "kebab-case"}`, ""},
		{`{"style": "consistent"}`, ""},
		{`{"style": "snake"}`, `style "snake" is not one of snake_case, camelCase, kebab-case, consistent (did you mean "snake_case"?)`},
		{`{"style": "PascalCase"}`, `style "PascalCase" is not one of`},
		{`{"style": 3}`, "cannot unmarshal"},
		{`{"styles": "snake_case"}`, "unknown field"},
	}
	for _, tt := range tests {
		r := &toolNameStyle{}
		err := r.Configure(linttest.StrictDecoder([]byte(tt.settings)))
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tt.settings, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%s: error %v, want one containing %q", tt.settings, err, tt.wantErr)
		}
	}
}
