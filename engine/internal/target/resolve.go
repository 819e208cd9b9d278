package target

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/engine/cmdline"
	"github.com/mcplint/mcplint/engine/internal/clientconfig"
	"github.com/mcplint/mcplint/engine/internal/registry"
	"github.com/mcplint/mcplint/engine/trace"
	"github.com/mcplint/mcplint/internal/inputfile"
)

// Options is what Resolve needs besides the command line.
type Options struct {
	// Dir is the working directory relative paths are read from.
	Dir string
	// Server is --server NAME: the one server of a client config to lint.
	Server string
	// Config is the [server] of the .mcplint.toml in effect, used when the
	// command line names no target.
	Config ServerConfig
	// Getenv reads the environment (client config variables, PYTHONPATH);
	// nil means os.Getenv.
	Getenv func(string) string
	// Home expands a leading "~/"; empty means os.UserHomeDir.
	Home string
	// MaxFileSize caps a .json or .jsonl target, which is read whole;
	// zero means inputfile.DefaultMaxSize.
	MaxFileSize int64
}

// ServerConfig is a .mcplint.toml [server] table.
type ServerConfig struct {
	// Command is an argv, run in Dir. Command and Target are exclusive.
	Command []string
	// Target is a path relative to Dir, resolved like a command-line target.
	Target string
	// Env overlays the environment of the server process.
	Env map[string]string
	// Dir is the folder of the config file.
	Dir string
	// File is the config file, for messages.
	File string
	// Headers are sent to a URL target (credentials, ${env:VAR} expanded
	// by the config's reader).
	Headers map[string]string
}

// IsURL reports whether a target names a server by an http:// or https://
// URL rather than a path.
func IsURL(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")
}

// urlTarget is the Remote target of a URL argument, named by its host,
// with headers' ${env:VAR} and ${VAR} read from the environment.
func (r *resolver) urlTarget(u string, headers map[string]string) Target {
	name := u[strings.Index(u, "//")+2:]
	if i := strings.IndexAny(name, "/?#"); i >= 0 {
		name = name[:i]
	}
	if i := strings.LastIndexByte(name, '@'); i >= 0 {
		name = name[i+1:]
	}
	t := Target{Name: name, Input: RedactURL(u), Kind: Remote, URL: u}
	for _, k := range slices.Sorted(maps.Keys(headers)) {
		v, missing := expandEnv(headers[k], r.opts.Getenv)
		if missing != "" && t.Skip == "" {
			t.Skip = fmt.Sprintf("header %s uses ${env:%s}, which is not set in the environment; set it to lint this server", k, missing)
		}
		if t.Headers == nil {
			t.Headers = map[string]string{}
		}
		t.Headers[k] = v
	}
	if t.Skip != "" {
		t.Headers = nil
	}
	return t
}

// RedactURL is u as reports may show it: a password in it and the values
// of its query (often an API key) are replaced by "xxxxx".
func RedactURL(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	if p.RawQuery != "" {
		q := p.Query()
		for k := range q {
			q[k] = []string{"xxxxx"}
		}
		p.RawQuery = q.Encode()
	}
	return p.Redacted()
}

// expandEnv replaces ${env:VAR} and ${VAR} in s; missing names the first
// variable that is not set.
func expandEnv(s string, getenv func(string) string) (out, missing string) {
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			b.WriteString(s)
			return b.String(), missing
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			b.WriteString(s)
			return b.String(), missing
		}
		b.WriteString(s[:i])
		name := strings.TrimPrefix(s[i+2:i+j], "env:")
		v := getenv(name)
		if v == "" && missing == "" {
			missing = name
		}
		b.WriteString(v)
		s = s[i+j+1:]
	}
}

// maxDepth bounds how many .mcplint.toml [server] targets may lead from
// one to the next.
const maxDepth = 8

