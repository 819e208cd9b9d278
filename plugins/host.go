package plugins

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/mcplint/mcplint/internal/inputfile"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
	sdkplugin "github.com/mcplint/mcplint/sdk/plugin"
	"github.com/mcplint/mcplint/sdk/pluginpb"
)

// Options bound how long plugins may take.
type Options struct {
	// StartTimeout bounds the handshake and Info call; default 10s.
	StartTimeout time.Duration
	// CallTimeout bounds each Configure and Check call; default 60s.
	CallTimeout time.Duration
}

// Plugin is one started (or failed) plugin.
type Plugin struct {
	Spec
	// Info is what the plugin said of itself; nil when it did not start.
	Info *pluginpb.InfoResponse
	// Pinned reports whether the binary matched a configured SHA256.
	Pinned bool
	// Err says why the plugin could not be used; its rules are missing.
	Err error

	client  *plugin.Client
	cmd     *exec.Cmd
	rpc     pluginpb.RuleSetClient
	stderr  *tail
	timeout time.Duration

	mu       sync.Mutex
	settings map[string][]byte // own rule name -> JSON settings
	checks   map[*sdk.Snapshot]*checkResult
}

type checkResult struct {
	once   sync.Once
	issues map[string][]sdk.Issue
	// dropped counts, per rule, the issues past sdk.MaxIssues, which
	// the report only counts: they are not kept.
	dropped map[string]dropped
	errs    map[string]error
	err     error
}

type dropped struct {
	n        int
	severity sdk.Severity
}

// Host owns the running plugins.
type Host struct {
	Plugins []*Plugin
	tmpDir  string
}

// Start launches every plugin in parallel. A plugin that fails to start is
// kept with its Err set, so the report can say what to do; Start itself
// only fails when it cannot make its temporary folder.
func Start(ctx context.Context, specs []Spec, opt Options) (*Host, error) {
	if opt.StartTimeout == 0 {
		opt.StartTimeout = 10 * time.Second
	}
	if opt.CallTimeout == 0 {
		opt.CallTimeout = 60 * time.Second
	}
	h := &Host{}
	if len(specs) == 0 {
		return h, nil
	}
	// go-plugin's sockets go in a folder of our own, named after this
	// process so that a later run can tell a folder left by one that was
	// killed (removeStale), and removed once every plugin is connected:
	// nothing dials the sockets after that, and a SIGKILL then leaves
	// nothing behind.
	removeStale(os.TempDir())
	dir, err := os.MkdirTemp("", socketDirPrefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, fmt.Errorf("plugins: %w", err)
	}
	h.tmpDir = dir
	h.Plugins = make([]*Plugin, len(specs))
	var wg sync.WaitGroup
	for i, s := range specs {
		h.Plugins[i] = &Plugin{Spec: s, timeout: opt.CallTimeout, checks: map[*sdk.Snapshot]*checkResult{}}
		wg.Add(1)
		go func(p *Plugin) {
			defer wg.Done()
			p.Err = p.start(ctx, dir, opt.StartTimeout)
			if p.Err != nil {
				p.stop()
			}
		}(h.Plugins[i])
	}
	wg.Wait()
	os.RemoveAll(dir)
	return h, nil
}

// socketDirPrefix starts the name of a socket folder; the pid of the
// mcplint that made it follows.
const socketDirPrefix = "mcplint-plugins-"

// removeStale removes the socket folders in tmp whose mcplint is gone: it
// was killed while its plugins were starting.
func removeStale(tmp string) {
	dirs, _ := filepath.Glob(filepath.Join(tmp, socketDirPrefix+"*-*"))
	for _, d := range dirs {
		pid, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(d), socketDirPrefix), "-")
		n, err := strconv.Atoi(pid)
		if err != nil || n <= 0 || n == os.Getpid() || processExists(n) {
			continue
		}
		if st, err := os.Lstat(d); err == nil && st.IsDir() && ownedByUs(st) {
			os.RemoveAll(d)
		}
	}
}

// MaxBinarySize caps a plugin binary, which is hashed when pinned: a
// hundred times a plugin built with the SDK.
const MaxBinarySize = 2 << 30

