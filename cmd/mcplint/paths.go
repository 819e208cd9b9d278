package main

// How the commands name files: read relative to the working directory or
// the config's folder, shown as the user would write them.

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/config"
)

// resolvePath reads p, as the user wrote it, from dir.
func resolvePath(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// displayPath shows path relative to dir when it is inside it.
func displayPath(dir, path string) string {
	if rel, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

// relativeToDir names the files in err relative to the working directory.
func relativeToDir(c *cli, err error) error {
	return errors.New(strings.ReplaceAll(err.Error(), c.Dir+string(filepath.Separator), ""))
}

// configDir is the folder a config's relative paths are read from.
func configDir(cfg *config.Config, wd string) string {
	if cfg.Path == "" {
		return wd
	}
	return filepath.Dir(cfg.Path)
}
