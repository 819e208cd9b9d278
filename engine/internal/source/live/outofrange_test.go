package live

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/mcptest"
)

// A tool whose schema holds a number past float64's range is listed, with
// the number as written, as the static source reads it.
func TestToolWithANumberPastFloat64IsListed(t *testing.T) {
	s, err := load(t, command(mcptest.Server(t, "outofrange")), Options{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tools) != 1 || s.Tools[0].Name != "clamp" {
		t.Fatalf("tools %+v, want clamp", s.Tools)
	}
	schema, _ := s.Tools[0].InputSchema.(map[string]any)
	props, _ := schema["properties"].(map[string]any)
	value, _ := props["value"].(map[string]any)
	if value["maximum"] != json.Number("1e309") {
		t.Errorf("value %#v, want maximum 1e309 as written", value)
	}
}
