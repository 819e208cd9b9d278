package report

import (
	"slices"
	"testing"

	"github.com/mcplint/mcplint/config"
)

// TestFormatsFollowTheConfig: the formats are those config.Formats names,
// in its order, so --format, the help and the config file accept the same.
// The config cannot import the formats (it imports sdk only), so this test
// is what keeps the two lists one.
func TestFormatsFollowTheConfig(t *testing.T) {
	if got := FormatNames(); !slices.Equal(got, config.Formats) {
		t.Errorf("formats %v, config.Formats %v: want the same names in the same order", got, config.Formats)
	}
}
