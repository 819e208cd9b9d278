package uritemplate

import "testing"

// The examples of RFC 6570 section 3.2 for levels 1 to 3.
func TestExpandRFCExamples(t *testing.T) {
	vars := map[string]string{
		"var": "value", "hello": "Hello World!", "path": "/foo/bar", "empty": "",
		"x": "1024", "y": "768",
	}
	tests := []struct{ in, want string }{
		{"{var}", "value"},
		{"{hello}", "Hello%20World%21"},
		{"{+var}", "value"},
		{"{+hello}", "Hello%20World!"},
		{"{+path}/here", "/foo/bar/here"},
		{"here?ref={+path}", "here?ref=/foo/bar"},
		{"X{#var}", "X#value"},
		{"X{#hello}", "X#Hello%20World!"},
		{"map?{x,y}", "map?1024,768"},
		{"{x,hello,y}", "1024,Hello%20World%21,768"},
		{"{+x,hello,y}", "1024,Hello%20World!,768"},
		{"{+path,x}/here", "/foo/bar,1024/here"},
		{"{#x,hello,y}", "#1024,Hello%20World!,768"},
		{"X{.var}", "X.value"},
		{"X{.x,y}", "X.1024.768"},
		{"{/var}", "/value"},
		{"{/var,x}/here", "/value/1024/here"},
		{"{;x,y}", ";x=1024;y=768"},
		{"{;x,y,empty}", ";x=1024;y=768;empty"},
		{"{?x,y}", "?x=1024&y=768"},
		{"{?x,y,empty}", "?x=1024&y=768&empty="},
		{"?fixed=yes{&x}", "?fixed=yes&x=1024"},
		{"{&x,y,empty}", "&x=1024&y=768&empty="},
		{"{undef}", ""},
		{"{?undef,x}", "?x=1024"},
		{"test://static/resource/{var}", "test://static/resource/value"},
	}
	for _, tt := range tests {
		got, err := Expand(tt.in, vars)
		if err != nil || got != tt.want {
			t.Errorf("Expand(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestExpandRefuses(t *testing.T) {
	for _, in := range []string{"{var:3}", "{/list*}", "{var", "{=x}"} {
		if got, err := Expand(in, map[string]string{"var": "v", "list": "a"}); err == nil {
			t.Errorf("Expand(%q) = %q, want an error", in, got)
		}
	}
}

func TestVariables(t *testing.T) {
	got := Variables("file:///{+path}{?q,page}{&q}{list*}{var:3}")
	want := []string{"path", "q", "page", "list", "var"}
	if len(got) != len(want) {
		t.Fatalf("Variables = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Variables = %q, want %q", got, want)
		}
	}
	if Variables("{") != nil {
		t.Error("Variables of a broken template is not nil")
	}
}
