// Package clientconfig reads the files MCP clients keep their servers in,
// so that mcplint lints exactly what a user's client starts:
//
//   - the "mcpServers" style of Claude Desktop (claude_desktop_config.json),
//     Claude Code and Copilot (.mcp.json), Cursor, Windsurf and others:
//     {"mcpServers": {"NAME": {"command": "...", "args": [...], "env": {...}, "cwd": "..."}}}
//   - the "servers" style of VS Code (.vscode/mcp.json, or "mcp" in
//     settings.json): {"inputs": [...], "servers": {"NAME": {"type": "stdio", "command": ..., "args": ..., "env": ..., "envFile": ...}}}
//
// Comments and trailing commas are accepted, as VS Code accepts them.
//
// Variables are expanded in command, args, env, envFile and cwd:
//
//   - ${env:NAME}, ${userHome}, ${workspaceFolder},
//     ${workspaceFolderBasename}, ${pathSeparator} and ${/}, in both styles.
//     The workspace folder is the folder holding .vscode/ for a file in
//     .vscode/, else the config file's own folder.
//   - ${NAME} and ${NAME:-default} from the environment, in the mcpServers
//     style only (Claude Code expands them there).
//   - ${input:ID}: VS Code asks the user; mcplint cannot, so it reads the
//     environment variable MCPLINT_INPUT_ID (ID upper-cased, every character
//     that is not a letter or digit turned into "_"), then the input's
//     "default". With neither, the server is skipped and says which
//     variable to set.
//
// A server that cannot be started from here (a remote http/sse server, a
// variable with no value, "disabled": true) is kept with Skip saying why,
// never dropped silently.
package clientconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/internal/inputfile"
)

// Styles of client config (Config.Style).
const (
	StyleMCPServers = "mcpServers"
	StyleServers    = "servers"
)

// Config is one client config file.
type Config struct {
	// Path is the file's path.
	Path string
	// Style is StyleMCPServers or StyleServers.
	Style string
	// Servers are in the order the file lists them.
	Servers []Server
}

// Server is one entry of a client config.
type Server struct {
	// Name is the entry's key.
	Name string
	// Transport is "stdio", or the remote transport the entry names
	// ("http", "sse", ...).
	Transport string
	// Command is the argv (command then args), variables expanded; a
	// relative path with a slash is made absolute against Dir.
	Command []string
	// Env overlays the inherited environment (envFile first, env over it).
	// VS Code's null values, which unset a variable, are left out: the
	// variable stays inherited.
	Env map[string]string
	// Dir is the absolute working directory: "cwd" when given (relative to
	// the workspace folder), else the workspace folder.
	Dir string
	// URL is a remote server's address.
	URL string
	// Headers are a remote server's "headers", variables expanded: often
	// credentials, never to be printed.
	Headers map[string]string
	// Skip says why mcplint cannot start this server; empty when it can.
	Skip string
}

// Options are what variable expansion reads from the outside world.
type Options struct {
	// Getenv reads the environment; nil means os.Getenv.
	Getenv func(string) string
	// Home is the user's home folder, for ${userHome}; empty means
	// os.UserHomeDir.
	Home string
}

// Load reads and parses the client config at path.
func Load(path string, opts Options) (*Config, error) {
	data, err := inputfile.ReadFile(path, 0)
	if err != nil {
		return nil, err
	}
	return Parse(path, data, opts)
}

// Sniff reports whether data is a client config: a JSON object (comments
// allowed) with an "mcpServers" or "servers" object, or an "mcp" object
// holding "servers", and no "tools".
//
// Sniff runs on every JSON file mcplint is given, tool lists of many
// megabytes included, so it first reads only the top-level keys: a
// "tools" key, or no key a config needs, settles it without decoding the
// file. Only a file that may be a config is decoded.
func Sniff(data []byte) bool {
	tools, candidate := false, false
	plain := TopKeys(data, func(key string) bool {
		switch key {
		case "tools":
			tools = true
			return false
		case "mcpServers", "servers", "mcp":
			candidate = true
		}
		return true
	})
	if tools || plain && !candidate {
		return false
	}
	return sniffDecoded(data)
}

// sniffDecoded is Sniff's answer from the decoded top-level object.
func sniffDecoded(data []byte) bool {
	var top map[string]json.RawMessage
	if json.Unmarshal(standardize(data), &top) != nil {
		return false
	}
	if _, ok := top["tools"]; ok {
		return false
	}
	_, _, style := serversOf(top)
	return style != ""
}