func (p *Plugin) start(ctx context.Context, tmpDir string, timeout time.Duration) error {
	// The binary is opened once: a pinned one is hashed and then run from
	// this same open file, so that a binary swapped in between (a hard
	// link renamed over the path) is never the one that runs.
	// It is opened as every input is: a FIFO or a device at the path is
	// refused, not waited on or hashed without end.
	bin, _, err := inputfile.Open(p.Path, MaxBinarySize)
	if e, ok := errors.AsType[*inputfile.Error](err); ok && e.Max > 0 {
		e.Raise = "no plugin is that large: check the path"
	}
	if err != nil {
		return fmt.Errorf("plugin %s: %w", p.Name, err)
	}
	defer bin.Close()
	cmd := exec.Command(p.Path)
	var secure *plugin.SecureConfig
	if p.SHA256 != "" {
		want, err := hex.DecodeString(p.SHA256)
		if err != nil || len(want) != sha256.Size {
			return fmt.Errorf("plugin %s: sha256 %q is not 64 hex digits", p.Name, p.SHA256)
		}
		key, got := cachedSHA256(bin)
		if got == "" {
			h := sha256.New()
			if _, err := io.Copy(h, bin); err != nil {
				return fmt.Errorf("plugin %s: %w", p.Name, err)
			}
			got = hex.EncodeToString(h.Sum(nil))
			rememberSHA256(key, got)
		}
		if got != p.SHA256 {
			return fmt.Errorf("plugin %s: refusing to run %s: its sha256 is %s but the config pins %s; "+
				"if you updated the plugin on purpose, put the new checksum in its [[plugin]] entry", p.Name, p.Path, got, p.SHA256)
		}
		p.Pinned = true
		if !execOpenFile(cmd, bin) {
			// No way to run an open file here: go-plugin checks the path
			// again right before it starts it, which narrows the window.
			secure = &plugin.SecureConfig{Checksum: want, Hash: sha256.New()}
		}
	}
	p.stderr = &tail{max: 8 << 10}
	// The plugin makes its socket in our folder, which Close removes even
	// when the plugin was killed before it could clean up.
	cmd.Env = append(os.Environ(), plugin.EnvUnixSocketDir+"="+tmpDir)
	ownGroup(cmd)
	p.cmd = cmd
	p.client = plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig:  sdkplugin.Handshake,
		VersionedPlugins: map[int]plugin.PluginSet{sdkplugin.ProtocolVersion: {sdkplugin.SetName: &sdkplugin.GRPCPlugin{}}},
		Cmd:              cmd,
		SecureConfig:     secure,
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		StartTimeout:     timeout,
		Stderr:           logFilter{p.stderr},
		SyncStderr:       p.stderr,
		Logger:           hclog.NewNullLogger(),
		GRPCDialOptions: []grpc.DialOption{grpc.WithDefaultCallOptions(
			grpc.MaxCallRecvMsgSize(maxAnswerBytes), grpc.MaxCallSendMsgSize(sdkplugin.MaxMessageBytes))},
	})
	conn, err := p.client.Client()
	if err != nil {
		return p.startError(err)
	}
	raw, err := conn.Dispense(sdkplugin.SetName)
	if err != nil {
		return p.startError(err)
	}
	p.rpc = raw.(pluginpb.RuleSetClient)
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	info, err := p.rpc.Info(cctx, &pluginpb.InfoRequest{HostSdkVersion: sdk.Version})
	if msg := tooLarge(err); msg != "" {
		return fmt.Errorf("plugin %s: %s: the plugin is broken, report it to its author", p.Name, msg)
	}
	if err != nil {
		return p.startError(err)
	}
	if err := checkInfo(info); err != nil {
		return fmt.Errorf("plugin %s: %v: the plugin is broken, report it to its author", p.Name, err)
	}
	if info.Name != p.Name {
		return fmt.Errorf("plugin %s: the binary %s calls itself %q; rename the file or the [[plugin]] entry to match", p.Name, p.Path, info.Name)
	}
	if olderThan(info.SdkVersion, sdk.MinPluginSDKVersion) {
		return fmt.Errorf("plugin %s %s was built with mcplint sdk %s, older than the %s this mcplint needs: upgrade the plugin (rebuild it against a newer github.com/mcplint/mcplint/sdk)",
			p.Name, info.Version, info.SdkVersion, sdk.MinPluginSDKVersion)
	}
	for _, m := range info.Rules {
		if _, err := sdk.ParseSeverity(m.Severity); err != nil || m.Name == "" || strings.Contains(m.Name, "/") {
			return fmt.Errorf("plugin %s: rule %q has a bad name or severity %q: the plugin is broken, report it to its author", p.Name, m.Name, m.Severity)
		}
	}
	p.Info = info
	return nil
}

