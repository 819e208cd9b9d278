// A plugin whose binary name does not match the name it reports.
package main

import "github.com/mcplint/mcplint/sdk/plugin"

func main() { plugin.Serve(plugin.RuleSet{Name: "somethingelse", Version: "0.0.1"}) }
