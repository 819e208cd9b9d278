package engine

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/internal/exercise"
	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/internal/resume"
	"github.com/mcplint/mcplint/engine/internal/source/live"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/lock"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/engine/shard"
	"github.com/mcplint/mcplint/plugins"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// Settings are one lint's inputs as a front end gives them: what the user
// asked for, not the machinery that does it. Run turns them into targets,
// rules, plugins, a lock, a loader and a baseline.
type Settings struct {
	// Version is mcplint's version, for the report.
	Version string
	// Dir is the working directory: relative targets, the baseline and
	// the lock are read from it (the lock from the config's folder when
	// there is a config file).
	Dir string
	// Getenv reads the environment (client config variables, HOME); nil
	// means os.Getenv.
	Getenv func(string) string
	// Config is the configuration in effect (config.Default() when nil).
	// Run configures the rules from it, once.
	Config *config.Config

	// Args are the positional targets and Command a `-- COMMAND ARGS` line;
	// with neither, the config's [server] is the target.
	Args, Command []string
	// Server picks one server of a client config (--server).
	Server string
	// Headers are --header "Name: value" lines, sent to URL targets over
	// the config's [server] headers; ${env:VAR} reads the environment.
	// Values are never printed or reported.
	Headers []string
	// Serve, when set, is the only target: a server that runs in this
	// process on a pair of pipes. Name names it ("in-process" when empty,
	// until it says its own name).
	Serve func(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error
	Name  string

	// Enable, Disable and Only are --enable, --disable and --only.
	Enable, Disable, Only []string
	// Probes is one of config.ProbeSets; empty means "default".
	Probes string
	// Exercise is one of config.ExerciseModes; empty means "none".
	Exercise string
	// Requests, when set, are sent to each live server after its listing
	// in place of the generated scenarios of Exercise (mcplint call,
	// read-resource, get-prompt); their answers are in the report's
	// exercise results.
	Requests []Request
	// Env overlays the environment of every server mcplint starts (-e
	// KEY=VALUE), over a config's env; its values are redacted from
	// reports like the config's.
	Env map[string]string
	// Timeout bounds each request to a live server (10s when zero).
	Timeout time.Duration
	// StartupTimeout is how long a server started over stdio may take to
	// write its first line, never less than Timeout (when zero,
	// live.LauncherStartupTimeout through a launcher such as npx,
	// live.DefaultStartupTimeout otherwise).
	StartupTimeout time.Duration
	// DiscoverWait is how long server/discover waits alone before
	// initialize is sent beside it (3s when zero, at most half of Timeout).
	DiscoverWait time.Duration
	// Baseline is the baseline file whose issues are hidden; empty for none.
	Baseline string
	// Clients are --clients: the client profiles the tools are checked
	// against, over the config's [compat] clients; nil leaves the
	// config's.
	Clients []string
	// Plugins says which rule plugins start.
	Plugins PluginSettings
	// Shard, when set, lints only that part of the targets (--shard K/N):
	// the report says which part of which run it is, for mcplint merge.
	Shard *shard.Shard
	// SaveTrace, when its Path is set, keeps the session of the one live
	// target in that file (--save-trace); Run resolves File from Dir.
	SaveTrace SaveTrace
	// KeepRepeats leaves repeated findings apart instead of collapsing
	// them into one that counts them: a baseline is recorded from them
	// (mcplint baseline), because the baseline matches findings one by one.
	KeepRepeats bool
	// NoLock ignores .mcplint.lock, so that the result does not depend on
	// the folder it runs in (mcplinttest).
	NoLock bool
	// LimitMemory lets the lint set the process's memory limit
	// (debug.SetMemoryLimit) while it holds large files, which keeps
	// their peak near 5 times their size; the limit in force before is
	// restored when the lint ends. The limit is process-wide, so only a
	// program that owns its process sets it: mcplint's command does,
	// a library caller such as mcplinttest does not.
	LimitMemory bool

	// Stream, when set, is given the report as it is made: its header
	// (Begin, no targets yet), each target as soon as it is final (in
	// target order), then the summary (End). The targets are then read and
	// linted a window at a time and let go once written, so a run over
	// thousands of servers holds a window's worth of them, and Run returns
	// the report without its targets. A config with [[ignore]] entries
	// makes the window every target: an entry that matched nothing is
	// reported on the first target it could have matched, which is known
	// only at the end.
	Stream report.Stream
	// Resume, when set, is a folder where each target's final report is
	// kept as it is made (--resume DIR); a target whose report an earlier
	// run with the same settings kept there is not linted again, its kept
	// report standing in the output as if it had been. A changed config,
	// rule set, baseline, lock, mcplint version or target file makes new
	// reports. Targets that could not be linted are not kept.
	Resume string

	// Progress receives one line per target as it finishes, ServerStderr
	// live servers' progress notes, and Notice the names of risky tools
	// before --exercise=all calls them; nil writers get nothing.
	Progress, ServerStderr, ExerciseProgress, Notice io.Writer
}

// PluginSettings say which rule plugins start: the config's [[plugin]]
// entries and those in the plugin folders.
type PluginSettings struct {
	// Off starts none (--no-plugins).
	Off bool
	// Home is the user's home folder, whose ~/.mcplint/plugins is searched;
	// empty means $HOME.
	Home string
}

// UsageError is a setting Run cannot use (a flag value, a baseline or
// lock that cannot be read): the user must change the command line.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// ConfigError is a rule that rejected its settings in the config file.
type ConfigError struct{ Err error }

func (e *ConfigError) Error() string { return e.Err.Error() }
func (e *ConfigError) Unwrap() error { return e.Err }

// TargetError is a target that cannot be resolved: a file that is not
// there or not recognizable (exit 3), or, when Usage is true, a command
// line that names no target or names one wrongly (exit 2).
type TargetError struct {
	Err   error
	Usage bool
}

func (e *TargetError) Error() string { return e.Err.Error() }
func (e *TargetError) Unwrap() error { return e.Err }

// Run lints as s says and returns the report. It starts the plugins, builds
// the rule list and selection, configures every rule once, reads the lock
// and the baseline, resolves and reads the targets and runs the pipeline;
// the plugins are stopped before it returns. An error (a *UsageError,
// *ConfigError, *TargetError or other) means the lint could not run; a
// target that could not be read is reported in its Target.Error instead.
func Run(ctx context.Context, s Settings) (*result.Report, error) {
	cfg := s.Config
	if cfg == nil {
		cfg = config.Default()
	}
	if s.Clients != nil {
		var err error
		if cfg, err = cfg.WithClients(s.Clients); err != nil {
			return nil, &UsageError{fmt.Errorf("--clients: %w", err)}
		}
	}
	// Plugins start while this goroutine builds the built-in rules,
	// resolves the targets and reads the lock: a plugin takes
	// milliseconds to exec and answer its handshake, time the host can use.
	// Nothing here has an effect a configuration error would regret (no
	// server is started), and the errors keep their order.
	var started chan startedHost
	if !s.Plugins.Off {
		started = make(chan startedHost, 1)
		go func() {
			h, err := StartPlugins(ctx, cfg, s.configDir(cfg), s.home())
			started <- startedHost{h, err}
		}()
	}
	// The targets are resolved (a tool list file read whole) while the
	// built-in rules are built and the lock is read: each is a few
	// milliseconds on one CPU before anything else can start.
	type resolved struct {
		targets []target.Target
		err     error
	}
	found := make(chan resolved, 1)
	go func() {
		targets, err := s.targets(cfg)
		found <- resolved{targets, err}
	}()
	all := rules.All()
	var pins *lock.File
	var lockErr error
	if !s.NoLock {
		pins, lockErr = readLock(s.configDir(cfg))
	}
	r := <-found
	targets, targetErr := r.targets, r.err
	var host *plugins.Host
	if started != nil {
		st := <-started
		if st.err != nil {
			return nil, &UsageError{st.err}
		}
		host = st.host
		defer host.Close()
		all = append(all, host.Rules()...)
	}
	// Every rule is configured, enabled or not, so that a mistake in a
	// disabled rule's settings is still caught; and only here, once, as
	// sdk.Configurable promises.
	if err := cfg.ConfigureRules(all); err != nil {
		return nil, &ConfigError{err}
	}
	metas := make([]sdk.Meta, len(all))
	for i, r := range all {
		metas[i] = r.Meta()
	}
	sel := runner.SelectionFrom(cfg.Rules, s.Enable, s.Disable, s.Only)
	if err := sel.Check(metas); err != nil {
		return nil, &UsageError{err}
	}
	if targetErr != nil {
		return nil, targetErr
	}
	if lockErr != nil {
		return nil, &UsageError{lockErr}
	}
	if s.SaveTrace.Path != "" {
		s.SaveTrace.File = resolvePath(s.Dir, s.SaveTrace.Path)
		if err := checkSaveTrace(s.SaveTrace, targets); err != nil {
			return nil, &UsageError{err}
		}
	}
	probes, err := probe.ParseSet(s.Probes)
	if err != nil {
		return nil, &UsageError{fmt.Errorf("--%w", err)}
	}
	loader := Loader{Live: live.Options{Timeout: s.Timeout, StartupTimeout: s.StartupTimeout, DiscoverTimeout: s.DiscoverWait, Probes: probes, Stderr: s.ServerStderr,
		Exercise: exercise.Options{Mode: s.Exercise, Requests: s.Requests, Notice: s.Notice, Progress: s.ExerciseProgress}}}
	if s.Serve != nil {
		loader.Live.Serve = mcp.Serve(s.Serve)
	}
	var fingerprint string
	var positions []int
	whole := targets
	if s.Shard != nil {
		fingerprint = runFingerprint(s, cfg, metas, sel.Enabled, targets)
		targets, positions = selectShard(targets, *s.Shard)
	}
	opts := Options{
		Version: s.Version, Dir: s.Dir, Targets: targets, Config: cfg, Named: namedOneByOne(whole),
		Rules: all, Selection: sel, Plugins: host, Lock: pins, Load: loader.Load,
		Progress: s.Progress, KeepRepeats: s.KeepRepeats, LimitMemory: s.LimitMemory, SaveTrace: s.SaveTrace,
		Stream: s.Stream,
	}
	if s.Baseline != "" {
		opts.Baseline, err = baseline.Read(resolvePath(s.Dir, s.Baseline))
		if err != nil {
			return nil, &UsageError{fmt.Errorf("--baseline: %w", err)}
		}
	}
	if s.Resume != "" {
		if opts.Resume, err = s.openResume(cfg, metas, sel); err != nil {
			return nil, &UsageError{err}
		}
	}
	if s.Shard != nil && (opts.Stream != nil || opts.Resume != nil) {
		// A shard's report carries where each of its targets stands in the
		// whole run, known once the shard is done: it is written whole, and
		// a shard that fails is run again whole.
		return nil, &UsageError{fmt.Errorf("--shard writes its report when the shard is done: it cannot be streamed or resumed")}
	}
	var names []*result.ShardName
	var ignores []result.ShardIgnore
	if s.Shard != nil {
		opts.Loaded = func(targets []target.Target, snaps []*sdk.Snapshot) { names = shardNames(targets, snaps) }
		opts.Ignored = func(used, reported []bool) {
			for i := range used {
				ignores = append(ignores, result.ShardIgnore{Used: used[i], Reported: reported[i]})
			}
		}
	}
	rep, err := lint(ctx, opts)
	if err != nil {
		return nil, err
	}
	if s.Shard != nil {
		markShard(rep, *s.Shard, fingerprint, len(whole), targets, positions, names, namesMatter(opts), ignores)
	}
	return rep, nil
}

// openResume opens the --resume folder under the fingerprint of
// everything that decides a target's report besides the target.
func (s Settings) openResume(cfg *config.Config, metas []sdk.Meta, sel runner.Selection) (*resume.Store, error) {
	var baselineSum [32]byte
	if s.Baseline != "" {
		data, err := os.ReadFile(resolvePath(s.Dir, s.Baseline))
		if err != nil {
			return nil, fmt.Errorf("--baseline: %w", err)
		}
		baselineSum = sha256.Sum256(data)
	}
	var lockSum [32]byte
	if !s.NoLock {
		if data, err := os.ReadFile(filepath.Join(s.configDir(cfg), lock.FileName)); err == nil {
			lockSum = sha256.Sum256(data)
		}
	}
	type rule struct {
		Name, Category string
		Severity       sdk.Severity
		On             bool
	}
	rules := make([]rule, len(metas))
	for i, m := range metas {
		rules[i] = rule{m.Name, m.Category, m.Severity, sel.Enabled(m)}
	}
	// Environment values are left out: they may be secrets, and the
	// fingerprint names files.
	envKeys := slices.Sorted(maps.Keys(s.Env))
	fp, err := resume.Fingerprint(struct {
		Version                  string
		Config                   *config.Config
		Rules                    []rule
		Probes, Exercise, Server string
		Requests                 []Request
		Env                      []string
		Timeout                  time.Duration
		KeepRepeats              bool
		Baseline, Lock           [32]byte
	}{s.Version, cfg, rules, s.Probes, s.Exercise, s.Server, s.Requests, envKeys, s.Timeout, s.KeepRepeats, baselineSum, lockSum})
	if err != nil {
		return nil, err
	}
	return resume.Open(resolvePath(s.Dir, s.Resume), fp)
}

// targets resolves what s names into the servers to lint.
func (s Settings) targets(cfg *config.Config) ([]target.Target, error) {
	if s.Serve != nil {
		input := s.Name
		if input == "" {
			input = "in-process"
		}
		return []target.Target{{Kind: target.Command, Name: s.Name, Keyed: s.Name != "", Input: input}}, nil
	}
	headers, err := parseHeaders(cfg.Server.Headers, s.Headers)
	if err != nil {
		return nil, &TargetError{Err: err, Usage: true}
	}
	targets, err := target.Resolve(s.Args, s.Command, target.Options{
		Dir: s.Dir, Server: s.Server, Getenv: s.Getenv, MaxFileSize: cfg.Server.MaxFileSize,
		Config: target.ServerConfig{Command: cfg.Server.Command, Target: cfg.Server.Target, Env: cfg.Server.Env,
			Dir: s.configDir(cfg), File: cfg.Path, Headers: headers},
	})
	if err != nil {
		return nil, &TargetError{Err: err, Usage: errors.Is(err, target.ErrNoTarget) || errors.Is(err, target.ErrUsage)}
	}
	return target.WithEnv(targets, s.Env), nil
}

// parseHeaders merges the config's headers with --header lines ("Name:
// value"), the flags winning. A malformed line is named without its value,
// which may be a credential.
func parseHeaders(config map[string]string, lines []string) (map[string]string, error) {
	if len(config) == 0 && len(lines) == 0 {
		return nil, nil
	}
	out := maps.Clone(config)
	if out == nil {
		out = map[string]string{}
	}
	for i, l := range lines {
		name, value, ok := strings.Cut(l, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") {
			return nil, fmt.Errorf(`--header number %d is not "Name: value" (its text is not shown: it may hold a credential); write e.g. --header 'Authorization: Bearer ${env:API_TOKEN}'`, i+1)
		}
		if strings.ContainsAny(value, "\r\n") {
			return nil, fmt.Errorf("--header %s: the value holds a line break, which HTTP does not allow", name)
		}
		out[name] = strings.TrimSpace(value)
	}
	return out, nil
}

// Snapshots resolves the targets s names and reads each of them, without
// running any rule (for `mcplint lock`, `mcplint dump` and `mcplint
// diff`), with the probes, timeouts and stderr writer s names; the first
// target that cannot be read is an error. Targets lint skips (a client
// config's remote or disabled servers) are not read: they come back in
// skipped with the reason, as the lint report lists them.
func Snapshots(ctx context.Context, s Settings) (snaps []*sdk.Snapshot, skipped []result.Skipped, err error) {
	cfg := s.Config
	if cfg == nil {
		cfg = config.Default()
	}
	all, err := s.targets(cfg)
	if err != nil {
		return nil, nil, err
	}
	var targets []target.Target
	for _, t := range all {
		if t.Skip != "" {
			skipped = append(skipped, result.Skipped{Name: t.Name, Input: t.Input, Reason: t.Skip})
			continue
		}
		targets = append(targets, t)
	}
	probes, err := probe.ParseSet(s.Probes)
	if err != nil {
		return nil, nil, &UsageError{fmt.Errorf("--%w", err)}
	}
	loader := Loader{Live: live.Options{Timeout: s.Timeout, StartupTimeout: s.StartupTimeout, Probes: probes, Stderr: s.ServerStderr}}
	snaps, errs := LoadAll(ctx, targets, loader.Load)
	for i, err := range errs {
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", targets[i].Name, err)
		}
	}
	return snaps, skipped, nil
}

