package main

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
)

// sarifLog is what these tests read of a SARIF log.
type sarifLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID      string `json:"id"`
					HelpURI string `json:"helpUri"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			Locations []struct {
				PhysicalLocation *struct {
					ArtifactLocation struct{ URI string }     `json:"artifactLocation"`
					Region           *struct{ StartLine int } `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			Properties struct{ Pointer string } `json:"properties"`
		} `json:"results"`
	} `json:"runs"`
}

// TestSARIFLiveServer: code scanning can show a live server's findings:
// each is attached to the file that declares the server (the
// .mcplint.toml of its [server], or the client config at the server's
// entry), the driver lists only the rules that fired, and helpUri is
// where [output] help-uri says, or absent.
func TestSARIFLiveServer(t *testing.T) {
	server := mcptest.Server(t, "badping")
	for _, tc := range []struct {
		name    string
		files   map[string]string
		args    []string
		file    string
		line    int
		helpURI string
	}{
		{"config server", map[string]string{".mcplint.toml": "version = 1\n[server]\ncommand = [" + quoteTOML(server) + "]\n[output]\nhelp-uri = \"https://docs.example.com/mcplint/rules#{rule}\"\n"},
			nil, ".mcplint.toml", 2, "https://docs.example.com/mcplint/rules#"},
		{"client config", map[string]string{"mcp.json": "{\"mcpServers\": {\n  \"other\": {\"command\": \"x\", \"disabled\": true},\n  \"pinger\": {\"command\": " + jsonString(server) + "}\n}}\n"},
			[]string{"mcp.json"}, "mcp.json", 3, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tc.files {
				writeFile(t, dir, name, content)
			}
			args := append([]string{"--no-plugins", "--probes", "none", "-f", "sarif"}, tc.args...)
			out, stderr, code := runCLI(t, dir, args...)
			if code != exitOK && code != exitIssues {
				t.Fatalf("exit %d\n%s%s", code, out, stderr)
			}
			var log sarifLog
			if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
				t.Fatalf("%v:\n%s", err, out)
			}
			run := log.Runs[0]
			fired := map[string]bool{}
			for _, res := range run.Results {
				fired[res.RuleID] = true
				if len(res.Locations) != 1 || res.Locations[0].PhysicalLocation == nil {
					t.Errorf("%s %s has no physical location", res.RuleID, res.Properties.Pointer)
					continue
				}
				p := res.Locations[0].PhysicalLocation
				line := 0
				if p.Region != nil {
					line = p.Region.StartLine
				}
				if p.ArtifactLocation.URI != tc.file || line != tc.line {
					t.Errorf("%s %s is at %s:%d, want %s:%d", res.RuleID, res.Properties.Pointer, p.ArtifactLocation.URI, line, tc.file, tc.line)
				}
			}
			var listed []string
			for _, r := range run.Tool.Driver.Rules {
				listed = append(listed, r.ID)
				want := ""
				if tc.helpURI != "" {
					want = tc.helpURI + r.ID
				}
				if r.HelpURI != want {
					t.Errorf("%s: helpUri %q, want %q", r.ID, r.HelpURI, want)
				}
			}
			var want []string
			for r := range fired {
				want = append(want, r)
			}
			sort.Strings(listed)
			sort.Strings(want)
			if strings.Join(listed, " ") != strings.Join(want, " ") || len(want) == 0 {
				t.Errorf("driver lists %v, want the rules that fired: %v", listed, want)
			}
		})
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