// Resolve turns the command line into the servers to lint. args are the
// positional targets, command the argv after "--". With neither, the
// [server] of opts.Config is the target.
//
// A positional target is:
//
//   - a folder: its .mcplint.toml [server]; else package.json ("bin", else
//     "main", run with node); else go.mod (`go run .`, or `go run ./cmd/X`
//     when X is the only command); else pyproject.toml with one
//     [project.scripts] entry (its .venv/bin script when installed, else
//     the entry point called with .venv/bin/python or python3, with src/ on
//     PYTHONPATH: nothing is installed or downloaded); else an executable
//     named "server";
//   - a .json or .jsonl file: a trace, a client config (one target per
//     server, Group the config's path), or else a static tool list; a
//     file named as a tool list or trace (isListName) is read as a client
//     config only with opts.Server set, never on its content alone;
//   - an executable file, run as it is (a script with a "#!" line too);
//   - a .py, .js, .mjs or .cjs file, run with python3 or node.
//
// A leading "~/" is the home folder. opts.Server keeps only the client
// config servers of that name.
func Resolve(args []string, command []string, opts Options) ([]Target, error) {
	r := &resolver{opts: opts}
	if r.opts.Getenv == nil {
		r.opts.Getenv = os.Getenv
	}
	if r.opts.Home == "" {
		r.opts.Home, _ = os.UserHomeDir()
	}
	var targets []Target
	for _, a := range args {
		if IsURL(a) {
			targets = append(targets, r.urlTarget(a, opts.Config.Headers))
			continue
		}
		ts, err := r.path(a, r.abs(opts.Dir, a), 0)
		if err != nil {
			return nil, err
		}
		targets = append(targets, ts...)
	}
	if command != nil {
		if len(command) == 0 {
			return nil, usageErr{ErrUsage, `"--" must be followed by the server's command: mcplint -- COMMAND [ARGS]`}
		}
		targets = append(targets, Target{
			Name: commandName(command, opts.Dir), Input: displayCommand(command), Kind: Command,
			Command: absCommand(opts.Dir, command), Dir: opts.Dir,
		})
	}
	if args == nil && command == nil {
		ts, err := r.config()
		if err != nil {
			return nil, err
		}
		targets = ts
	}
	if opts.Server != "" {
		return pickServer(targets, opts.Server)
	}
	return targets, nil
}

type resolver struct {
	opts Options
	// held is how many bytes of small files the targets hold so far (see
	// maxHeld).
	held int64
	// following are the folders whose .mcplint.toml [server] target is
	// being followed, to catch a loop.
	following []string
}

// maxHeld is how many bytes of small files (up to smallFile each) the
// targets of one run keep from resolution until they are linted: a run
// over thousands of tool lists reads each again when its turn comes,
// rather than hold them all, since a streamed lint holds only a window of
// targets. A large file is always kept: it is read once.
const (
	maxHeld   = 64 << 20
	smallFile = 1 << 20
)

// hold returns data to keep in a target, or nil to read its file again
// when it is linted.
func (r *resolver) hold(data []byte) []byte {
	if len(data) > smallFile {
		return data
	}
	if r.held+int64(len(data)) > maxHeld {
		return nil
	}
	r.held += int64(len(data))
	return data
}

