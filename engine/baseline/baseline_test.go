package baseline

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

func issue(rule, tool, pointer, msg string, line int) sdk.Issue {
	return sdk.Issue{Rule: rule, Tool: tool, Pointer: pointer, Message: msg, Fix: "fix it",
		Location: &sdk.Location{File: "tools.json", Line: line, Column: 5}}
}

// today is what a server reports before anyone edits it.
func today() []*result.Target {
	return []*result.Target{
		{Name: "weather", Issues: []sdk.Issue{
			issue("tool-name-style", "getWeather", "/tools/0/name", `tool name "getWeather" is camelCase`, 3),
			issue("description-too-short", "<prompt brief>", "/prompts/2/description", `description "Brief." is 6 characters`, 40),
			issue("dangling-tool-reference", sdk.OwnerInstructions, "/instructions", `instructions mention "search_web"`, 1),
			issue("tool-name-duplicate", "get", "/tools/4/name", `tool name "get" is used twice`, 20),
			issue("tool-name-duplicate", "get", "/tools/5/name", `tool name "get" is used twice`, 24),
		}},
		{Name: "evil", Issues: []sdk.Issue{
			issue("hidden-unicode-tag", "read\U000E0041file", "/tools/0/name", "name hides U+E0041 after \u202e\"read\"", 2),
		}},
		{Name: "everything", Issues: []sdk.Issue{
			issue("capability-gated-tools", sdk.OwnerServer, "/transcript/probes/0/records/13", `"get-roots-list": listed only for a client that declares roots`, 0),
		}},
	}
}

func TestMarshalGolden(t *testing.T) {
	data, err := FromTargets(today()).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range data {
		if b >= 0x80 {
			t.Fatalf("baseline is not ASCII: %q", data)
		}
	}
	golden := filepath.Join("testdata", "today.golden")
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, want) {
		t.Errorf("baseline differs from %s\n--- got\n%s", golden, data)
	}
	// The same issues in another order give the same bytes.
	targets := today()
	ts := targets[0].Issues
	for i, j := 0, len(ts)-1; i < j; i, j = i+1, j-1 {
		ts[i], ts[j] = ts[j], ts[i]
	}
	targets[0], targets[1] = targets[1], targets[0]
	again, _ := FromTargets(targets).Marshal()
	if !bytes.Equal(again, data) {
		t.Errorf("baseline depends on issue order:\n%s", again)
	}
}

func TestWriteReadRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	b := FromTargets(today())
	if err := Write(path, b); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, b); err != nil { // overwriting is fine
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Len() != 7 || len(back.Issues) != 6 {
		t.Errorf("read back %d issues in %d entries, want 7 in 6", back.Len(), len(back.Issues))
	}
	left, _ := os.ReadDir(filepath.Dir(path))
	if len(left) != 1 {
		t.Errorf("temporary files left behind: %v", left)
	}
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
	}
}

