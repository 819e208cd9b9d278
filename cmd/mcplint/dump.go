package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/internal/atomicfile"
	"github.com/mcplint/mcplint/sdk"
)

func init() {
	register(command{name: "dump", summary: "write a server's tool list as a static JSON file", run: runDump})
}

const dumpUsage = `Usage: mcplint dump [-o FILE] TARGET
       mcplint dump [-o FILE] -- COMMAND [ARGS...]

Reads one server the way the lint command does (a live command, a recorded
trace or a static tool list) and writes its tools as {"tools": [...]}, a
static tool list that mcplint lints later without starting the server. The
tools of a live session or trace are written as the server sent them, every
page of tools/list in order, keys in the server's order; a static file's are
re-encoded. Use it to keep a server's tools as a fixture or a benchmark.

A live lint's second session declares the roots capability, and a server
may list it tools that it does not show the main session, which declares
nothing (capability-gated-tools). The file keeps those in its "_meta",
which other MCP tools ignore, so that a lint of it counts them as existing
as the live lint does (dangling-tool-reference):

  "_meta": {"mcplint/capability-gated-tools-v1": [
    {"capabilities": ["roots"], "tools": [{"name": "get-roots-list", ...}]}
  ]}

one object for each set of capabilities, with the whole definition of each
tool (re-encoded). A dump of such a file keeps them; a trace has none.

Flags:
%s
Example:
  mcplint dump -o everything.json -- npx @modelcontextprotocol/server-everything
`

