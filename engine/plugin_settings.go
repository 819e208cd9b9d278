package engine

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/plugins"
)

// placeSettingsErrors gives a plugin's refusal of its settings the config
// file's position (FILE:LINE:COLUMN of the key it names), which the
// plugin's own message ("[plugin.settings]: json: unknown field "prefx"")
// lacks, and points at `mcplint config verify`, which lists every problem.
func placeSettingsErrors(h *plugins.Host, cfg *config.Config, dir string) {
	if cfg == nil || cfg.Path == "" {
		return
	}
	file := cfg.Path
	if rel, err := filepath.Rel(dir, file); dir != "" && err == nil && !strings.HasPrefix(rel, "..") {
		file = rel
	}
	for _, p := range h.Failed() {
		msg, ok := strings.CutPrefix(p.Err.Error(), "plugin "+p.Name+": configure: ")
		if !ok {
			continue
		}
		rule := ""
		if rest, ok := strings.CutPrefix(msg, "[plugin.settings]: "); ok {
			msg = rest
		} else if head, rest, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(head, "rule "+p.Name+"/") {
			rule, msg = strings.TrimPrefix(head, "rule "+p.Name+"/"), rest
		} else {
			continue
		}
		placed := cfg.PluginSettingsError(p.Name, rule, msg)
		placed.File = file
		p.Err = errors.New("plugin " + p.Name + ": " + placed.Error() +
			" (mcplint config verify lists every problem of the config)")
	}
}
