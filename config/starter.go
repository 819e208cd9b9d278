package config

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// SchemaURL is where editors fetch the config's JSON Schema; the starter
// config names it in a "#:schema" comment, which Taplo and Even Better TOML
// read.
const SchemaURL = "https://raw.githubusercontent.com/mcplint/mcplint/main/docs/schema/mcplint-config.schema.json"

// Detected is the server `mcplint init` found in a folder.
type Detected struct {
	// Command or Target, as in [server].
	Command []string
	Target  string
	// From says what the guess rests on, for the comment above [server].
	From string
}

// DetectServer guesses how to run the MCP server in dir, the way a person
// would: a Go module, a Node package's bin or main, a Python entry point,
// an executable named server; failing all of those, a static tools.json.
// It returns false when nothing is recognizable.
func DetectServer(dir string) (Detected, bool) {
	exists := func(name string) bool {
		st, err := os.Stat(filepath.Join(dir, name))
		return err == nil && !st.IsDir()
	}
	switch {
	case exists("go.mod"):
		return Detected{Command: []string{"go", "run", "."}, From: "go.mod"}, true
	case exists("package.json"):
		if d, ok := detectNode(dir); ok {
			return d, true
		}
	}
	for _, f := range []string{"server.py", "main.py"} {
		if exists(f) {
			return Detected{Command: []string{"python3", f}, From: f}, true
		}
	}
	if exists("pyproject.toml") {
		if d, ok := detectPyproject(dir); ok {
			return d, true
		}
	}
	if st, err := os.Stat(filepath.Join(dir, "server")); err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0 {
		return Detected{Command: []string{"./server"}, From: "the executable named server"}, true
	}
	if exists("tools.json") {
		return Detected{Target: "tools.json", From: "tools.json"}, true
	}
	return Detected{}, false
}

func detectNode(dir string) (Detected, bool) {
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return Detected{}, false
	}
	var pkg struct {
		Name string `json:"name"`
		Bin  any    `json:"bin"`
		Main string `json:"main"`
	}
	if json.Unmarshal(data, &pkg) != nil {
		return Detected{}, false
	}
	switch bin := pkg.Bin.(type) {
	case string:
		if bin != "" {
			return Detected{Command: []string{"node", bin}, From: "package.json bin"}, true
		}
	case map[string]any:
		names := make([]string, 0, len(bin))
		for n := range bin {
			names = append(names, n)
		}
		sort.Strings(names)
		if _, ok := bin[pkg.Name]; ok {
			names = []string{pkg.Name}
		}
		for _, n := range names {
			if p, ok := bin[n].(string); ok && p != "" {
				return Detected{Command: []string{"node", p}, From: fmt.Sprintf("package.json bin %q", n)}, true
			}
		}
	}
	if pkg.Main != "" {
		return Detected{Command: []string{"node", pkg.Main}, From: "package.json main"}, true
	}
	return Detected{}, false
}

func detectPyproject(dir string) (Detected, bool) {
	var py struct {
		Project struct {
			Scripts map[string]string `toml:"scripts"`
		} `toml:"project"`
	}
	if _, err := toml.DecodeFile(filepath.Join(dir, "pyproject.toml"), &py); err != nil || len(py.Project.Scripts) == 0 {
		return Detected{}, false
	}
	names := make([]string, 0, len(py.Project.Scripts))
	for n := range py.Project.Scripts {
		names = append(names, n)
	}
	sort.Strings(names)
	return Detected{Command: []string{names[0]}, From: fmt.Sprintf("the pyproject.toml script %q (install the package first)", names[0])}, true
}

// Starter renders a commented starter .mcplint.toml. With a detected
// server it fills [server]; without one it shows how to name one.
func Starter(d Detected, found bool) []byte {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	w("#:schema %s", SchemaURL)
	w("# mcplint configuration: every key, with its default, is in the README.")
	w("# Check this file with: mcplint config verify")
	w("version = 1")
	w("")
	switch {
	case found && d.Target != "":
		w("# What mcplint lints when run with no target (found %s).", d.From)
		w("[server]")
		w("target = %s", tomlString(d.Target))
		w(`# command = ["python3", "server.py"]  # or a server to start (not both)`)
	case found:
		w("# What mcplint lints when run with no target (detected from %s).", d.From)
		w("[server]")
		w("command = %s  # argv, run without a shell", tomlArray(d.Command))
		w(`# env = { API_URL = "http://localhost:8080" }`)
		w(`# timeout = "10s"                # per request`)
		w(`# startup-timeout = "30s"        # until its first line; 1m through npx, uvx, docker run…`)
		w(`# discover-wait = "3s"           # server/discover alone, then initialize beside it`)
	default:
		w("# No server was recognized here. Name what mcplint lints with no target:")
		w("# [server]")
		w(`# command = ["python3", "server.py"]  # argv, run without a shell`)
		w(`# target = "tools.json"               # or a tool list, trace or client config`)
	}
	w("")
	w("[rules]")
	w(`preset = "recommended"          # recommended | all | none`)
	w(`# enable = ["security"]         # rule names or categories`)
	w(`# disable = ["too-many-tools"]`)
	w("")
	w("# [rules.severity]")
	w(`# tool-name-style = "error"`)
	w("")
	w("# [rules.settings.description-too-short]")
	w("# min-length = 20")
	w("")
	w("# Accept one rule's issues for some tools. The reason is required, and an")
	w("# entry that stops matching anything is reported (unused-suppression).")
	w("# [[ignore]]")
	w(`# rule = "dangling-tool-reference"`)
	w(`# tool = "search_*"`)
	w(`# reason = "search_web comes from the companion server"`)
	w("")
	w("[output]")
	w(`format = "text"                 # text | compact | json | jsonl | sarif | markdown | junit | github`)
	w(`fail-on = "error"               # error | warning | info | never`)
	w(`# min-grade = "C"               # fail when the grade is below`)
	w(`# max-same-issues = 3           # issues of one rule printed by text and compact; 0 for all`)
	return []byte(b.String())
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func tomlArray(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = tomlString(x)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
