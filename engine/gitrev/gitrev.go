// Package gitrev reads a file as it was at a git revision, for `mcplint
// diff git:REV:PATH`: the same size cap as any file target, and git run
// without a shell.
package gitrev

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/inputfile"
)

// Prefix marks an argument as a file at a git revision: git:REV:PATH.
const Prefix = "git:"

// Spec is a parsed git:REV:PATH.
type Spec struct {
	Rev, Path string
}

// Parse reads "git:REV:PATH". A revision cannot hold a colon (git refuses
// one in a ref name), so the first colon after the prefix ends it.
func Parse(arg string) (Spec, bool, error) {
	rest, ok := strings.CutPrefix(arg, Prefix)
	if !ok {
		return Spec{}, false, nil
	}
	rev, path, found := strings.Cut(rest, ":")
	if !found || rev == "" || path == "" {
		return Spec{}, true, fmt.Errorf("%s: want git:REV:PATH, e.g. git:main:tools.json or git:HEAD~1:./server/tools.json", arg)
	}
	if strings.HasPrefix(rev, "-") {
		return Spec{}, true, fmt.Errorf("%s: a revision cannot start with -", arg)
	}
	return Spec{Rev: rev, Path: path}, true, nil
}

// Read returns the file's bytes at the revision, as `git show REV:PATH`
// run in dir prints them (PATH from the repository's top, or ./PATH from
// dir). A file over max bytes (inputfile.DefaultMaxSize when max <= 0)
// is an error, told before it is read.
func Read(ctx context.Context, dir string, s Spec, max int64) ([]byte, error) {
	if max <= 0 {
		max = inputfile.DefaultMaxSize
	}
	obj := s.Rev + ":" + s.Path
	size, err := git(ctx, dir, 64, "cat-file", "-s", obj)
	if err != nil {
		return nil, err
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(size)), 10, 64)
	if err != nil {
		return nil, fmt.Errorf("git cat-file -s %s: unexpected answer %q", obj, size)
	}
	if n > max {
		return nil, fmt.Errorf("git:%s: %d bytes, over the %d-byte cap on an input file (raise it with max-file-size in the [server] table of .mcplint.toml)", obj, n, max)
	}
	return git(ctx, dir, max, "show", obj)
}

// git runs git with args in dir and returns at most max bytes of its
// standard output; more is an error.
func git(ctx context.Context, dir string, max int64, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"--no-pager"}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &limited{w: &stderr, n: 4096}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return nil, errors.New("git:REV:PATH needs git, which is not on PATH")
		}
		return nil, err
	}
	data, readErr := io.ReadAll(io.LimitReader(out, max+1))
	if int64(len(data)) > max {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, fmt.Errorf("git %s: the output is over %d bytes", strings.Join(args, " "), max)
	}
	if err := cmd.Wait(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	if readErr != nil {
		return nil, readErr
	}
	return data, nil
}

// limited keeps the first n bytes written to it and drops the rest.
type limited struct {
	w io.Writer
	n int
}

func (l *limited) Write(p []byte) (int, error) {
	k := min(len(p), l.n)
	if k > 0 {
		_, _ = l.w.Write(p[:k])
		l.n -= k
	}
	return len(p), nil
}
