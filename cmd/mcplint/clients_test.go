package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// trackerTools has one instance of each incompatibility the issue
// trackers document: $ref/$defs and type arrays (Gemini), const and
// additionalProperties (Gemini), a union at the root (Anthropic), numeric
// enums (Gemini), dots and over 64 characters in a name (all).
const trackerTools = `{"tools": [
  {"name": "set_status", "description": "Set an issue's status.", "inputSchema": {
    "type": "object",
    "properties": {
      "status": {"$ref": "#/$defs/Status"},
      "note": {"type": ["string", "null"]},
      "kind": {"const": "issue"},
      "options": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}
    },
    "required": ["status"],
    "$defs": {"Status": {"type": "string", "enum": ["open", "closed"]}}
  }},
  {"name": "search", "description": "Search by query or id.", "inputSchema": {
    "type": "object",
    "anyOf": [{"required": ["query"]}, {"required": ["id"]}],
    "properties": {"query": {"type": "string"}, "id": {"type": "string"}}
  }},
  {"name": "set_level", "description": "Set the log level.", "inputSchema": {
    "type": "object",
    "properties": {"level": {"type": "integer", "enum": [1, 2, 4, 8]}},
    "required": ["level"]
  }},
  {"name": "admin.users.list_every_user_of_every_organisation_with_their_roles_and_teams", "description": "List users.", "inputSchema": {"type": "object"}}
]}`

const portableTools = `{"tools": [
  {"name": "get_weather", "description": "Current weather for a city.", "inputSchema": {
    "type": "object",
    "properties": {"city": {"type": "string", "description": "City name"}},
    "required": ["city"]
  }}
]}`

const ownProfile = `version = 1

[compat]
clients = ["claude", "inhouse"]

[compat.profiles.inhouse]
title = "the in-house agent"
extends = "openai"

[compat.profiles.inhouse.tool-count]
max = 2
source = "agent/tools.go, 2026-12-01"
`

const badProfile = `version = 1

[compat]
clients = ["gemni"]

[compat.profiles.inhouse]
title = "the in-house agent"

[compat.profiles.inhouse.tool-name]
patern = "^[a-z]+$"

[compat.profiles.nosource.tool-count]
max = 3
`

// TestClientsGolden runs --clients and [compat] end to end: each tracker
// incompatibility reported with its source, a portable list clean, a
// user's profile, and configuration mistakes placed by line and column.
func TestClientsGolden(t *testing.T) {
	runGolden(t, []cliCase{
		{name: "clients-trackers", files: map[string]string{"tools.json": trackerTools}, args: []string{"--clients", "gemini,openai,claude", "--only", "client-compatibility", "--max-same-issues", "0", "tools.json"}},
		{name: "clients-portable", files: map[string]string{"tools.json": portableTools}, args: []string{"--clients", "gemini,openai,claude", "tools.json"}},
		{name: "clients-unknown", files: map[string]string{"tools.json": portableTools}, args: []string{"--clients", "gemini,claud", "tools.json"}},
		{name: "clients-own-profile", files: map[string]string{".mcplint.toml": ownProfile, "tools.json": trackerTools}, args: []string{"-q", "--only", "client-compatibility", "tools.json"}},
		{name: "clients-bad-config", files: map[string]string{".mcplint.toml": badProfile, "tools.json": portableTools}, args: []string{"config", "verify"}},
	})
}

// TestNoClientsNoChange: without a selected client the report is what it
// was before profiles existed: no rule output and no clients object.
func TestNoClientsNoChange(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tools.json"), []byte(trackerTools), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-f", "json", "tools.json"}, {"-f", "json", "--enable", "client-compatibility", "tools.json"}} {
		out, _, _ := runCLI(t, dir, args...)
		for _, s := range []string{"client-compatibility", `"clients"`} {
			if strings.Contains(out, s) {
				t.Errorf("mcplint %v: report speaks of %s with no client selected", args, s)
			}
		}
	}
}
