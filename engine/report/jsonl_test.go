package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestWriteJSONL holds the JSON Lines report to the JSON report: a line per
// target that decodes to that target's element of "targets", then the
// summary line, each valid against docs/schema/report.v1.jsonl.json.
func TestWriteJSONL(t *testing.T) {
	rep := sample()
	rep.Skipped = []result.Skipped{{Name: "remote", Input: "mcp.json", Reason: "an http server"}}
	var lines, whole bytes.Buffer
	if err := WriteJSONL(&lines, rep); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&whole, rep); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsRune(lines.String(), '\u202e') {
		t.Errorf("JSON Lines report carries raw bidi characters")
	}
	var want map[string]json.RawMessage
	if err := json.Unmarshal(whole.Bytes(), &want); err != nil {
		t.Fatal(err)
	}
	var targets []json.RawMessage
	if err := json.Unmarshal(want["targets"], &targets); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(lines.String(), "\n"), "\n")
	if len(got) != len(rep.Targets)+1 {
		t.Fatalf("%d lines for %d targets, want one per target and the summary:\n%s", len(got), len(rep.Targets), lines.String())
	}
	sch := compileSchema(t, "report.v1.jsonl.json")
	for i, line := range got {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(line))
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("line %d does not match docs/schema/report.v1.jsonl.json:\n%v", i+1, err)
		}
		if i < len(rep.Targets) {
			sameJSON(t, []byte(line), targets[i])
		}
	}
	var tail map[string]json.RawMessage
	if err := json.Unmarshal([]byte(got[len(got)-1]), &tail); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"version", "mcplint", "skipped", "summary"} {
		sameJSON(t, tail[key], want[key])
	}
}

// sameJSON fails unless a and b are the same JSON value.
func sameJSON(t *testing.T, a, b []byte) {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	if !bytes.Equal(xs, ys) {
		t.Errorf("got %s\nwant %s", xs, ys)
	}
}

// compileSchema compiles docs/schema/NAME, whose references to the JSON
// report's schema are resolved to the file beside it.
func compileSchema(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	dir := filepath.Join("..", "..", "docs", "schema")
	f, err := os.Open(filepath.Join(dir, "report.v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("https://github.com/mcplint/mcplint/docs/schema/report.v1.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return sch
}
