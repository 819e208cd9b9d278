package config

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/mcplint/mcplint/internal/compat"
)

// CompatRule is the rule [compat] configures and turns on.
const CompatRule = "client-compatibility"

// Compat is [compat]: the clients the server must work with.
type Compat struct {
	// Clients are the selected profiles' names, built-in or the user's.
	Clients []string
	// Profiles are the user's own profiles ([compat.profiles.NAME]), in
	// their generic form, checked when the file was read.
	Profiles map[string]map[string]any
}

func (d *decoder) compat(path keyPath, v any) {
	m, ok := d.table(path, v)
	if !ok {
		return
	}
	c := &d.cfg.Compat
	before := len(d.errs)
	d.keys("compat", path, m)
	all, err := compat.Own(c.Profiles)
	if err != nil {
		d.errorf(path.with("profiles"), "[compat.profiles]: %v", err)
		return
	}
	for i, n := range c.Clients {
		if _, ok := all[n]; !ok {
			d.errorf(d.clientsAt.with(index(i)), "compat.clients: %v", compat.UnknownError(n, all))
		}
	}
	if len(d.errs) > before {
		return // the rule is not given settings already reported wrong
	}
	if d.cfg.Rules.Settings == nil {
		d.cfg.Rules.Settings = map[string]func(any) error{}
		d.cfg.Rules.settingsAt = map[string]Position{}
	}
	d.cfg.Rules.Settings[CompatRule] = c.decoder()
	d.cfg.Rules.settingsAt[CompatRule] = d.pos.at(path)
	if len(c.Clients) > 0 && !slices.Contains(d.cfg.Rules.Enable, CompatRule) {
		d.cfg.Rules.Enable = append(d.cfg.Rules.Enable, CompatRule)
	}
}

func (d *decoder) compatClients(path keyPath, v any) {
	d.cfg.Compat.Clients, _ = d.strList(path, v, `["claude", "openai", "gemini"]`)
	d.clientsAt = path
}

// compatProfiles reads [compat.profiles.NAME] tables, each decoded
// strictly so that a misspelt field is reported where it is written.
func (d *decoder) compatProfiles(path keyPath, v any) {
	m, ok := d.table(path, v)
	if !ok {
		return
	}
	c := &d.cfg.Compat
	c.Profiles = map[string]map[string]any{}
	for _, name := range d.sortedKeys(path, m) {
		kp := path.with(name)
		t, ok := d.table(kp, m[name])
		if !ok {
			continue
		}
		var p compat.Profile
		decode := tableDecoder(d.file, d.pos, kp, "compat.profiles."+name, fmt.Sprintf("client profile %q", name), t)
		if err := decode(&p); err != nil {
			if e, ok := err.(*Error); ok {
				d.errs = append(d.errs, e)
			} else {
				d.errorf(kp, "%v", err)
			}
			continue
		}
		if p.Name != "" && p.Name != name {
			d.errorf(kp.with("name"), "compat.profiles.%s.name is %q: leave it out or make it %q", name, p.Name, name)
			continue
		}
		if p.Name == "" {
			p.Name = name
		}
		if err := p.Validate(); err != nil {
			d.errorf(kp, "[compat.profiles.%s]: %v", name, err)
			continue
		}
		if _, builtin := compat.Builtin()[name]; builtin {
			d.errorf(kp, "[compat.profiles.%s] has the name of a built-in profile: name yours otherwise, and write extends = %q to start from it", name, name)
			continue
		}
		c.Profiles[name] = t
	}
}

// decoder passes [compat] to the rule as its settings.
func (c Compat) decoder() func(any) error {
	data, err := json.Marshal(map[string]any{"clients": c.Clients, "profiles": c.Profiles})
	return func(v any) error {
		if err != nil {
			return err
		}
		return json.Unmarshal(data, v)
	}
}

// WithClients returns a copy of c whose [compat] clients are names (the
// --clients flag, which wins over the file), or an error naming the
// first that is no profile.
func (c *Config) WithClients(names []string) (*Config, error) {
	all, err := compat.Own(c.Compat.Profiles)
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		if _, ok := all[n]; !ok {
			return nil, compat.UnknownError(n, all)
		}
	}
	out := *c
	out.Compat.Clients = names
	out.Rules.Settings = map[string]func(any) error{}
	for k, v := range c.Rules.Settings {
		out.Rules.Settings[k] = v
	}
	out.Rules.settingsAt = map[string]Position{}
	for k, v := range c.Rules.settingsAt {
		out.Rules.settingsAt[k] = v
	}
	out.Rules.Settings[CompatRule] = out.Compat.decoder()
	out.Rules.Enable = slices.Clone(c.Rules.Enable)
	if len(names) > 0 && !slices.Contains(out.Rules.Enable, CompatRule) {
		out.Rules.Enable = append(out.Rules.Enable, CompatRule)
	}
	return &out, nil
}

// ClientNames lists every profile a config can select: the built-in ones
// and its own, sorted.
func (c *Config) ClientNames() []string {
	names := compat.BuiltinNames()
	for n := range c.Compat.Profiles {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
