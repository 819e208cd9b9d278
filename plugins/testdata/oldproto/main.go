// A plugin that speaks an older plugin protocol than the host.
package main

import (
	"github.com/hashicorp/go-plugin"

	"github.com/mcplint/mcplint/sdk"
)

func main() {
	hs := sdk.Handshake
	hs.ProtocolVersion = 0
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: hs,
		Plugins:         plugin.PluginSet{sdk.PluginName: &sdk.GRPCPlugin{}},
		GRPCServer:      plugin.DefaultGRPCServer,
	})
}
