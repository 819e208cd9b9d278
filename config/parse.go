package config

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"github.com/mcplint/mcplint/internal/inputfile"
	"github.com/mcplint/mcplint/sdk"
)

var (
	severityKeys = []string{"error", "warning", "info"}

	pluginName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	sha256Hex  = regexp.MustCompile(`^[0-9a-fA-F]{64}$`)
)

// belongsIn says which table a key belongs in, for a key written in the
// wrong one: the first table that has it.
func belongsIn(key string) (string, bool) {
	for _, k := range Keys {
		if k.Table != "" && (k.Name == key || slices.Contains(k.Aliases, key)) {
			return header(k.Table), true
		}
	}
	return "", false
}

// Parse decodes and validates a config file's contents. path names the
// file in errors and becomes Config.Path. Every problem is reported, each
// as a *Error, together as Errors.
func Parse(path string, data []byte, known Known) (*Config, error) {
	cfg, errs := parse(path, data, known)
	if len(errs) > 0 {
		return nil, errs
	}
	return cfg, nil
}

// parse decodes what it can of a config: the Config holds every valid
// setting (nil when the file is not TOML), errs every problem.
func parse(path string, data []byte, known Known) (*Config, Errors) {
	// The TOML decoder recurses and builds a value per element: a small
	// file of "[[[[…" or of a million keys would exhaust it.
	if err := inputfile.ConfigShape.CheckTOML(path, data); err != nil {
		if se, ok := errors.AsType[*inputfile.ShapeError](err); ok {
			return nil, Errors{{File: path, Line: se.Line, Column: se.Col, Msg: se.Problem()}}
		}
		return nil, Errors{{File: path, Msg: err.Error()}}
	}
	var doc map[string]any
	if _, err := toml.Decode(string(data), &doc); err != nil {
		switch e := syntaxError(path, data, err).(type) {
		case Errors:
			return nil, e
		case *Error:
			return nil, Errors{e}
		}
		return nil, Errors{{File: path, Msg: "invalid TOML: " + err.Error()}}
	}
	d := &decoder{
		file:  path,
		pos:   keyPositions(string(data)),
		rules: map[string]bool{},
		cfg:   Default(),
	}
	d.cfg.Path = path
	for _, m := range known.Rules {
		d.rules[m.Name] = true
	}
	d.ruleNames = known.names()
	d.plugins = map[string]bool{}
	for _, p := range known.Plugins {
		d.plugins[p] = true
	}
	d.cfg.pos = d.pos
	d.document(doc)
	d.errs.sort()
	return d.cfg, d.errs
}

// syntaxError places a TOML syntax error. The decoder notices a missing
// ']' or '}' where something else came instead, often on a later line; the
// user must look at the bracket left open, so such an error points there.
// The decoder's column counts bytes; ours counts code points, like every
// other position mcplint shows, and the line is counted from the same
// offset (the decoder's own line is one past it after a newline).
func syntaxError(path string, data []byte, err error) error {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return &Error{File: path, Msg: "invalid TOML: " + err.Error()}
	}
	msg := "invalid TOML: " + pe.Message
	start := pe.Position.Start
	if start < 0 || start > len(data) {
		return Errors{{File: path, Line: pe.Position.Line, Column: 1, Msg: msg}}
	}
	for _, closer := range [...]byte{']', '}'} {
		if !strings.Contains(pe.Message, "'"+string(closer)+"'") {
			continue
		}
		if open, ok := unclosed(data[:start], closer); ok {
			line, col := lineCol(data, open)
			return Errors{{File: path, Line: line, Column: col,
				Msg: fmt.Sprintf("invalid TOML: this '%c' is never closed (the parser %s)", data[open], lowerFirst(pe.Message))}}
		}
	}
	line, col := lineCol(data, start)
	return Errors{{File: path, Line: line, Column: col, Msg: msg}}
}

// lineCol is the 1-based line and column (in code points) of offset.
func lineCol(data []byte, offset int) (line, col int) {
	lineStart := 0
	if i := bytes.LastIndexByte(data[:offset], '\n'); i >= 0 {
		lineStart = i + 1
	}
	return bytes.Count(data[:offset], []byte{'\n'}) + 1, utf8.RuneCount(data[lineStart:offset]) + 1
}

