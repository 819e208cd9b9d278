// A plugin that reports being built with an sdk older than the host needs.
package main

import (
	"context"

	"github.com/hashicorp/go-plugin"

	sdkplugin "github.com/mcplint/mcplint/sdk/plugin"
	"github.com/mcplint/mcplint/sdk/pluginpb"
)

type old struct {
	pluginpb.UnimplementedRuleSetServer
}

func (old) Info(context.Context, *pluginpb.InfoRequest) (*pluginpb.InfoResponse, error) {
	return &pluginpb.InfoResponse{Name: "oldsdk", Version: "0.0.1", SdkVersion: "0.0.1"}, nil
}

func main() {
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: sdkplugin.Handshake,
		Plugins:         plugin.PluginSet{sdkplugin.SetName: &sdkplugin.GRPCPlugin{Impl: old{}}},
		GRPCServer:      plugin.DefaultGRPCServer,
	})
}
