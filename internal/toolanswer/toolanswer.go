// Package toolanswer reads what a tool's answer says about how the call
// went, from its text alone: a failure of the machine it ran on (no
// network, no browser, no credentials…), an error dressed as a success, or
// a rejection of the arguments.
//
// Both the exercise judge (which scenarios count against a server) and the
// conformance rules (a tool error without isError, a schema looser than
// the tool) read answers through this package, so that they agree. The
// lists below are the whole classification: README.md shows them as a
// table, and a phrase belongs here only if a real server's answer, quoted
// in the tests, needs it.
package toolanswer

import (
	"regexp"
	"strings"
)

// Environment names what the machine lacked when a call failed for a
// reason that is not the server's: the scenario is inconclusive.
type Environment struct {
	// Want is what was missing, in words: "network", "a browser", …
	Want string
	// Phrase is the text that showed it, as the list spells it.
	Phrase string
}

// environments are, per thing a machine can lack, lower-case phrases that
// only a failure for want of it prints. Order matters only for the name
// reported when an answer matches several.
var environments = []struct {
	want    string
	phrases []string
}{
	{"network", []string{
		"getaddrinfo", "enotfound", "eai_again", "enetunreach", "ehostunreach",
		"network is unreachable", "fetch failed", "could not resolve host",
		"temporary failure in name resolution", "name or service not known",
		"no such host", "socket hang up", "dial tcp", "network error",
		"etimedout", "econnreset", "unable to connect to the remote",
		"err_internet_disconnected", "err_name_not_resolved",
	}},
	{"a browser", []string{
		"executable doesn't exist", "browsertype.launch", "failed to launch the browser",
		"could not find chrome", "could not find expected browser", "chrome not found",
		"browser is not installed", "npx playwright install", "could not find browser",
		"could not find google chrome", "chrome failed to start", "chromium distribution",
	}},
	{"a Kubernetes cluster", []string{
		"kubectl", "kubeconfig", "the connection to the server", "no configuration has been provided",
	}},
	{"a database", []string{
		"mongoserverselectionerror", "mongonetworkerror", "not connected to a mongodb",
		"could not connect to database", "database connection", "you need to connect to a mongodb",
		"could not connect to mongodb",
		"econnrefused 127.0.0.1:5432", "econnrefused 127.0.0.1:27017", "econnrefused ::1:",
	}},
	{"a program it runs", []string{
		"command not found", "executable file not found", "not found in $path",
		"is not installed",
	}},
	{"a git repository", []string{"not a git repository"}},
	{"credentials", []string{
		"unauthorized", "invalid api key", "invalid_api_key", "api key is invalid",
		"authentication failed", "bad credentials", "invalid token", "invalid_auth",
		"not_authed", "token is invalid", "missing credentials", "api token is invalid",
		"401 unauthorized", "status code 401", "status 401", "error 401", "(401)",
		"403 forbidden", "requires authentication", "no access token", "access token is missing",
	}},
	{"a local service", []string{"econnrefused", "connection refused"}},
}

// spawnMissing is a child process that could not start: Node's
// "spawn git ENOENT", Go's and Python's "no such file or directory" after
// an exec.
var spawnMissing = regexp.MustCompile(`spawn \S+ enoent|exec: "[^"]*": executable`)

// EnvironmentOf reports whether text is a failure for want of something on
// the machine. Only the text of a failed call should be asked.
func EnvironmentOf(text string) (Environment, bool) {
	low := strings.ToLower(text)
	for _, e := range environments {
		for _, p := range e.phrases {
			if strings.Contains(low, p) {
				return Environment{Want: e.want, Phrase: p}, true
			}
		}
	}
	if m := spawnMissing.FindString(low); m != "" {
		return Environment{Want: "a program it runs", Phrase: m}, true
	}
	return Environment{}, false
}

// errorStart is the start of a text that reports a failure: "Error: …",
// "TypeError: …", "Failed to …", "Exception …", a Python traceback.
var errorStart = regexp.MustCompile(`^(?i:(?:[a-z]*error|err|failed|failure|fatal|exception|unable to|could not|cannot)\b[\s:!.,-])|^Traceback \(most recent call last\)`)

// ReadsAsError reports whether the text a model reads from a result says
// the call failed: it starts as an error message does, or it is a failure
// of the environment. A result that reads so without isError hides the
// failure from a client that trusts the flag.
func ReadsAsError(text string) bool {
	t := strings.TrimSpace(text)
	if t == "" {
		return false
	}
	if errorStart.MatchString(t) {
		return true
	}
	_, env := EnvironmentOf(firstLine(t))
	return env
}

// rejections are lower-case phrases with which servers refuse arguments
// (zod's and pydantic's wording, and hand-written checks).
var rejections = []string{
	"invalid arguments", "invalid argument", "invalid params", "invalid input",
	"input validation error", "validation error", "cannot specify both",
	"cannot be used with", "cannot be used together", "mutually exclusive",
	"only one of", "not both", "must not be combined", "are exclusive",
	"is required", "are required", "must be provided", "must be specified",
}

// Rejection reports whether a failure's text says the arguments were
// refused, and with which phrase.
func Rejection(text string) (phrase string, ok bool) {
	low := strings.ToLower(text)
	for _, p := range rejections {
		if strings.Contains(low, p) {
			return p, true
		}
	}
	return "", false
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// ArgumentsAskForError reports whether a call's arguments (JSON) name an
// error themselves, as server-everything's get-annotated-message does with
// {"messageType":"error"}: a text that reads as an error is then what was
// asked for, not a failure.
func ArgumentsAskForError(args []byte) bool {
	return strings.Contains(strings.ToLower(string(args)), "error")
}
