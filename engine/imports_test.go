package engine

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// listed is one package as `go list -json` describes it.
type listed struct {
	ImportPath, Name, Dir  string
	Imports, Deps, GoFiles []string
}

// goList runs `go list -json` over patterns from the module root.
func goList(t *testing.T, patterns ...string) []listed {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH to list packages with")
	}
	cmd := exec.Command("go", append([]string{"list", "-json=ImportPath,Name,Dir,Imports,Deps,GoFiles"}, patterns...)...)
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

// TestRoomsHaveNoUpwardArrows checks where libraries live: each import
// inside the module points the way arrowProblem allows.
func TestRoomsHaveNoUpwardArrows(t *testing.T) {
	const mod = "github.com/mcplint/mcplint/"
	for _, p := range goList(t, "./...") {
		from := strings.TrimPrefix(p.ImportPath, mod)
		for _, imp := range p.Imports {
			if to, ok := strings.CutPrefix(imp, mod); ok {
				if why := arrowProblem(from, to); why != "" {
					t.Errorf("%s imports %s: %s", p.ImportPath, imp, why)
				}
			}
		}
	}
}

// under reports whether the module path p is room or a package inside it.
func under(p, room string) bool { return p == room || strings.HasPrefix(p, room+"/") }

// arrowProblem says why an import from the package from of the module to
// the package to points the wrong way, "" when it does not (both paths
// without the module's prefix). Dependencies point one way: cmd and
// mcplinttest, then engine, then rules, plugins and config, then sdk,
// with the libraries of internal/ below all of them but sdk. Outside
// rules/, code reaches the rules only through the registry (package
// rules); inside, a category reads its own packages and the shared ones
// of rules/internal, never another category's.
func arrowProblem(from, to string) string {
	below := map[string][]string{
		"mcplinttest": {"cmd"},
		"engine":      {"cmd", "mcplinttest"},
		"rules":       {"engine", "config", "plugins", "cmd", "mcplinttest"},
		"config":      {"engine", "rules", "plugins", "cmd", "mcplinttest"},
		"plugins":     {"engine", "rules", "config", "cmd", "mcplinttest"},
		"sdk":         {"engine", "rules", "config", "plugins", "cmd", "mcplinttest"},
		"internal":    {"engine", "rules", "config", "plugins", "cmd", "mcplinttest"},
	}
	for room, ups := range below {
		if !under(from, room) {
			continue
		}
		for _, up := range ups {
			if under(to, up) {
				return room + " sits below " + up + "; move what it needs to internal/"
			}
		}
	}
	if !strings.HasPrefix(to, "rules/") {
		return ""
	}
	if !under(from, "rules") {
		return "outside rules/, use the registry (package rules), or move the library to internal/"
	}
	category := func(p string) string { c, _, _ := strings.Cut(strings.TrimPrefix(p, "rules/"), "/"); return c }
	if from != "rules" && category(to) != "internal" && category(to) != category(from) {
		return "a rule package reads its own category and rules/internal only; move what both need to rules/internal"
	}
	return ""
}

// TestArrowProblemJudges holds arrowProblem to the arrows the house
// forbids, each of which main once had or a change could add.
func TestArrowProblemJudges(t *testing.T) {
	for _, tc := range []struct {
		from, to string
		bad      bool
	}{
		{"cmd/mcplint", "engine/report", false},
		{"mcplinttest", "engine", false},
		{"engine", "rules", false},
		{"engine", "plugins", false},
		{"engine", "config", false},
		{"rules", "rules/naming", false},
		{"rules/naming", "rules/internal/visible", false},
		{"rules/security", "rules/security/internal/corpus", false},
		{"rules/schema", "internal/schemawalk", false},
		{"sdk", "internal/snip", false},
		{"config", "internal/inputfile", false},
		{"engine/report", "cmd/mcplint", true},
		{"engine", "mcplinttest", true},
		{"mcplinttest", "cmd/mcplint", true},
		{"engine/internal/exercise", "rules/internal/jsonvalue", true},
		{"engine/internal/pipeline", "rules/config", true},
		{"rules/naming", "rules/security", true},
		{"rules/internal/wire", "rules/conformance", true},
		{"rules/schema", "engine/result", true},
		{"rules/security", "config", true},
		{"config", "engine/inputfile", true},
		{"plugins", "engine/runner", true},
		{"plugins", "config", true},
		{"sdk", "engine", true},
		{"internal/compat", "rules", true},
		{"internal/analysis", "engine/internal/pipeline", true},
	} {
		if got := arrowProblem(tc.from, tc.to); (got != "") != tc.bad {
			t.Errorf("arrowProblem(%q, %q) = %q, want a problem: %v", tc.from, tc.to, got, tc.bad)
		}
	}
}

// exportBudget caps the names engine's importable packages (all but
// engine/internal/...) export: package-level constants, variables,
// functions and types, and the methods of exported types. They were 587
// before the packages only the engine uses moved under engine/internal,
// 253 after.
const exportBudget = 300

// TestEngineExportsFewNames counts what the engine offers its importers
// (the CLI, mcplinttest, users of engine.Run), so that its surface only
// grows on purpose.
func TestEngineExportsFewNames(t *testing.T) {
	n := 0
	for _, p := range goList(t, "./engine/...") {
		if p.Name == "main" || strings.Contains(p.ImportPath, "/internal/") || strings.HasSuffix(p.ImportPath, "/internal") {
			continue
		}
		for _, f := range p.GoFiles {
			n += exportedNames(t, filepath.Join(p.Dir, f))
		}
	}
	if n >= exportBudget {
		t.Errorf("engine's importable packages export %d names, over the budget of %d: move what only the engine uses under engine/internal, or raise exportBudget and say in the commit why importers need the names", n, exportBudget)
	}
	t.Logf("engine's importable packages export %d names", n)
}

// exportedNames counts the exported package-level names of a Go file and
// the exported methods of its exported types.
func exportedNames(t *testing.T, path string) int {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				if d.Name.IsExported() {
					n++
				}
				continue
			}
			recv := d.Recv.List[0].Type
			if star, ok := recv.(*ast.StarExpr); ok {
				recv = star.X
			}
			if ix, ok := recv.(*ast.IndexExpr); ok {
				recv = ix.X
			}
			if id, ok := recv.(*ast.Ident); ok && id.IsExported() && d.Name.IsExported() {
				n++
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					if spec.Name.IsExported() {
						n++
					}
				case *ast.ValueSpec:
					for _, id := range spec.Names {
						if id.IsExported() {
							n++
						}
					}
				}
			}
		}
	}
	return n
}
