// A plugin that speaks an older plugin protocol than the host.
package main

import (
	"github.com/hashicorp/go-plugin"

	sdkplugin "github.com/mcplint/mcplint/sdk/plugin"
)

func main() {
	hs := sdkplugin.Handshake
	hs.ProtocolVersion = 0
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: hs,
		Plugins:         plugin.PluginSet{sdkplugin.SetName: &sdkplugin.GRPCPlugin{}},
		GRPCServer:      plugin.DefaultGRPCServer,
	})
}
