// A plugin that prints to stdout before the handshake.
package main

import (
	"fmt"

	"github.com/mcplint/mcplint/sdk/plugin"
)

func main() {
	fmt.Println("starting up, hello!")
	plugin.Serve(plugin.RuleSet{Name: "noisy", Version: "0.0.1"})
}
