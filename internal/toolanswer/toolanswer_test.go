package toolanswer

import (
	"strings"
	"testing"
)

// The answers below are quoted from real servers, exercised offline
// (no network, no browser, no cluster, dummy tokens): the package and
// version say where each came from.
func TestEnvironmentOfRealAnswers(t *testing.T) {
	cases := []struct {
		source, text, want string
	}{
		{"@antv/mcp-server-chart 0.9.10 generate_area_chart", "MCP error -32603: Failed to generate chart: getaddrinfo EAI_AGAIN antv-studio.alipay.com", "network"},
		{"@upstash/context7-mcp 4.1.1 resolve-library-id", "Error searching libraries: TypeError: fetch failed", "network"},
		{"@notionhq/notion-mcp-server 2.5.2 API-get-user", "getaddrinfo EAI_AGAIN api.notion.com", "network"},
		{"mongodb-mcp-server 3.0.4 search-knowledge", "Error running search-knowledge: request to <url> failed, reason: getaddrinfo EAI_AGAIN knowledge.mongodb.com", "network"},
		{"chrome-devtools-mcp 1.11.0 get_console_message", "Chrome failed to start: Could not find Google Chrome executable for channel 'stable' at:\n - /opt/google/chrome/chrome.", "a browser"},
		{"@playwright/mcp 0.0.83 browser_console_messages", "### Error\nError: async initializeServer: Chromium distribution 'chrome' is not found at /opt/google/chrome/chrome\nRun \"npx playwright install chrome\"", "a browser"},
		{"mcp-server-kubernetes 4.1.7 kubectl_get", "MCP error -32603: Failed to get resource: Command failed: kubectl get json -n default", "a Kubernetes cluster"},
		{"mongodb-mcp-server 3.0.4 connect", "Could not connect to MongoDB. Last error: Invalid scheme", "a database"},
		{"node child_process", "Error: spawn git ENOENT", "a program it runs"},
	}
	for _, c := range cases {
		env, ok := EnvironmentOf(c.text)
		if !ok || env.Want != c.want {
			t.Errorf("%s: EnvironmentOf(%q) = %+v, %v; want %q", c.source, c.text, env, ok, c.want)
		}
	}
}

// Failures that are the server's or the arguments', also quoted from real
// servers, must not be excused as the machine's.
func TestEnvironmentOfLeavesServerFailures(t *testing.T) {
	for _, text := range []string{
		"ENOENT: no such file or directory, open '/tmp/fsroot/README.md'",                                      // server-filesystem, a generated path
		"Cannot specify both head and tail parameters simultaneously",                                          // server-filesystem
		"Error: No session working directory set. Please specify a 'path' or use 'git_set_working_dir' first.", // git-mcp-server
		"Connection \"1\" does not exist or has expired.",                                                      // mongodb-mcp-server
		"Unknown tool: example",
		"Line 401 of the file",
	} {
		if env, ok := EnvironmentOf(text); ok {
			t.Errorf("EnvironmentOf(%q) = %+v, want none", text, env)
		}
	}
}

func TestReadsAsError(t *testing.T) {
	for text, want := range map[string]bool{
		"Error searching libraries: TypeError: fetch failed":           true, // context7-mcp, no isError
		"Error fetching library context. Please try again later.":      true,
		"TypeError: Cannot read properties of undefined (reading 'x')": true,
		"Failed to get resource: connection refused":                   true,
		"Traceback (most recent call last):\n  File \"x.py\"":          true,
		"  error: bad input": true,
		"README.md: Error - ENOENT: no such file or directory": false, // a per-file note inside a success
		"Errors are reported in the errors field":              false,
		"Found 3 results": false,
		"":                false,
		"The weather in Paris is sunny; the request to the network failed twice": false,
	} {
		if got := ReadsAsError(text); got != want {
			t.Errorf("ReadsAsError(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestRejection(t *testing.T) {
	for text, want := range map[string]string{
		"Cannot specify both head and tail parameters simultaneously":       "cannot specify both",
		"MCP error -32602: Name parameter is required for set operation":    "is required",
		"MCP error -32602: Input validation error: Invalid arguments for x": "invalid arguments",
		"ENOENT: no such file or directory":                                 "",
	} {
		got, _ := Rejection(text)
		if got != want {
			t.Errorf("Rejection(%q) = %q, want %q", text, got, want)
		}
	}
}

// awsKey is split so that no scanner of this repository reads it as a leak.
const awsKey = "AKIA" + "Z7QK4M2XPLR3TBWN"

func TestRedact(t *testing.T) {
	t.Setenv("MCPLINT_TEST_SECRET_VALUE", "s3cr3t-v4lue-123")
	t.Setenv("MCPLINT_TEST_SHORT", "yes")
	envReplacer = resetEnvReplacer()
	in := `{"MCPLINT_TEST_SECRET_VALUE":"s3cr3t-v4lue-123","SHELL_OK":"1","MCPLINT_TEST_SHORT": "yes"} MCPLINT_TEST_SHORT=yes and key ` + awsKey + ` in "x", yes`
	out := Redact(in)
	for _, leak := range []string{"s3cr3t-v4lue-123", awsKey} {
		if strings.Contains(out, leak) {
			t.Errorf("Redact left %q in %s", leak, out)
		}
	}
	for _, kept := range []string{"[redacted: environment variable MCPLINT_TEST_SECRET_VALUE]", "[redacted: looks like an aws access token]", `"SHELL_OK":"1"`,
		`"MCPLINT_TEST_SHORT": "[redacted: environment variable MCPLINT_TEST_SHORT]"`, "MCPLINT_TEST_SHORT=[redacted: environment variable MCPLINT_TEST_SHORT]", `"x", yes`} {
		if !strings.Contains(out, kept) {
			t.Errorf("Redact(%s) = %s, want it to contain %s", in, out, kept)
		}
	}
}
