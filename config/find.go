package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/internal/inputfile"
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
	data, err := read(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data, known)
}

// MaxSize caps a config file: a thousand times a config that configures
// every rule.
const MaxSize = 16 << 20

// read reads a config file as mcplint reads every input: a regular file
// only (a FIFO or a link to /dev/zero is refused, not waited on or read
// forever), of at most MaxSize bytes.
func read(path string) ([]byte, error) {
	data, err := inputfile.ReadFile(path, MaxSize)
	if e, ok := errors.AsType[*inputfile.Error](err); ok {
		if e.Max > 0 {
			e.Raise = "a config file is never that large: check that the path names a .mcplint.toml"
		}
		return nil, &Error{File: path, Msg: "cannot read the config file: " + strings.TrimPrefix(e.Error(), path+": ")}
	}
	if err != nil {
		return nil, &Error{File: path, Msg: "cannot read the config file: " + unwrapPath(err).Error()}
	}
	return data, nil
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
