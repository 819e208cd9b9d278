package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"testing"

	"github.com/mcplint/mcplint/engine/internal/synth"
)

// decodeOnly is the yardstick BenchmarkProcess runs mcplint against: a
// program that only reads and decodes the file it is given.
const decodeOnly = `package main

import (
	"encoding/json"
	"os"
)

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		panic(err)
	}
}
`

// BenchmarkProcess is what a user feels: the whole `mcplint --format json
// big.json` process on the generated 10,000-tool file, against a process
// that only reads and decodes it. Each reports its peak resident memory
// (peak-MB) and that peak over the file's size (peak/file).
func BenchmarkProcess(b *testing.B) {
	dir := b.TempDir()
	file := filepath.Join(dir, "big.json")
	size := writeToolList(b, file)
	// The repo's own .mcplint.toml must not steer the lint: defaults only.
	config := filepath.Join(dir, "mcplint.toml")
	decoder := filepath.Join(dir, "decode.go")
	for name, text := range map[string]string{config: "version = 1\n", decoder: decodeOnly} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	bin, decode := filepath.Join(dir, "mcplint"), filepath.Join(dir, "decode")
	for _, args := range [][]string{
		{"build", "-o", bin, "github.com/mcplint/mcplint/cmd/mcplint"},
		{"build", "-o", decode, decoder},
	} {
		if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
			b.Fatalf("go %v: %v\n%s", args, err, out)
		}
	}
	run := func(b *testing.B, cmd func() *exec.Cmd, exitOK func(int) bool) {
		var peak int64
		for b.Loop() {
			c := cmd()
			err := c.Run()
			if code := c.ProcessState.ExitCode(); !exitOK(code) {
				b.Fatalf("%v: exit %d: %v", c.Args, code, err)
			}
			if ru, ok := c.ProcessState.SysUsage().(*syscall.Rusage); ok {
				peak = max(peak, ru.Maxrss*1024)
			}
		}
		b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
		b.ReportMetric(float64(peak)/float64(size), "peak/file")
	}
	b.Run("decode", func(b *testing.B) {
		run(b, func() *exec.Cmd { return exec.Command(decode, file) }, func(code int) bool { return code == 0 })
	})
	b.Run("lint", func(b *testing.B) {
		run(b, func() *exec.Cmd {
			return exec.Command(bin, "--format", "json", "--output", filepath.Join(dir, "report.json"), "--config", config, file)
		}, func(code int) bool { return code == 0 || code == 1 })
	})
}

// writeToolList writes the generated tool list to file and returns its
// size, leaving this process small again: on Linux a child's peak memory
// counts its parent's resident memory at the time it was started.
func writeToolList(b *testing.B, file string) int {
	data := synth.ToolList(10000, 1)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		b.Fatal(err)
	}
	size := len(data)
	data = nil
	debug.FreeOSMemory()
	return size
}
