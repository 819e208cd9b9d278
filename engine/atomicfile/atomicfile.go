// Package atomicfile writes files so that a reader sees the old content or
// the new, never half of either: reports, baselines and lock files that CI
// jobs and editors read while mcplint writes them.
package atomicfile

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
)

// WriteFile writes data to a temporary file in path's folder, syncs it,
// gives it perm and renames it over path. On failure path is untouched and
// the temporary file is gone.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write is WriteFile for content written by write as it is made, through a
// buffer: a large report need not be held whole in memory first. An error
// from write leaves path untouched.
func Write(path string, perm os.FileMode, write func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	w := bufio.NewWriterSize(tmp, 64<<10)
	if err = write(w); err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = tmp.Sync()
	}
	if err != nil {
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
