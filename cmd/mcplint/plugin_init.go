package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

func init() {
	register(command{name: "plugin", summary: "start a rule plugin of your own (plugin init NAME)", run: runPlugin})
}

const pluginUsage = `Usage: mcplint plugin init [--sdk DIR] [--dir DIR] NAME

Writes a working rule plugin module to start from, in ./mcplint-plugin-NAME
(or --dir): main.go serves the rule set with the sdk, rules/ holds one
rule (NAME/no-todo: no tool description may say TODO) with its test and
fixtures, go.mod requires github.com/mcplint/mcplint, and README.md says
how to build it, test it and turn it on in .mcplint.toml.

Until github.com/mcplint/mcplint is published, give --sdk the folder of
a clone of it: go.mod then replaces the module with that folder.

Flags:
%s
Then:
  cd mcplint-plugin-NAME && go mod tidy && go test ./... && go build -o mcplint-plugin-NAME .
`

// pluginName is what a plugin may be called: the prefix of its rules.
var pluginName = regexp.MustCompile(`^[a-z][a-z0-9-]{0,39}$`)

func runPlugin(_ context.Context, c *cli, args []string) int {
	if len(args) == 0 || args[0] != "init" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprintf(c.Stdout, pluginUsage, "")
			return exitOK
		}
		return usageError(c, "plugin needs a subcommand: mcplint plugin init NAME")
	}
	fs := flag.NewFlagSet("plugin init", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	sdkDir := fs.String("sdk", "", "a clone of mcplint, which go.mod replaces the module with (`DIR`)")
	dir := fs.String("dir", "", "write the module to `DIR` instead of ./mcplint-plugin-NAME")
	if err := parseFlags(fs, args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(c.Stdout, pluginUsage, printFlags(fs))
			return exitOK
		}
		return usageError(c, "plugin init: %v", err)
	}
	if fs.NArg() != 1 {
		return usageError(c, "plugin init needs one NAME, the prefix of the plugin's rules: mcplint plugin init acme")
	}
	name := fs.Arg(0)
	if !pluginName.MatchString(name) {
		return usageError(c, "plugin init: %q is not a plugin name: want lower-case letters, digits and hyphens, starting with a letter (acme, team-policy)", name)
	}
	out := *dir
	if out == "" {
		out = "mcplint-plugin-" + name
	}
	out = resolvePath(c.Dir, out)
	replace := ""
	if *sdkDir != "" {
		abs := resolvePath(c.Dir, *sdkDir)
		data, err := os.ReadFile(filepath.Join(abs, "go.mod"))
		if err != nil || !strings.Contains(string(data), "module github.com/mcplint/mcplint\n") {
			return usageError(c, "plugin init: --sdk %s is not a clone of mcplint (its go.mod must say module github.com/mcplint/mcplint)", *sdkDir)
		}
		replace = abs
	}
	if err := os.Mkdir(out, 0o755); err != nil {
		if errors.Is(err, os.ErrExist) {
			return usageError(c, "plugin init: %s already exists; give another --dir or remove it", out)
		}
		return usageError(c, "plugin init: %v", err)
	}
	for _, f := range pluginFiles(name, replace) {
		p := filepath.Join(out, f.path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
			return exitUsage
		}
		if err := os.WriteFile(p, []byte(f.text), 0o644); err != nil {
			fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
			return exitUsage
		}
	}
	rel := out
	if r, err := filepath.Rel(c.Dir, out); err == nil && filepath.IsLocal(r) {
		rel = r
	}
	fmt.Fprintf(c.Stderr, "mcplint: wrote the plugin %s in %s; next: cd %s && go mod tidy && go test ./... && go build -o mcplint-plugin-%s .\n", name, rel, rel, name)
	if replace == "" {
		fmt.Fprintf(c.Stderr, "mcplint: until github.com/mcplint/mcplint is published, point go.mod at a clone first: go mod edit -replace=github.com/mcplint/mcplint=PATH/TO/mcplint\n")
	}
	return exitOK
}

type pluginFile struct{ path, text string }

