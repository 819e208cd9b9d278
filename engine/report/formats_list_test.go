package report

import (
	"slices"
	"testing"

	"github.com/mcplint/mcplint/config"
)

// TestFormatsAreTheConfigs: the [output] format values the config accepts
// are exactly the formats there are.
func TestFormatsAreTheConfigs(t *testing.T) {
	got, want := slices.Sorted(slices.Values(FormatNames())), slices.Sorted(slices.Values(config.Formats))
	if !slices.Equal(got, want) {
		t.Errorf("formats %v, config.Formats %v: one list must follow the other", got, want)
	}
}
