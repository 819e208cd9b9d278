package report

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
)

// TestWorksWith checks the per-client verdicts in the formats that show
// them: a text line, a Markdown column, a JSON object in selection order
// that the report schema accepts; and that no client selected shows none.
func TestWorksWith(t *testing.T) {
	r := sample()
	r.Targets[0].Clients = result.Clients{
		{Client: "gemini", Tools: 3, Findings: 5},
		{Client: "claude", Works: true},
		{Client: "cursor", Server: true, Tools: 1, Findings: 2},
	}
	var text bytes.Buffer
	if err := WriteText(&text, r, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "works with: gemini ✗ 3 tools · claude ✓ · cursor ✗ too many tools, 1 tool"
	if !strings.Contains(text.String(), want) {
		t.Errorf("text report lacks %q:\n%s", want, text.String())
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| Works with |") || !strings.Contains(md.String(), "| gemini ✗ 3 tools · claude ✓ · cursor ✗ too many tools, 1 tool |") {
		t.Errorf("Markdown scorecard lacks the works-with column:\n%s", md.String())
	}
	var js bytes.Buffer
	if err := WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	ValidateAgainstSchema(t, js.Bytes())
	if !strings.Contains(js.String(), `"clients": {`) {
		t.Fatalf("JSON report lacks the clients object:\n%s", js.String())
	}
	var back result.Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, v := range back.Targets[0].Clients {
		order = append(order, v.Client)
	}
	if !slices.Equal(order, []string{"gemini", "claude", "cursor"}) || back.Targets[0].Clients[2] != r.Targets[0].Clients[2] {
		t.Errorf("clients read back as %+v", back.Targets[0].Clients)
	}

	plain := sample()
	text.Reset()
	md.Reset()
	if err := WriteText(&text, plain, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&md, plain); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text.String(), "works with") || strings.Contains(md.String(), "Works with") {
		t.Errorf("a report without selected clients speaks of them")
	}
}