// abs makes p absolute against dir, expanding a leading "~/".
func (r *resolver) abs(dir, p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, "~"+string(filepath.Separator)) {
		p = filepath.Join(r.opts.Home, p[1:])
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

func (r *resolver) config() ([]Target, error) {
	c := r.opts.Config
	switch {
	case len(c.Command) > 0 && c.Target != "":
		return nil, fmt.Errorf("%s: [server] has both command and target; keep one", c.File)
	case len(c.Command) > 0:
		return []Target{{
			Name: commandName(c.Command, c.Dir), Input: displayCommand(c.Command), Kind: Command,
			Command: absCommand(c.Dir, c.Command), Env: c.Env, Dir: c.Dir, Declared: c.File, DeclaredLine: serverLine(c.File),
		}}, nil
	case IsURL(c.Target):
		return declaredBy([]Target{r.urlTarget(c.Target, c.Headers)}, c.File), nil
	case c.Target != "":
		ts, err := r.path(c.Target, r.abs(c.Dir, c.Target), 0)
		if err != nil {
			return nil, fmt.Errorf("%s: [server] target: %w", c.File, err)
		}
		return declaredBy(withEnv(ts, c.Env), c.File), nil
	}
	return nil, usageErr{ErrNoTarget, "no target: name a server folder, a file (a tool list, a trace, a client config) or -- COMMAND ARGS, or set [server] in .mcplint.toml"}
}

// declaredBy names the .mcplint.toml file as the declaration of the live
// targets in ts that have none closer to the server (a manifest, a client
// config).
func declaredBy(ts []Target, file string) []Target {
	for i := range ts {
		if (ts[i].Kind == Command || ts[i].Kind == Remote) && ts[i].Declared == "" && file != "" {
			ts[i].Declared, ts[i].DeclaredLine = file, serverLine(file)
		}
	}
	return ts
}

// serverLine is the line of a .mcplint.toml's [server] table, where a
// server it declares is written; 0 when it cannot be read or has none.
func serverLine(file string) int {
	data, err := inputfile.ReadFile(file, 1<<20)
	if err != nil {
		return 0
	}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "[server]") {
			return i + 1
		}
	}
	return 0
}

// WithEnv overlays env on the environment of every Command target: the
// -e KEY=VALUE of the command line, over what a config gave.
func WithEnv(ts []Target, env map[string]string) []Target { return withEnv(ts, env) }

// withEnv overlays env on the environment of every Command target.
func withEnv(ts []Target, env map[string]string) []Target {
	if len(env) == 0 {
		return ts
	}
	for i := range ts {
		if ts[i].Kind != Command {
			continue
		}
		merged := map[string]string{}
		for k, v := range ts[i].Env {
			merged[k] = v
		}
		for k, v := range env {
			merged[k] = v
		}
		ts[i].Env = merged
	}
	return ts
}

// path resolves one target path; input is what the user wrote.
func (r *resolver) path(input, abs string, depth int) ([]Target, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("%s: .mcplint.toml [server] targets lead through more than %d folders; point at the server directly", input, maxDepth)
	}
	st, err := os.Stat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no such file or folder (%s); a target is a server folder, an executable, a .py/.js/.mjs script, a .json/.jsonl file, or -- COMMAND ARGS", input, abs)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", input, err)
	}
	if st.IsDir() {
		return r.dir(input, abs, depth)
	}
	return r.file(input, abs, st)
}

func (r *resolver) file(input, abs string, st fs.FileInfo) ([]Target, error) {
	name := strings.TrimSuffix(filepath.Base(abs), filepath.Ext(abs))
	ext := strings.ToLower(filepath.Ext(abs))
	if ext == ".json" || ext == ".jsonl" {
		return r.jsonFile(input, abs, name)
	}
	interp := map[string]string{".py": "python3", ".js": "node", ".mjs": "node", ".cjs": "node"}[ext]
	exec := st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0
	// A script or executable is named as `-- COMMAND` would name it, so
	// that `x/server.py` and `-- python3 x/server.py` pin the same entry.
	// A script is the server's source, findings can be attached to it; a
	// compiled executable is not.
	if exec && (interp == "" || hasShebang(abs)) {
		argv := []string{abs}
		t := Target{Name: commandName(argv, r.opts.Dir), Input: input, Kind: Command, Command: argv}
		if interp != "" || hasShebang(abs) {
			t.Declared = abs
		}
		return []Target{t}, nil
	}
	if interp != "" {
		argv := []string{interp, abs}
		return []Target{{Name: commandName(argv, r.opts.Dir), Input: input, Kind: Command, Command: argv, Declared: abs}}, nil
	}
	return nil, fmt.Errorf("%s: not something mcplint can lint: want a server folder, an executable (chmod +x), a .py/.js/.mjs script, or a .json/.jsonl file (a tool list, a trace, a client config)", input)
}

