package static

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// TestErrors checks the message for every file in testdata/errors against
// its golden file. Set MCPLINT_UPDATE_GOLDEN=1 to rewrite them.
func TestErrors(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "errors", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".json"), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Decode(name, data)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an *Error", err)
			}
			shape := strings.HasPrefix(name, "shape_") || name == "empty.json" || name == "blank.json"
			if errors.Is(err, sdk.ErrNotToolList) != shape {
				t.Errorf("errors.Is(err, sdk.ErrNotToolList) is %v, want %v", !shape, shape)
			}
			var syn *json.SyntaxError
			if errors.As(err, &syn) == shape {
				t.Errorf("errors.As(err, *json.SyntaxError) is %v, want %v", shape, !shape)
			}
			got := err.Error() + "\n"
			golden := strings.TrimSuffix(path, ".json") + ".golden"
			if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with MCPLINT_UPDATE_GOLDEN=1 to create it)", err)
			}
			if got != string(want) {
				t.Errorf("got  %swant %s", got, want)
			}
		})
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name, file, data string
		tools            int
		instructions     string
		hasInstructions  bool
	}{
		{"tools/list result", "dir/tools.json", `{"tools":[{"name":"a"},{"name":"b"}],"instructions":"Be brief.","nextCursor":"x"}`, 2, "Be brief.", true},
		{"empty instructions", "tools.json", `{"tools":[],"instructions":""}`, 0, "", true},
		{"null instructions", "tools.json", `{"tools":[],"instructions":null}`, 0, "", false},
		{"bare array", "list.json", `[{"name":"a"}]`, 1, "", false},
		{"JSON-RPC", "resp.json", `{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"a"}],"instructions":"hi"}}`, 1, "hi", true},
		{"JSON-RPC with a null id", "resp.json", `{"id":null,"result":[]}`, 0, "", false},
		{"a tool of the wrong field types", "tools.json", `{"tools":[{"name":7,"inputSchema":"object"}]}`, 1, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			snap, err := Decode(tc.file, []byte(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			// What the user named the file is the loader's to say.
			if snap.Name != "" || snap.Input != "" || snap.Source != sdk.SourceStatic || snap.Locator == nil {
				t.Errorf("Name %q, Input %q, Source %q, Locator %v; want none, none, %q and a Locator", snap.Name, snap.Input, snap.Source, snap.Locator, sdk.SourceStatic)
			}
			if len(snap.Tools) != tc.tools || snap.Instructions != tc.instructions || snap.HasInstructions != tc.hasInstructions {
				t.Errorf("%d tools, instructions %q (%v); want %d, %q (%v)",
					len(snap.Tools), snap.Instructions, snap.HasInstructions, tc.tools, tc.instructions, tc.hasInstructions)
			}
		})
	}
}

// TestDecodeGatedTools reads back the capability-gated tools a dump
// records in its result's _meta, inside a JSON-RPC response too, and places
// them in the file; a malformed record is refused at the offending value
// (testdata/errors/shape_gated_*.json).
func TestDecodeGatedTools(t *testing.T) {
	const file = `{
  "tools": [
    {"name": "echo", "inputSchema": {"type": "object"}}
  ],
  "_meta": {
    "mcplint/capability-gated-tools-v1": [
      {
        "capabilities": ["roots"],
        "tools": [
          {"name": "get_roots", "description": "Lists the client's roots.", "inputSchema": {"type": "object"}}
        ]
      }
    ]
  }
}
`
	for _, data := range []string{file, `{"jsonrpc": "2.0", "id": 1, "result": ` + file + `}`} {
		snap, err := Decode("tools.json", []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		if len(snap.Relisted) != 1 {
			t.Fatalf("relisted %+v, want one listing", snap.Relisted)
		}
		l := snap.Relisted[0]
		if l.Probe != sdk.ProbeDumped || !slices.Equal(l.Capabilities, []string{"roots"}) || len(l.Tools) != 1 || l.Tools[0].Name != "get_roots" || l.Tools[0].Description != "Lists the client's roots." {
			t.Errorf("listing %+v", l)
		}
		if len(snap.Tools) != 1 || snap.Tools[0].Name != "echo" {
			t.Errorf("tools %+v, want echo alone", snap.Tools)
		}
		at := l.Pointer + "/tools/0/name"
		if loc := snap.Locator.Locate([]string{l.Pointer, at}); loc[l.Pointer].Line != 7 || loc[at].Line != 10 {
			t.Errorf("placed at %+v, want lines 7 and 10", loc)
		}
		checkAgainstReference(t, snap, []byte(data))
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "server.tools.json")
	if err := os.WriteFile(path, []byte(pretty), 0o644); err != nil {
		t.Fatal(err)
	}
	snap, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Tools) != 2 {
		t.Errorf("%d tools, want 2", len(snap.Tools))
	}
	if loc := snap.Locator.Locate([]string{"/tools/1/name"})["/tools/1/name"]; loc.File != path || loc.Line != 15 {
		t.Errorf("located at %+v, want %s line 15", loc, path)
	}

	missing := filepath.Join(dir, "missing.json")
	_, err = Load(missing)
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), missing) {
		t.Errorf("got %v, want a not-exist error naming %s", err, missing)
	}
}

// TestCheckSyntaxAgrees runs the message-writing check over every error
// fixture: it must stop where encoding/json does.
func TestCheckSyntaxAgrees(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "errors", "*.json"))
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if msg := syntaxAgreement(data); msg != "" {
			t.Errorf("%s: %s", path, msg)
		}
	}
}

func TestCheckSyntax(t *testing.T) {
	deep := strings.Repeat("[", maxDepth)
	tests := []struct {
		data string
		off  int
		msg  string
	}{
		{deep + strings.Repeat("]", maxDepth), -1, ""},
		{deep + "[" + strings.Repeat("]", maxDepth+1), maxDepth, "unexpected '[', the nesting is deeper than 10000 levels"},
		{`{"a":[1,2}`, 9, "unexpected '}', expected ',' or ']' after element 1"},
		{`{"a":nul}`, 8, `unexpected '}', expected "null"`},
		{`[-]`, 2, "unexpected ']', expected a digit after '-'"},
		{`[1e+]`, 4, "unexpected ']', expected a digit in the exponent"},
		{`["\u12`, 6, `unexpected end of file, expected 4 hexadecimal digits after \u (the array that starts at 1:1 is not closed)`},
		{`["ab`, 4, `unexpected end of file: the string that starts at 1:2 is not closed`},
		{`[NaN]`, 1, "unexpected 'N', expected a value (an object, array, string, number, true, false or null); JSON has no NaN or Infinity; use null or a string"},
		{"[\u00a0]", 1, `unexpected '\u00a0', expected a value (an object, array, string, number, true, false or null)`},
	}
	for _, tc := range tests {
		se := checkSyntax([]byte(tc.data))
		switch {
		case tc.off < 0 && se != nil:
			t.Errorf("%.40q: got %d %q, want no error", tc.data, se.off, se.msg)
		case tc.off >= 0 && (se == nil || se.off != tc.off || se.msg != tc.msg):
			t.Errorf("%.40q: got %+v, want {off:%d msg:%q}", tc.data, se, tc.off, tc.msg)
		}
		if msg := syntaxAgreement([]byte(tc.data)); msg != "" {
			t.Errorf("%.40q: %s", tc.data, msg)
		}
	}
}
