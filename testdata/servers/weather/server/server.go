// Package server is mcplint's example server: a small weather service over
// MCP, built with the Go SDK and speaking the 2025-11-25 handshake. The
// command in the folder above runs it on stdio; mcplinttest lints it in
// process.
//
// It works, and it has the defects real servers ship with, so that running
// mcplint on it teaches something:
//
//   - get_forecast's "days" parameter has no description;
//   - searchLocations is camelCase among snake_case names;
//   - get_alerts has a description too short to choose it by;
//   - get_air_quality requires "pollutant", which its schema never defines;
//   - the instructions point the model at get_historical_weather, which
//     does not exist;
//   - only some tools say they are read-only.
//
// The data are made up from the city's name, so the server needs no
// network and answers the same way every time.
package server

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const instructions = `Weather data for any city by name. Use get_current_weather for the ` +
	`conditions now and get_forecast for the coming days. For past weather, call the ` +
	`get_historical_weather tool with a date. Resolve ambiguous city names with ` +
	`searchLocations first.`

type currentArgs struct {
	City  string `json:"city" jsonschema:"City name, optionally with a country code, e.g. Paris,FR"`
	Units string `json:"units,omitempty" jsonschema:"metric (Celsius, km/h) or imperial (Fahrenheit, mph); defaults to the server's setting"`
}

type forecastArgs struct {
	City string `json:"city" jsonschema:"City name, optionally with a country code, e.g. Paris,FR"`
	Days int    `json:"days"`
}

type searchArgs struct {
	Query string `json:"query" jsonschema:"Part of a city name to look up"`
}

type alertArgs struct {
	City string `json:"city" jsonschema:"City name"`
}

// conditions is what a city's weather is made of.
type conditions struct {
	City        string  `json:"city"`
	Temperature float64 `json:"temperature"`
	Units       string  `json:"units"`
	Summary     string  `json:"summary"`
	WindSpeed   float64 `json:"windSpeed"`
	Humidity    int     `json:"humidity"`
}

var summaries = []string{"clear", "partly cloudy", "overcast", "light rain", "showers", "thunderstorms", "fog", "snow"}

// seed makes each city's weather stable across calls.
func seed(city string, day int) uint32 {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s/%d", strings.ToLower(strings.TrimSpace(city)), day)
	return h.Sum32()
}

func weather(city, units string, day int) conditions {
	s := seed(city, day)
	c := conditions{
		City:        city,
		Temperature: float64(int(s%350)-50) / 10,
		Units:       "metric",
		Summary:     summaries[s%uint32(len(summaries))],
		WindSpeed:   float64(s % 60),
		Humidity:    int(30 + s%70),
	}
	if units == "imperial" {
		c.Temperature = c.Temperature*9/5 + 32
		c.WindSpeed = c.WindSpeed * 0.621
		c.Units = "imperial"
	}
	return c
}

func text(v any) *mcp.CallToolResult {
	b, _ := json.MarshalIndent(v, "", "  ")
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}
}

func failure(format string, args ...any) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(format, args...)}}}
}

var cities = []string{"Amsterdam,NL", "Berlin,DE", "Lisbon,PT", "London,GB", "Madrid,ES", "Paris,FR", "Paris,US", "Rome,IT", "Vienna,AT"}

// New builds the server. defaultUnits is "metric" or "imperial", for the
// requests that do not say; anything else means metric.
func New(defaultUnits string) *mcp.Server {
	if defaultUnits != "imperial" {
		defaultUnits = "metric"
	}
	unitsOr := func(u string) string {
		if u == "" {
			return defaultUnits
		}
		return u
	}
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)}

	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Title: "Weather", Version: "1.2.0"}, &mcp.ServerOptions{
		Instructions:              instructions,
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"},
	})

	mcp.AddTool(s, &mcp.Tool{
		Name:        "get_current_weather",
		Title:       "Current weather",
		Description: "Get the current temperature, sky conditions, wind speed and humidity for a city.",
		Annotations: readOnly,
	}, func(_ context.Context, _ *mcp.CallToolRequest, in currentArgs) (*mcp.CallToolResult, any, error) {
		if strings.TrimSpace(in.City) == "" {
			return failure("city is empty: give a city name such as Paris,FR"), nil, nil
		}
		return text(weather(in.City, unitsOr(in.Units), 0)), nil, nil
	})

	mcp.AddTool(s, &mcp.Tool{
		Name:        "get_forecast",
		Title:       "Forecast",
		Description: "Get a daily forecast for a city: temperature, conditions and wind for each day.",
		Annotations: readOnly,
	}, func(_ context.Context, _ *mcp.CallToolRequest, in forecastArgs) (*mcp.CallToolResult, any, error) {
		if in.Days < 1 || in.Days > 7 {
			return failure("days must be between 1 and 7, got %d", in.Days), nil, nil
		}
		out := make([]conditions, in.Days)
		for d := range out {
			out[d] = weather(in.City, defaultUnits, d+1)
		}
		return text(out), nil, nil
	})

	mcp.AddTool(s, &mcp.Tool{
		Name:        "searchLocations",
		Description: "Find the cities whose name contains the query, with their country codes, to disambiguate a city name.",
	}, func(_ context.Context, _ *mcp.CallToolRequest, in searchArgs) (*mcp.CallToolResult, any, error) {
		var found []string
		for _, c := range cities {
			if strings.Contains(strings.ToLower(c), strings.ToLower(in.Query)) {
				found = append(found, c)
			}
		}
		return text(found), nil, nil
	})

	mcp.AddTool(s, &mcp.Tool{
		Name:        "get_alerts",
		Description: "Get alerts.",
	}, func(_ context.Context, _ *mcp.CallToolRequest, in alertArgs) (*mcp.CallToolResult, any, error) {
		c := weather(in.City, "metric", 0)
		var alerts []string
		if c.Summary == "thunderstorms" {
			alerts = append(alerts, "Thunderstorm warning for "+in.City)
		}
		if c.WindSpeed > 50 {
			alerts = append(alerts, "High wind warning for "+in.City)
		}
		return text(alerts), nil, nil
	})

	s.AddTool(&mcp.Tool{
		Name:        "get_air_quality",
		Title:       "Air quality",
		Description: "Get the air quality index for a city, overall or for one pollutant (pm25, pm10, o3, no2).",
		InputSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"city": map[string]any{"type": "string", "description": "City name"},
			},
			"required": []any{"city", "pollutant"},
		},
	}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in struct {
			City      string `json:"city"`
			Pollutant string `json:"pollutant"`
		}
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return failure("arguments are not an object with a city: %v", err), nil
		}
		index := int(seed(in.City+in.Pollutant, 0) % 200)
		return text(map[string]any{"city": in.City, "pollutant": in.Pollutant, "index": index}), nil
	})
	return s
}
