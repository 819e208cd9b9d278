package inputfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

func TestCheckTOML(t *testing.T) {
	s := Shape{Depth: 8, Elements: 50, What: "config file"}
	for _, tc := range []struct {
		name, doc string
		want      string // "" for no error
	}{
		{"a real config", "version = 1\n[output]\nformat = \"text\" # [[[[[[[[[[\n[rules.hidden-unicode-tag]\nseverity = 'error'\nx = \"\"\"\n[[[[[[[[[[[\n\"\"\"\n", ""},
		{"nested arrays", "a = " + strings.Repeat("[", 9) + strings.Repeat("]", 9), "f:1:12: the file is nested deeper than the 8 levels a config file may hold"},
		{"inline tables", "\n\nb = " + strings.Repeat("{c = ", 9), "f:3:40: the file is nested deeper"},
		{"dotted key", "a" + strings.Repeat(".a", 8) + " = 1", "f:1:16: the file is nested deeper"},
		{"table header", "[a" + strings.Repeat(".a", 8) + "]", "f:1:17: the file is nested deeper"},
		{"header then array", "[a.b.c]\nd.e = [[[[[[1]]]]]]", "f:2:10: the file is nested deeper"},
		{"many keys", strings.Repeat("k = 1\n", 51), "f:51:1: the file holds more than the 50 values, keys and items a config file may hold"},
		{"many items", "a = [" + strings.Repeat("1,", 60) + "]", "f:1:103: the file holds more than the 50"},
		{"keys in inline tables", "a = {" + strings.Repeat("b.c = 1, ", 10) + "}", ""},
	} {
		err := s.CheckTOML("f", []byte(tc.doc))
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)) {
			t.Errorf("%s: CheckTOML = %v, want %q", tc.name, err, tc.want)
		}
		if tc.want != "" && !errors.As(err, new(*ShapeError)) {
			t.Errorf("%s: %T is not a *ShapeError", tc.name, err)
		}
	}
}

// TestCheckTOMLPassesRealConfigs checks that the repository's own configs
// and the starter config pass the config limits, which must stay far above
// anything a person writes.
func TestCheckTOMLPassesRealConfigs(t *testing.T) {
	var files []string
	filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".toml") {
			files = append(files, path)
		}
		return err
	})
	if len(files) < 20 {
		t.Fatalf("found %d TOML files; the walk is broken", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v map[string]any
		if _, err := toml.Decode(string(data), &v); err != nil {
			continue // a fixture of a syntax error
		}
		if err := ConfigShape.CheckTOML(f, data); err != nil {
			t.Errorf("%v", err)
		}
	}
}

func TestCheckJSON(t *testing.T) {
	s := Shape{Depth: 4, Elements: 20, What: "baseline"}
	for _, tc := range []struct {
		name, doc string
		want      string
	}{
		{"a baseline", `{"version":1,"issues":[{"rule":"a]]]]]]","hash":"sha256:1","count":2}]}`, ""},
		{"deep", "{\"a\":\n  [[[[1]]]]}", "f:2:6: the file is nested deeper than the 4 levels a baseline may hold"},
		{"long", "[" + strings.Repeat(`"x",`, 20) + "1]", "f:1:80: the file holds more than the 20 values, keys and items a baseline may hold"},
		{"escaped quotes", `["\"[[[[[[[[", true, null, -1.5e3]`, ""},
	} {
		err := s.CheckJSON("f", []byte(tc.doc))
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)) {
			t.Errorf("%s: CheckJSON = %v, want %q", tc.name, err, tc.want)
		}
	}
}