var pluginVersionRE = regexp.MustCompile(`Plugin version: (\d+)`)

// startError turns go-plugin's errors into ones that say what to do.
func (p *Plugin) startError(err error) error {
	msg := err.Error()
	var detail string
	if last := p.stderr.String(); last != "" {
		detail = "; its last output: " + strings.TrimSpace(last)
	}
	switch {
	case errors.Is(err, plugin.ErrChecksumsDoNotMatch):
		return fmt.Errorf("plugin %s: the binary changed while starting it: its checksum no longer matches the pin", p.Name)
	case strings.Contains(msg, "incompatible API version"):
		if m := pluginVersionRE.FindStringSubmatch(msg); m != nil {
			v, _ := strconv.Atoi(m[1])
			if v > sdkplugin.ProtocolVersion {
				return fmt.Errorf("plugin %s speaks plugin protocol %d, newer than this mcplint's %d: upgrade mcplint", p.Name, v, sdkplugin.ProtocolVersion)
			}
			return fmt.Errorf("plugin %s speaks plugin protocol %d, older than this mcplint's %d: upgrade the plugin (rebuild it against the current github.com/mcplint/mcplint/sdk)", p.Name, v, sdkplugin.ProtocolVersion)
		}
	case strings.Contains(msg, "Unrecognized remote plugin message") && firstLine(strings.TrimPrefix(msg, "Unrecognized remote plugin message: ")) == "":
		// go-plugin reads stdout a line of at most 64 KiB at a time: a
		// longer first line (a 100 MB dump) reads as no line at all.
		return fmt.Errorf("plugin %s (%s) did not answer the plugin handshake: the first thing it wrote to stdout was not a line go-plugin could read (an empty line, or one over 64 KiB), or it wrote nothing and exited; a plugin must call plugin.Serve of sdk/plugin and write nothing else to stdout%s",
			p.Name, p.Path, detail)
	case strings.Contains(msg, "Unrecognized remote plugin message"):
		return fmt.Errorf("plugin %s (%s) did not answer the plugin handshake: it printed %q to stdout first, or is not an mcplint plugin; a plugin must call plugin.Serve of sdk/plugin and write nothing to stdout%s",
			p.Name, p.Path, firstLine(strings.TrimPrefix(msg, "Unrecognized remote plugin message: ")), detail)
	case strings.Contains(msg, "timeout while waiting for plugin to start"):
		return fmt.Errorf("plugin %s did not start within the start timeout%s", p.Name, detail)
	case strings.Contains(msg, "plugin exited before we could connect"):
		return fmt.Errorf("plugin %s exited before the handshake%s", p.Name, detail)
	}
	return fmt.Errorf("plugin %s: %v%s", p.Name, err, detail)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return snip.Runes(s, 120)
}

// olderThan compares dotted versions ("0.1.0" < "0.2.0"); an unparsable
// version counts as older.
func olderThan(v, min string) bool {
	a, b := strings.Split(strings.TrimPrefix(v, "v"), "."), strings.Split(min, ".")
	for i := range b {
		if i >= len(a) {
			return true
		}
		x, err1 := strconv.Atoi(a[i])
		y, _ := strconv.Atoi(b[i])
		if err1 != nil {
			return true
		}
		if x != y {
			return x < y
		}
	}
	return false
}

// Rules returns an sdk.Rule for every rule of every plugin that started,
// named "plugin/rule".
func (h *Host) Rules() []sdk.Rule {
	var out []sdk.Rule
	for _, p := range h.Plugins {
		if p.Info == nil {
			continue
		}
		for _, m := range p.Info.Rules {
			sev, _ := sdk.ParseSeverity(m.Severity)
			out = append(out, &rule{p: p, own: m.Name, meta: sdk.Meta{
				Name: p.Name + "/" + m.Name, Category: m.Category, Severity: sev, Summary: m.Summary,
				Doc: m.Doc, Source: m.Source, Default: m.Default, Era: m.Era, OWASP: m.Owasp, CWE: m.Cwe,
			}})
		}
	}
	return out
}

