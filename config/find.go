package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Find returns the nearest .mcplint.toml in dir or one of its parents, or
// "" when there is none. The path is dir joined with as many ".." as it
// took, so a relative dir gives a relative path.
func Find(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("looking for %s from %s: %w", FileName, dir, err)
	}
	for up := 0; ; up++ {
		st, err := os.Stat(filepath.Join(abs, FileName))
		switch {
		case err == nil && !st.IsDir():
			return filepath.Join(dir, strings.Repeat("../", up), FileName), nil
		case err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission):
			return "", fmt.Errorf("looking for %s: %w", FileName, err)
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return "", nil
		}
		abs = parent
	}
}

// Resolve picks the config file by precedence: the --config flag (flag),
// else the MCPLINT_CONFIG environment variable, else the nearest
// .mcplint.toml from dir up. Relative paths are relative to dir. It
// returns "" when there is no file, so defaults apply. A file named by the
// flag or the variable must exist.
func Resolve(dir, flag string, getenv func(string) string) (string, error) {
	named, from := flag, "--config"
	if named == "" && getenv != nil {
		named, from = getenv(EnvVar), EnvVar
	}
	if named == "" {
		return Find(dir)
	}
	if !filepath.IsAbs(named) {
		named = filepath.Join(dir, named)
	}
	st, err := os.Stat(named)
	if err != nil {
		return "", &Error{File: named, Msg: fmt.Sprintf("config file named by %s cannot be read: %v", from, unwrapPath(err))}
	}
	if st.IsDir() {
		return "", &Error{File: named, Msg: fmt.Sprintf("config file named by %s is a directory; name the %s file inside it", from, FileName)}
	}
	return named, nil
}

// Open resolves the config file as Resolve does and loads it, or returns
// Default() when there is none.
func Open(dir, flag string, getenv func(string) string, known Known) (*Config, error) {
	path, err := Resolve(dir, flag, getenv)
	if err != nil {
		return nil, err
	}
	if path == "" {
		return Default(), nil
	}
	return Load(path, known)
}

// Load reads and validates the config file at path.
func Load(path string, known Known) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{File: path, Msg: "cannot read the config file: " + unwrapPath(err).Error()}
	}
	return Parse(path, data, known)
}

// unwrapPath drops the path from an *fs.PathError, which the message
// already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
