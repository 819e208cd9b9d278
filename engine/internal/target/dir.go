package target

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// lookedFor is what a folder target is searched for, in order, for the
// error when none is there.
const lookedFor = ".mcplint.toml with [server], package.json with bin or main, go.mod with a main package, pyproject.toml with one [project.scripts] entry, an executable named server"

// dir resolves a server folder to the command that starts it.
func (r *resolver) dir(input, dir string, depth int) ([]Target, error) {
	name := filepath.Base(dir)
	if ts, ok, err := r.dirConfig(input, dir, depth); ok || err != nil {
		return ts, err
	}
	finders := []struct {
		find func(string) ([]string, map[string]string, error)
		// name reads the package's own name, which stays when the folder
		// is renamed or checked out elsewhere.
		name func(dir string, argv []string) string
		// manifest is the file that declares the server.
		manifest string
	}{
		{r.fromPackageJSON, packageJSONName, "package.json"}, {r.fromGoMod, goModName, "go.mod"}, {r.fromPyproject, pyprojectName, "pyproject.toml"}, {fromServerExecutable, nil, ""},
	}
	for _, f := range finders {
		argv, env, err := f.find(dir)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", input, err)
		}
		if argv != nil {
			if f.name != nil {
				if n := f.name(dir, argv); n != "" {
					name = n
				}
			}
			t := Target{Name: name, Input: input, Kind: Command, Command: argv, Env: env, Dir: dir}
			if f.manifest != "" {
				t.Declared = filepath.Join(dir, f.manifest)
			}
			return []Target{t}, nil
		}
	}
	return nil, fmt.Errorf("%s: no server found in this folder; looked for %s. Name the command instead: mcplint -- COMMAND ARGS", input, lookedFor)
}

// dirConfig reads the [server] of the folder's .mcplint.toml. It reads only
// that table and ignores the rest: checking the whole file is the config
// command's job.
func (r *resolver) dirConfig(input, dir string, depth int) ([]Target, bool, error) {
	file := filepath.Join(dir, ".mcplint.toml")
	var doc struct {
		Server struct {
			Command []string          `toml:"command"`
			Target  string            `toml:"target"`
			Env     map[string]string `toml:"env"`
		} `toml:"server"`
	}
	_, err := toml.DecodeFile(file, &doc)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", file, err)
	}
	s := doc.Server
	switch {
	case len(s.Command) > 0 && s.Target != "":
		return nil, false, fmt.Errorf("%s: [server] has both command and target; keep one", file)
	case len(s.Command) > 0:
		return []Target{{
			Name: filepath.Base(dir), Input: input, Kind: Command,
			Command: absCommand(dir, s.Command), Env: s.Env, Dir: dir, Declared: file, DeclaredLine: serverLine(file),
		}}, true, nil
	case s.Target != "":
		abs := r.abs(dir, s.Target)
		if abs == dir {
			return nil, false, fmt.Errorf("%s: [server] target %q is the folder itself", file, s.Target)
		}
		if slices.Contains(r.following, abs) {
			return nil, false, &loopError{fmt.Sprintf("%s: [server] target %q leads back to %s: the [server] targets of %s form a loop", file, s.Target, abs, strings.Join(append(r.following, dir), " -> "))}
		}
		r.following = append(r.following, dir)
		ts, err := r.path(s.Target, abs, depth+1)
		r.following = r.following[:len(r.following)-1]
		if _, loop := errors.AsType[*loopError](err); loop {
			return nil, false, err
		}
		if err != nil {
			return nil, false, fmt.Errorf("%s: [server] target: %w", file, err)
		}
		return declaredBy(withEnv(ts, s.Env), file), true, nil
	}
	return nil, false, nil
}

// loopError is a cycle of .mcplint.toml [server] targets; it is reported
// once, not wrapped at every step of the cycle.
type loopError struct{ msg string }

func (e *loopError) Error() string { return e.msg }