// unclosed finds the innermost '[' (closer ']') or '{' (closer '}') that
// data leaves open, skipping strings and comments: the bracket a parse
// error that expects closer is about.
func unclosed(data []byte, closer byte) (int, bool) {
	var open []int
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '#':
			for i < len(data) && data[i] != '\n' {
				i++
			}
		case '"', '\'':
			quote := string(data[i : i+1])
			if i+2 < len(data) && data[i+1] == c && data[i+2] == c {
				quote = strings.Repeat(quote, 3)
			}
			i += len(quote)
			for i < len(data) && !bytes.HasPrefix(data[i:], []byte(quote)) {
				if c == '"' && data[i] == '\\' {
					i++
				} else if len(quote) == 1 && data[i] == '\n' {
					break // an unterminated string ends with its line
				}
				i++
			}
			i += len(quote) - 1
		case '[', '{':
			open = append(open, i)
		case ']', '}':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	for j := len(open) - 1; j >= 0; j-- {
		if want := map[byte]byte{']': '[', '}': '{'}[closer]; data[open[j]] == want {
			return open[j], true
		}
	}
	return 0, false
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

type decoder struct {
	file      string
	pos       positions
	rules     map[string]bool
	ruleNames []string
	plugins   map[string]bool
	errs      Errors
	cfg       *Config

	// ignore and plugin are the [[ignore]] or [[plugin]] entry being
	// read, pluginSeen the plugin names read so far.
	ignore     *Ignore
	plugin     *Plugin
	pluginSeen map[string]bool
	// clientsAt is where [compat] clients is, to place unknown profiles.
	clientsAt keyPath
}

// deprecated notes a key that still works under an old spelling; the
// commands print the notes as warnings.
func (d *decoder) deprecated(path keyPath, msg string) {
	p := d.pos.at(path)
	d.cfg.Deprecated = append(d.cfg.Deprecated, (&Error{File: d.file, Line: p.Line, Column: p.Column, Msg: msg}).Error())
}

func (d *decoder) errorf(path keyPath, format string, a ...any) {
	p := d.pos.at(path)
	d.errs = append(d.errs, &Error{File: d.file, Line: p.Line, Column: p.Column, Msg: fmt.Sprintf(format, a...)})
}

// name shows a key path as users write it: "server.timeout",
// "ignore.tool" (the line says which entry).
func name(path keyPath) string {
	parts := make([]string, 0, len(path))
	for _, p := range path {
		if !strings.HasPrefix(p, "#") {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ".")
}

// sortedKeys lists a table's keys in file order, so errors come out in the
// order a user reads them.
func (d *decoder) sortedKeys(path keyPath, m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := d.pos.at(path.with(keys[i])), d.pos.at(path.with(keys[j]))
		if a != b {
			return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
		}
		return keys[i] < keys[j]
	})
	return keys
}

func (d *decoder) unknownKey(path keyPath, table string, known []string) {
	key := path[len(path)-1]
	where := " in " + table
	if table == "" {
		where = " at the top level"
	}
	hint := didYouMean(key, known)
	if hint == "" {
		if t, ok := belongsIn(key); ok && t != table {
			hint = " (it belongs in " + t + ")"
		} else {
			hint = " (known keys: " + strings.Join(known, ", ") + ")"
		}
	}
	d.errorf(path, "unknown key %q%s%s", key, where, hint)
}

func (d *decoder) document(doc map[string]any) {
	if v, ok := doc["version"]; ok {
		d.key("", keyPath{"version"}, v)
	} else {
		d.errs = append(d.errs, &Error{File: d.file, Line: 1, Column: 1,
			Msg: fmt.Sprintf("missing version: start the file with \"version = %d\" so later formats can be told apart", FormatVersion)})
	}
	// Plugins first: "plugin/rule" names anywhere else depend on them.
	if v, ok := doc["plugin"]; ok {
		d.pluginList(keyPath{"plugin"}, v)
	}
	for _, k := range d.sortedKeys(nil, doc) {
		switch k {
		case "version", "plugin", "compat":
			continue // read in their own turn
		}
		d.key("", keyPath{k}, doc[k])
	}
	// After [rules]: [compat] turns a rule on and gives it settings.
	if v, ok := doc["compat"]; ok {
		d.compat(keyPath{"compat"}, v)
	}
}