// serversOf finds the servers object and the inputs of a config.
func serversOf(top map[string]json.RawMessage) (servers, inputs json.RawMessage, style string) {
	if s, ok := top["mcpServers"]; ok && isObject(s) {
		return s, top["inputs"], StyleMCPServers
	}
	if s, ok := top["servers"]; ok && isObject(s) {
		return s, top["inputs"], StyleServers
	}
	var mcp map[string]json.RawMessage
	if m, ok := top["mcp"]; ok && json.Unmarshal(m, &mcp) == nil {
		if s, ok := mcp["servers"]; ok && isObject(s) {
			return s, mcp["inputs"], StyleServers
		}
	}
	return nil, nil, ""
}

func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	return len(raw) > 0 && raw[0] == '{'
}

// Parse reads a client config's bytes; path names it in errors and places
// relative paths.
func Parse(path string, data []byte, opts Options) (*Config, error) {
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if opts.Home == "" {
		opts.Home, _ = os.UserHomeDir()
	}
	data = standardize(data)
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("%s: %s", placeError(path, data, err), strings.TrimPrefix(err.Error(), "json: "))
	}
	serversRaw, inputsRaw, style := serversOf(top)
	if style == "" {
		return nil, fmt.Errorf(`%s: not a client config: want {"mcpServers": {...}} (Claude Desktop, Cursor, .mcp.json) or {"servers": {...}} (VS Code mcp.json)`, path)
	}
	cfg := &Config{Path: path, Style: style}
	inputs, err := parseInputs(inputsRaw)
	if err != nil {
		return nil, fmt.Errorf("%s: inputs: %w", path, err)
	}
	names, entries, err := orderedObject(serversRaw)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", path, style, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	x := &expander{style: style, getenv: opts.Getenv, home: opts.Home, workspace: workspaceOf(abs), inputs: inputs}
	for i, name := range names {
		s, err := parseServer(name, entries[i], x)
		if err != nil {
			return nil, fmt.Errorf("%s: %s.%s: %w", path, style, name, err)
		}
		cfg.Servers = append(cfg.Servers, s)
	}
	return cfg, nil
}

// workspaceOf is the folder ${workspaceFolder} names for a config file.
func workspaceOf(absPath string) string {
	dir := filepath.Dir(absPath)
	if filepath.Base(dir) == ".vscode" {
		return filepath.Dir(dir)
	}
	return dir
}

// wireServer is one entry as written; clients add fields of their own
// (autoApprove, timeout, headers...) which mcplint does not need.
type wireServer struct {
	Type      string          `json:"type"`
	Command   *string         `json:"command"`
	Args      json.RawMessage `json:"args"`
	Env       json.RawMessage `json:"env"`
	EnvFile   string          `json:"envFile"`
	Cwd       string          `json:"cwd"`
	URL       string          `json:"url"`
	ServerURL string          `json:"serverUrl"`
	Headers   json.RawMessage `json:"headers"`
	Disabled  bool            `json:"disabled"`
}

var remoteTypes = map[string]bool{"http": true, "sse": true, "streamable-http": true, "streamableHttp": true, "ws": true, "websocket": true}

// streamableTypes are the remote types mcplint speaks (Streamable HTTP).
var streamableTypes = map[string]bool{"": true, "http": true, "streamable-http": true, "streamableHttp": true}

