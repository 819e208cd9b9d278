package uritemplate

import "testing"

func TestCheck(t *testing.T) {
	valid := []string{
		"",
		"download://{name}",
		"file:///{path}",
		"users://{id}/profile",
		"repo://{owner}/{repo}/issues{?state,labels}",
		"res://{+path}",
		"docs://{name}/{version}{#section}",
		"http://example.com/dictionary/{term:1}/{term}",
		"dictionary/{term:1}/{term}",
		"{/list*}{.ext}{;params*}{&more}",
		"{var:9999}",
		"{a.b_c%20d}",
		"postgres://{host}:{port}/{db}",
		"note://café/{id}",
		"static://no-variables",
		"a%2Fb/{x}",
	}
	for _, s := range valid {
		if err := Check(s); err != nil {
			t.Errorf("Check(%q) = %v, want nil", s, err)
		}
	}
	invalid := []string{
		"x://{a",
		"mcp://a}b{",
		"x://{}",
		"x://{+}",
		"x://{a b}",
		"x://{a-b}",
		"x://{a,}",
		"x://{.a.}",
		"x://{a..b}",
		"x://{=a}",
		"x://{|a}",
		"x://{a:0}",
		"x://{a:10000}",
		"x://{a:}",
		"x://{a:3*}",
		"x://{a**}",
		"x://{{a}}",
		"http://exa mple.com/{x}",
		"x://a%2/{x}",
		"x://a\"b",
		"x://a<b>",
		"x://a\\b",
		"x://a\x00b",
		"x://\xff",
		"x://\U000E0001",
		"x://\uFFFE",
	}
	for _, s := range invalid {
		if err := Check(s); err == nil {
			t.Errorf("Check(%q) = nil, want an error", s)
		}
	}
}