// configDir is the folder a config's relative paths are read from.
func (s Settings) configDir(cfg *config.Config) string {
	if cfg.Path == "" {
		return s.Dir
	}
	return filepath.Dir(cfg.Path)
}

func (s Settings) home() string {
	if s.Plugins.Home != "" {
		return s.Plugins.Home
	}
	getenv := s.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	if h := getenv("HOME"); h != "" {
		return h
	}
	home, _ := os.UserHomeDir()
	return home
}

// startedHost is what StartPlugins returned, from another goroutine.
type startedHost struct {
	host *plugins.Host
	err  error
}

// PluginHost is a set of started plugins; see StartPlugins.
type PluginHost = plugins.Host

// StartPlugins discovers and starts the plugins cfg names ([[plugin]]) and
// those in projectDir/.mcplint/plugins and home/.mcplint/plugins. The
// caller must Close the host.
func StartPlugins(ctx context.Context, cfg *config.Config, projectDir, home string) (*PluginHost, error) {
	entries := make([]plugins.Entry, len(cfg.Plugins))
	for i, p := range cfg.Plugins {
		entries[i] = plugins.Entry{Name: p.Name, Path: p.Path, SHA256: p.SHA256, Settings: p.Settings}
	}
	specs, err := plugins.Discover(entries, projectDir, home)
	if err != nil {
		return nil, err
	}
	return plugins.Start(ctx, specs, plugins.Options{})
}

// DiscoveredPlugins names the plugins in the plugin folders of projectDir
// and home, whose rules a config may name without a [[plugin]] entry. No
// plugin is started.
func DiscoveredPlugins(projectDir, home string) []string {
	specs, err := plugins.Discover(nil, projectDir, home)
	if err != nil {
		return nil
	}
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return names
}

// Selection is which rules run: the config's [rules] and the flags.
type Selection = runner.Selection

// SelectionFrom builds a Selection from a config and the flags.
func SelectionFrom(r config.Rules, enable, disable, only []string) Selection {
	return runner.SelectionFrom(r, enable, disable, only)
}

// DidYouMean suggests the rule or category name closest to name, as
// " (did you mean X?)", or "".
func DidYouMean(name string, metas []sdk.Meta) string { return runner.DidYouMean(name, metas) }

// readLock reads .mcplint.lock in dir; nil when there is none.
func readLock(dir string) (*lock.File, error) {
	f, err := lock.Read(filepath.Join(dir, lock.FileName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return f, err
}

func resolvePath(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}
