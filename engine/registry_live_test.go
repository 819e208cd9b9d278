package engine

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// TestRegistryRemoteLintedLive lints a server.json whose Streamable HTTP
// remote is a loopback server: the remote is reached with the header the
// file declares (its variable from MCPLINT_INPUT_TOKEN), linted live, and
// held to the file's claims at their line and column; its legacy SSE
// remote is skipped, saying why.
func TestRegistryRemoteLintedLive(t *testing.T) {
	var mu sync.Mutex
	auth := map[string]bool{}
	raw := &rawHTTPServer{sessions: map[string]bool{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auth[r.Header.Get("Authorization")] = true
		mu.Unlock()
		raw.ServeHTTP(w, r)
	}))
	defer srv.Close()
	dir := t.TempDir()
	serverJSON := fmt.Sprintf(`{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "io.github.acme/echo-box",
  "description": "Echoes text",
  "version": "1.2",
  "remotes": [
    {
      "type": "streamable-http",
      "url": "%s/{path}",
      "variables": {"path": {"default": "mcp"}},
      "headers": [{"name": "Authorization", "value": "Bearer {token}", "variables": {"token": {"isRequired": true, "isSecret": true}}}]
    },
    {"type": "sse", "url": "%s/sse"}
  ]
}
`, srv.URL, srv.URL)
	if err := os.WriteFile(filepath.Join(dir, "server.json"), []byte(serverJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), Settings{Dir: dir, Config: config.Default(), Args: []string{"server.json"},
		Getenv:  func(k string) string { return map[string]string{"MCPLINT_INPUT_TOKEN": "secret-1"}[k] },
		Timeout: 5 * time.Second, Plugins: PluginSettings{Off: true}, NoLock: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Targets) != 1 || len(rep.Skipped) != 1 {
		t.Fatalf("%d targets, skipped %+v", len(rep.Targets), rep.Skipped)
	}
	if s := rep.Skipped[0]; s.Name != "io.github.acme/echo-box#remote[1]" || !strings.Contains(s.Reason, "legacy HTTP+SSE") {
		t.Errorf("skipped %+v", s)
	}
	tg := rep.Targets[0]
	if tg.Error != nil {
		t.Fatalf("%s: %s", tg.Name, *tg.Error)
	}
	if tg.Name != "io.github.acme/echo-box#remote[0]" || tg.Source != sdk.SourceLive || tg.Counts.Tools != 1 {
		t.Errorf("target %s, source %s, %d tools", tg.Name, tg.Source, tg.Counts.Tools)
	}
	got := registryFindings(tg)
	want := []string{
		`info server.json:3:11 server.json names the server "io.github.acme/echo-box", but it calls itself "raw-http", which shares no word with it`,
		`warning server.json:5:14 server.json gives the version "1.2", which is not a semantic version`,
		`warning server.json:5:14 server.json says version "1.2", but the server (remote[0]) calls itself version "1.0.0"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("registry-server-json findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	mu.Lock()
	defer mu.Unlock()
	if !auth["Bearer secret-1"] {
		t.Errorf("the declared header did not reach the server: %v", auth)
	}
}

// registryFindings are a target's registry-server-json findings, each as
// "severity file:line:column message" (up to the message's first colon).
func registryFindings(tg *result.Target) []string {
	var out []string
	for _, is := range tg.Issues {
		if is.Rule != "registry-server-json" {
			continue
		}
		loc := "-"
		if is.Location != nil {
			loc = fmt.Sprintf("%s:%d:%d", is.Location.File, is.Location.Line, is.Location.Column)
		}
		msg, _, _ := strings.Cut(is.Message, ":")
		out = append(out, fmt.Sprintf("%s %s %s", is.Severity, loc, msg))
	}
	slices.Sort(out)
	return out
}

// TestRegistryRefusesMalformedServerJSON checks that a server.json the
// registry would refuse stops the run, each error at its line and column,
// before anything is started.
func TestRegistryRefusesMalformedServerJSON(t *testing.T) {
	dir := t.TempDir()
	bad := `{
  "name": "weather",
  "description": "Forecasts",
  "version": "1.0.0",
  "packages": [{"registryType": "npm", "identifier": "weather-mcp", "version": "1.0.0", "transport": {"type": "websocket"}}]
}
`
	if err := os.WriteFile(filepath.Join(dir, "server.json"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Run(context.Background(), Settings{Dir: dir, Config: config.Default(), Args: []string{"server.json"},
		Plugins: PluginSettings{Off: true}, NoLock: true})
	var te *TargetError
	if !errors.As(err, &te) || te.Usage {
		t.Fatalf("error %v, want a target error", err)
	}
	for _, want := range []string{
		`server.json:2:11: name "weather" has no namespace`,
		`server.json:5:111: /packages/0/transport/type: value must be 'stdio' or value must be 'streamable-http' or value must be 'sse'`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

// TestRegistryNPMPackageOffline lints a server.json whose package is an
// npm server, started as the registry says (npx -y NAME@VERSION) from an
// npm cache with npm offline: npx installs it from the cache and runs it,
// and the package's version is held to what the server reports. The
// cache is $MCPLINT_NPM_CACHE/npx-cache, which .ci/run fills.
func TestRegistryNPMPackageOffline(t *testing.T) {
	root := os.Getenv(mcptest.NPMEnv)
	if root == "" {
		t.Skipf("%s is not set: see .ci/run", mcptest.NPMEnv)
	}
	cache := filepath.Join(root, "npx-cache")
	if _, err := os.Stat(cache); err != nil {
		t.Skipf("no npm cache for npx at %s (.ci/run fills it): %v", cache, err)
	}
	t.Setenv("npm_config_cache", cache)
	t.Setenv("npm_config_offline", "true")
	t.Setenv("npm_config_update_notifier", "false")
	dir := t.TempDir()
	serverJSON := `{
  "name": "io.github.modelcontextprotocol/server-memory",
  "description": "Knowledge graph memory",
  "version": "2026.8.31",
  "packages": [
    {
      "registryType": "npm",
      "identifier": "@modelcontextprotocol/server-memory",
      "version": "2026.8.31",
      "transport": {"type": "stdio"},
      "environmentVariables": [{"name": "MEMORY_FILE_PATH", "isRequired": true}]
    }
  ]
}
`
	if err := os.WriteFile(filepath.Join(dir, "server.json"), []byte(serverJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	settings := Settings{Dir: dir, Config: config.Default(), Args: []string{"server.json"},
		Timeout: 60 * time.Second, Plugins: PluginSettings{Off: true}, NoLock: true}
	settings.Getenv = func(string) string { return "" }
	rep, err := Run(context.Background(), settings)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Targets) != 0 || len(rep.Skipped) != 1 || !strings.Contains(rep.Skipped[0].Reason, "needs the environment variable MEMORY_FILE_PATH") {
		t.Fatalf("without MEMORY_FILE_PATH: %d targets, skipped %+v", len(rep.Targets), rep.Skipped)
	}
	memory := filepath.Join(dir, "memory.jsonl")
	settings.Getenv = func(k string) string {
		if k == "MEMORY_FILE_PATH" {
			return memory
		}
		return os.Getenv(k)
	}
	rep, err = Run(context.Background(), settings)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Targets) != 1 {
		t.Fatalf("%d targets, skipped %+v", len(rep.Targets), rep.Skipped)
	}
	tg := rep.Targets[0]
	if tg.Error != nil {
		t.Fatalf("%s: %s", tg.Name, *tg.Error)
	}
	if tg.Name != "io.github.modelcontextprotocol/server-memory#package[0]" || tg.Source != sdk.SourceLive || tg.Counts.Tools == 0 {
		t.Errorf("target %s, source %s, %d tools", tg.Name, tg.Source, tg.Counts.Tools)
	}
	got := registryFindings(tg)
	want := `warning server.json:4:14 server.json says version "2026.8.31", but the server (package[0]) calls itself version "0.6.3"`
	if len(got) != 1 || got[0] != want {
		t.Errorf("registry-server-json findings %q, want %q", got, want)
	}
}
