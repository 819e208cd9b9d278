// Command weather is mcplint's example server (see package server) on
// stdio. WEATHER_UNITS sets the default units ("metric" or "imperial").
package main

import (
	"context"
	"log"
	"os"

	"github.com/mcplint/mcplint/testdata/servers/weather/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	if err := server.New(os.Getenv("WEATHER_UNITS")).Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
