// Package registry reads the server.json files of the MCP Registry (the
// official catalogue of MCP servers, https://registry.modelcontextprotocol.io):
// one server.json, a JSON array of them, or a registry export (the JSON
// the registry API answers GET /v0.1/servers with). Each server is
// validated against the registry's own schema, embedded here, with every
// error placed at file:line:column, and each of its remotes and packages
// becomes a Launch: a URL to reach over HTTP or a command to start.
package registry

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/engine/internal/clientconfig"
	"github.com/mcplint/mcplint/engine/internal/source/static"
	"github.com/mcplint/mcplint/sdk"
)

// Server is the part of a server.json mcplint reads.
type Server struct {
	Schema      string    `json:"$schema"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Version     string    `json:"version"`
	Packages    []Package `json:"packages"`
	Remotes     []Remote  `json:"remotes"`
}

// Input is a value a user may be asked for: an argument, an environment
// variable, a header or a URL variable.
type Input struct {
	Description string           `json:"description"`
	Value       string           `json:"value"`
	Default     string           `json:"default"`
	Format      string           `json:"format"`
	IsRequired  bool             `json:"isRequired"`
	IsSecret    bool             `json:"isSecret"`
	Variables   map[string]Input `json:"variables"`
}

// KeyValue is an environment variable or an HTTP header.
type KeyValue struct {
	Input
	Name string `json:"name"`
}

// Argument is a positional or named (--flag value) command-line argument.
type Argument struct {
	Input
	Type      string `json:"type"`
	Name      string `json:"name"`
	ValueHint string `json:"valueHint"`
}

// Package is a distribution of the server that runs on the user's machine.
type Package struct {
	RegistryType         string     `json:"registryType"`
	RegistryBaseURL      string     `json:"registryBaseUrl"`
	Identifier           string     `json:"identifier"`
	Version              string     `json:"version"`
	Transport            Remote     `json:"transport"`
	RuntimeArguments     []Argument `json:"runtimeArguments"`
	PackageArguments     []Argument `json:"packageArguments"`
	EnvironmentVariables []KeyValue `json:"environmentVariables"`
}

// Remote is a transport: a remote server's, or a package's.
type Remote struct {
	Type      string           `json:"type"`
	URL       string           `json:"url"`
	Headers   []KeyValue       `json:"headers"`
	Variables map[string]Input `json:"variables"`
}

// Shapes of document.
const (
	// ShapeServer is one server.json.
	ShapeServer = "server.json"
	// ShapeList is a JSON array of server.json objects.
	ShapeList = "list"
	// ShapeExport is the registry API's list of servers:
	// {"servers": [{"server": {...}, "_meta": {...}}], "metadata": {...}}.
	ShapeExport = "export"
)

// Document is a file of registry servers.
type Document struct {
	// File names the file in messages and locations, as the user did.
	File  string
	Shape string
	// Entries are the servers in the order the file lists them.
	Entries []Entry
}

// Entry is one server of a Document.
type Entry struct {
	// Pointer is where the server's object is in the file: "" for a
	// server.json, "/servers/3/server" in an export, "/3" in a list.
	Pointer string
	Server  Server
	// Problems are why the registry would refuse the entry, each placed in
	// the file; none when it is valid.
	Problems []Problem
	// Locations places the entry's "name", "version", "remote[i]",
	// "remote[i].type", "package[i]" and "package[i].transport".
	Locations map[string]sdk.Location
}

// Problem is one reason an entry is invalid.
type Problem struct {
	Location sdk.Location
	// At is the pointer of the offending value in the file.
	At      string
	Message string
}

func (p Problem) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", p.Location.File, p.Location.Line, p.Location.Column, p.Message)
}

var bom = []byte("\xef\xbb\xbf")

// schemaMarker is in the "$schema" URL of every published version of the
// server.json schema.
const schemaMarker = "modelcontextprotocol.io/schemas/"

// Sniff reports whether data (a file named path) is a registry document:
// an object whose "$schema" is a server.json schema, or one named
// server.json that is no tool list; an export; or an array of either.
func Sniff(path string, data []byte) bool {
	data = bytes.TrimSpace(bytes.TrimPrefix(data, bom))
	if len(data) == 0 {
		return false
	}
	if data[0] == '[' {
		// The first element tells; a long list (a tool list may be a bare
		// array of tools) is not read past it.
		dec := json.NewDecoder(bytes.NewReader(data))
		var first json.RawMessage
		if _, err := dec.Token(); err != nil || !dec.More() || dec.Decode(&first) != nil {
			return false
		}
		return isServer(first, false)
	}
	// Every JSON target comes through here, most of them tool lists, some
	// of many megabytes: their top-level keys, read without decoding the
	// values, settle it for them. A server.json, a list of them and an
	// export have a key of their own.
	tools, own := false, false
	walked := clientconfig.TopKeys(data, func(key string) bool {
		switch key {
		case "tools":
			tools = true
			return false
		case "$schema", "name", "packages", "remotes", "servers":
			own = true
		}
		return true
	})
	if tools || walked && !own {
		return false
	}
	if isServer(data, strings.EqualFold(filepath.Base(path), "server.json")) {
		return true
	}
	var export struct {
		Servers []struct {
			Server json.RawMessage `json:"server"`
		} `json:"servers"`
	}
	return json.Unmarshal(data, &export) == nil && len(export.Servers) > 0 && isServer(export.Servers[0].Server, false)
}

// isServer reports whether raw is a server.json object: one that names
// the schema, or (named server.json, or with the fields only a server.json
// has) one that is not a tool list or a client config.
func isServer(raw json.RawMessage, named bool) bool {
	var probe map[string]json.RawMessage
	if json.Unmarshal(raw, &probe) != nil || probe == nil {
		return false
	}
	var schema string
	json.Unmarshal(probe["$schema"], &schema)
	if strings.Contains(schema, schemaMarker) && strings.HasSuffix(schema, "server.schema.json") {
		return true
	}
	for _, other := range []string{"tools", "mcpServers", "servers", "jsonrpc", "result"} {
		if _, ok := probe[other]; ok {
			return false
		}
	}
	_, hasName := probe["name"]
	_, hasPackages := probe["packages"]
	_, hasRemotes := probe["remotes"]
	return named || hasName && (hasPackages || hasRemotes)
}

// maxProblems is how many of the schema's mismatches an entry lists, so
// that a file that is something else entirely is not answered with pages.
const maxProblems = 20

// Parse reads a registry document (see Sniff) and validates each of its
// servers. An error means the file is not a registry document at all;
// invalid servers come back with their Problems.
func Parse(file string, data []byte) (*Document, error) {
	// A byte order mark is no JSON, but editors write one; LocateIn
	// counts no column for it.
	body := bytes.TrimSpace(bytes.TrimPrefix(data, bom))
	// Each server is kept as its own bytes, decoded once for the schema
	// and once for what mcplint reads: an export of thousands of servers
	// is never held as one generic tree.
	if err := checkJSON(body); err != nil {
		return nil, fmt.Errorf("%s: not JSON: %v", file, err)
	}
	doc := &Document{File: file}
	var values []json.RawMessage
	var pointers []string
	switch body[0] {
	case '[':
		doc.Shape = ShapeList
		if err := json.Unmarshal(body, &values); err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		for i := range values {
			pointers = append(pointers, "/"+strconv.Itoa(i))
		}
	case '{':
		var export struct {
			Servers json.RawMessage `json:"servers"`
		}
		json.Unmarshal(body, &export)
		var items []json.RawMessage
		if len(export.Servers) > 0 && export.Servers[0] == '[' && json.Unmarshal(export.Servers, &items) == nil {
			doc.Shape = ShapeExport
			for i, item := range items {
				p := "/servers/" + strconv.Itoa(i)
				var wrap struct {
					Server json.RawMessage `json:"server"`
				}
				if len(item) > 0 && item[0] == '{' && json.Unmarshal(item, &wrap) == nil && len(wrap.Server) > 0 {
					item, p = wrap.Server, p+"/server"
				}
				values, pointers = append(values, item), append(pointers, p)
			}
			break
		}
		doc.Shape = ShapeServer
		values, pointers = []json.RawMessage{body}, []string{""}
	default:
		return nil, fmt.Errorf("%s: a server.json is a JSON object; this file holds %s", file, describe(body[0]))
	}
	if len(values) == 0 {
		return nil, fmt.Errorf("%s: the file lists no servers", file)
	}
	schema, err := compiled()
	if err != nil {
		return nil, err
	}
	var wanted []string
	for i, raw := range values {
		e := Entry{Pointer: pointers[i]}
		if err := json.Unmarshal(raw, &e.Server); err != nil {
			// The schema names what is wrong; the struct only reads the
			// parts a valid entry has.
			e.Server = Server{}
		}
		e.Problems = validate(schema, raw, e.Server)
		doc.Entries = append(doc.Entries, e)
		wanted = append(wanted, entryPointers(&doc.Entries[len(doc.Entries)-1])...)
	}
	locs := static.LocateIn(file, data, wanted)
	for i := range doc.Entries {
		e := &doc.Entries[i]
		for j := range e.Problems {
			e.Problems[j].Location = locs[e.Pointer+e.Problems[j].At]
		}
		slices.SortStableFunc(e.Problems, func(a, b Problem) int {
			return cmp.Or(a.Location.Line-b.Location.Line, a.Location.Column-b.Location.Column)
		})
		e.Locations = map[string]sdk.Location{}
		for key, p := range fieldPointers(e) {
			if l, ok := locs[e.Pointer+p]; ok {
				e.Locations[key] = l
			}
		}
	}
	return doc, nil
}

// fieldPointers are the parts of an entry that Locations places, by key.
func fieldPointers(e *Entry) map[string]string {
	out := map[string]string{"name": "/name", "version": "/version"}
	for i := range e.Server.Remotes {
		k := fmt.Sprintf("remote[%d]", i)
		out[k] = fmt.Sprintf("/remotes/%d", i)
		out[k+".type"] = fmt.Sprintf("/remotes/%d/type", i)
	}
	for i := range e.Server.Packages {
		k := fmt.Sprintf("package[%d]", i)
		out[k] = fmt.Sprintf("/packages/%d", i)
		out[k+".transport"] = fmt.Sprintf("/packages/%d/transport/type", i)
	}
	return out
}

// entryPointers are the file pointers Parse needs placed for e.
func entryPointers(e *Entry) []string {
	var out []string
	for _, p := range e.Problems {
		out = append(out, e.Pointer+p.At)
	}
	for _, p := range fieldPointers(e) {
		out = append(out, e.Pointer+p)
	}
	return out
}

// checkJSON is why data is not one JSON value; nil when it is.
func checkJSON(data []byte) error {
	if len(data) == 0 {
		return errors.New("the file is empty")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var skip json.RawMessage
	if err := dec.Decode(&skip); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value")
	}
	return nil
}

// describe names the kind of a JSON value, by its first byte, for
// messages.
func describe(first byte) string {
	switch first {
	case 'n':
		return "null"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	}
	return "a number"
}