func parseServer(name string, raw json.RawMessage, x *expander) (Server, error) {
	s := Server{Name: name, Dir: x.workspace}
	if !isObject(raw) {
		return s, errors.New("want an object with a command (or a url)")
	}
	var w wireServer
	if err := json.Unmarshal(raw, &w); err != nil {
		return s, wireError(err)
	}
	var args []string
	if len(w.Args) > 0 && string(w.Args) != "null" {
		if err := json.Unmarshal(w.Args, &args); err != nil {
			return s, errors.New("args: want an array of strings")
		}
	}
	env, err := parseEnv(w.Env)
	if err != nil {
		return s, err
	}
	url := w.URL
	if url == "" {
		url = w.ServerURL
	}
	switch {
	case remoteTypes[w.Type] || (w.Type == "" && w.Command == nil && url != ""):
		s.Transport, s.URL = w.Type, url
		if s.Transport == "" {
			s.Transport = "http"
		}
		switch {
		case w.Disabled:
			s.Skip = `the config marks it "disabled": true`
		case w.Type == "sse":
			s.Skip = fmt.Sprintf("a legacy HTTP+SSE (2024-11-05) server at %s: mcplint speaks Streamable HTTP, which replaced it; lint a trace of it or its tool list instead", url)
		case !streamableTypes[w.Type]:
			s.Skip = fmt.Sprintf("a %s server at %s: mcplint speaks stdio and Streamable HTTP; lint a trace of it or its tool list instead", w.Type, url)
		default:
			headers, err := parseEnv(w.Headers)
			if err != nil {
				return s, errors.New("headers: want an object of strings")
			}
			x.missing = ""
			s.URL = x.expand(url)
			for k, v := range headers {
				if s.Headers == nil {
					s.Headers = map[string]string{}
				}
				s.Headers[k] = x.expand(v)
			}
			if x.missing != "" {
				s.Skip, s.Headers = x.missing, nil
			}
		}
		return s, nil
	case w.Type != "" && w.Type != "stdio":
		s.Transport = w.Type
		s.Skip = fmt.Sprintf("type %q is not one mcplint knows (stdio, http, sse)", w.Type)
		return s, nil
	case w.Command == nil || *w.Command == "":
		s.Transport = "stdio"
		s.Skip = `no "command" to start the server with`
		return s, nil
	}
	s.Transport = "stdio"
	if w.Disabled {
		s.Skip = `the config marks it "disabled": true`
		return s, nil
	}
	x.missing = ""
	if w.Cwd != "" {
		s.Dir = absUnder(x.workspace, x.expand(w.Cwd))
	}
	s.Command = append([]string{x.expand(*w.Command)}, make([]string, len(args))...)
	for i, a := range args {
		s.Command[i+1] = x.expand(a)
	}
	if strings.ContainsRune(s.Command[0], '/') || strings.ContainsRune(s.Command[0], filepath.Separator) {
		s.Command[0] = absUnder(s.Dir, s.Command[0])
	}
	s.Env = map[string]string{}
	if w.EnvFile != "" {
		file := absUnder(x.workspace, x.expand(w.EnvFile))
		if x.missing == "" {
			vars, err := readEnvFile(file)
			if err != nil {
				s.Skip = fmt.Sprintf("envFile: %v", err)
				return s, nil
			}
			for k, v := range vars {
				s.Env[k] = v
			}
		}
	}
	for k, v := range env {
		s.Env[k] = x.expand(v)
	}
	if x.missing != "" {
		s.Skip = x.missing
	}
	return s, nil
}

func parseEnv(raw json.RawMessage) (map[string]string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, errors.New("env: want an object of strings")
	}
	env := map[string]string{}
	for k, v := range m {
		switch v := v.(type) {
		case nil:
		case string:
			env[k] = v
		case float64, bool:
			env[k] = fmt.Sprint(v)
		default:
			return nil, fmt.Errorf("env.%s: want a string", k)
		}
	}
	return env, nil
}

// absUnder makes p absolute against dir.
func absUnder(dir, p string) string {
	if filepath.IsAbs(p) || p == "" {
		return p
	}
	return filepath.Join(dir, p)
}

// orderedObject returns an object's keys in the order written, with their
// values.
func orderedObject(raw json.RawMessage) ([]string, []json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return nil, nil, err
	}
	var names []string
	var values []json.RawMessage
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, err
		}
		names = append(names, tok.(string))
		values = append(values, v)
	}
	return names, values, nil
}

func wireError(err error) error {
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok && te.Field != "" {
		return fmt.Errorf("%s: want a %s, not a JSON %s", te.Field, te.Type, te.Value)
	}
	return errors.New(strings.TrimPrefix(err.Error(), "json: "))
}

// placeError turns a decoding error's byte offset into "path:line:col".
func placeError(path string, data []byte, err error) string {
	var off int64 = -1
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		off = se.Offset
	} else if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		off = te.Offset
	}
	if off < 0 || off > int64(len(data)) {
		return path
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len([]rune(string(before[bytes.LastIndexByte(before, '\n')+1:])))
	if col == 0 {
		col = 1
	}
	return fmt.Sprintf("%s:%d:%d", path, line, col)
}
