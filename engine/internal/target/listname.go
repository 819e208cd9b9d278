package target

import (
	"fmt"
	"path/filepath"
	"regexp"
)

// listName matches the file names the pre-commit hook and the GitHub
// Action hand to mcplint as tool lists or traces: tools.json (also
// *.tools.json, *-tools.json, *_tools.json) and trace.jsonl (also
// *.trace.jsonl). Such files are committed data, linted on every commit,
// so their content must never decide that mcplint runs a command.
var listName = regexp.MustCompile(`^([^/]*[._-])?tools\.json$|^([^/]*\.)?trace\.jsonl$`)

// isListName reports whether path's file name is one a tool list or trace
// is saved under, never read as a client config without --server.
func isListName(path string) bool {
	return listName.MatchString(filepath.Base(path))
}

// listNameError refuses a client config saved under a tool list's or a
// trace's name: reading it as one would start its servers' commands.
func listNameError(input string) error {
	return fmt.Errorf("%s: this file holds a client config, but its name is one a tool list or trace is saved under "+
		"(tools.json, *.tools.json, *-tools.json, *_tools.json, trace.jsonl, *.trace.jsonl), and mcplint never starts "+
		"the commands of a file so named unasked: rename it (for example mcp.json), or name the server to start with --server NAME", input)
}
