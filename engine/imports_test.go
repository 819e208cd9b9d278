package engine

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// listed is one package as `go list -json` describes it.
type listed struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

// goList runs `go list -json` over patterns from the module root.
func goList(t *testing.T, patterns ...string) []listed {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH to list packages with")
	}
	cmd := exec.Command("go", append([]string{"list", "-json=ImportPath,Imports,Deps"}, patterns...)...)
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v", strings.Join(patterns, " "), err)
	}
	var pkgs []listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listed
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// TestFrontEndsUseRun checks the import facts of the engine's front door:
// the CLI and mcplinttest reach the runner and plugins only through
// engine.Run. Sources, probes, targets, sessions, the pipeline, scoring
// and the protocol live under engine/internal, which the compiler already
// keeps them from importing.
func TestFrontEndsUseRun(t *testing.T) {
	const mod = "github.com/mcplint/mcplint/"
	banned := []string{"engine/runner", "plugins"}
	for _, p := range goList(t, "./cmd/mcplint", "./mcplinttest") {
		for _, imp := range p.Imports {
			for _, b := range banned {
				if rest, ok := strings.CutPrefix(imp, mod+b); ok && (rest == "" || rest[0] == '/' || strings.HasSuffix(b, "/")) {
					t.Errorf("%s imports %s: lint through engine.Run instead", p.ImportPath, imp)
				}
			}
		}
	}
}

// TestRulesLinkNoGRPC checks that a rule package links no gRPC: serving a
// plugin lives in sdk/plugin, which rules do not import.
func TestRulesLinkNoGRPC(t *testing.T) {
	for _, p := range goList(t, "./rules/...", "./sdk") {
		for _, d := range p.Deps {
			if strings.HasPrefix(d, "google.golang.org/grpc") || strings.HasPrefix(d, "github.com/hashicorp/go-plugin") {
				t.Errorf("%s links %s", p.ImportPath, d)
				break
			}
		}
	}
}

// TestReportModelSpeaksNoMCP checks that the result model and the formats
// depend on nothing that speaks MCP: only the model, sdk and small helpers
// (escaping JSON, cutting an excerpt, writing a count).
func TestReportModelSpeaksNoMCP(t *testing.T) {
	allowed := map[string]bool{
		"github.com/mcplint/mcplint/sdk":                     true,
		"github.com/mcplint/mcplint/engine/result":           true,
		"github.com/mcplint/mcplint/engine/internal/jsonesc": true,
		"github.com/mcplint/mcplint/internal/plural":         true,
		"github.com/mcplint/mcplint/internal/snip":           true,
	}
	for _, p := range goList(t, "./engine/result", "./engine/report") {
		for _, d := range p.Deps {
			if strings.HasPrefix(d, "github.com/mcplint/mcplint/") && !allowed[d] {
				t.Errorf("%s depends on %s", p.ImportPath, d)
			}
		}
	}
}

// TestRoomsHaveNoUpwardArrows checks where libraries live: a package
// outside rules/ reaches the rules only through the registry (package
// rules), never a category's internals; config, plugins and sdk import
// nothing of the engine, the rules or the CLI; and the shared libraries
// under internal/ import nothing of the engine, the config, the plugins,
// the rules or the CLI, so that any of them can use any library.
func TestRoomsHaveNoUpwardArrows(t *testing.T) {
	const mod = "github.com/mcplint/mcplint/"
	for _, p := range goList(t, "./...") {
		inRules := strings.HasPrefix(p.ImportPath, mod+"rules/") || p.ImportPath == mod+"rules"
		inInternal := strings.HasPrefix(p.ImportPath, mod+"internal/")
		for _, imp := range p.Imports {
			rest, ok := strings.CutPrefix(imp, mod)
			if !ok {
				continue
			}
			if !inRules && strings.HasPrefix(rest, "rules/") && !strings.HasSuffix(p.ImportPath, ".test") && !strings.HasSuffix(p.ImportPath, "_test") {
				t.Errorf("%s imports %s: outside rules/, use the registry (package rules), or move the library to internal/", p.ImportPath, imp)
			}
			for _, low := range []string{"config", "plugins", "sdk"} {
				if p.ImportPath != mod+low && !strings.HasPrefix(p.ImportPath, mod+low+"/") {
					continue
				}
				for _, up := range []string{"engine", "rules", "cmd", "mcplinttest"} {
					if rest == up || strings.HasPrefix(rest, up+"/") {
						t.Errorf("%s imports %s: %s sits below %s; move what it needs to internal/", p.ImportPath, imp, low, up)
					}
				}
			}
			if inInternal {
				for _, up := range []string{"engine", "config", "plugins", "rules", "cmd", "mcplinttest"} {
					if rest == up || strings.HasPrefix(rest, up+"/") {
						t.Errorf("%s imports %s: a library under internal/ must not depend on %s", p.ImportPath, imp, up)
					}
				}
			}
		}
	}
}