func hasShebang(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [2]byte
	n, _ := f.Read(b[:])
	return n == 2 && string(b[:]) == "#!"
}

func (r *resolver) jsonFile(input, abs, name string) ([]Target, error) {
	// A trace is read as a stream when it is linted, never whole: its
	// memory then follows what it recorded, not how many records (a flood
	// of millions of notifications) it holds. Its beginning tells.
	isTrace, err := sniffTrace(abs, r.opts.MaxFileSize)
	if err == nil && isTrace {
		return []Target{{Name: name, Input: input, Kind: Trace, Path: abs, MaxFileSize: r.opts.MaxFileSize}}, nil
	}
	// Not os.ReadFile: a target can be a link to /dev/zero or a FIFO
	// nobody writes to, and a file can be larger than anyone should read.
	var data []byte
	if err == nil {
		data, err = inputfile.ReadFile(abs, r.opts.MaxFileSize)
	}
	if e, ok := errors.AsType[*inputfile.Error](err); ok {
		e.Path = input
		return nil, e
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", input, err)
	}
	// A file saved under a tool list's name is never one whose content
	// makes mcplint start a command (see isListName).
	if !isListName(abs) && registry.Sniff(abs, data) {
		return r.registryFile(input, abs, data)
	}
	if !clientconfig.Sniff(data) {
		return []Target{{Name: name, Input: input, Kind: Static, Path: abs, Data: r.hold(data)}}, nil
	}
	if isListName(abs) && r.opts.Server == "" {
		return nil, listNameError(input)
	}
	cfg, err := clientconfig.Parse(abs, data, clientconfig.Options{Getenv: r.opts.Getenv, Home: r.opts.Home})
	if err != nil {
		return nil, err
	}
	if len(cfg.Servers) == 0 {
		return nil, fmt.Errorf("%s: the client config lists no servers", input)
	}
	ts := make([]Target, 0, len(cfg.Servers))
	for _, s := range cfg.Servers {
		t := Target{Name: s.Name, Keyed: true, Input: input, Kind: Command, Command: s.Command, Env: s.Env, Dir: s.Dir, Group: input, URL: s.URL, Headers: s.Headers, Skip: s.Skip,
			Declared: abs, DeclaredLine: keyLine(data, s.Name)}
		if s.URL != "" {
			t.Kind = Remote
		}
		ts = append(ts, t)
	}
	return ts, nil
}

// sniffHead is how much of a .json or .jsonl file tells a trace: its
// header line is far shorter.
const sniffHead = 64 << 10

// sniffTrace reports whether the file at abs, a regular file of at most
// max bytes, starts as a trace does.
func sniffTrace(abs string, max int64) (bool, error) {
	f, _, err := inputfile.Open(abs, max)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head := make([]byte, sniffHead)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return false, err
	}
	return trace.Sniff(head[:n]), nil
}

// keyLine is the line of the first "name": in a client config, where its
// server's entry starts; 0 when the key is written some other way.
func keyLine(data []byte, name string) int {
	key, err := json.Marshal(name)
	if err != nil {
		return 0
	}
	for off := 0; off < len(data); {
		i := bytes.Index(data[off:], key)
		if i < 0 {
			return 0
		}
		end := off + i + len(key)
		rest := bytes.TrimLeft(data[end:], " \t\r\n")
		if len(rest) > 0 && rest[0] == ':' {
			return 1 + bytes.Count(data[:off+i], []byte("\n"))
		}
		off = end
	}
	return 0
}

