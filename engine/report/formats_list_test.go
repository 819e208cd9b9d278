package report

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/result"
)

// TestFormatsFollowTheConfig: the formats are those config.Formats names,
// in its order, so --format, the help and the config file accept the same.
func TestFormatsFollowTheConfig(t *testing.T) {
	if got := FormatNames(); !slices.Equal(got, config.Formats) {
		t.Errorf("formats %v, config.Formats %v: want the same names in the same order", got, config.Formats)
	}
}

func TestFormatsOfRefusesANameWithoutAWriter(t *testing.T) {
	w := func(io.Writer, *result.Report, TextOptions) error { return nil }
	if _, err := formatsOf([]string{"text", "xml"}, map[string]func(io.Writer, *result.Report, TextOptions) error{"text": w}); err == nil || !strings.Contains(err.Error(), `"xml" has no writer`) {
		t.Errorf("a name without a writer: err = %v, want it named", err)
	}
	if _, err := formatsOf([]string{"text"}, map[string]func(io.Writer, *result.Report, TextOptions) error{"text": w, "xml": w}); err == nil || !strings.Contains(err.Error(), `"xml" has a writer but is not in config.Formats`) {
		t.Errorf("a writer without a name: err = %v, want it named", err)
	}
	got, err := formatsOf([]string{"b", "a"}, map[string]func(io.Writer, *result.Report, TextOptions) error{"a": w, "b": w})
	if err != nil || len(got) != 2 || got[0].Name != "b" || got[1].Name != "a" {
		t.Errorf("formatsOf = %v, %v; want b then a", got, err)
	}
}