func runDump(ctx context.Context, c *cli, args []string) int {
	fs := flag.NewFlagSet("dump", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	output := fs.String("output", "", "write the tool list to `FILE` instead of standard output")
	fs.StringVar(output, "o", "", shorthandPrefix+"output")
	positional, command, err := parseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(c.Stdout, dumpUsage, printFlags(fs))
			return exitOK
		}
		return usageError(c, "dump: %v", err)
	}
	if len(positional)+btoi(command != nil) != 1 {
		return usageError(c, "dump: name one server: mcplint dump TARGET, or mcplint dump -- COMMAND [ARGS...]")
	}
	snaps, skipped, err := loadSnapshots(ctx, c, loadRequest{positional: positional, command: command})
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint dump: %v\n", err)
		return exitTarget
	}
	if len(snaps) == 0 && len(skipped) > 0 {
		fmt.Fprintf(c.Stderr, "mcplint dump: %s: skipped: %s\n", report.Escape(skipped[0].Name), report.Escape(skipped[0].Reason))
		return exitTarget
	}
	if len(snaps) != 1 {
		return usageError(c, "dump: the target holds %d servers; name one (a client config's server with --server is not supported here: give its command after --)", len(snaps))
	}
	out, err := dumpTools(snaps[0])
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint dump: %s: %v\n", snaps[0].Name, err)
		return exitTarget
	}
	if *output == "" {
		if _, err := c.Stdout.Write(out); err != nil {
			fmt.Fprintf(c.Stderr, "mcplint dump: writing the tool list: %v\n", err)
			return exitTarget
		}
		return exitOK
	}
	file := resolvePath(c.Dir, *output)
	if err := atomicfile.WriteFile(file, out, 0o644); err != nil {
		fmt.Fprintf(c.Stderr, "mcplint dump: %v\n", err)
		return exitTarget
	}
	fmt.Fprintf(c.Stderr, "wrote %d tools of server %q to %s\n", len(snaps[0].Tools), snaps[0].Name, filepath.Clean(*output))
	return exitOK
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dumpTools renders a Snapshot as an indented static tool list. From a
// session (live or trace) it takes the bytes the server sent: the
// initialize result's protocolVersion, serverInfo and instructions, and
// every page of tools/list, prompts/list, resources/list and
// resources/templates/list, so that the file holds what the server said
// and a static lint of it sees what the session saw. The tools that only
// sessions declaring a capability saw go in "_meta" (sdk.MetaGatedTools).
func dumpTools(snap *sdk.Snapshot) ([]byte, error) {
	var doc []dumpField
	if snap.Transcript != nil {
		var err error
		if doc, err = sessionFields(snap.Transcript.Records); err != nil {
			return nil, err
		}
	} else {
		tools := make([]json.RawMessage, 0, len(snap.Tools))
		for _, t := range snap.Tools {
			b, err := json.Marshal(t)
			if err != nil {
				return nil, fmt.Errorf("encoding tool %q: %w", t.Name, err)
			}
			tools = append(tools, b)
		}
		b, _ := json.Marshal(tools)
		doc = []dumpField{{"tools", b}}
	}
	if gated := sdk.Gated(snap); gated != nil {
		meta, err := json.Marshal(map[string][]sdk.GatedTools{sdk.MetaGatedTools: gated})
		if err != nil {
			return nil, fmt.Errorf("encoding the capability-gated tools: %w", err)
		}
		doc = append(doc, dumpField{"_meta", meta})
	}
	var compact bytes.Buffer
	compact.WriteByte('{')
	for i, f := range doc {
		if i > 0 {
			compact.WriteByte(',')
		}
		k, _ := json.Marshal(f.key)
		compact.Write(k)
		compact.WriteByte(':')
		compact.Write(f.value)
	}
	compact.WriteByte('}')
	var out bytes.Buffer
	if err := json.Indent(&out, compact.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// dumpField is one top-level member of a dumped tool list, in file order.
type dumpField struct {
	key   string
	value json.RawMessage
}

// listMethods are the paginated lists a dump keeps: the method, the
// result's array, and the static file's key for it.
var listMethods = []struct{ method, array string }{
	{"tools/list", "tools"},
	{"prompts/list", "prompts"},
	{"resources/list", "resources"},
	{"resources/templates/list", "resourceTemplates"},
}

// sessionFields collects, in order, what a session's transcript says about
// the server: the initialize result's fields, and the items of every page
// of the last listing of each list the client asked for (a request
// without a cursor starts a listing: a client lists again after
// list_changed, or to confirm a list).
func sessionFields(records []sdk.Record) ([]dumpField, error) {
	type message struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Cursor *string `json:"cursor"`
		} `json:"params"`
		Result map[string]json.RawMessage `json:"result"`
	}
	asked := map[string]string{} // request id -> method
	starts := map[string]bool{}  // request id -> it starts a listing
	lists := map[string][]json.RawMessage{}
	var initResult map[string]json.RawMessage
	toolPages := 0
	for _, r := range records {
		if len(r.Msg) == 0 || (r.Dir != sdk.DirClientToServer && r.Dir != sdk.DirServerToClient) {
			continue
		}
		var m message
		if json.Unmarshal(r.Msg, &m) != nil || len(m.ID) == 0 {
			continue
		}
		id := string(m.ID)
		if r.Dir == sdk.DirClientToServer {
			if m.Method != "" {
				asked[id] = m.Method
				starts[id] = m.Params.Cursor == nil
			}
			continue
		}
		method, ok := asked[id]
		if !ok || m.Method != "" || m.Result == nil {
			continue
		}
		delete(asked, id)
		if method == "initialize" {
			initResult = m.Result
			continue
		}
		for _, l := range listMethods {
			if l.method != method {
				continue
			}
			var items []json.RawMessage
			if json.Unmarshal(m.Result[l.array], &items) != nil {
				return nil, fmt.Errorf("a %s result's %q is not an array", method, l.array)
			}
			if starts[id] {
				lists[l.array] = nil
			}
			lists[l.array] = append(lists[l.array], items...)
			if method == "tools/list" {
				toolPages++
			}
		}
	}
	if toolPages == 0 {
		return nil, errors.New("the session holds no tools/list result: the server lists no tools, or did not answer tools/list (lint it to see why)")
	}
	var doc []dumpField
	for _, k := range []string{"protocolVersion", "serverInfo", "instructions"} {
		if v, ok := initResult[k]; ok {
			doc = append(doc, dumpField{k, v})
		}
	}
	for _, l := range listMethods {
		if items, ok := lists[l.array]; ok || l.array == "tools" {
			if items == nil {
				items = []json.RawMessage{}
			}
			b, err := json.Marshal(items)
			if err != nil {
				return nil, err
			}
			doc = append(doc, dumpField{l.array, b})
		}
	}
	return doc, nil
}