// pluginFiles are the scaffold's files for plugin name, with go.mod
// replacing the mcplint module with the folder replace when it is set.
func pluginFiles(name, replace string) []pluginFile {
	gomod := "module example.com/mcplint-plugin-NAME\n\ngo 1.26\n\nrequire github.com/mcplint/mcplint v0.0.0\n"
	if replace != "" {
		gomod += "\nreplace github.com/mcplint/mcplint => " + replace + "\n"
	} else {
		gomod += "\n// Until github.com/mcplint/mcplint is published, point it at a clone:\n// replace github.com/mcplint/mcplint => ../mcplint\n"
	}
	files := []pluginFile{
		{"go.mod", gomod},
		{"main.go", `// Command mcplint-plugin-NAME serves the NAME rules to mcplint.
package main

import (
	"example.com/mcplint-plugin-NAME/rules"

	"github.com/mcplint/mcplint/sdk/plugin"
)

func main() {
	plugin.Serve(plugin.RuleSet{Name: "NAME", Version: "0.1.0", Rules: rules.All()})
}
`},
		{"rules/rules.go", `// Package rules holds the NAME plugin's rules. It imports the sdk alone,
// so its tests need no plugin machinery.
package rules

import "github.com/mcplint/mcplint/sdk"

// All are the plugin's rules; mcplint names each NAME/RULE.
func All() []sdk.Rule {
	return []sdk.Rule{noTodo{}}
}
`},
		{"rules/no_todo.go", `package rules

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// noTodo reports a tool description that still says TODO: a model reads
// it as the tool's contract.
type noTodo struct{}

func (noTodo) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "no-todo", Category: sdk.CategoryQuality, Severity: sdk.Warning, Default: true,
		Summary: "Tool descriptions do not say TODO",
		Doc:     "A description is what a model reads to pick a tool.\n\n**Bad**: \"TODO: describe\"\n\n**Good**: \"Searches the catalogue by title\"",
		Source:  "the team's tool guidelines",
	}
}

func (noTodo) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	for i, t := range s.Tools {
		if strings.Contains(t.Description, "TODO") {
			report(sdk.Issue{Tool: t.Name, Pointer: sdk.ToolPointer(i, "description"),
				Message: fmt.Sprintf("tool %q has a description that says TODO", t.Name),
				Fix:     "say what the tool does, for a model that must decide when to call it"})
		}
	}
	return nil
}
`},
		{"rules/no_todo_test.go", `package rules

import (
	"testing"

	"github.com/mcplint/mcplint/sdk/linttest"
)

// Each testdata/no-todo/FIXTURE.json is a tool list; FIXTURE.golden holds the
// issues expected from it (MCPLINT_UPDATE_GOLDEN=1 go test ./... rewrites
// them: read the diff).
func TestNoTodo(t *testing.T) {
	linttest.Run(t, noTodo{}, "testdata/no-todo")
}
`},
		{"rules/testdata/no-todo/todo.json", `{"tools": [
  {"name": "search", "description": "TODO: describe", "inputSchema": {"type": "object"}},
  {"name": "fetch", "description": "Fetches one catalogue entry by its id.", "inputSchema": {"type": "object"}}
]}
`},
		{"rules/testdata/no-todo/todo.golden", `{"severity":"warning","tool":"search","pointer":"/tools/0/description","message":"tool \"search\" has a description that says TODO","fix":"say what the tool does, for a model that must decide when to call it"}
`},
		{"rules/testdata/no-todo/ok_described.json", `{"tools": [{"name": "fetch", "description": "Fetches one catalogue entry by its id.", "inputSchema": {"type": "object"}}]}
`},
		{"README.md", `# mcplint-plugin-NAME

Rules for [mcplint](https://github.com/mcplint/mcplint), served as a
plugin: NAME/no-todo reports a tool description that still says TODO.

    go mod tidy
    go test ./...
    go build -o mcplint-plugin-NAME .

Until github.com/mcplint/mcplint is published, go.mod must replace it
with a clone (go mod edit -replace=github.com/mcplint/mcplint=PATH).

Turn it on in the .mcplint.toml of the project to lint:

    [[plugin]]
    name = "NAME"
    path = "path/to/mcplint-plugin-NAME"

or copy the binary to .mcplint/plugins/ there. mcplint plugins lists it
and its rules; a lint reports NAME/no-todo with the built-in rules. Add a
rule as a type with Meta and Check in rules/, list it in rules.All, and
give it a fixture folder under rules/testdata. See docs/plugins.md in the
mcplint repository for settings, pinning and what a rule reads.
`},
	}
	for i := range files {
		files[i].text = strings.ReplaceAll(files[i].text, "NAME", name)
	}
	return files
}