// keys reads a table's keys, each by its entry in Keys, in file order.
func (d *decoder) keys(table string, path keyPath, m map[string]any) {
	for _, k := range d.sortedKeys(path, m) {
		d.key(table, path.with(k), m[k])
	}
}

// key reads one key of table, whose name ends path.
func (d *decoder) key(table string, path keyPath, v any) {
	written := path[len(path)-1]
	k, alias := keyNamed(table, written)
	switch {
	case k == nil:
		where := ""
		if table != "" {
			where = header(table)
		}
		d.unknownKey(path, where, keyNames(table))
		return
	case alias:
		d.deprecated(path, fmt.Sprintf("%s is the old spelling of %s, which every other key's style follows; it still works", name(path), k.Path()))
	}
	k.read(d, path, v)
}

// version reads the version key, which every file must start with.
func (d *decoder) version(path keyPath, v any) {
	n, ok := v.(int64)
	if !ok {
		d.wrongType(path, "the integer 1", v)
		return
	}
	if n != FormatVersion {
		d.errorf(path, "unsupported config version %d: this mcplint reads version %d", n, FormatVersion)
		return
	}
	d.cfg.Version = int(n)
}

// tomlType names a decoded value's TOML type, with an article.
func tomlType(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", v)
	case int64:
		return fmt.Sprintf("the integer %d", v)
	case float64:
		return fmt.Sprintf("the float %v", v)
	case bool:
		return fmt.Sprintf("the boolean %v", v)
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return "a date or time"
}

func (d *decoder) wrongType(path keyPath, want string, got any) {
	d.errorf(path, "%s must be %s, not %s", name(path), want, tomlType(got))
}

func (d *decoder) table(path keyPath, v any) (map[string]any, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		d.errorf(path, "%s must be a table ([%s]), not %s", name(path), name(path), tomlType(v))
	}
	return m, ok
}

func (d *decoder) str(path keyPath, v any) (string, bool) {
	s, ok := v.(string)
	if !ok {
		d.wrongType(path, "a string", v)
	}
	return s, ok
}

func (d *decoder) strList(path keyPath, v any, example string) ([]string, bool) {
	arr, ok := v.([]any)
	if !ok {
		d.wrongType(path, "an array of strings such as "+example, v)
		return nil, false
	}
	out := make([]string, 0, len(arr))
	for i, e := range arr {
		s, isStr := e.(string)
		if !isStr {
			d.errorf(path.with(index(i)), "%s must hold only strings, not %s", name(path), tomlType(e))
			ok = false
			continue
		}
		out = append(out, s)
	}
	return out, ok
}

func (d *decoder) enum(path keyPath, v any, allowed []string) (string, bool) {
	s, ok := d.str(path, v)
	if !ok {
		return "", false
	}
	for _, a := range allowed {
		if s == a {
			return s, true
		}
	}
	d.errorf(path, "%s must be one of %s, not %q%s", name(path), quoteList(allowed), s, didYouMean(s, allowed))
	return "", false
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}

func (d *decoder) server(path keyPath, v any) {
	m, ok := d.table(path, v)
	if !ok {
		return
	}
	d.keys("server", path, m)
	if s := &d.cfg.Server; len(s.Command) > 0 && s.Target != "" {
		d.errorf(path.with("target"), "[server] sets both command and target: a config lints either a server it starts or a file; remove one")
	}
}

// command reads [server] command, an argv.
func (d *decoder) command(path keyPath, v any) {
	argv, ok := d.strList(path, v, `["python3", "server.py"] (it runs without a shell)`)
	switch {
	case !ok:
	case len(argv) == 0 || argv[0] == "":
		d.errorf(path, `server.command is empty: give the server's argv, e.g. ["python3", "server.py"]`)
	default:
		d.cfg.Server.Command = argv
	}
}

// headers reads [server] headers, as env is read; values stay as written
// (${env:VAR} is expanded when the target is resolved).
func (d *decoder) headers(path keyPath, v any) {
	m, ok := v.(map[string]any)
	if !ok {
		d.wrongType(path, `a table of strings such as { Authorization = "Bearer ${env:API_TOKEN}" }`, v)
		return
	}
	h := make(map[string]string, len(m))
	for _, k := range d.sortedKeys(path, m) {
		if k == "" || strings.ContainsAny(k, ": \t\r\n") {
			d.errorf(path.with(k), "server.headers: %q is not an HTTP header name", k)
			continue
		}
		if s, ok := m[k].(string); ok {
			h[k] = s
		} else {
			d.errorf(path.with(k), "server.headers.%s must be a string, not %s", k, tomlType(m[k]))
		}
	}
	d.cfg.Server.Headers = h
}

