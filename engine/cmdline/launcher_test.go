package cmdline

import (
	"strings"
	"testing"
)

func TestLauncherOf(t *testing.T) {
	for _, tc := range []struct {
		argv string
		name string // "" for no launcher
		what string
	}{
		{"npx -y @modelcontextprotocol/server-everything", "npx", "the package"},
		{"/usr/local/bin/npx -y pkg", "npx", "the package"},
		{`C:\nodejs\npx.cmd -y pkg`, "npx", "the package"},
		{"cmd /c npx -y pkg", "npx", "the package"},
		{"env GITHUB_TOKEN=x npx -y pkg", "npx", "the package"},
		{"bunx pkg", "bunx", "the package"},
		{"bun x pkg", "bun x", "the package"},
		{"pnpx pkg", "pnpx", "the package"},
		{"pnpm dlx pkg", "pnpm dlx", "the package"},
		{"pnpm --silent dlx pkg", "pnpm dlx", "the package"},
		{"yarn dlx pkg", "yarn dlx", "the package"},
		{"npm exec -y pkg", "npm exec", "the package"},
		{"uvx mcp-server-fetch", "uvx", "the package"},
		{"uv run --with mcp server.py", "uv run", "the package"},
		{"uv tool run mcp-server-git", "uv tool run", "the package"},
		{"pipx run mcp-server-time", "pipx run", "the package"},
		{"dnx Contoso.Mcp --yes", "dnx", "the package"},
		{"docker run -i --rm ghcr.io/github/github-mcp-server", "docker run", "the image"},
		{"docker --context remote run -i img", "docker run", "the image"},
		{"docker container run -i img", "docker container run", "the image"},
		{"podman run -i img", "podman run", "the image"},
		{"deno run -A npm:@scope/server", "deno run", "the package"},
		{"deno run --allow-net jsr:@scope/server", "deno run", "the package"},
		{"deno run https://example.com/server.ts", "deno run", "the package"},
		{"go run example.com/cmd/server@latest", "go run", "the module"},
		// Fetching nothing: installed or local programs.
		{"deno run -A server.ts", "", ""},
		{"go run ./cmd/server", "", ""},
		{"pnpm exec server", "", ""},
		{"npm run start", "", ""},
		{"uv --version", "", ""},
		{"docker exec -i box server", "", ""},
		{"docker container exec -i box server", "", ""},
		{"uv tool install pkg", "", ""},
		{"node server.js", "", ""},
		{"python3 -m server", "", ""},
		{"./npx-wrapper", "", ""},
		{"env A=1", "", ""},
		{"cmd /c", "", ""},
		{"", "", ""},
	} {
		l, ok := LauncherOf(strings.Fields(tc.argv))
		if ok != (tc.name != "") || l.Name != tc.name || l.Fetches != tc.what {
			t.Errorf("LauncherOf(%q) = %+v, %v; want %q fetching %q", tc.argv, l, ok, tc.name, tc.what)
		}
	}
}
