package inputfile

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestReadFileInParts reads files around the size from which they are read
// in parts, and files that grew or shrank after they were opened (their
// size at opening is given wrong): each read must give the file's bytes,
// and a file grown past the cap is refused.
func TestReadFileInParts(t *testing.T) {
	defer func(n int64) { parallelReadMin = n }(parallelReadMin)
	parallelReadMin = 1000
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{999, 1000, 1001, 4096, 65537, 1 << 20} {
		want := make([]byte, n)
		for i := range want {
			want[i] = byte(r.IntN(256))
		}
		path := filepath.Join(dir, fmt.Sprint(n))
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(path, 0)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%d bytes: got %d bytes (%v), want the file", n, len(got), err)
		}
		for _, opened := range []int64{int64(n) - 100, int64(n) + 100} {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			got, err := readAll(f, path, max(opened, 0), 1<<30)
			f.Close()
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%d bytes, opened at %d: got %d bytes (%v), want the file", n, opened, len(got), err)
			}
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = readAll(f, path, int64(n)-100, int64(n)-50)
		f.Close()
		var over *Error
		if !errors.As(err, &over) || over.Max != int64(n)-50 {
			t.Fatalf("%d bytes grown past a cap of %d: got %v, want the cap's error", n, n-50, err)
		}
	}
}
