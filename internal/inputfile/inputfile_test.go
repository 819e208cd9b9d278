//go:build unix

package inputfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestReadFileRefuses(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("0123456789"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		max  int64
		want string
	}{
		{fifo, 0, "a FIFO (named pipe), not a regular file"},
		{link, 0, "a character device, not a regular file"},
		{dir, 0, "a folder, not a regular file"},
		{small, 9, "the file is 10 bytes, over the 9 bytes cap"},
	} {
		_, err := ReadFile(tc.path, tc.max)
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadFile(%s, %d) = %v, want an *Error saying %q", tc.path, tc.max, err, tc.want)
		}
	}
	data, err := ReadFile(small, 10)
	if err != nil || string(data) != "0123456789" {
		t.Errorf("ReadFile at the cap = %q, %v", data, err)
	}
}

func TestSizes(t *testing.T) {
	for in, want := range map[string]int64{"1024": 1024, "64MiB": 64 << 20, "1.5 GiB": 3 << 29, "500MB": 500e6, "2KB": 2000, "7B": 7} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "-1", "0", "ten", "5 PB"} {
		if _, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q) did not fail", bad)
		}
	}
	for n, want := range map[int64]string{10: "10 bytes", 2048: "2 KiB", 2000: "2.0 KiB", 256 << 20: "256 MiB", 3 << 29: "1.5 GiB"} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}