// pickServer keeps the client config servers named name.
func pickServer(ts []Target, name string) ([]Target, error) {
	var picked []Target
	known := map[string][]string{}
	var groups []string
	for _, t := range ts {
		if t.Group == "" {
			continue
		}
		if _, ok := known[t.Group]; !ok {
			groups = append(groups, t.Group)
		}
		known[t.Group] = append(known[t.Group], t.Name)
		// A registry server's name picks all its remotes and packages.
		if t.Name == name || t.Registry != nil && t.Registry.Name == name {
			picked = append(picked, t)
		}
	}
	if len(groups) == 0 {
		return nil, usageErr{ErrUsage, fmt.Sprintf("--server %s picks a server of a client config, and no target is one", name)}
	}
	if len(picked) == 0 {
		var has []string
		for _, g := range groups {
			has = append(has, fmt.Sprintf("%s has %s", g, strings.Join(known[g], ", ")))
		}
		return nil, usageErr{ErrUsage, fmt.Sprintf("--server %s: no such server (%s)", name, strings.Join(has, "; "))}
	}
	// A name that picks several (a registry server's remotes and
	// packages) fails only when none of them can be linted; the others
	// are reported as skipped.
	for _, t := range picked {
		if t.Skip == "" {
			return picked, nil
		}
	}
	t := picked[0]
	return nil, fmt.Errorf("--server %s in %s: %s", name, t.Group, t.Skip)
}

// absCommand makes a relative program path (one with a slash) absolute
// against dir, so the command means the same whatever runs it.
func absCommand(dir string, argv []string) []string {
	out := slices.Clone(argv)
	if p := out[0]; !filepath.IsAbs(p) && strings.ContainsRune(p, '/') {
		out[0] = filepath.Join(dir, p)
	}
	return out
}

// launchers run the program named by their first plain argument.
var launchers = map[string]bool{
	"node": true, "python": true, "python3": true, "go": true, "npx": true, "uvx": true, "uv": true,
	"bun": true, "bunx": true, "deno": true, "pipx": true, "npm": true, "pnpm": true, "yarn": true,
}

// commandName names a command target in reports: its program, or for a
// launcher (node, npx, go run, ...) the script or package it runs, a
// relative one ("go run .") read against dir. env(1) names nothing: the
// command it runs does.
func commandName(argv []string, dir string) string {
	argv = cmdline.EnvCommand(argv)
	prog := filepath.Base(argv[0])
	if !launchers[prog] {
		return trimScriptExt(prog)
	}
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "-c" || a == "-e" || a == "--eval":
			return prog // inline code names nothing
		case strings.HasPrefix(a, "-"), a == "run", a == "exec", a == "x", a == "dlx", a == "tool":
			continue
		}
		if !filepath.IsAbs(a) && (strings.HasPrefix(a, ".") || trimScriptExt(a) != a) {
			a = filepath.Join(dir, a) // a local path: "node index.js" is named like "index.js"
		}
		return scriptName(a, prog)
	}
	return prog
}

// trimScriptExt drops the extension of a script or executable name:
// ./tool.py and tool.py name the same server "tool".
func trimScriptExt(name string) string {
	switch ext := filepath.Ext(name); strings.ToLower(ext) {
	case ".py", ".js", ".mjs", ".cjs", ".ts", ".sh", ".exe", ".bat", ".cmd":
		return strings.TrimSuffix(name, ext)
	}
	return name
}

// genericNames are file and folder names that say nothing about which
// server they hold: node_modules/@scope/server-x/dist/index.js is
// "server-x".
var genericNames = map[string]bool{
	"index": true, "main": true, "server": true, "cli": true, "__main__": true,
	"dist": true, "build": true, "lib": true, "src": true, "bin": true, "out": true,
}

// scriptName names a server after the script or package a launcher runs,
// skipping generic names up the path; when only generic names are left,
// the script's own name.
func scriptName(arg, prog string) string {
	p := filepath.Clean(arg)
	first := ""
	for range 4 {
		base := filepath.Base(p)
		if base == "." || base == ".." || base == string(filepath.Separator) {
			break
		}
		name := strings.TrimSuffix(base, filepath.Ext(base))
		if !genericNames[name] {
			return name
		}
		if first == "" {
			first = name
		}
		p = filepath.Dir(p)
	}
	if first != "" {
		return first
	}
	return prog
}

// displayCommand writes an argv the way a user would type it, without the
// values of its environment assignments.
func displayCommand(argv []string) string { return cmdline.Display(argv) }
