package plugins

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/sdk/pluginpb"
)

// SettingsProblem is what a plugin said of one of its settings tables.
type SettingsProblem struct {
	Plugin string
	// Rule is the plugin's own name of the rule whose
	// [rules.settings."plugin/rule"] table this is; "" for the
	// [plugin.settings] table.
	Rule string
	// Message is the plugin's complaint, e.g. `json: unknown field "prefx"`.
	Message string
}

// ValidateSettings asks every started plugin to check its settings: the
// [plugin.settings] table and each rule's table that the rules' Configure
// kept (so call the config's ConfigureRules on Rules first). A plugin stops
// at the first table it rejects, so each table goes in its own Configure
// call, and every rejected table is reported in one pass. The plugins are
// left configured with no rule enabled: call Configure before any Check.
func (h *Host) ValidateSettings(ctx context.Context) []SettingsProblem {
	var out []SettingsProblem
	for _, p := range h.Plugins {
		if p.Info == nil || p.rpc == nil {
			continue // it did not start; p.Err says why
		}
		settings, err := json.Marshal(p.Settings)
		if err != nil {
			out = append(out, SettingsProblem{Plugin: p.Name, Message: err.Error()})
			continue
		}
		pluginOK := true
		if msg := p.configure(ctx, settings, nil); msg != "" {
			pluginOK = false
			out = append(out, SettingsProblem{Plugin: p.Name, Message: strings.TrimPrefix(msg, "[plugin.settings]: ")})
		}
		p.mu.Lock()
		rules := make([]string, 0, len(p.settings))
		for name := range p.settings {
			rules = append(rules, name)
		}
		p.mu.Unlock()
		slices.Sort(rules)
		for _, name := range rules {
			p.mu.Lock()
			one := map[string][]byte{name: p.settings[name]}
			p.mu.Unlock()
			sent := settings
			if !pluginOK {
				sent = nil // the plugin's defaults, so the rule's table is judged alone
			}
			msg := p.configure(ctx, sent, one)
			if msg == "" || strings.HasPrefix(msg, "[plugin.settings]") {
				continue // fine, or only the plugin table's problem again
			}
			msg = strings.TrimPrefix(msg, fmt.Sprintf("rule %s/%s: ", p.Name, name))
			out = append(out, SettingsProblem{Plugin: p.Name, Rule: name, Message: msg})
		}
	}
	return out
}

// configure sends one Configure call with no rule enabled and returns the
// plugin's complaint, "" when it accepted the settings.
func (p *Plugin) configure(ctx context.Context, settings []byte, rules map[string][]byte) string {
	cctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	p.mu.Lock()
	_, err := p.rpc.Configure(cctx, &pluginpb.ConfigureRequest{PluginSettings: settings, RuleSettings: rules})
	p.mu.Unlock()
	if err != nil {
		return grpcMessage(err)
	}
	return ""
}