// TestStable: editing the file (lines move, tools are inserted before
// others) hides the same issues; a changed text or another server does not.
func TestStable(t *testing.T) {
	m := FromTargets(today()).Matcher()
	edited := []struct {
		server string
		is     sdk.Issue
		want   bool
	}{
		{"weather", issue("tool-name-style", "getWeather", "/tools/2/name", `tool name "getWeather" is camelCase`, 30), true},
		{"weather", issue("description-too-short", "<prompt brief>", "/prompts/0/description", `description "Brief." is 6 characters`, 9), true},
		{"weather", issue("dangling-tool-reference", sdk.OwnerInstructions, "/instructions", `instructions mention "search_web"`, 7), true},
		{"weather", issue("tool-name-duplicate", "get", "/tools/7/name", `tool name "get" is used twice`, 70), true},
		{"weather", issue("tool-name-duplicate", "get", "/tools/8/name", `tool name "get" is used twice`, 74), true},
		// a third duplicate is new
		{"weather", issue("tool-name-duplicate", "get", "/tools/9/name", `tool name "get" is used twice`, 78), false},
		// the same rule on a new text is new
		{"weather", issue("tool-name-style", "getWeather", "/tools/2/name", `tool name "getWeatherNow" is camelCase`, 30), false},
		// the same finding on another server is new
		{"forecast", issue("tool-name-style", "getWeather", "/tools/0/name", `tool name "getWeather" is camelCase`, 3), false},
		// the same finding on another tool is new
		{"weather", issue("tool-name-style", "getForecast", "/tools/0/name", `tool name "getWeather" is camelCase`, 3), false},
		{"evil", issue("hidden-unicode-tag", "read\U000E0041file", "/tools/3/name", "name hides U+E0041 after \u202e\"read\"", 2), true},
		// the next run of the same server: its probe session's listing
		// came three records later, after a notification and a roots/list
		{"everything", issue("capability-gated-tools", sdk.OwnerServer, "/transcript/probes/0/records/16", `"get-roots-list": listed only for a client that declares roots`, 0), true},
	}
	for _, e := range edited {
		if got := m.Take(e.server, e.is); got != e.want {
			t.Errorf("Take(%s, %s %s %q) = %v, want %v", e.server, e.is.Rule, e.is.Pointer, e.is.Message, got, e.want)
		}
	}
	if (*Baseline)(nil).Matcher().Take("x", sdk.Issue{Rule: "r"}) {
		t.Error("a nil baseline hid an issue")
	}
}

// TestOldTranscriptEntries: a baseline written when transcript pointers
// kept their record's index still hides the issue wherever its record
// falls in the next run.
func TestOldTranscriptEntries(t *testing.T) {
	is := issue("http-terminated-session", sdk.OwnerServer, "/transcript/records/442", "a request with its MCP-Session-Id was answered HTTP 400, not 404", 0)
	e := EntryOf("everything", is)
	e.Pointer = "/transcript/records/441"
	if !(&Baseline{Version: Version, Issues: []Entry{e}}).Matcher().Take("everything", is) {
		t.Error("an entry of /transcript/records/441 did not hide the issue at /transcript/records/442")
	}
}

func TestStablePointer(t *testing.T) {
	for _, tc := range []struct{ tool, pointer, want string }{
		{"get", "/tools/3/inputSchema/properties/a~1b", "/tools/*/inputSchema/properties/a~1b"},
		{"get", "/tools/3", "/tools/*"},
		{"<resource file:///x>", "/resources/0/description", "/resources/*/description"},
		{sdk.OwnerInstructions, "/instructions", "/instructions"},
		{sdk.OwnerServer, "/tools/1/name", "/tools/1/name"},
		{"get", "/tools", "/tools"},
		{"get", "/transcript/records/4", "/transcript/records/*"},
		{sdk.OwnerServer, "/transcript/probes/0/records/13", "/transcript/probes/*/records/*"},
		{sdk.OwnerServer, "/transcript", "/transcript"},
		{"", "", ""},
	} {
		if got := EntryOf("s", sdk.Issue{Tool: tc.tool, Pointer: tc.pointer}).Pointer; got != tc.want {
			t.Errorf("the entry of (%q, %q) has pointer %q, want %q", tc.tool, tc.pointer, got, tc.want)
		}
	}
}

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, data, want string }{
		{"unknown_field", `{"version":1,"issues":[],"extra":1}`, `is not a baseline file: json: unknown field "extra"`},
		{"version", `{"version":2,"issues":[]}`, `has version 2; this mcplint reads version 1`},
		{"damaged", `{"version":1,"issues":[{"server":"s","rule":"","tool":"t","pointer":"","hash":"x"}]}`, `entry 1 is damaged`},
		{"not_json", `version = 1`, `is not a baseline file`},
	} {
		path := filepath.Join(dir, tc.name+".json")
		if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Read = %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
	if _, err := Read(filepath.Join(dir, "missing.json")); err == nil || !strings.Contains(err.Error(), "no such file or directory (write one with mcplint baseline)") {
		t.Errorf("missing file: %v", err)
	}
}
