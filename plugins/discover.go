// Package plugins is the host side of out-of-process rule plugins: it finds
// plugin binaries, checks their pins, starts them with hashicorp/go-plugin
// over gRPC, and adapts each plugin rule to sdk.Rule so the engine runs it
// like a built-in one.
package plugins

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/internal/inputfile"
)

// BinaryPrefix starts the file name of a plugin found in a plugin folder:
// .mcplint/plugins/mcplint-plugin-acme is the plugin "acme".
const BinaryPrefix = "mcplint-plugin-"

// Where a plugin was found (Spec.Origin).
const (
	OriginConfig  = "config"  // a [[plugin]] entry
	OriginProject = "project" // ./.mcplint/plugins
	OriginHome    = "home"    // ~/.mcplint/plugins
)

// Spec is a plugin to start.
type Spec struct {
	// Name is the [[plugin]] name or the part of the file name after
	// BinaryPrefix; the plugin must report the same name.
	Name string
	Path string
	// SHA256 is the pinned checksum (hex); empty when unpinned.
	SHA256 string
	// Settings is the [plugin.settings] table.
	Settings map[string]any
	Origin   string
}

// Entry is a [[plugin]] entry of the config, as Discover needs it.
type Entry struct {
	Name     string
	Path     string
	SHA256   string
	Settings map[string]any
}

// Discover lists the plugins to start: the config's entries first, then the
// binaries in projectDir/.mcplint/plugins, then in homeDir/.mcplint/plugins.
// A name found twice is started once, from the first place. A [[plugin]]
// entry without a path is looked up in the two folders.
func Discover(entries []Entry, projectDir, homeDir string) ([]Spec, error) {
	folders := []struct{ dir, origin string }{
		{filepath.Join(projectDir, ".mcplint", "plugins"), OriginProject},
	}
	if homeDir != "" {
		folders = append(folders, struct{ dir, origin string }{filepath.Join(homeDir, ".mcplint", "plugins"), OriginHome})
	}
	found := map[string]Spec{}
	var order []string
	for _, f := range folders {
		names, err := scan(f.dir)
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			if _, dup := found[n]; !dup {
				found[n] = Spec{Name: n, Path: filepath.Join(f.dir, BinaryPrefix+n), Origin: f.origin}
				order = append(order, n)
			}
		}
	}
	var specs []Spec
	seen := map[string]bool{}
	for _, e := range entries {
		s := Spec{Name: e.Name, Path: e.Path, SHA256: strings.ToLower(e.SHA256), Settings: e.Settings, Origin: OriginConfig}
		if s.Path == "" {
			f, ok := found[e.Name]
			if !ok {
				return nil, fmt.Errorf("plugin %q: no path given and no %s%s in %s", e.Name, BinaryPrefix, e.Name, folderList(folders))
			}
			s.Path = f.Path
		} else if !filepath.IsAbs(s.Path) {
			s.Path = filepath.Join(projectDir, s.Path)
		}
		specs = append(specs, s)
		seen[e.Name] = true
	}
	for _, n := range order {
		if !seen[n] {
			specs = append(specs, found[n])
		}
	}
	return specs, nil
}

func folderList(folders []struct{ dir, origin string }) string {
	var ds []string
	for _, f := range folders {
		ds = append(ds, f.dir)
	}
	return strings.Join(ds, " or ")
}

// scan returns the plugin names of the executables in dir, sorted; a missing
// folder has none.
func scan(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("plugin folder %s: %w", dir, err)
	}
	var names []string
	for _, e := range ents {
		name, ok := strings.CutPrefix(e.Name(), BinaryPrefix)
		if !ok || name == "" || e.IsDir() {
			continue
		}
		name = strings.TrimSuffix(name, ".exe")
		if info, err := e.Info(); err == nil && info.Mode()&0o111 != 0 {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names, nil
}

// FileSHA256 returns the hex SHA-256 of a file.
func FileSHA256(path string) (string, error) {
	f, _, err := inputfile.Open(path, MaxBinarySize)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
