package live

import (
	"fmt"
	"time"

	"github.com/mcplint/mcplint/engine/cmdline"
	"github.com/mcplint/mcplint/engine/internal/target"
)

// Start-up allowances (--startup-timeout) when none is set: how long a
// server started over stdio may take to write its first line, whatever
// --timeout says (the allowance is never shorter than --timeout).
const (
	// DefaultStartupTimeout is the allowance of a command that runs the
	// server directly. An interpreter loading a large dependency tree, a
	// JVM or a cold disk can take seconds beyond one request's timeout;
	// half a minute covers them and still fails a hung server quickly.
	DefaultStartupTimeout = 30 * time.Second
	// LauncherStartupTimeout is the allowance of a command that goes
	// through a launcher (npx, uvx, pipx run, docker run…), which may
	// download the package or image on a first run before the server
	// starts: a minute covers a typical package over an ordinary link.
	LauncherStartupTimeout = time.Minute
)

// startup is the start-up allowance of t's server under opts, and the
// launcher that chose it, when one did. A URL's server is already
// running, and a server in this process (Options.Serve) starts at once:
// they get the request timeout alone.
func startup(t target.Target, opts Options, timeout time.Duration) (time.Duration, *cmdline.Launcher) {
	if t.Kind == target.Remote || opts.Serve != nil {
		return timeout, nil
	}
	l, isLauncher := cmdline.LauncherOf(t.Command)
	var launcher *cmdline.Launcher
	if isLauncher {
		launcher = &l
	}
	switch {
	case opts.StartupTimeout > 0:
		return max(opts.StartupTimeout, timeout), launcher
	case isLauncher:
		return max(LauncherStartupTimeout, timeout), launcher
	}
	return max(DefaultStartupTimeout, timeout), nil
}

// startupHint is what to try when a server wrote nothing within its
// start-up allowance.
func startupHint(allowance time.Duration, launcher *cmdline.Launcher) string {
	more := shortDuration(max(3*allowance, 3*time.Minute))
	raise := fmt.Sprintf("e.g. --startup-timeout %s or startup-timeout = \"%s\" in [server]", more, more)
	said := fmt.Sprintf("the server wrote nothing within the start-up allowance of %s (--startup-timeout)", shortDuration(allowance))
	if launcher != nil {
		return fmt.Sprintf("%s; %s may still have been downloading %s, as on a first run: run the command once by hand to fetch it, or raise the allowance, %s",
			said, launcher.Name, launcher.Fetches, raise)
	}
	return said + "; if it only starts slowly, raise the allowance, " + raise
}
