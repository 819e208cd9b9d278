package engine

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/synth"
)

// yardstick is a program that only reads and decodes the file it is
// given, the process BenchmarkProcess runs mcplint against. Given -run, it
// runs a command instead and prints the command's exit code, peak
// resident memory and CPU time (of all its threads): on Linux, a child started by a process that once held
// much memory (this benchmark, having generated the file) inherits that
// high-water mark in its own peak, so both processes are started from this
// small one.
const yardstick = `package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

func main() {
	if os.Args[1] == "-run" {
		c := exec.Command(os.Args[2], os.Args[3:]...)
		c.Run()
		ru := c.ProcessState.SysUsage().(*syscall.Rusage)
		fmt.Println(c.ProcessState.ExitCode(), ru.Maxrss*1024, ru.Utime.Nano()+ru.Stime.Nano())
		return
	}
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
// big.json` process against a process that only reads and decodes the
// file, run in turn, on the generated 10,000-tool list (synthetic) and on
// realistic lists of 10,000 and 100,000 tools built from published
// servers' tools (package realistic). It reports the time of each and
// their ratio (lint/decode), the peak resident memory of each, and the
// lint's peak over the file's size (peak/file).
func BenchmarkProcess(b *testing.B) {
	dir := b.TempDir()
	// The repo's own .mcplint.toml must not steer the lint: defaults only.
	config := filepath.Join(dir, "mcplint.toml")
	source := filepath.Join(dir, "yardstick.go")
	for name, text := range map[string]string{config: "version = 1\n", source: yardstick} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	bin, measure := filepath.Join(dir, "mcplint"), filepath.Join(dir, "yardstick")
	for _, args := range [][]string{
		{"build", "-o", bin, "github.com/mcplint/mcplint/cmd/mcplint"},
		{"build", "-o", measure, source},
	} {
		if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
			b.Fatalf("go %v: %v\n%s", args, err, out)
		}
	}
	b.Run("synthetic-10000", func(b *testing.B) {
		file := filepath.Join(dir, "synthetic.json")
		data := synth.ToolList(10000, 1)
		if err := os.WriteFile(file, data, 0o644); err != nil {
			b.Fatal(err)
		}
		processRatio(b, bin, measure, config, file, len(data))
	})
	for _, n := range []int{10000, 100000} {
		b.Run("realistic-"+strconv.Itoa(n), func(b *testing.B) {
			file, size := realisticFile(b, dir, n)
			runtime.GC()
			processRatio(b, bin, measure, config, file, size)
			os.Remove(file)
		})
	}
}

// processRatio runs the decode-only yardstick and the lint on file in
// turn and reports their times, ratio and peak memory.
func processRatio(b *testing.B, bin, measure, config, file string, size int) {
	// run runs a command through the yardstick and returns its peak
	// resident memory and CPU time.
	run := func(b *testing.B, exitOK func(int) bool, args ...string) (int64, time.Duration) {
		out, err := exec.Command(measure, append([]string{"-run"}, args...)...).Output()
		var code int
		var rss, cpu int64
		if _, serr := fmt.Sscan(string(out), &code, &rss, &cpu); err != nil || serr != nil || !exitOK(code) {
			b.Fatalf("%v: exit %d: %v %v", args, code, err, serr)
		}
		return rss, time.Duration(cpu)
	}
	report := filepath.Join(filepath.Dir(file), "report.json")
	var inDecode, inLint, cpuDecode, cpuLint time.Duration
	var decodePeak, lintPeak int64
	for b.Loop() {
		start := time.Now()
		peak, cpu := run(b, func(code int) bool { return code == 0 }, measure, file)
		decodePeak, cpuDecode = max(decodePeak, peak), cpuDecode+cpu
		mid := time.Now()
		peak, cpu = run(b, func(code int) bool { return code == 0 || code == 1 },
			bin, "--format", "json", "--output", report, "--config", config, "--max-file-size", "1GiB", file)
		lintPeak, cpuLint = max(lintPeak, peak), cpuLint+cpu
		inDecode, inLint = inDecode+mid.Sub(start), inLint+time.Since(mid)
	}
	os.Remove(report)
	// CPU time, of all threads, holds on a busy machine where wall time
	// does not; the lint uses every core, the decode one.
	b.ReportMetric(cpuLint.Seconds()/cpuDecode.Seconds(), "lint-cpu/decode-cpu")
	reportRatio(b, inDecode, inLint)
	b.ReportMetric(float64(size)/(1<<20), "file-MB")
	b.ReportMetric(float64(decodePeak)/(1<<20), "decode-peak-MB")
	b.ReportMetric(float64(lintPeak)/(1<<20), "lint-peak-MB")
	b.ReportMetric(float64(lintPeak)/float64(size), "peak/file")
}
