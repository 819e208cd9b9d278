package cmdline

import (
	"slices"
	"testing"
)

func TestDisplay(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		want string
	}{
		{[]string{"env", "SLACK_BOT_TOKEN=xoxb-123", "server"}, "env SLACK_BOT_TOKEN=*** server"},
		{[]string{"/usr/bin/env", "-i", "A=1", "-u", "B", "C=x y", "node", "s.js", "D=2"}, "/usr/bin/env -i A=*** -u B C=*** node s.js D=2"},
		{[]string{"npx", "-y", "env", "K=v", "srv"}, "npx -y env K=*** srv"},
		{[]string{"docker", "run", "-i", "--rm", "-e", "GITHUB_TOKEN=ghp_x", "-e", "PLAIN", "--env=K=v", "-eX=1", "ghcr.io/github/github-mcp-server"},
			"docker run -i --rm -e GITHUB_TOKEN=*** -e PLAIN --env=K=*** -eX=*** ghcr.io/github/github-mcp-server"},
		{[]string{"server", "--key", "a b", "X=1"}, `server --key "a b" X=1`},
		{[]string{"env"}, "env"},
	} {
		if got := Display(tc.argv); got != tc.want {
			t.Errorf("Display(%q) = %q, want %q", tc.argv, got, tc.want)
		}
	}
}

func TestRedactKeepsArgv(t *testing.T) {
	argv := []string{"env", "TOKEN=secret", "server"}
	Redact(argv)
	if argv[1] != "TOKEN=secret" {
		t.Fatalf("Redact changed its argument: %q", argv)
	}
}

func TestEnvCommand(t *testing.T) {
	for _, tc := range []struct{ argv, want []string }{
		{[]string{"env", "SLACK_BOT_TOKEN=x", "node", "index.js"}, []string{"node", "index.js"}},
		{[]string{"env", "-u", "HOME", "env", "A=1", "./srv"}, []string{"./srv"}},
		{[]string{"env", "A=1"}, []string{"env"}},
		{[]string{"python3", "s.py"}, []string{"python3", "s.py"}},
	} {
		if got := EnvCommand(tc.argv); !slices.Equal(got, tc.want) {
			t.Errorf("EnvCommand(%q) = %q, want %q", tc.argv, got, tc.want)
		}
	}
}