// Failed returns the plugins that could not be used.
func (h *Host) Failed() []*Plugin {
	var out []*Plugin
	for _, p := range h.Plugins {
		if p.Err != nil {
			out = append(out, p)
		}
	}
	return out
}

// Configure tells each plugin which of its rules run (those of enabled that
// belong to it) with their settings. It must be called before any Check.
func (h *Host) Configure(ctx context.Context, enabled []sdk.Rule) {
	on := map[*Plugin][]string{}
	for _, r := range enabled {
		if pr, ok := r.(*rule); ok {
			on[pr.p] = append(on[pr.p], pr.own)
		}
	}
	for _, p := range h.Plugins {
		if p.Info == nil {
			continue
		}
		settings, err := json.Marshal(p.Settings)
		if err != nil {
			p.Err = fmt.Errorf("plugin %s: [plugin.settings]: %w", p.Name, err)
			continue
		}
		cctx, cancel := context.WithTimeout(ctx, p.timeout)
		p.mu.Lock()
		_, err = p.rpc.Configure(cctx, &pluginpb.ConfigureRequest{Enabled: on[p], PluginSettings: settings, RuleSettings: p.settings})
		p.mu.Unlock()
		cancel()
		if err != nil {
			p.Err = fmt.Errorf("plugin %s: configure: %s", p.Name, grpcMessage(err))
		}
	}
}

// Close stops every plugin and removes their sockets' folder.
func (h *Host) Close() {
	var wg sync.WaitGroup
	for _, p := range h.Plugins {
		wg.Add(1)
		go func() { defer wg.Done(); p.stop() }()
	}
	wg.Wait()
	if h.tmpDir != "" {
		os.RemoveAll(h.tmpDir)
	}
}

// stop kills the plugin's process group and waits for it to be reaped.
// A plugin has nothing to save when it stops (Serve only exits), so
// go-plugin's graceful way, a Shutdown call and then a wait of up to two
// seconds for the process to leave, would only add a round trip and a
// scheduling delay to every lint. Killing the group also stops whatever
// the plugin started that holds its pipes, on which go-plugin's Kill
// waits.
func (p *Plugin) stop() {
	if p.client == nil {
		return
	}
	killGroup(p.cmd)
	p.client.Kill()
}

// check runs all of p's enabled rules over s once and shares the result
// among its rules.
func (p *Plugin) check(ctx context.Context, s *sdk.Snapshot) *checkResult {
	p.mu.Lock()
	res, ok := p.checks[s]
	if !ok {
		res = &checkResult{}
		p.checks[s] = res
	}
	p.mu.Unlock()
	res.once.Do(func() {
		if p.Err != nil {
			res.err = p.Err
			return
		}
		data, err := json.Marshal(s)
		if err != nil {
			res.err = err
			return
		}
		// A local timer rather than a gRPC deadline: the server side may
		// cancel first, and we must still know that the plugin hung.
		cctx, cancel := context.WithCancel(ctx)
		var timedOut atomic.Bool
		timer := time.AfterFunc(p.timeout, func() { timedOut.Store(true); cancel() })
		resp, err := p.rpc.Check(cctx, &pluginpb.CheckRequest{Snapshot: data})
		timer.Stop()
		cancel()
		if err != nil {
			if timedOut.Load() {
				res.err = fmt.Errorf("plugin %s did not answer within %s and was stopped, so its findings are missing: report it to the plugin's author, or skip it with --disable %s%s", p.Name, p.timeout, p.Name, p.lastOutput())
				p.client.Kill()
			} else if msg := tooLarge(err); msg != "" {
				res.err = fmt.Errorf("plugin %s: %s, so its findings are missing: report it to the plugin's author, or skip it with --disable %s", p.Name, msg, p.Name)
			} else if p.waitExited(time.Second) {
				res.err = fmt.Errorf("plugin %s crashed (%s), so its findings are missing: report it to the plugin's author, or skip it with --disable %s%s", p.Name, p.exitStatus(), p.Name, p.lastOutput())
			} else {
				res.err = fmt.Errorf("plugin %s: %s", p.Name, grpcMessage(err))
			}
			p.Err = res.err
			return
		}
		res.issues, res.errs, res.dropped = map[string][]sdk.Issue{}, map[string]error{}, map[string]dropped{}
		known := map[string]bool{}
		for _, m := range p.Info.Rules {
			known[m.Name] = true
		}
		for _, is := range resp.Issues {
			if !known[is.Rule] {
				res.err = fmt.Errorf("plugin %s returned an issue for unknown rule %q: the plugin is broken, report it to its author", p.Name, is.Rule)
				return
			}
			if err := checkIssue(is); err != nil {
				res.errs[is.Rule] = fmt.Errorf("plugin returned an issue that mcplint refused: %v; report it to the plugin's author", err)
				continue
			}
			var sev sdk.Severity
			if is.Severity != "" {
				if sev, err = sdk.ParseSeverity(is.Severity); err != nil {
					res.errs[is.Rule] = fmt.Errorf("plugin returned a bad severity: %v", err)
					continue
				}
			}
			if len(res.issues[is.Rule]) >= sdk.MaxIssues {
				d := res.dropped[is.Rule]
				d.n++
				d.severity = max(d.severity, sev)
				res.dropped[is.Rule] = d
				continue
			}
			res.issues[is.Rule] = append(res.issues[is.Rule], sdk.Issue{
				Severity: sev, Tool: is.Tool, Pointer: is.Pointer, Message: is.Message, Fix: is.Fix,
			})
		}
		for _, e := range resp.Errors {
			res.errs[e.Rule] = errors.New(e.Error)
		}
	})
	return res
}

