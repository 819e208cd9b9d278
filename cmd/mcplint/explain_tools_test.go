package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestExplainTools prints each tool's capability labels with their
// evidence, escapes what a server wrote, and says when a tool has none.
func TestExplainTools(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "mixed.json", `{"tools":[
		{"name":"read_note","description":"Reads a private note.","inputSchema":{"type":"object","properties":{"title":{"type":"string"}}},"annotations":{"readOnlyHint":true}},
		{"name":"send_email\u001b[2J","description":"Sends an email.","inputSchema":{"type":"object","properties":{"to":{"type":"string"}}}},
		{"name":"add","description":"Adds two numbers.","inputSchema":{"type":"object"}}]}`)
	out, stderr, code := runCLI(t, dir, "explain", "--tools", "mixed.json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("an escape sequence reached the output:\n%q", out)
	}
	golden(t, filepath.Join("testdata", "explain-tools.txt"), out)

	if _, stderr, code := runCLI(t, dir, "explain", "--tools", "missing.json"); code != exitTarget || !strings.Contains(stderr, "missing.json") {
		t.Errorf("a missing target: exit %d, stderr %q; want %d naming the file", code, stderr, exitTarget)
	}
}
