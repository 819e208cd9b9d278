#!/bin/sh
# Captures the tools/list of older versions of published npm MCP servers,
# to diff against the pinned dumps of testdata/realservers (the newer
# versions), with mcplint itself, offline. Each older version is installed
# into its own folder under PREFIX first:
#
#   npm install --prefix PREFIX/NAME-VERSION --ignore-scripts PACKAGE@VERSION
#
# The filesystem versions need zod@3.25 beside them (add it to that npm
# install): their ranges let npm pick zod 4 today, which the
# zod-to-json-schema they use cannot read, and every input schema would
# come out empty, unlike what those versions served when they were current.
#
#   go build -o /tmp/mcplint ./cmd/mcplint && MCPLINT=/tmp/mcplint testdata/diff/capture.sh PREFIX
#
# Writes NAME-VERSION.json per server and MANIFEST.tsv beside this script.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mcplint=${MCPLINT:-mcplint}
prefix=$1
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
manifest="$here/MANIFEST.tsv"
printf 'name\tpackage\tversion\tlicence\ttools\tnewer\n' >"$manifest.tmp"

capture() { # name version package bin-name newer-dump [args...]
	name=$1 want=$2 pkg=$3 bin=$4 newer=$5
	shift 5
	dir="$prefix/$name-$want/node_modules/$pkg"
	main=$(node -e 'const p=require(process.argv[1]); const b=typeof p.bin==="string"?p.bin:p.bin[process.argv[2]]; console.log(b)' "$dir/package.json" "$bin")
	version=$(node -p 'require(process.argv[1]).version' "$dir/package.json")
	licence=$(node -p 'require(process.argv[1]).license' "$dir/package.json")
	out="$name-$version.json"
	(cd "$empty" && HOME="$empty" unshare -n "$mcplint" dump -o "$here/$out" -- node "$dir/${main#./}" "$@")
	tools=$(node -p 'require(process.argv[1]).tools.length' "$here/$out")
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$pkg" "$version" "$licence" "$tools" "$newer" >>"$manifest.tmp"
}

capture filesystem 2025.7.1 @modelcontextprotocol/server-filesystem mcp-server-filesystem realservers/filesystem.json /tmp
capture filesystem 2025.7.29 @modelcontextprotocol/server-filesystem mcp-server-filesystem realservers/filesystem.json /tmp
capture everything 2026.1.26 @modelcontextprotocol/server-everything mcp-server-everything realservers/everything.json
capture memory 2025.8.4 @modelcontextprotocol/server-memory mcp-server-memory realservers/memory.json
capture playwright 0.0.82 @playwright/mcp playwright-mcp realservers/playwright.json
capture context7 4.0.7 @upstash/context7-mcp context7-mcp realservers/context7.json
mv "$manifest.tmp" "$manifest"