// waitExited reports whether the plugin process has exited, waiting up to d
// for it: a broken connection is usually a crash still being reaped.
func (p *Plugin) waitExited(d time.Duration) bool {
	deadline := time.Now().Add(d)
	for !p.client.Exited() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// exitStatus says how the plugin process ended.
func (p *Plugin) exitStatus() string {
	if p.cmd != nil && p.cmd.ProcessState != nil {
		return p.cmd.ProcessState.String()
	}
	return "it exited"
}

func (p *Plugin) lastOutput() string {
	if p.stderr == nil {
		return ""
	}
	if s := strings.TrimSpace(p.stderr.String()); s != "" {
		return "; its last output:\n" + s
	}
	return ""
}

func grpcMessage(err error) string {
	msg := err.Error()
	if _, rest, ok := strings.Cut(msg, "desc = "); ok {
		return rest
	}
	return msg
}

// rule adapts one plugin rule to sdk.Rule.
type rule struct {
	p    *Plugin
	own  string
	meta sdk.Meta
}

func (r *rule) Meta() sdk.Meta { return r.meta }

func (r *rule) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	res := r.p.check(ctx, s)
	if res.err != nil {
		return res.err
	}
	for _, is := range res.issues[r.own] {
		report(is)
	}
	// The runner keeps the first sdk.MaxIssues issues and counts the
	// rest: what it counts need not be the issues themselves.
	d := res.dropped[r.own]
	for range d.n {
		report(sdk.Issue{Severity: d.severity})
	}
	return res.errs[r.own]
}

// Configure keeps [rules.settings."plugin/rule"] to send with the plugin's
// Configure call.
func (r *rule) Configure(decode func(any) error) error {
	var m map[string]any
	if err := decode(&m); err != nil {
		return err
	}
	if len(m) == 0 {
		return nil // no table: the plugin's defaults apply
	}
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	r.p.mu.Lock()
	defer r.p.mu.Unlock()
	if r.p.settings == nil {
		r.p.settings = map[string][]byte{}
	}
	r.p.settings[r.own] = data
	return nil
}

// logFilter drops go-plugin's own JSON log lines from a plugin's raw
// stderr, keeping what the plugin itself wrote before Serve.
type logFilter struct{ w *tail }

func (f logFilter) Write(b []byte) (int, error) {
	for _, line := range strings.SplitAfter(string(b), "\n") {
		if line != "" && !strings.HasPrefix(line, `{"@level"`) {
			f.w.Write([]byte(line))
		}
	}
	return len(b), nil
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