func (d *decoder) env(path keyPath, v any) {
	m, ok := v.(map[string]any)
	if !ok {
		d.wrongType(path, `a table of strings such as { API_URL = "http://localhost:8080" }`, v)
		return
	}
	env := make(map[string]string, len(m))
	for _, k := range d.sortedKeys(path, m) {
		if k == "" || strings.ContainsAny(k, "=\x00") {
			d.errorf(path.with(k), "server.env: %q is not an environment variable name", k)
			continue
		}
		if s, ok := m[k].(string); ok {
			env[k] = s
		} else {
			d.errorf(path.with(k), "server.env.%s must be a string (environment values are text), not %s", k, tomlType(m[k]))
		}
	}
	d.cfg.Server.Env = env
}

func (d *decoder) duration(path keyPath, v any) (time.Duration, bool) {
	s, ok := v.(string)
	if !ok {
		d.wrongType(path, `a duration string such as "10s"`, v)
		return 0, false
	}
	t, err := time.ParseDuration(s)
	switch {
	case err != nil:
		d.errorf(path, `%s: invalid duration %q: write a Go duration such as "10s", "1m30s" or "500ms"`, name(path), s)
	case t <= 0:
		d.errorf(path, "%s must be positive, not %q", name(path), s)
	default:
		return t, true
	}
	return 0, false
}

// size reads a size in bytes, written with or without a unit.
func (d *decoder) size(path keyPath, v any) (int64, bool) {
	s, ok := d.str(path, v)
	if !ok {
		return 0, false
	}
	n, err := inputfile.ParseSize(s)
	if err != nil {
		d.errorf(path, "%s: %v", name(path), err)
		return 0, false
	}
	return n, true
}

// count reads an integer, 0 or more, 0 meaning no limit.
func (d *decoder) count(path keyPath, v any) (int, bool) {
	n, ok := v.(int64)
	switch {
	case !ok:
		d.wrongType(path, "an integer, 0 for no limit", v)
	case n < 0:
		d.errorf(path, "%s is %d: set it to 0 (no limit) or more", name(path), n)
	default:
		return int(min(n, math.MaxInt32)), true
	}
	return 0, false
}

// ruleName checks one rule name (or, when categories is set, a rule name
// or a category) and reports the problem with it.
func (d *decoder) ruleName(path keyPath, n, where string, categories bool) bool {
	if plugin, rule, ok := strings.Cut(n, "/"); ok {
		if plugin == "" || rule == "" || strings.Contains(rule, "/") {
			d.errorf(path, "%q in %s is not a rule name: plugin rules are written \"plugin/rule\"", n, where)
			return false
		}
		if d.plugins[plugin] {
			return true
		}
		if d.rules[n] {
			return true
		}
		names := make([]string, 0, len(d.plugins))
		for p := range d.plugins {
			names = append(names, p)
		}
		sort.Strings(names)
		hint := didYouMean(plugin, names)
		if hint == "" {
			hint = fmt.Sprintf(" (add a [[plugin]] entry named %q to use its rules)", plugin)
		}
		d.errorf(path, "unknown plugin %q in rule %q in %s%s", plugin, n, where, hint)
		return false
	}
	if d.rules[n] {
		return true
	}
	isCategory := contains(sdk.Categories, n)
	if isCategory && categories {
		return true
	}
	if isCategory {
		d.errorf(path, "%q is a category, and %s takes rule names: list the category's rules one by one (mcplint rules)", n, where)
		return false
	}
	what, hint := "rule", didYouMean(n, d.ruleNames)
	if categories {
		what = "rule or category"
		if hint == "" {
			if c := Suggest(n, sdk.Categories); c != "" {
				hint = fmt.Sprintf(" (did you mean the category %q?)", c)
			}
		}
	}
	if hint == "" {
		hint = " (mcplint rules lists them)"
	}
	d.errorf(path, "unknown %s %q in %s%s", what, n, where, hint)
	return false
}

