#!/bin/sh
# Captures the tools/list of the published npm MCP servers as static tool
# lists, with mcplint itself, offline. Needs the servers installed as .ci/run
# installs them (MCPLINT_NPM_CACHE) and `unshare` (util-linux). Writes one
# <name>.json per server and MANIFEST.tsv beside this script.
#
#   go build -o /tmp/mcplint ./cmd/mcplint && MCPLINT=/tmp/mcplint testdata/realservers/capture.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mcplint=${MCPLINT:-mcplint}
nm="${MCPLINT_NPM_CACHE:-$HOME/.cache/mcplint-ci/npm}/node_modules"
# Servers that refuse to start without credentials get dummies; no network is
# reachable, so nothing is ever sent with them.
export GITHUB_PERSONAL_ACCESS_TOKEN=dummy SLACK_BOT_TOKEN=xoxb-dummy SLACK_TEAM_ID=T00000000 \
	GITLAB_PERSONAL_ACCESS_TOKEN=dummy GITLAB_API_URL=http://127.0.0.1:9/api/v4 \
	AWS_ACCESS_KEY_ID=dummy AWS_SECRET_ACCESS_KEY=dummy AWS_REGION=us-east-1 \
	BRAVE_API_KEY=dummy GOOGLE_MAPS_API_KEY=dummy EVERART_API_KEY=dummy \
	NOTION_TOKEN=dummy CONTEXT7_API_KEY=dummy
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
manifest="$here/MANIFEST.tsv"
printf 'name\tpackage\tversion\tlicence\ttools\tcommand\n' >"$manifest.tmp"

capture() { # name package bin-name [args...]
	name=$1 pkg=$2 bin=$3
	shift 3
	dir="$nm/$pkg"
	main=$(node -e 'const p=require(process.argv[1]); const b=typeof p.bin==="string"?p.bin:p.bin[process.argv[2]]; console.log(b)' "$dir/package.json" "$bin")
	version=$(node -p 'require(process.argv[1]).version' "$dir/package.json")
	licence=$(node -p 'require(process.argv[1]).license' "$dir/package.json")
	(cd "$empty" && HOME="$empty" unshare -n "$mcplint" dump -o "$here/$name.json" -- node "$dir/${main#./}" "$@")
	tools=$(node -p 'require(process.argv[1]).tools.length' "$here/$name.json")
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$pkg" "$version" "$licence" "$tools" \
		"unshare -n mcplint dump -o $name.json -- node node_modules/$pkg/${main#./}${*:+ $*}" >>"$manifest.tmp"
}

capture everything @modelcontextprotocol/server-everything mcp-server-everything
capture filesystem @modelcontextprotocol/server-filesystem mcp-server-filesystem /tmp
capture memory @modelcontextprotocol/server-memory mcp-server-memory
capture sequential-thinking @modelcontextprotocol/server-sequential-thinking mcp-server-sequential-thinking
capture github @modelcontextprotocol/server-github mcp-server-github
capture slack @modelcontextprotocol/server-slack mcp-server-slack
capture gitlab @modelcontextprotocol/server-gitlab mcp-server-gitlab
capture aws-kb-retrieval @modelcontextprotocol/server-aws-kb-retrieval mcp-server-aws-kb-retrieval
capture postgres @modelcontextprotocol/server-postgres mcp-server-postgres postgresql://127.0.0.1:9/none
capture brave-search @modelcontextprotocol/server-brave-search mcp-server-brave-search
capture google-maps @modelcontextprotocol/server-google-maps mcp-server-google-maps
capture everart @modelcontextprotocol/server-everart mcp-server-everart
capture playwright @playwright/mcp playwright-mcp
capture context7 @upstash/context7-mcp context7-mcp
capture notion @notionhq/notion-mcp-server notion-mcp-server
capture antv-chart @antv/mcp-server-chart mcp-server-chart
capture chrome-devtools chrome-devtools-mcp chrome-devtools-mcp
capture desktop-commander @wonderwhy-er/desktop-commander desktop-commander
capture git @cyanheads/git-mcp-server git-mcp-server
capture kubernetes mcp-server-kubernetes mcp-server-kubernetes
capture mongodb mongodb-mcp-server mongodb-mcp-server
mv "$manifest.tmp" "$manifest"
