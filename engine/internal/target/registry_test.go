package target

import (
	"fmt"
	"strings"
	"testing"
)

// TestRegistryTargets resolves registry documents: each remote and
// package a target named NAME#VARIANT, the variants of one server a group
// of their own, their claims and declaring line kept; a bad entry of an
// export skipped with its errors; --server NAME picking a server's
// variants; and a file named as a tool list never read as one.
func TestRegistryTargets(t *testing.T) {
	dir := t.TempDir()
	one := `{"name": "io.github.acme/notes", "description": "Notes", "version": "1.0.0",
 "remotes": [{"type": "streamable-http", "url": "https://notes.example.com/mcp"}],
 "packages": [{"registryType": "npm", "identifier": "acme-notes", "version": "1.0.0", "transport": {"type": "stdio"}}]}`
	tree(t, dir, map[string]string{
		"server.json": one,
		"export.json": `{"servers": [{"server": ` + one + `},
 {"server": {"name": "maps", "description": "Maps", "version": "2.0.0"}}]}`,
		"tools.json": one,
	})
	ts, err := Resolve([]string{"server.json"}, nil, Options{Dir: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tg := range ts {
		got = append(got, fmt.Sprintf("%s kind=%d group=%s url=%s cmd=%q line=%d claim=%s@%s/%s", tg.Name, tg.Kind, tg.Group, tg.URL, tg.Command,
			tg.DeclaredLine, tg.Registry.Name, tg.Registry.Version, tg.Registry.Transport))
	}
	want := []string{
		`io.github.acme/notes#remote[0] kind=4 group=server.json#io.github.acme/notes url=https://notes.example.com/mcp cmd=[] line=2 claim=io.github.acme/notes@1.0.0/streamable-http`,
		`io.github.acme/notes#package[0] kind=3 group=server.json#io.github.acme/notes url= cmd=["npx" "-y" "acme-notes@1.0.0"] line=3 claim=io.github.acme/notes@1.0.0/stdio`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("server.json:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	ts, err = Resolve([]string{"export.json"}, nil, Options{Dir: dir, Server: "io.github.acme/notes"})
	if err != nil || len(ts) != 2 {
		t.Fatalf("--server io.github.acme/notes: %d targets, %v", len(ts), err)
	}
	ts, err = Resolve([]string{"export.json"}, nil, Options{Dir: dir})
	if err != nil || len(ts) != 3 {
		t.Fatalf("export: %d targets, %v", len(ts), err)
	}
	if bad := ts[2]; bad.Name != "maps" || !strings.Contains(bad.Skip, `export.json:4:22: name "maps" has no namespace`) {
		t.Errorf("bad entry: %s skip %q", bad.Name, bad.Skip)
	}

	tree(t, dir, map[string]string{"versions.json": `{"servers": [{"server": ` + one + `}, {"server": ` + strings.Replace(one, `"1.0.0"`, `"1.1.0"`, 1) + `}]}`})
	ts, err = Resolve([]string{"versions.json"}, nil, Options{Dir: dir})
	if err != nil || len(ts) != 4 || ts[0].Name != "io.github.acme/notes@1.0.0#remote[0]" || ts[2].Name != "io.github.acme/notes@1.1.0#remote[0]" || ts[0].Group == ts[2].Group {
		t.Errorf("two versions of one server: %d targets, %v", len(ts), err)
		for _, tg := range ts {
			t.Logf("%s group %s", tg.Name, tg.Group)
		}
	}

	ts, err = Resolve([]string{"tools.json"}, nil, Options{Dir: dir})
	if err != nil || len(ts) != 1 || ts[0].Kind != Static {
		t.Errorf("tools.json: %+v, %v; want a static tool list", ts, err)
	}
}
