package clientconfig

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// input is one of VS Code's "inputs": a value the editor prompts for.
type input struct {
	Description string  `json:"description"`
	Default     *string `json:"default"`
}

func parseInputs(raw json.RawMessage) (map[string]input, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var list []struct {
		ID string `json:"id"`
		input
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("want an array of {\"id\": ..., \"type\": ..., \"description\": ...}")
	}
	inputs := map[string]input{}
	for _, in := range list {
		inputs[in.ID] = in.input
	}
	return inputs, nil
}

// InputEnv is the environment variable that stands in for VS Code's prompt
// for ${input:id}: MCPLINT_INPUT_ followed by the id upper-cased, with every
// character that is not a letter or digit turned into "_".
func InputEnv(id string) string {
	var b strings.Builder
	b.WriteString("MCPLINT_INPUT_")
	for _, r := range strings.ToUpper(id) {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

var envName = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)(:-(.*))?$`)

// expander expands the variables of one config file.
type expander struct {
	style     string
	getenv    func(string) string
	home      string
	workspace string
	inputs    map[string]input
	// missing says which variable had no value, for the first one in the
	// server being expanded; the server is skipped with it.
	missing string
}

func (x *expander) expand(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		b.WriteString(x.value(s[i+2 : i+j]))
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

func (x *expander) value(name string) string {
	kind, arg, _ := strings.Cut(name, ":")
	switch {
	case kind == "env" && arg != "":
		return x.getenv(arg)
	case name == "userHome":
		return x.home
	case name == "workspaceFolder":
		return x.workspace
	case name == "workspaceFolderBasename":
		return filepath.Base(x.workspace)
	case name == "pathSeparator" || name == "/":
		return string(filepath.Separator)
	case kind == "input" && arg != "":
		env := InputEnv(arg)
		if v := x.getenv(env); v != "" {
			return v
		}
		in, declared := x.inputs[arg]
		if declared && in.Default != nil {
			return *in.Default
		}
		what := "an input the config does not declare"
		if declared && in.Description != "" {
			what = fmt.Sprintf("which VS Code prompts for (%q)", in.Description)
		} else if declared {
			what = "which VS Code prompts for"
		}
		x.miss(fmt.Sprintf("uses ${%s}, %s; mcplint cannot prompt: set %s to its value to lint this server", name, what, env))
		return ""
	}
	if m := envName.FindStringSubmatch(name); m != nil && x.style == StyleMCPServers {
		if v := x.getenv(m[1]); v != "" {
			return v
		}
		if m[2] != "" {
			return m[3]
		}
		x.miss(fmt.Sprintf("uses ${%s}, which is not set in the environment; set it to lint this server", name))
		return ""
	}
	x.miss(fmt.Sprintf("uses ${%s}, which only the client itself can resolve", name))
	return ""
}

func (x *expander) miss(why string) {
	if x.missing == "" {
		x.missing = why
	}
}

// readEnvFile reads a dotenv file: KEY=VALUE lines, "#" comments, an
// optional "export " and quotes around the value.
func readEnvFile(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	vars := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		line = strings.TrimPrefix(line, "export ")
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, fmt.Errorf("%s:%d: want KEY=VALUE", path, n)
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		}
		vars[strings.TrimSpace(k)] = v
	}
	return vars, sc.Err()
}

// standardize turns JSON with comments and trailing commas (as VS Code
// writes its settings) into JSON, byte for byte in place: comments and
// trailing commas become spaces, so offsets, lines and columns stay true.
func standardize(data []byte) []byte {
	out := bytes.Clone(data)
	outsideStrings(out, func(i int) int {
		if out[i] != '/' || i+1 >= len(out) {
			return i
		}
		end := i
		switch out[i+1] {
		case '/':
			for end < len(out) && out[end] != '\n' {
				end++
			}
		case '*':
			end = i + 2
			for end < len(out) && !(out[end] == '*' && end+1 < len(out) && out[end+1] == '/') {
				end++
			}
			end = min(end+2, len(out))
		default:
			return i
		}
		for j := i; j < end; j++ {
			if out[j] != '\n' {
				out[j] = ' '
			}
		}
		return end - 1
	})
	outsideStrings(out, func(i int) int {
		if out[i] == ',' {
			j := i + 1
			for j < len(out) && (out[j] == ' ' || out[j] == '\t' || out[j] == '\r' || out[j] == '\n') {
				j++
			}
			if j < len(out) && (out[j] == '}' || out[j] == ']') {
				out[i] = ' '
			}
		}
		return i
	})
	return out
}

// outsideStrings calls visit with the index of every byte of b that is not
// inside a JSON string; visit returns the last index it dealt with.
func outsideStrings(b []byte, visit func(i int) int) {
	inString := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case inString && c == '"':
			inString = false
		case inString:
		case c == '"':
			inString = true
		default:
			i = visit(i)
		}
	}
}

// TopKeys calls key with each key of the top-level object of data, which
// may hold comments and trailing commas, in order, stepping over the values
// without decoding them; key returning false stops the walk. It reports
// whether it walked the object to its end or was stopped, having read
// every key as written: false when data does not look like such an object,
// or a key holds an escape (its decoded form is not its bytes).
func TopKeys(data []byte, key func(string) bool) bool {
	i := skipBlank(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	i = skipBlank(data, i+1)
	for i < len(data) && data[i] != '}' {
		if data[i] != '"' {
			return false
		}
		end := i + 1
		for end < len(data) && data[end] != '"' {
			if data[end] == '\\' {
				return false
			}
			end++
		}
		if end >= len(data) {
			return false
		}
		if !key(string(data[i+1 : end])) {
			return true
		}
		i = skipBlank(data, end+1)
		if i >= len(data) || data[i] != ':' {
			return false
		}
		if i = skipMember(data, i+1); i >= len(data) {
			return false
		}
		if data[i] == ',' {
			i = skipBlank(data, i+1)
		}
	}
	return i < len(data)
}

// skipBlank returns the index of the first byte from i on that is neither
// white space nor inside a comment.
func skipBlank(data []byte, i int) int {
	for i < len(data) {
		switch c := data[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := bytes.Index(data[i+2:], []byte("*/"))
			if end < 0 {
				return len(data)
			}
			i += 2 + end + 2
		default:
			return i
		}
	}
	return i
}

// skipMember returns the index of the ',' or '}' that ends the member
// value starting at data[i], stepping over nested values, strings and
// comments; len(data) when there is none.
func skipMember(data []byte, i int) int {
	depth := 0
	for i < len(data) {
		switch data[i] {
		case '"':
			i++
			for i < len(data) && data[i] != '"' {
				if data[i] == '\\' {
					i++
				}
				i++
			}
		case '/':
			if j := skipBlank(data, i); j > i {
				i = j
				continue
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			depth--
		case ',':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return len(data)
}
