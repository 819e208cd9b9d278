// Package plugin serves a rule set as an mcplint plugin: a separate
// executable that mcplint starts and talks to over hashicorp/go-plugin with
// gRPC. A plugin's main is one call:
//
//	func main() {
//		plugin.Serve(plugin.RuleSet{Name: "acme", Version: "1.0.0", Rules: []sdk.Rule{noFoo{}}})
//	}
//
// Serving lives here rather than in sdk so that rules, which import only
// sdk, do not link gRPC.
package plugin

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"sort"

	goplugin "github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/pluginpb"
)

// ProtocolVersion is the plugin protocol this sdk speaks, announced in
// the go-plugin handshake. It changes only when an old host could not talk
// to a new plugin (or the other way round).
const ProtocolVersion = 1

// Handshake is the go-plugin handshake shared by mcplint and its plugins.
// The cookie only keeps a plugin binary from being run by hand by mistake;
// it is not a security measure.
var Handshake = goplugin.HandshakeConfig{
	ProtocolVersion:  ProtocolVersion,
	MagicCookieKey:   "MCPLINT_PLUGIN",
	MagicCookieValue: "a7d3b1f0-rules-for-mcp-servers",
}

// SetName is the name under which the rule set is served in the
// go-plugin plugin map.
const SetName = "ruleset"

// MaxMessageBytes bounds one gRPC message between host and plugin: a
// Snapshot of a server with thousands of tools runs to tens of megabytes.
const MaxMessageBytes = 1 << 30

// RuleSet is what a plugin serves: its name (rules are reported as
// "name/rule"), its version and its rules.
type RuleSet struct {
	Name    string
	Version string
	Rules   []sdk.Rule
	// Configure, when set, receives the [plugin.settings] table of the
	// plugin's [[plugin]] entry in .mcplint.toml, decoded strictly (unknown
	// keys are errors). Rules that take their own settings implement
	// sdk.Configurable and get [rules.settings."name/rule"].
	Configure func(decode func(v any) error) error
}

// Serve runs rs as a plugin: it is the whole main of a plugin binary.
//
//	func main() { plugin.Serve(plugin.RuleSet{Name: "acme", Version: "1.0.0", Rules: []sdk.Rule{noFoo{}}}) }
//
// Run by hand (not by mcplint), the binary prints what it is and exits 1.
// Nothing may be written to stdout before Serve: the handshake travels
// there.
func Serve(rs RuleSet) {
	goplugin.Serve(&goplugin.ServeConfig{
		HandshakeConfig: Handshake,
		Plugins:         goplugin.PluginSet{SetName: &GRPCPlugin{Impl: newRuleSetServer(rs)}},
		GRPCServer: func(opts []grpc.ServerOption) *grpc.Server {
			return grpc.NewServer(append(opts, grpc.MaxRecvMsgSize(MaxMessageBytes), grpc.MaxSendMsgSize(MaxMessageBytes))...)
		},
	})
	os.Exit(0)
}

// GRPCPlugin connects go-plugin to the RuleSet service on both sides: a
// plugin sets Impl; the host uses the client it returns.
type GRPCPlugin struct {
	goplugin.NetRPCUnsupportedPlugin
	Impl pluginpb.RuleSetServer
}

// GRPCServer registers the rule set on the plugin's gRPC server.
func (p *GRPCPlugin) GRPCServer(_ *goplugin.GRPCBroker, s *grpc.Server) error {
	pluginpb.RegisterRuleSetServer(s, p.Impl)
	return nil
}

// GRPCClient returns a pluginpb.RuleSetClient for the host.
func (p *GRPCPlugin) GRPCClient(_ context.Context, _ *goplugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return pluginpb.NewRuleSetClient(c), nil
}

// ruleSetServer is the plugin side of the protocol.
type ruleSetServer struct {
	pluginpb.UnimplementedRuleSetServer
	rs      RuleSet
	byName  map[string]sdk.Rule
	enabled []sdk.Rule
}

func newRuleSetServer(rs RuleSet) *ruleSetServer {
	s := &ruleSetServer{rs: rs, byName: map[string]sdk.Rule{}}
	for _, r := range rs.Rules {
		s.byName[r.Meta().Name] = r
	}
	// Until Configure says otherwise, the rules on by default run.
	for _, r := range rs.Rules {
		if r.Meta().Default {
			s.enabled = append(s.enabled, r)
		}
	}
	return s
}

