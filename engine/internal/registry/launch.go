package registry

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"unicode"

	"github.com/mcplint/mcplint/engine/cmdline"
)

// Launch is one way to reach a server: a remote (URL, Headers) or a
// package started as a command (Command, Env). Skip, when not empty, says
// why mcplint cannot reach it this way.
type Launch struct {
	// Variant is "remote[i]" or "package[i]".
	Variant string
	// Transport is the declared transport type.
	Transport string
	URL       string
	Headers   map[string]string
	Command   []string
	Env       map[string]string
	Skip      string
}

// Launches are the ways to reach e's server, remotes first, in the order
// the file lists them. getenv reads the user's environment: a package's
// environment variables by their own names, and every other value a user
// supplies (an argument, a header, a URL variable) as MCPLINT_INPUT_NAME,
// the convention of a client config's ${input:NAME}.
func (e *Entry) Launches(getenv func(string) string) []Launch {
	var out []Launch
	for i, r := range e.Server.Remotes {
		out = append(out, remoteLaunch(fmt.Sprintf("remote[%d]", i), r, getenv))
	}
	for i, p := range e.Server.Packages {
		out = append(out, packageLaunch(fmt.Sprintf("package[%d]", i), p, getenv))
	}
	return out
}

func remoteLaunch(variant string, r Remote, getenv func(string) string) Launch {
	l := Launch{Variant: variant, Transport: r.Type}
	if r.Type == "sse" {
		l.Skip = fmt.Sprintf("%s is a legacy HTTP+SSE (2024-11-05) server at %s: mcplint speaks Streamable HTTP, which replaced it; lint a trace of it or its tool list instead", variant, r.URL)
		return l
	}
	if r.Type != "streamable-http" {
		l.Skip = fmt.Sprintf("%s: transport %q is not one a remote has (streamable-http, sse)", variant, r.Type)
		return l
	}
	for name, in := range r.Variables {
		at := strings.Index(r.URL, "{"+name+"}")
		if q := strings.IndexByte(r.URL, '?'); in.IsSecret && at >= 0 && (q < 0 || at < q) {
			l.Skip = fmt.Sprintf("%s puts the secret {%s} in its URL's path, which mcplint's reports print: mcplint does not connect to it; pass secrets in a header or the query", variant, name)
			return l
		}
	}
	u, missing := expand(r.URL, r.Variables, getenv)
	if missing != "" {
		l.Skip = fmt.Sprintf("%s: the URL %s needs the variable %s", variant, r.URL, missing)
		return l
	}
	if p, err := url.Parse(u); err != nil || p.Host == "" || (p.Scheme != "http" && p.Scheme != "https") {
		l.Skip = fmt.Sprintf("%s: %q is not an http:// or https:// URL once its variables are filled in", variant, u)
		return l
	}
	l.URL = u
	for _, h := range r.Headers {
		v, missing := value(h.Input, inputEnv(h.Name), r.Variables, getenv)
		if missing != "" {
			l.Skip, l.Headers = fmt.Sprintf("%s: the header %s needs %s", variant, h.Name, missing), nil
			return l
		}
		if v == "" {
			continue
		}
		if l.Headers == nil {
			l.Headers = map[string]string{}
		}
		l.Headers[h.Name] = v
	}
	return l
}

// merged is vars with outer's variables added where vars has none of
// that name: a header's value may name its own variables or its remote's.
func merged(vars, outer map[string]Input) map[string]Input {
	out := map[string]Input{}
	for k, v := range outer {
		out[k] = v
	}
	for k, v := range vars {
		out[k] = v
	}
	return out
}

// launchers are the commands mcplint starts each registry's packages with.
var launchers = map[string]string{"npm": "npx", "pypi": "uvx", "oci": "docker"}

func packageLaunch(variant string, p Package, getenv func(string) string) Launch {
	l := Launch{Variant: variant, Transport: p.Transport.Type}
	prog, ok := launchers[p.RegistryType]
	if !ok {
		l.Skip = fmt.Sprintf("%s is a %q package: mcplint starts npm (npx), pypi (uvx) and oci (docker) packages; lint one of the server's other packages or remotes, or its tool list", variant, p.RegistryType)
		return l
	}
	if strings.HasPrefix(p.Identifier, "-") {
		// npx, uvx and docker would take it for one of their options
		// (npx -c runs a shell command).
		l.Skip = fmt.Sprintf("%s: identifier %q is not a package name", variant, p.Identifier)
		return l
	}
	if p.Transport.Type != "stdio" {
		l.Skip = fmt.Sprintf("%s serves %s at %s once started: start it yourself and lint that URL", variant, p.Transport.Type, p.Transport.URL)
		return l
	}
	env := map[string]string{}
	var passed []string // the variables a container is given
	for _, kv := range p.EnvironmentVariables {
		v, missing := value(kv.Input, kv.Name, nil, getenv)
		if missing != "" {
			l.Skip = fmt.Sprintf("%s needs the environment variable %s%s: set it to lint this server", variant, kv.Name, described(kv.Description))
			return l
		}
		if v == "" {
			continue
		}
		env[kv.Name] = v
		passed = append(passed, kv.Name)
	}
	runtime, secrets, missing := arguments(p.RuntimeArguments, getenv)
	if missing != "" {
		l.Skip = fmt.Sprintf("%s: a runtime argument needs %s", variant, missing)
		return l
	}
	args, more, missing := arguments(p.PackageArguments, getenv)
	if missing != "" {
		l.Skip = fmt.Sprintf("%s: a package argument needs %s", variant, missing)
		return l
	}
	secrets = append(secrets, more...)
	var argv []string
	switch p.RegistryType {
	case "npm":
		argv = []string{prog, "-y"}
		if base := strings.TrimSuffix(p.RegistryBaseURL, "/"); base != "" && base != "https://registry.npmjs.org" {
			argv = append(argv, "--registry", base)
		}
		argv = append(argv, runtime...)
		argv = append(argv, pinned(p.Identifier, "@", p.Version))
	case "pypi":
		argv = []string{prog}
		if base := strings.TrimSuffix(p.RegistryBaseURL, "/"); base != "" && base != "https://pypi.org" {
			argv = append(argv, "--default-index", base+"/simple")
		}
		argv = append(argv, runtime...)
		argv = append(argv, pinned(p.Identifier, "==", p.Version))
	case "oci":
		argv = []string{prog, "run", "-i", "--rm"}
		argv = append(argv, runtime...)
		for _, name := range passed {
			argv = append(argv, "-e", name) // the value stays in the environment, off the command line
		}
		argv = append(argv, image(p.Identifier, p.Version))
	}
	argv = append(argv, args...)
	if exposed(argv, secrets) != "" {
		l.Skip = fmt.Sprintf("%s passes a secret argument on its command line, which mcplint's reports and messages print and any user of the machine can list: mcplint does not start it; pass secrets in environmentVariables", variant)
		return l
	}
	l.Command = argv
	if len(env) > 0 {
		l.Env = env
	}
	return l
}

