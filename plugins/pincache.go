package plugins

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/internal/atomicfile"
)

// Hashing a plugin binary of 20 MB costs more than starting it, on every
// lint. So the sha256 of a binary already hashed is remembered by the
// identity of the file that was hashed (fileIdentity: its device, inode,
// size, and modification and change times, read from the open file),
// in a file of the user's cache folder only the user can write. A binary
// swapped in has another inode; one written in place has a new change
// time, which no unprivileged process can set back: either is hashed
// again.

// maxPinCache bounds the remembered hashes; the oldest go first.
const maxPinCache = 64

func pinCachePath() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "mcplint", "plugin-sha256")
}

// cachedSHA256 returns the remembered sha256 of the file open as f, if any.
func cachedSHA256(f *os.File) (key, sum string) {
	key = fileIdentity(f)
	if key == "" {
		return "", ""
	}
	for _, e := range readPinCache() {
		if k, s, ok := strings.Cut(e, " "); ok && k == key {
			return key, s
		}
	}
	return key, ""
}

// rememberSHA256 remembers sum for the file identity key.
func rememberSHA256(key, sum string) {
	path := pinCachePath()
	if key == "" || path == "" {
		return
	}
	entries := append(readPinCache(), key+" "+sum)
	entries = entries[max(0, len(entries)-maxPinCache):]
	if os.MkdirAll(filepath.Dir(path), 0o700) != nil {
		return
	}
	atomicfile.WriteFile(path, []byte(strings.Join(entries, "\n")+"\n"), 0o600)
}

// readPinCache reads the cache's entries; one that anyone but the user
// could have written is not trusted at all.
func readPinCache() []string {
	path := pinCachePath()
	if path == "" {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Mode().Perm()&0o022 != 0 || !ownedByUs(st) || st.Size() > 64<<10 {
		return nil
	}
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" {
			out = append(out, line)
		}
	}
	return out
}
