package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/plugins"
)

// BenchmarkPinnedPluginProcess measures what one plugin adds to a lint as
// a user sees it: whole mcplint processes on a one-tool file, with no
// plugin, with the example policy plugin, and with that plugin's sha256
// pinned. Each round runs the three once, in an order that turns with the
// round so that none always follows another, and takes the differences
// within the round; the metrics are the medians over the rounds (b.N of
// them, so -benchtime 40x is 40 rounds):
//
//   - added-ms, added-cpu-ms: the pinned lint minus the lint without a
//     plugin, in wall time and in CPU time (mcplint's and the plugin's);
//   - added-unpinned-ms: the same for the plugin without a pin;
//   - baseline-ms: the lint without a plugin, for scale;
//   - load1: the one-minute load average at the start and end, averaged:
//     on a busy machine every figure grows with it.
//
// The pin's checksum is remembered after the first lint (a warm-up round),
// as it is for a user who lints again; HOME and the cache folder are
// empty folders of the benchmark's own.
func BenchmarkPinnedPluginProcess(b *testing.B) {
	bin := b.TempDir()
	mcplint := filepath.Join(bin, "mcplint")
	plugin := filepath.Join(bin, plugins.BinaryPrefix+"policy")
	for out, pkg := range map[string]string{mcplint: ".", plugin: "../../plugins/examples/policy"} {
		if msg, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
			b.Fatalf("building %s: %v\n%s", pkg, err, msg)
		}
	}
	sum, err := plugins.FileSHA256(plugin)
	if err != nil {
		b.Fatal(err)
	}
	home := b.TempDir()
	env := append(os.Environ(), "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, "cache"))
	const tools = `{"tools":[{"name":"get_user","description":"TODO: describe this tool properly","inputSchema":{"type":"object"}}]}`
	entry := "version = 1\n[[plugin]]\nname = \"policy\"\npath = \"" + plugin + "\"\n"
	configs := []string{"version = 1\n", entry + "sha256 = \"" + sum + "\"\n", entry}
	dirs := make([]string, len(configs))
	for i, c := range configs {
		dirs[i] = b.TempDir()
		if err := writeBenchFile(dirs[i], "tools.json", tools); err != nil {
			b.Fatal(err)
		}
		if err := writeBenchFile(dirs[i], ".mcplint.toml", c); err != nil {
			b.Fatal(err)
		}
	}
	lint := func(dir string) (wall, cpu time.Duration) {
		cmd := exec.Command(mcplint, "tools.json")
		cmd.Dir, cmd.Env = dir, env
		start := time.Now()
		err := cmd.Run()
		wall = time.Since(start)
		// Exit 0 or 1 (issues found) are lints; anything else is not.
		if err != nil && cmd.ProcessState.ExitCode() != 1 {
			b.Fatalf("%s: %v", dir, err)
		}
		// The rusage of a reaped process includes the children it reaped:
		// the plugin.
		return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	for _, d := range dirs {
		lint(d) // warm-up: the page cache, and the pin's remembered checksum
	}
	load := loadAverage()
	var base, added, addedCPU, unpinned []float64
	round := 0
	for b.Loop() {
		var wall, cpu [3]time.Duration
		for k := range dirs {
			i := (round + k) % len(dirs)
			wall[i], cpu[i] = lint(dirs[i])
		}
		round++
		base = append(base, ms(wall[0]))
		added = append(added, ms(wall[1]-wall[0]))
		addedCPU = append(addedCPU, ms(cpu[1]-cpu[0]))
		unpinned = append(unpinned, ms(wall[2]-wall[0]))
	}
	b.ReportMetric(median(added), "added-ms")
	b.ReportMetric(median(addedCPU), "added-cpu-ms")
	b.ReportMetric(median(unpinned), "added-unpinned-ms")
	b.ReportMetric(median(base), "baseline-ms")
	b.ReportMetric((load+loadAverage())/2, "load1")
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(v))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// loadAverage is the one-minute load average, or -1 where the system does
// not say.
func loadAverage() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	f, _, _ := strings.Cut(string(data), " ")
	v, err := strconv.ParseFloat(f, 64)
	if err != nil {
		return -1
	}
	return v
}

func writeBenchFile(dir, name, content string) error {
	return os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
}
