// Package atomicfile writes files so that a reader sees the old content or
// the new, never half of either: reports, baselines and lock files that CI
// jobs and editors read while mcplint writes them.
package atomicfile

import (
	"os"
	"path/filepath"
)

// WriteFile writes data to a temporary file in path's folder, syncs it,
// gives it perm and renames it over path. On failure path is untouched and
// the temporary file is gone.
func WriteFile(path string, data []byte, perm os.FileMode) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err = tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Chmod(tmp.Name(), perm); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
