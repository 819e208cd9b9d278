// Package atomicfile writes files so that a reader sees the old content or
// the new, never half of either: reports, baselines and lock files that CI
// jobs and editors read while mcplint writes them.
//
// It never writes through a symbolic link someone planted at the path (a
// report path in a repository under review, a .mcplint.toml that points
// at ~/.bashrc): the link itself is replaced. Paths that are not files at
// all, such as /dev/stdout, /dev/null or a FIFO, are written directly.
package atomicfile

import (
	"bufio"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

// WriteFile writes data to a temporary file in path's folder, syncs it,
// gives it perm (or the mode of the regular file it replaces), renames it
// over path and syncs the folder. On failure path is untouched and the
// temporary file is gone. A device, FIFO or socket at path is written
// directly. It is for the user's records (baselines, lock files, a
// starter config), which must survive a crash of the machine right after
// mcplint said it wrote them.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return write(path, perm, true, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write is WriteFile for a report, written by write as it is made, through
// a buffer: a large report need not be held whole in memory first. An
// error from write leaves path untouched. Unlike WriteFile it does not
// wait for the disk: other processes still see the old file or the new
// one, never half of either, but after a crash of the whole machine the
// report may be missing, empty or cut short, and the next run writes it
// again. Waiting for the disk was the last thing a lint of a large server
// did: 31 ms of a 0.9 s traced lint of a 27 MB tool list.
func Write(path string, perm os.FileMode, fill func(io.Writer) error) error {
	return write(path, perm, false, fill)
}

// syncFile is (*os.File).Sync; tests count its calls.
var syncFile = (*os.File).Sync

func write(path string, perm os.FileMode, durable bool, fill func(io.Writer) error) (err error) {
	if st, err := os.Lstat(path); err == nil {
		switch m := st.Mode(); {
		case m.IsRegular():
			// An existing file keeps its mode: a 0600 report stays private.
			perm = m.Perm()
		case m&fs.ModeSymlink != 0 && ownDescriptor.MatchString(path):
			// /dev/stdout and its kin are links to this process's own
			// descriptors: following them is what the user asked for.
			return writeDirect(path, fill)
		case m&fs.ModeSymlink != 0:
			// Replaced by the rename below, never followed.
		case m.IsDir():
			// The rename fails and says so.
		default:
			// A device, FIFO or socket: renaming a file over it would
			// replace /dev/null for everyone, and a reader of the FIFO would
			// never see the report.
			return writeDirect(path, fill)
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	var dst io.Writer = tmp
	if durable {
		dst = newWriteback(tmp)
	}
	w := bufio.NewWriterSize(dst, 64<<10)
	if err = fill(w); err == nil {
		err = w.Flush()
	}
	if err == nil && durable {
		err = syncFile(tmp)
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
	if err = os.Rename(tmp.Name(), path); err != nil || !durable {
		return err
	}
	syncFolder(filepath.Dir(path))
	return nil
}

// syncFolder makes a rename in dir durable. It does its best: the file is
// in place and synced whatever happens here, and some systems cannot sync
// a folder at all.
func syncFolder(dir string) {
	if d, err := os.Open(dir); err == nil {
		syncFile(d)
		d.Close()
	}
}

// ownDescriptor matches the paths that name this process's descriptors.
var ownDescriptor = regexp.MustCompile(`^/dev/(stdout|stderr|fd/[0-9]+)$|^/proc/self/fd/[0-9]+$`)

// writeDirect writes to what path opens, without creating or truncating
// it: a terminal, a pipe, a device.
func writeDirect(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 64<<10)
	if err = write(w); err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