func (r *resolver) fromPackageJSON(dir string) ([]string, map[string]string, error) {
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	var pkg struct {
		Name string          `json:"name"`
		Bin  json.RawMessage `json:"bin"`
		Main string          `json:"main"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		return nil, nil, fmt.Errorf("package.json: %w", err)
	}
	entry, err := packageEntry(pkg.Name, pkg.Bin, pkg.Main)
	if err != nil || entry == "" {
		return nil, nil, err
	}
	file := filepath.Join(dir, entry)
	if _, err := os.Stat(file); err != nil {
		return nil, nil, fmt.Errorf("package.json names %q as the entry point, and it does not exist; build the package first (npm run build)", entry)
	}
	return []string{"node", file}, nil, nil
}

// packageEntry picks package.json's entry point: "bin" (a path, or the
// only or the package-named entry of an object), else "main".
func packageEntry(name string, bin json.RawMessage, main string) (string, error) {
	var one string
	if json.Unmarshal(bin, &one) == nil && one != "" {
		return one, nil
	}
	var many map[string]string
	if json.Unmarshal(bin, &many) == nil && len(many) > 0 {
		if len(many) == 1 {
			for _, v := range many {
				return v, nil
			}
		}
		short := name[strings.LastIndexByte(name, '/')+1:]
		if v, ok := many[short]; ok {
			return v, nil
		}
		keys := make([]string, 0, len(many))
		for k := range many {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		return "", fmt.Errorf("package.json has several bin entries (%s) and none is named after the package; name the server: mcplint -- node PATH", strings.Join(keys, ", "))
	}
	return main, nil
}

func (r *resolver) fromGoMod(dir string) ([]string, map[string]string, error) {
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		return nil, nil, nil
	}
	if isMainPackage(dir) {
		return []string{"go", "run", "."}, nil, nil
	}
	cmds, _ := filepath.Glob(filepath.Join(dir, "cmd", "*"))
	var mains []string
	for _, c := range cmds {
		if isMainPackage(c) {
			mains = append(mains, "./cmd/"+filepath.Base(c))
		}
	}
	switch len(mains) {
	case 0:
		return nil, nil, nil
	case 1:
		return []string{"go", "run", mains[0]}, nil, nil
	}
	return nil, nil, fmt.Errorf("go.mod: several commands (%s); name the server: mcplint -- go run ./cmd/NAME", strings.Join(mains, ", "))
}

// isMainPackage reports whether dir holds a Go main package.
func isMainPackage(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.PackageClauseOnly)
		if err == nil && file.Name.Name == "main" {
			return true
		}
	}
	return false
}

// fromPyproject runs the single [project.scripts] entry without installing
// anything: the project's own .venv script when it is there, else the entry
// point called directly with the project's .venv python or python3, src/
// on PYTHONPATH for a src layout.
func (r *resolver) fromPyproject(dir string) ([]string, map[string]string, error) {
	file := filepath.Join(dir, "pyproject.toml")
	var doc struct {
		Project struct {
			Scripts map[string]string `toml:"scripts"`
		} `toml:"project"`
	}
	_, err := toml.DecodeFile(file, &doc)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("pyproject.toml: %w", err)
	}
	scripts := doc.Project.Scripts
	switch len(scripts) {
	case 0:
		return nil, nil, nil
	case 1:
	default:
		names := make([]string, 0, len(scripts))
		for n := range scripts {
			names = append(names, n)
		}
		slices.Sort(names)
		return nil, nil, fmt.Errorf("pyproject.toml: several [project.scripts] (%s); name the server: mcplint -- .venv/bin/NAME, or set [server] command in .mcplint.toml", strings.Join(names, ", "))
	}
	var script, ref string
	for name, value := range scripts {
		script, ref = name, value
	}
	venv := filepath.Join(dir, ".venv", "bin")
	if isExecutable(filepath.Join(venv, script)) {
		return []string{filepath.Join(venv, script)}, nil, nil
	}
	python := "python3"
	if isExecutable(filepath.Join(venv, "python")) {
		python = filepath.Join(venv, "python")
	}
	var env map[string]string
	if st, err := os.Stat(filepath.Join(dir, "src")); err == nil && st.IsDir() {
		path := filepath.Join(dir, "src")
		if old := r.opts.Getenv("PYTHONPATH"); old != "" {
			path += string(os.PathListSeparator) + old
		}
		env = map[string]string{"PYTHONPATH": path}
	}
	// An entry point is "module:attr", optionally followed by "[extras]".
	ref, _, _ = strings.Cut(ref, "[")
	module, attr, hasAttr := strings.Cut(strings.TrimSpace(ref), ":")
	module = strings.TrimSpace(module)
	if !hasAttr {
		return []string{python, "-m", module}, env, nil
	}
	// The entry point's own convention: call it, exit with what it returns.
	code := fmt.Sprintf("import importlib, sys; sys.exit(importlib.import_module(%q).%s())", module, strings.TrimSpace(attr))
	return []string{python, "-c", code}, env, nil
}

func fromServerExecutable(dir string) ([]string, map[string]string, error) {
	if p := filepath.Join(dir, "server"); isExecutable(p) {
		return []string{p}, nil, nil
	}
	return nil, nil, nil
}

func isExecutable(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0
}

// packageJSONName is package.json's "name" without its npm scope, as npx
// targets are named: @acme/weather-mcp is "weather-mcp".
func packageJSONName(dir string, _ []string) string {
	var pkg struct {
		Name string `json:"name"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil || json.Unmarshal(data, &pkg) != nil {
		return ""
	}
	return pkg.Name[strings.LastIndexByte(pkg.Name, '/')+1:]
}

// goModName names a Go server after its command (go run ./cmd/weather
// is "weather"), or for a main package at the root after the last element
// of go.mod's module path that is not a major version
// (example.com/weather/v2 is "weather").
func goModName(dir string, argv []string) string {
	if len(argv) == 3 && argv[2] != "." {
		return filepath.Base(argv[2])
	}
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return ""
	}
	path := ""
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t' || rest[0] == '"') {
			rest, _, _ = strings.Cut(strings.TrimSpace(rest), "//")
			path = strings.Trim(strings.TrimSpace(rest), "\"`")
			break
		}
	}
	elems := strings.Split(path, "/")
	for i := len(elems) - 1; i >= 0; i-- {
		if e := elems[i]; e != "" && !isMajorVersion(e) {
			return e
		}
	}
	return ""
}

func isMajorVersion(e string) bool {
	if len(e) < 2 || e[0] != 'v' {
		return false
	}
	for _, c := range e[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// pyprojectName is pyproject.toml's [project] name.
func pyprojectName(dir string, _ []string) string {
	var doc struct {
		Project struct {
			Name string `toml:"name"`
		} `toml:"project"`
	}
	if _, err := toml.DecodeFile(filepath.Join(dir, "pyproject.toml"), &doc); err != nil {
		return ""
	}
	return doc.Project.Name
}
