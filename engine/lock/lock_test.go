package lock

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/pin"
	"github.com/mcplint/mcplint/sdk"
)

func snapshot(t *testing.T, doc string) *sdk.Snapshot {
	t.Helper()
	s, _, err := sdk.DecodeSnapshot([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	s.Name = "calc"
	return s
}

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if _, err := Read(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Read of a missing file: %v, want fs.ErrNotExist", err)
	}
	f, err := ReadOrNew(path)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Pin(snapshot(t, `{"instructions":"Be brief.","tools":[{"name":"add","description":"Adds.","inputSchema":{"type":"object","properties":{"a":{"type":"number"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	f.Servers["calc"] = e
	f.Servers["other"] = &sdk.LockEntry{Tools: map[string]sdk.ToolPin{}}
	if err := Write(path, f); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("Write left %d files in the folder, want only the lock file", len(entries))
	}
	data, _ := os.ReadFile(path)
	text := string(data)
	if !strings.HasPrefix(text, "{\n  \"version\": 1,\n  \"servers\": {\n    \"calc\"") || !strings.HasSuffix(text, "}\n") || strings.Index(text, "\"other\"") < strings.Index(text, "\"calc\"") {
		t.Errorf("lock file is not sorted, indented JSON:\n%s", text)
	}
	got, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	pin := Entry(got, "calc")
	if pin == nil || pin.Instructions != e.Instructions || pin.Tools["add"].SHA256 != e.Tools["add"].SHA256 {
		t.Errorf("read back %+v, want %+v", pin, e)
	}
	if len(pin.Tools["add"].Parts) != 4 { // /name, /description, /inputSchema, /inputSchema/properties/a
		t.Errorf("parts = %v, want 4", pin.Tools["add"].Parts)
	}
	if Entry(got, "missing") != nil {
		t.Error("Entry of an unknown server is not nil")
	}
}

// The pin is of what the definition means, not how it was written.
func TestPinIsCanonical(t *testing.T) {
	a, err := Pin(snapshot(t, `{"tools":[{"name":"add","description":"Adds \u0026 sums.","inputSchema":{"type":"object","properties":{"a":{"type":"number","minimum":1.0}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Pin(snapshot(t, `{"tools":[{"inputSchema":{"properties":{"a":{"minimum":1,"type":"number"}},"type":"object"},"description":"Adds & sums.","name":"add"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if a.Tools["add"].SHA256 != b.Tools["add"].SHA256 {
		t.Errorf("same definition, different pins: %s and %s", a.Tools["add"].SHA256, b.Tools["add"].SHA256)
	}
	c, _ := Pin(snapshot(t, `{"tools":[{"name":"add","description":"Adds & sums!","inputSchema":{"type":"object","properties":{"a":{"type":"number","minimum":1}}}}]}`))
	if c.Tools["add"].SHA256 == a.Tools["add"].SHA256 {
		t.Error("a changed description kept its pin")
	}
	added, removed, changed := pin.ChangedParts(a.Tools["add"], c.Tools["add"])
	if len(added) != 0 || len(removed) != 0 || len(changed) != 1 || changed[0] != "/description" {
		t.Errorf("ChangedParts = %v %v %v, want only /description changed", added, removed, changed)
	}
}

func TestReadRejects(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"version": `{"version": 2, "servers": {}}`,
		"unknown": `{"version": 1, "servers": {}, "extra": true}`,
		"syntax":  `{"version": 1,`,
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(path); err == nil || !strings.Contains(err.Error(), "mcplint lock") {
			t.Errorf("%s: Read = %v, want an error that says how to fix it", name, err)
		}
	}
}
