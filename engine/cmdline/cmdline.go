// Package cmdline reads a server's command line. It shows it in reports
// and messages the way a user would type it, without the values of the
// environment assignments it carries: `env SLACK_BOT_TOKEN=xoxb-… server`
// and `docker run -e TOKEN=… image` put secrets on the command line, and a
// report is pasted into pull requests and CI logs. It also names the
// launcher the command goes through (npx, uvx, docker run…), which may
// download the server before it starts.
package cmdline

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Hidden replaces the value of an environment assignment.
const Hidden = "***"

// assignment is NAME=VALUE as env(1) and docker -e read it.
var assignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// Display writes argv the way a user would type it (quoting what a shell
// would split), with the value of every environment assignment replaced by
// Hidden.
func Display(argv []string) string {
	shown := Redact(argv)
	for i, a := range shown {
		if a == "" || strings.ContainsAny(a, " \t\n\"'\\$`") {
			shown[i] = strconv.Quote(a)
		}
	}
	return strings.Join(shown, " ")
}

// Redact returns a copy of argv with the values of its environment
// assignments replaced by Hidden: the NAME=VALUE operands of env before
// its command (also after env run by another launcher), and the -e/--env
// values of docker and podman.
func Redact(argv []string) []string {
	out := make([]string, len(argv))
	copy(out, argv)
	for i := 0; i < len(out); i++ {
		switch filepath.Base(out[i]) {
		case "env":
			i = redactEnv(out, i+1)
		case "docker", "podman":
			redactContainer(out, i+1)
			return out
		}
	}
	return out
}

// redactEnv hides the assignments of env's operands from i on and returns
// the index of env's command (or len(argv)).
func redactEnv(argv []string, i int) int {
	for ; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "-u" || a == "--unset" || a == "-C" || a == "--chdir":
			i++ // the option's own operand
		case strings.HasPrefix(a, "-"):
		case assignment.MatchString(a):
			argv[i] = hide(a)
		default:
			return i - 1
		}
	}
	return i
}

// redactContainer hides the values of -e NAME=VALUE, --env NAME=VALUE and
// --env=NAME=VALUE.
func redactContainer(argv []string, i int) {
	for ; i < len(argv); i++ {
		a := argv[i]
		switch {
		case (a == "-e" || a == "--env") && i+1 < len(argv):
			i++
			if assignment.MatchString(argv[i]) {
				argv[i] = hide(argv[i])
			}
		case strings.HasPrefix(a, "--env=") && assignment.MatchString(a[len("--env="):]):
			argv[i] = "--env=" + hide(a[len("--env="):])
		case strings.HasPrefix(a, "-e") && assignment.MatchString(a[2:]):
			argv[i] = "-e" + hide(a[2:])
		}
	}
}

func hide(assign string) string {
	name, _, _ := strings.Cut(assign, "=")
	return name + "=" + Hidden
}

// EnvCommand returns the command env(1) runs in argv (argv itself when
// argv[0] is not env): env names no server, the program after it does.
func EnvCommand(argv []string) []string {
	for len(argv) > 0 && filepath.Base(argv[0]) == "env" {
		i := redactEnv(append([]string(nil), argv...), 1) + 1
		if i >= len(argv) {
			return argv[:1]
		}
		argv = argv[i:]
	}
	return argv
}
