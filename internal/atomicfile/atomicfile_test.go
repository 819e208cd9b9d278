package atomicfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "report.json")
	for _, content := range []string{"first", "second, longer"} {
		if err := WriteFile(p, []byte(content), 0o640); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(p)
		if err != nil || string(got) != content {
			t.Fatalf("read %q, %v; want %q", got, err, content)
		}
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", st.Mode().Perm())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("temporary files left: %v", ents)
	}
	if err := WriteFile(filepath.Join(dir, "missing", "x"), []byte("x"), 0o644); err == nil {
		t.Error("writing into a missing folder must fail")
	}
}

func TestWriteFailureLeavesFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "report.sarif")
	if err := WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(p, 0o644, func(w io.Writer) error {
		w.Write(bytes.Repeat([]byte("x"), 1<<20))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Write returned %v, want the writer's error", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "old" {
		t.Errorf("the file holds %d bytes after a failed write, want the old content", len(got))
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("temporary files left: %v", ents)
	}
}

// TestWriteThroughNoLink writes where a link was planted: the link is
// replaced, and neither its target nor a dangling link's is written.
func TestWriteThroughNoLink(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "report.txt")
	dangling := filepath.Join(dir, "dangling.txt")
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "created"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, dangling} {
		if err := WriteFile(p, []byte("report"), 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := os.Lstat(p)
		if err != nil || !st.Mode().IsRegular() || st.Mode().Perm() != 0o644 {
			t.Errorf("%s: %v, %v; want a regular 0644 file in the link's place", p, st.Mode(), err)
		}
	}
	if got, _ := os.ReadFile(victim); string(got) != "precious" {
		t.Errorf("the link's target now holds %q", got)
	}
	if _, err := os.Lstat(filepath.Join(dir, "created")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the dangling link's target was created: %v", err)
	}
}

func TestWriteKeepsMode(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.txt")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the existing file's 0600", st.Mode().Perm())
	}
}

// TestWriteDevices writes to a FIFO and to a pipe by its /dev/fd name:
// both get the bytes, and both are still what they were.
func TestWriteDevices(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err != nil {
		t.Skip(err)
	}
	// The reader is there first, so that opening the FIFO to write does
	// not wait; what it reads once the writer is done is the report.
	rf, err := openFIFOReader(fifo)
	if err != nil {
		t.Fatal(err)
	}
	defer rf.Close()
	if err := WriteFile(fifo, []byte("to the fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(rf); string(b) != "to the fifo" {
		t.Errorf("the FIFO's reader got %q", b)
	}
	if st, _ := os.Lstat(fifo); st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced by a %v", st.Mode())
	}

	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := WriteFile("/dev/fd/"+strconv.Itoa(int(w.Fd())), []byte("to the pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if b, _ := io.ReadAll(r); string(b) != "to the pipe" {
		t.Errorf("the pipe got %q", b)
	}
	if err := WriteFile(os.DevNull, []byte("gone"), 0o644); err != nil {
		t.Errorf("writing %s: %v", os.DevNull, err)
	}
}

// TestWriteLargeInPieces writes several megabytes in pieces of odd sizes,
// then the same through WriteFile, past the points where the disk is asked
// to start writing them back: each file must hold every byte once, in
// order.
func TestWriteLargeInPieces(t *testing.T) {
	p := filepath.Join(t.TempDir(), "report.sarif")
	var want bytes.Buffer
	err := Write(p, 0o644, func(w io.Writer) error {
		for i := 0; want.Len() < 5<<20; i++ {
			piece := bytes.Repeat([]byte{byte('a' + i%26)}, 1+(i*7919)%150000)
			want.Write(piece)
			if _, err := w.Write(piece); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("the file holds %d bytes that differ from the %d written", len(got), want.Len())
	}
	// WriteFile passes the same bytes through the early writeback.
	if err := WriteFile(p+".lock", want.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err = os.ReadFile(p + ".lock"); err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("WriteFile's file holds %d bytes that differ from the %d written (%v)", len(got), want.Len(), err)
	}
}

// TestOnlyRecordsWaitForTheDisk checks which writes sync: WriteFile's
// records do, a streamed report does not (the next run makes it again).
func TestOnlyRecordsWaitForTheDisk(t *testing.T) {
	synced := 0
	defer func(f func(*os.File) error) { syncFile = f }(syncFile)
	syncFile = func(f *os.File) error { synced++; return f.Sync() }
	dir := t.TempDir()
	if err := WriteFile(filepath.Join(dir, "mcplint.lock"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if synced != 2 {
		t.Errorf("WriteFile synced %d times, want twice: the file, then its folder", synced)
	}
	synced = 0
	report := filepath.Join(dir, "report.json")
	if err := Write(report, 0o644, func(w io.Writer) error { _, err := io.WriteString(w, "{}\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if synced != 0 {
		t.Errorf("Write synced %d times, want none", synced)
	}
	if got, err := os.ReadFile(report); err != nil || string(got) != "{}\n" {
		t.Errorf("report holds %q, %v", got, err)
	}
}