func described(d string) string {
	if d == "" {
		return ""
	}
	return " (" + d + ")"
}

// pinned is identifier at version, with the launcher's separator; the
// identifier alone when no version is given.
func pinned(identifier, sep, version string) string {
	if version == "" {
		return identifier
	}
	return identifier + sep + version
}

// image is an OCI reference: the identifier as written when it carries a
// tag or a digest (how the registry writes them since 2025-10), else the
// identifier tagged with the version.
func image(identifier, version string) string {
	last := identifier[strings.LastIndexByte(identifier, '/')+1:]
	if strings.ContainsAny(last, ":@") || version == "" {
		return identifier
	}
	return identifier + ":" + version
}

// arguments turns declared arguments into argv: a positional argument is
// its value; a named one is its name followed by its value as a separate
// argument, its name alone when its format is boolean and its value
// "true" (left out when "false"), and its name alone when nothing gives
// it a value. An optional argument with no value is left out. missing
// names what a required one lacks.
func arguments(args []Argument, getenv func(string) string) (argv, secrets []string, missing string) {
	for _, a := range args {
		key := a.ValueHint
		if a.Type == "named" {
			key = strings.TrimLeft(a.Name, "-")
		}
		v, missing := value(a.Input, inputEnv(key), nil, getenv)
		if missing != "" {
			return nil, nil, missing
		}
		if v != "" && secret(a.Input) {
			secrets = append(secrets, v)
		}
		switch {
		case a.Type != "named":
			if v != "" {
				argv = append(argv, v)
			}
		case a.Format == "boolean":
			if v == "true" {
				argv = append(argv, a.Name)
			}
		case v != "":
			argv = append(argv, a.Name, v)
		case a.Value == "" && a.Default == "" && !a.IsRequired:
			argv = append(argv, a.Name)
		}
	}
	return argv, secrets, ""
}

// secret reports whether an input's value is a secret: it says so, or a
// variable it is made of does.
func secret(in Input) bool {
	if in.IsSecret {
		return true
	}
	for _, v := range in.Variables {
		if v.IsSecret {
			return true
		}
	}
	return false
}

// exposed is the first secret that would show on the command line as
// reports and messages print it (they hide only the values of env and
// docker -e assignments), or in a process list.
func exposed(argv, secrets []string) string {
	shown := strings.Join(cmdline.Redact(argv), "\x00")
	for _, s := range secrets {
		if strings.Contains(shown, s) {
			return s
		}
	}
	return ""
}

// value is what an input is: its value, with {variables} filled in; else
// the environment variable env; else its default. missing names how to
// give a required input that has none.
func value(in Input, env string, outer map[string]Input, getenv func(string) string) (v, missing string) {
	if in.Value != "" {
		return expand(in.Value, merged(in.Variables, outer), getenv)
	}
	if env != "" {
		if v := getenv(env); v != "" {
			return v, ""
		}
	}
	if in.Default != "" {
		return in.Default, ""
	}
	if in.IsRequired {
		return "", "the environment variable " + env + described(in.Description)
	}
	return "", ""
}

// placeholder is a {variable} in a value or a URL.
var placeholder = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_.-]*)\}`)

// expand fills in the {variables} of s that vars declares (from their own
// value, MCPLINT_INPUT_NAME, or their default); one vars does not declare
// stays as written, as the schema says.
func expand(s string, vars map[string]Input, getenv func(string) string) (string, string) {
	missing := ""
	out := placeholder.ReplaceAllStringFunc(s, func(m string) string {
		name := m[1 : len(m)-1]
		in, ok := vars[name]
		if !ok {
			return m
		}
		v, miss := value(Input{Value: in.Value, Default: in.Default, IsRequired: true, Description: in.Description}, inputEnv(name), nil, getenv)
		if miss != "" && missing == "" {
			missing = miss
		}
		return v
	})
	return out, missing
}

// inputEnv is the environment variable a user gives an input named name
// in: MCPLINT_INPUT_ and the name upper-cased, every character that is not
// a letter or a digit turned into "_".
func inputEnv(name string) string {
	if name == "" {
		return ""
	}
	b := []rune(strings.ToUpper(name))
	for i, r := range b {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) || r > unicode.MaxASCII {
			b[i] = '_'
		}
	}
	return "MCPLINT_INPUT_" + string(b)
}
