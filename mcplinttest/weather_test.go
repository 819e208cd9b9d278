package mcplinttest_test

import (
	"context"
	"io"
	"slices"
	"testing"

	"github.com/mcplint/mcplint/mcplinttest"
	"github.com/mcplint/mcplint/testdata/servers/weather/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serveWeather runs the example server, built with the Go SDK, on the
// pipes mcplinttest hands it: this is all a server needs to be linted in
// process.
func serveWeather(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error {
	return server.New("metric").Run(ctx, &mcp.IOTransport{Reader: in, Writer: out})
}

// The example server has deliberate defects, none of them an error: it
// passes the default gate, and the report says what is wrong with it.
func TestWeather(t *testing.T) {
	rep := mcplinttest.Run(t, serveWeather)
	if rep == nil {
		return
	}
	var got []string
	for _, is := range rep.Targets[0].Issues {
		got = append(got, is.Rule+" "+is.Tool)
	}
	want := []string{
		"dangling-tool-reference <instructions>",
		"annotations-missing get_air_quality",
		"required-not-in-properties get_air_quality",
		"annotations-missing get_alerts",
		"description-too-short get_alerts",
		"parameter-description-missing get_forecast",
		"annotations-missing searchLocations",
		"tool-name-style searchLocations",
	}
	if !slices.Equal(got, want) {
		t.Errorf("issues:\n%q\nwant:\n%q", got, want)
	}
	if tg := rep.Targets[0]; tg.Name != "weather" || tg.Era != "legacy" || tg.ProtocolVersion != "2025-11-25" {
		t.Errorf("target %q %s %s, want the server's own name, legacy, 2025-11-25", tg.Name, tg.Era, tg.ProtocolVersion)
	}
}

// A stricter gate fails the test on the warnings; a test that must pass
// meanwhile turns off what it has accepted, by rule or category.
func TestWeatherWarnings(t *testing.T) {
	mcplinttest.Run(t, serveWeather,
		mcplinttest.WithFailOn("warning"),
		mcplinttest.WithDisable("dangling-tool-reference", "required-not-in-properties", "parameter-description-missing"),
	)
}

// The same, with the reasons written down in a config file's [[ignore]]
// entries, as the mcplint command line reads them.
func TestWeatherConfig(t *testing.T) {
	rep := mcplinttest.Run(t, serveWeather, mcplinttest.WithConfig("testdata/weather.mcplint.toml"))
	if rep != nil && len(rep.Targets[0].Suppressed) != 3 {
		t.Errorf("%d issues suppressed by the config, want 3", len(rep.Targets[0].Suppressed))
	}
}
