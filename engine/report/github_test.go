package report

import (
	"bytes"
	"strings"
	"testing"
)

func TestWriteGitHub(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, richSample()); err != nil {
		t.Fatal(err)
	}
	golden(t, "report.github.txt", buf.Bytes())
	if strings.ContainsRune(buf.String(), '\u202e') || strings.ContainsRune(buf.String(), 0xE0069) || strings.ContainsRune(buf.String(), 0x1b) {
		t.Errorf("workflow commands carry raw bidi, tag or escape characters")
	}

	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("got %d lines, want 6 commands (4 issues, 1 rule error, 1 target error):\n%s", len(lines), buf.String())
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "::error ") && !strings.HasPrefix(l, "::warning ") && !strings.HasPrefix(l, "::notice ") {
			t.Errorf("not a workflow command: %q", l)
		}
	}
	// The hostile issue: the runner splits properties from the message at
	// the first "::" after the command name, then each property at ",".
	name, props, msg := parseCommand(t, lines[3])
	if name != "warning" {
		t.Errorf("warning issue written as ::%s", name)
	}
	want := map[string]string{"file": "dir with space/tools,1.json", "line": "9", "col": "13", "title": "description-too-short (weather/a|b`c`)"}
	for k, v := range want {
		if props[k] != v {
			t.Errorf("property %s = %q, want %q", k, props[k], v)
		}
	}
	if len(props) != len(want) {
		t.Errorf("properties = %v, want %v", props, want)
	}
	if wantMsg := `description "50% off,\nnow: | ` + "`rm -rf`" + ` <b>" is too short, cc @octocat #1\n::error file=x::owned` + "\nfix: say what the tool does in a sentence"; msg != wantMsg {
		t.Errorf("message = %q, want %q", msg, wantMsg)
	}
}

// parseCommand reads a workflow command as the Actions runner does.
func parseCommand(t *testing.T, line string) (name string, props map[string]string, message string) {
	t.Helper()
	rest, ok := strings.CutPrefix(line, "::")
	if !ok {
		t.Fatalf("not a command: %q", line)
	}
	head, data, ok := strings.Cut(rest, "::")
	if !ok {
		t.Fatalf("command without message: %q", line)
	}
	name, propText, _ := strings.Cut(head, " ")
	props = map[string]string{}
	for _, p := range strings.Split(propText, ",") {
		k, v, _ := strings.Cut(p, "=")
		props[k] = unescapeCommand(v)
	}
	return name, props, unescapeCommand(data)
}

func unescapeCommand(s string) string {
	return strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%").Replace(s)
}

func TestEscapeProperty(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a,b:c", "a%2Cb%3Ac"},
		{"100%\r\n", "100%25%0D%0A"},
		{"%0A", "%250A"},
	} {
		if got := propertyEscaper.Replace(tc.in); got != tc.want {
			t.Errorf("propertyEscaper.Replace(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got, want := dataEscaper.Replace("a:b,c%\n"), "a:b,c%25%0A"; got != want {
		t.Errorf("dataEscaper.Replace = %q, want %q", got, want)
	}
}