func contains(xs []string, x string) bool {
	for _, e := range xs {
		if e == x {
			return true
		}
	}
	return false
}

func (d *decoder) rulesTable(path keyPath, v any) {
	m, ok := d.table(path, v)
	if !ok {
		return
	}
	d.keys("rules", path, m)
	r := &d.cfg.Rules
	for i, n := range r.Disable {
		if contains(r.Enable, n) {
			d.errorf(path.with("disable", index(i)), "%q is in both rules.enable and rules.disable: keep it in one", n)
		}
	}
}

func (d *decoder) ruleList(path keyPath, v any) []string {
	names, _ := d.strList(path, v, `["security", "tool-name-portable"]`)
	out := names[:0:0]
	for i, n := range names {
		if d.ruleName(path.with(index(i)), n, name(path), true) {
			out = append(out, n)
		}
	}
	return out
}

func (d *decoder) severities(path keyPath, v any) {
	m, ok := d.table(path, v)
	if !ok {
		return
	}
	sev := map[string]sdk.Severity{}
	for _, k := range d.sortedKeys(path, m) {
		kp := path.with(k)
		if !d.ruleName(kp, k, "[rules.severity]", false) {
			continue
		}
		if s, ok := d.enum(kp, m[k], severityKeys); ok {
			sev[k], _ = sdk.ParseSeverity(s)
		}
	}
	d.cfg.Rules.Severity = sev
}

func (d *decoder) settings(path keyPath, v any) {
	m, ok := d.table(path, v)
	if !ok {
		return
	}
	r := &d.cfg.Rules
	r.Settings = map[string]func(any) error{}
	r.settingsAt = map[string]Position{}
	for _, k := range d.sortedKeys(path, m) {
		kp := path.with(k)
		if !d.ruleName(kp, k, "[rules.settings]", false) {
			continue
		}
		if k == CompatRule {
			d.errorf(kp, "[rules.settings.%s]: write the clients and profiles under [compat] (clients = [...], [compat.profiles.NAME])", k)
			continue
		}
		t, ok := m[k].(map[string]any)
		if !ok {
			d.errorf(kp, "rules.settings.%s must be a table ([rules.settings.%s]), not %s", k, k, tomlType(m[k]))
			continue
		}
		r.Settings[k] = settingsDecoder(d.file, d.pos, kp, k, t)
		r.settingsAt[k] = d.pos.at(kp)
	}
}

// elements returns an array of tables whether it was written as [[name]]
// entries or as an inline array.
func (d *decoder) elements(path keyPath, v any) []map[string]any {
	switch v := v.(type) {
	case []map[string]any:
		return v
	case []any:
		out := make([]map[string]any, 0, len(v))
		for i, e := range v {
			m, ok := e.(map[string]any)
			if !ok {
				d.errorf(path.with(index(i)), "%s must hold tables ([[%s]] entries), not %s", name(path), name(path), tomlType(e))
				continue
			}
			out = append(out, m)
		}
		return out
	}
	d.errorf(path, "%s must be an array of tables ([[%s]] entries), not %s", name(path), name(path), tomlType(v))
	return nil
}

// ignoreList reads [[ignore]] entries. A config with any error is
// rejected whole, so an entry is kept only for the caller of a valid file.
func (d *decoder) ignoreList(path keyPath, v any) {
	for i, m := range d.elements(path, v) {
		ep := path.with(index(i))
		at := d.pos.at(ep)
		d.ignore = &Ignore{Line: at.Line, Column: at.Column}
		d.keys("ignore", ep, m)
		ig := *d.ignore
		if _, has := m["rule"]; !has {
			d.errorf(ep, `[[ignore]] has no rule: name the rule it silences, e.g. rule = "tool-name-style"`)
		}
		if r, has := m["reason"]; !has || isBlank(r) {
			subject := "[[ignore]]"
			if ig.Rule != "" {
				subject = fmt.Sprintf("[[ignore]] of %q", ig.Rule)
			}
			reasonAt := ep
			if _, has := m["reason"]; has {
				reasonAt = ep.with("reason")
			}
			d.errorf(reasonAt, `%s has no reason: say why this is not a defect here, e.g. reason = "search_web comes from the companion server"`, subject)
		}
		d.cfg.Ignores = append(d.cfg.Ignores, ig)
	}
	d.ignore = nil
}

