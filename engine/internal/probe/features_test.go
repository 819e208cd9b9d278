package probe

import "testing"

func TestTemplateURI(t *testing.T) {
	tests := []struct {
		templates []string
		want      string
		ok        bool
	}{
		{[]string{"file:///days/{day}"}, "file:///days/1", true},
		{[]string{"test://static/resource/{id}"}, "test://static/resource/1", true},
		{[]string{"repo://{owner}/{repo}/issues{?page}"}, "repo://1/1/issues?page=1", true},
		// No variable: it is a resource, not a template to read.
		{[]string{"file:///notes.txt"}, "", false},
		// A secret would have to be invented.
		{[]string{"vault://{apiKey}/secrets", "db://{token}/rows"}, "", false},
		// The server would fetch a web page for mcplint.
		{[]string{"https://example.com/{page}"}, "", false},
		// Level 4 modifiers are not expanded, and a broken template not at all.
		{[]string{"file:///{+path*}", "file:///{path"}, "", false},
		// No scheme: not a URI.
		{[]string{"{name}"}, "", false},
		// The first safe one is read.
		{[]string{"web://{session}", "notes://{day}"}, "notes://1", true},
	}
	for _, tt := range tests {
		got, ok := templateURI(tt.templates)
		if got != tt.want || ok != tt.ok {
			t.Errorf("templateURI(%q) = %q, %v; want %q, %v", tt.templates, got, ok, tt.want, tt.ok)
		}
	}
}

func TestPromptParams(t *testing.T) {
	p := listedPrompt{Name: "weather", Arguments: []promptArgument{{"city", true}, {"units", false}, {"day", true}}}
	got, missing, ok := promptWithRequired([]listedPrompt{{Name: "greeting"}, p})
	if !ok || got.Name != "weather" || missing != "city" {
		t.Fatalf("promptWithRequired = %q, %q, %v", got.Name, missing, ok)
	}
	args := promptParams(p, missing)["arguments"].(map[string]any)
	if _, has := args["city"]; has || args["day"] != PromptArgumentValue || len(args) != 1 {
		t.Errorf("promptParams leaving out city = %v", args)
	}
	args = promptParams(p, "")["arguments"].(map[string]any)
	if len(args) != 2 {
		t.Errorf("promptParams = %v, want the two required arguments", args)
	}
}
