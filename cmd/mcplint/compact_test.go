package main

import "testing"

// fiveUndescribed is a tool list whose five tools each lack one parameter
// description: one rule, five times.
const fiveUndescribed = `{"tools": [
  {"name": "get_a", "description": "Get the record a by its id, as JSON.", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}},
  {"name": "get_b", "description": "Get the record b by its id, as JSON.", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}},
  {"name": "get_c", "description": "Get the record c by its id, as JSON.", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}},
  {"name": "get_d", "description": "Get the record d by its id, as JSON.", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}},
  {"name": "get_e", "description": "Get the record e by its id, as JSON.", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}
]}
`

// TestCompactAndMaxSameIssues: --format compact is one line per issue at
// file:line:col; text and compact print three issues of a rule and count
// the rest, unless --max-same-issues or [output] max-same-issues says
// otherwise (the flag wins); JSON is never capped; the exit code and the
// summary count every issue.
func TestCompactAndMaxSameIssues(t *testing.T) {
	files := map[string]string{"tools.json": fiveUndescribed}
	configured := map[string]string{"tools.json": fiveUndescribed,
		".mcplint.toml": "version = 1\n[output]\nformat = \"compact\"\nmax-same-issues = 1\n"}
	only := []string{"--only", "parameter-description-missing", "--fail-on", "warning"}
	args := func(a ...string) []string { return append(append([]string{}, only...), a...) }
	runGolden(t, []cliCase{
		{"compact", files, args("-f", "compact", "--max-same-issues", "0", "tools.json"), nil},
		{"compact-capped", files, args("-f", "compact", "tools.json"), nil},
		{"text-capped", files, args("tools.json"), nil},
		{"max-same-issues-config", configured, args("tools.json"), nil},
		{"max-same-issues-flag-over-config", configured, args("--max-same-issues", "2", "tools.json"), nil},
		{"max-same-issues-json-uncapped", files, args("-f", "json", "-q", "tools.json"), nil},
		{"max-same-issues-negative", files, args("--max-same-issues", "-1", "tools.json"), nil},
	})
}
