package registry

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/jsonvalid"
)

// SchemaVersion is the version of the embedded server.json schema, and
// SchemaURL where the registry publishes it. The file is the registry's
// internal/validators/schemas/2025-12-11.json (MIT licence, commit
// e361b5ff5a925b36a38eda0544bca8230a84558b of
// github.com/modelcontextprotocol/registry); schema/README.md says more.
const (
	SchemaVersion = "2025-12-11"
	SchemaURL     = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
)

//go:embed schema/2025-12-11/server.schema.json
var schemaJSON []byte

var (
	schemaOnce sync.Once
	schemaC    *jsonvalid.Schema
	schemaErr  error
)

// compiled is the embedded schema, compiled on first use.
func compiled() (*jsonvalid.Schema, error) {
	schemaOnce.Do(func() {
		var doc any
		dec := json.NewDecoder(bytes.NewReader(schemaJSON))
		dec.UseNumber()
		if schemaErr = dec.Decode(&doc); schemaErr == nil {
			schemaC, schemaErr = jsonvalid.Compile(doc)
		}
		if schemaErr != nil {
			schemaErr = fmt.Errorf("the embedded server.json schema %s: %w", SchemaVersion, schemaErr)
		}
	})
	return schemaC, schemaErr
}

// validate is every reason the registry would refuse the server v (s as
// decoded): the schema's mismatches, with the name's and the versions'
// said in words a publisher acts on, and the version ranges the registry
// rejects though the schema lets them through.
func validate(schema *jsonvalid.Schema, v json.RawMessage, s Server) []Problem {
	var out []Problem
	for _, m := range schema.ValidateAll(v, maxProblems) {
		msg := m.Why
		if m.At == "/name" && s.Name != "" && !strings.Contains(s.Name, "/") {
			msg = fmt.Sprintf("name %q has no namespace: a registry name is NAMESPACE/NAME in reverse-DNS form, e.g. \"io.github.USER/%s\" (the namespace proves who publishes it)", s.Name, s.Name)
		} else if strings.HasSuffix(m.At, "/version") && strings.Contains(msg, "'not' failed") {
			msg = fmt.Sprintf("%s: \"latest\" is not a version: name the exact version published (the registry refuses \"latest\")", m.At)
		} else if m.At == "" {
			msg = "the server " + msg
		} else {
			msg = m.At + ": " + msg
		}
		out = append(out, Problem{At: m.At, Message: msg})
	}
	if isRange(s.Version) && !has(out, "/version") {
		out = append(out, Problem{At: "/version", Message: fmt.Sprintf("version %q is a range: the registry takes one exact version, such as \"1.2.0\"", s.Version)})
	}
	for i, p := range s.Packages {
		at := fmt.Sprintf("/packages/%d/version", i)
		if isRange(p.Version) && !has(out, at) {
			out = append(out, Problem{At: at, Message: fmt.Sprintf("%s: package version %q is a range: name the exact version published (mcplint runs what you name)", at, p.Version)})
		}
	}
	return out
}

// SchemaNote says, for an entry that names another schema than the one
// mcplint validates against (SchemaVersion, the one the registry takes
// now), which one it names; "" otherwise. Its problems may come from the
// difference.
func (e *Entry) SchemaNote() string {
	if e.Server.Schema == "" || e.Server.Schema == SchemaURL {
		return ""
	}
	return "the file names the schema " + e.Server.Schema + " instead"
}

func has(ps []Problem, at string) bool {
	for _, p := range ps {
		if p.At == at {
			return true
		}
	}
	return false
}

// isRange reports whether a version is one of the ranges the registry
// rejects ("^1.2.3", "~1.2.3", ">=1.2.3", "1.x", "1.*", "latest").
func isRange(v string) bool {
	if v == "" {
		return false
	}
	if v == "latest" || strings.ContainsAny(v[:1], "^~<>=") || strings.ContainsAny(v, "* |") {
		return true
	}
	for _, part := range strings.Split(v, ".") {
		if part == "x" || part == "X" {
			return true
		}
	}
	return false
}