func (d *decoder) ignoreRule(path keyPath, v any) {
	if s, ok := d.str(path, v); ok && d.ruleName(path, s, "[[ignore]]", false) {
		d.ignore.Rule = s
	}
}

// ignoreGlob reads [[ignore]] tool or server.
func (d *decoder) ignoreGlob(path keyPath, v any) {
	s, ok := d.str(path, v)
	if !ok {
		return
	}
	k := path[len(path)-1]
	if err := ValidGlob(s); err != nil {
		d.errorf(path, "ignore.%s: invalid glob %q: %v", k, s, err)
	}
	if k == "tool" {
		d.ignore.Tool = s
	} else {
		d.ignore.Server = s
	}
}

func (d *decoder) ignorePointer(path keyPath, v any) {
	s, ok := d.str(path, v)
	if !ok {
		return
	}
	if err := validPointer(s); err != nil {
		d.errorf(path, "ignore.pointer: invalid JSON pointer %q: %v", s, err)
	}
	d.ignore.Pointer = s
}

func isBlank(v any) bool {
	s, ok := v.(string)
	return ok && strings.TrimSpace(s) == ""
}

// validPointer checks RFC 6901 syntax: empty, or "/"-separated tokens in
// which "~" is always followed by 0 or 1.
func validPointer(p string) error {
	if p == "" {
		return nil
	}
	if p[0] != '/' {
		return errors.New(`a pointer starts with "/", e.g. "/tools/0/description"`)
	}
	for i := 0; i < len(p); i++ {
		if p[i] == '~' && (i+1 >= len(p) || p[i+1] != '0' && p[i+1] != '1') {
			return errors.New(`"~" must be followed by 0 (for "~") or 1 (for "/")`)
		}
	}
	return nil
}

func (d *decoder) pluginList(path keyPath, v any) {
	d.pluginSeen = map[string]bool{}
	for i, m := range d.elements(path, v) {
		ep := path.with(index(i))
		d.plugin = &Plugin{}
		d.keys("plugin", ep, m)
		p := *d.plugin
		if _, has := m["name"]; !has {
			d.errorf(ep, `[[plugin]] has no name: add name = "…", the prefix of its rules`)
			continue
		}
		if p.Name != "" {
			if d.cfg.pluginAt == nil {
				d.cfg.pluginAt = map[string]keyPath{}
			}
			d.cfg.pluginAt[p.Name] = ep
			d.plugins[p.Name] = true
			d.cfg.Plugins = append(d.cfg.Plugins, p)
		}
	}
	d.plugin = nil
}

func (d *decoder) pluginNameKey(path keyPath, v any) {
	s, ok := d.str(path, v)
	if !ok {
		return
	}
	switch {
	case !pluginName.MatchString(s):
		d.errorf(path, "plugin.name %q must be letters, digits, '-', '_' or '.' (it prefixes rule names as \"%s/rule\")", s, s)
	case d.pluginSeen[s]:
		d.errorf(path, "plugin %q is configured twice: merge the [[plugin]] entries", s)
	default:
		d.plugin.Name = s
	}
	d.pluginSeen[s] = true
}

func (d *decoder) pluginSHA256(path keyPath, v any) {
	if s, ok := d.str(path, v); ok {
		if !sha256Hex.MatchString(s) {
			d.errorf(path, "plugin.sha256 must be 64 hexadecimal digits (sha256sum prints them), not %q", s)
		}
		d.plugin.SHA256 = strings.ToLower(s)
	}
}

func (d *decoder) output(path keyPath, v any) {
	if m, ok := d.table(path, v); ok {
		d.keys("output", path, m)
	}
}

// finite reports whether every float in v is a number JSON can carry.
func finite(v any) bool {
	switch v := v.(type) {
	case float64:
		return !math.IsNaN(v) && !math.IsInf(v, 0)
	case []any:
		for _, e := range v {
			if !finite(e) {
				return false
			}
		}
	case []map[string]any:
		for _, e := range v {
			if !finite(e) {
				return false
			}
		}
	case map[string]any:
		for _, e := range v {
			if !finite(e) {
				return false
			}
		}
	}
	return true
}
