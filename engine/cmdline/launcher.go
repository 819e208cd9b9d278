package cmdline

import (
	"path/filepath"
	"slices"
	"strings"
)

// Launcher is a program that fetches a server before it runs it: a
// package runner (npx, uvx, pipx run…) or a container runner (docker run).
// On a first run it may spend a minute downloading before the server
// writes a byte.
type Launcher struct {
	// Name is the launcher as a user types it: "npx", "pnpm dlx",
	// "docker run".
	Name string
	// Fetches is what a first run may download: "the package", "the
	// image" or "the module".
	Fetches string
}

// Fetched things of Launcher.Fetches.
const (
	fetchesPackage = "the package"
	fetchesImage   = "the image"
	fetchesModule  = "the module"
)

// runners are launchers that are one program: npx PKG.
var runners = map[string]string{
	"npx":  fetchesPackage,
	"pnpx": fetchesPackage,
	"bunx": fetchesPackage,
	"uvx":  fetchesPackage,
	"dnx":  fetchesPackage,
}

// subcommands are launchers that are a program and a subcommand: pnpm dlx
// PKG. pnpm exec and npm run are not among them: they run only what is
// installed already, and fetch nothing.
var subcommands = map[string]map[string]string{
	"npm":    {"exec": fetchesPackage, "x": fetchesPackage},
	"pnpm":   {"dlx": fetchesPackage},
	"yarn":   {"dlx": fetchesPackage},
	"bun":    {"x": fetchesPackage},
	"uv":     {"run": fetchesPackage, "tool": fetchesPackage},
	"pipx":   {"run": fetchesPackage},
	"docker": {"run": fetchesImage, "container": fetchesImage},
	"podman": {"run": fetchesImage, "container": fetchesImage},
}

// containerOptions are the global options of docker and podman that take
// their value as the next argument, so that the subcommand is found after
// them.
var containerOptions = []string{"-H", "--host", "-c", "--context", "--config", "-l", "--log-level", "--connection", "--url", "--root", "--runroot"}

// LauncherOf reports the launcher argv starts its server through, looking
// past env(1) and a Windows `cmd /c`, and ignoring a .cmd or .exe suffix
// (npx.cmd): the forms client configs use. A deno run of a remote
// specifier (npm:, jsr:, https:) and a go run of a versioned package path
// (example.com/cmd/server@v1) fetch too; of a local file they do not.
func LauncherOf(argv []string) (Launcher, bool) {
	argv = unwrap(argv)
	if len(argv) == 0 {
		return Launcher{}, false
	}
	prog := programName(argv[0])
	rest := argv[1:]
	if what, ok := runners[prog]; ok {
		return Launcher{Name: prog, Fetches: what}, true
	}
	switch prog {
	case "deno":
		return remoteRun(prog, rest, fetchesPackage, func(spec string) bool {
			return strings.HasPrefix(spec, "npm:") || strings.HasPrefix(spec, "jsr:") ||
				strings.HasPrefix(spec, "https://") || strings.HasPrefix(spec, "http://")
		})
	case "go":
		return remoteRun(prog, rest, fetchesModule, func(spec string) bool { return strings.Contains(spec, "@") })
	}
	subs, ok := subcommands[prog]
	if !ok {
		return Launcher{}, false
	}
	sub := subcommand(prog, rest)
	if sub < 0 {
		return Launcher{}, false
	}
	what, ok := subs[rest[sub]]
	switch {
	case !ok:
		return Launcher{}, false
	case rest[sub] == "container" || rest[sub] == "tool":
		// docker container run, uv tool run.
		if sub+1 >= len(rest) || rest[sub+1] != "run" {
			return Launcher{}, false
		}
		return Launcher{Name: prog + " " + rest[sub] + " run", Fetches: what}, true
	}
	return Launcher{Name: prog + " " + rest[sub], Fetches: what}, true
}

// unwrap looks past env(1) and cmd /c to the program they run.
func unwrap(argv []string) []string {
	for {
		argv = EnvCommand(argv)
		if len(argv) < 3 || programName(argv[0]) != "cmd" || !strings.EqualFold(argv[1], "/c") {
			return argv
		}
		argv = argv[2:]
	}
}

// programName is a program's name without its folder, and without the
// suffix Windows launchers carry.
func programName(path string) string {
	name := filepath.Base(strings.ReplaceAll(path, `\`, "/"))
	lower := strings.ToLower(name)
	for _, ext := range []string{".cmd", ".exe", ".bat", ".ps1"} {
		if strings.HasSuffix(lower, ext) {
			return lower[:len(lower)-len(ext)]
		}
	}
	return name
}

// subcommand is the index in args of prog's subcommand: its first operand
// after the global options (and their values, for docker and podman); -1
// when there is none.
func subcommand(prog string, args []string) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case !strings.HasPrefix(a, "-"):
			return i
		case (prog == "docker" || prog == "podman") && slices.Contains(containerOptions, a):
			i++
		}
	}
	return -1
}

// remoteRun is a launcher for `prog run [FLAGS] SPEC` when SPEC, the first
// operand after run, is remote.
func remoteRun(prog string, args []string, fetches string, remote func(spec string) bool) (Launcher, bool) {
	if len(args) == 0 || args[0] != "run" {
		return Launcher{}, false
	}
	for _, a := range args[1:] {
		if !strings.HasPrefix(a, "-") {
			if remote(a) {
				return Launcher{Name: prog + " run", Fetches: fetches}, true
			}
			break
		}
	}
	return Launcher{}, false
}
