// A plugin that prints to stdout before the handshake.
package main

import (
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

func main() {
	fmt.Println("starting up, hello!")
	sdk.Serve(sdk.RuleSet{Name: "noisy", Version: "0.0.1"})
}