func (s *ruleSetServer) Info(context.Context, *pluginpb.InfoRequest) (*pluginpb.InfoResponse, error) {
	resp := &pluginpb.InfoResponse{Name: s.rs.Name, Version: s.rs.Version, SdkVersion: sdk.Version}
	for _, r := range s.rs.Rules {
		m := r.Meta()
		resp.Rules = append(resp.Rules, &pluginpb.RuleMeta{
			Name: m.Name, Category: m.Category, Severity: m.Severity.String(), Summary: m.Summary,
			Doc: m.Doc, Source: m.Source, Default: m.Default, Era: m.Era, Owasp: m.OWASP, Cwe: m.CWE,
		})
	}
	sort.Slice(resp.Rules, func(i, j int) bool { return resp.Rules[i].Name < resp.Rules[j].Name })
	return resp, nil
}

func (s *ruleSetServer) Configure(_ context.Context, req *pluginpb.ConfigureRequest) (*pluginpb.ConfigureResponse, error) {
	if s.rs.Configure == nil && hasSettings(req.PluginSettings) {
		// Settings nobody reads would be silently ignored: the user
		// believes they apply.
		return nil, fmt.Errorf("[plugin.settings]: plugin %s takes no settings (its RuleSet has no Configure): remove the table, or set the rules' own settings under [rules.settings.\"%s/RULE\"]", s.rs.Name, s.rs.Name)
	}
	if s.rs.Configure != nil {
		settings := req.PluginSettings
		if len(settings) == 0 {
			settings = []byte("{}")
		}
		if err := s.rs.Configure(sdk.DecodeStrict(settings)); err != nil {
			return nil, fmt.Errorf("[plugin.settings]: %w", err)
		}
	}
	enabled := make([]sdk.Rule, 0, len(req.Enabled))
	for _, name := range req.Enabled {
		r, ok := s.byName[name]
		if !ok {
			return nil, fmt.Errorf("no rule %q in plugin %s", name, s.rs.Name)
		}
		enabled = append(enabled, r)
	}
	for name, settings := range req.RuleSettings {
		r, ok := s.byName[name]
		if !ok {
			return nil, fmt.Errorf("settings for unknown rule %q", name)
		}
		c, ok := r.(sdk.Configurable)
		if !ok {
			return nil, fmt.Errorf("rule %s/%s takes no settings", s.rs.Name, name)
		}
		if err := c.Configure(sdk.DecodeStrict(settings)); err != nil {
			return nil, fmt.Errorf("rule %s/%s: %w", s.rs.Name, name, err)
		}
	}
	s.enabled = enabled
	return &pluginpb.ConfigureResponse{}, nil
}

// hasSettings reports whether a [plugin.settings] table as JSON holds any
// key: the host sends null when there is no table.
func hasSettings(data []byte) bool {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return len(data) > 0
	}
	return len(m) > 0
}

func (s *ruleSetServer) Check(ctx context.Context, req *pluginpb.CheckRequest) (*pluginpb.CheckResponse, error) {
	var snap sdk.Snapshot
	if err := json.Unmarshal(req.Snapshot, &snap); err != nil {
		return nil, fmt.Errorf("decoding the snapshot: %w", err)
	}
	resp := &pluginpb.CheckResponse{}
	for _, r := range s.enabled {
		name := r.Meta().Name
		err := checkRecovering(ctx, r, &snap, func(is sdk.Issue) {
			sev := ""
			if is.Severity != 0 {
				sev = is.Severity.String()
			}
			resp.Issues = append(resp.Issues, &pluginpb.Issue{
				Rule: name, Severity: sev, Tool: is.Tool, Pointer: is.Pointer, Message: is.Message, Fix: is.Fix,
			})
		})
		if err != nil {
			resp.Errors = append(resp.Errors, &pluginpb.RuleError{Rule: name, Error: err.Error()})
		}
	}
	return resp, nil
}

func checkRecovering(ctx context.Context, r sdk.Rule, s *sdk.Snapshot, report func(sdk.Issue)) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rule panicked: %v\n%s", p, debug.Stack())
		}
	}()
	return r.Check(ctx, s, report)
}
