#!/usr/bin/env bash
# End-to-end checks of mcplint's CI integrations, run by .ci/run:
#
#   1. every report format from the real binary, one at a time and several
#      in one run (--format text --format sarif=FILE ...);
#   2. its SARIF, and the writer's golden, pass the official SARIF validator
#      (npm @microsoft/sarif-multitool) with no error or warning, and the
#      validator's own reader loads them;
#   3. the pre-commit hook works on a fresh repository through the real
#      pre-commit (Debian's package): it fails on a defect and passes once
#      the file is fixed;
#   4. so do the other two hooks: mcplint-server on the [server] of
#      .mcplint.toml, mcplint-config-verify on a config with a typo;
#   5. the GitHub Action's lint step.
#
# Quiet on success; on failure it prints what it ran and what that said.
# Needs: go, npm, python3, git and pre-commit on PATH (.ci/run installs
# them). MCPLINT_CI_CACHE (default ~/.cache/mcplint-ci) keeps the validator
# between runs.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${MCPLINT_CI_CACHE:-$HOME/.cache/mcplint-ci}
multitool_version=5.7.0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/log
: >"$log"

fail() {
	echo "e2e-formats: FAIL: $*" >&2
	echo "--- log" >&2
	cat "$log" >&2
	exit 1
}
# run CMD...: runs it with its output in the log; returns its exit code.
run() {
	echo "+ $*" >>"$log"
	local rc=0
	"$@" >>"$log" 2>&1 || rc=$?
	echo "(exit $rc)" >>"$log"
	return "$rc"
}
# expect CODE CMD...: runs it and fails unless it exits with CODE.
expect() {
	local want=$1 rc=0
	shift
	run "$@" || rc=$?
	[ "$rc" -eq "$want" ] || fail "'$*' exited $rc, want $want"
}

bin=$work/bin/mcplint
run go build -o "$bin" "$root/cmd/mcplint" || fail "go build ./cmd/mcplint"
fixture=$root/testdata/static/ci-defects.json

# 1. Formats.
cd "$work"
expect 1 "$bin" -f sarif -o single.sarif "$fixture"
expect 1 "$bin" --format text --format sarif=multi.sarif --format json=report.json \
	--format junit=report.junit.xml --format github=github.txt --format markdown=report.md "$fixture"
grep -q 'tool-name-format' "$log" || fail "text report missing from stdout in a multi-format run"
for f in single.sarif multi.sarif report.json report.junit.xml github.txt report.md; do
	[ -s "$f" ] || fail "$f was not written"
done
run python3 - <<'EOF' || fail "reports do not hold what the fixture has"
import json, xml.etree.ElementTree as ET
sarif = json.load(open("multi.sarif"))
run = sarif["runs"][0]
ids = {r["id"] for r in run["tool"]["driver"]["rules"]}
got = {r["ruleId"] for r in run["results"]}
assert {"tool-name-format", "annotations-contradiction"} <= got, got
# The driver lists the rules that fired, and only those.
assert ids == got, (ids, got)
assert "\u202e" not in open("multi.sarif", encoding="utf-8").read(), "raw bidi control in SARIF"
assert json.load(open("report.json"))["summary"]["errors"] >= 1
suites = ET.parse("report.junit.xml").getroot()
assert suites.tag == "testsuites" and int(suites.get("failures")) >= 1
for line in open("github.txt"):
    assert line.startswith(("::error ", "::warning ", "::notice ")), line
md = open("report.md", encoding="utf-8").read()
# Without [output] help-uri the rule names are plain text, not links to
# a documentation site that may not be the user's.
assert md.startswith("## ") and "| tool-name-format |" in md and "](" not in md.split("| tool-name-format |")[1].split("\n")[0], md
assert "@admin" not in md and "<b>" not in md, "server text reached Markdown unescaped"
EOF

# 2. SARIF validator.
mt=$cache/sarif-multitool-$multitool_version
if [ ! -x "$mt/node_modules/.bin/sarif-multitool" ]; then
	mkdir -p "$mt"
	run npm install --prefix "$mt" --no-audit --no-fund "@microsoft/sarif-multitool@$multitool_version" ||
		fail "npm install @microsoft/sarif-multitool"
fi
# The npm wrapper runs the native binary through a shell; call it directly
# so arguments stay as written.
validator=$(find "$mt/node_modules/@microsoft" -maxdepth 2 -name Sarif.Multitool -type f | head -n1)
[ -n "$validator" ] || fail "no Sarif.Multitool binary in $mt"
chmod u+x "$validator"
export DOTNET_CLI_TELEMETRY_OPTOUT=1
for f in "$work/single.sarif" "$work/multi.sarif" "$root/engine/report/testdata/report.sarif"; do
	out=$work/validate.txt
	"$validator" validate "$f" >"$out" 2>&1 || { cat "$out" >>"$log"; fail "sarif-multitool validate $f crashed"; }
	cat "$out" >>"$log"
	# validate exits 0 even when it reports errors: read what it says.
	if grep -Eq ': (error|warning) [A-Z]+[0-9]+' "$out" || ! grep -q 'Analysis completed successfully' "$out"; then
		fail "sarif-multitool validate $f reported problems"
	fi
	# validate skips its rules, silently, on a file its reader cannot load
	# (an unknown enum value, say); rewrite makes the reader load it.
	run "$validator" rewrite "$f" -o "$work/rewritten.sarif" --log ForceOverwrite ||
		fail "sarif-multitool could not load $f"
done

# 3. pre-commit: a repository adds the hook as a user would and commits a
# tool list with a defect (refused), then the fixed list (accepted).
# try-repo as well: it also runs uncommitted changes to the hooks.
repo=$work/repo
mkdir -p "$repo"
cd "$repo"
run git init -q . || fail "git init"
git config user.email ci@example.invalid
git config user.name ci
git config commit.gpgsign false
cat >tools.json <<'EOF'
{"tools": [{"description": "Returns the current weather for a city, in metric units.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}}},
  "annotations": {"readOnlyHint": true}}]}
EOF
# Not a tool list: the hook's files pattern must leave it alone.
echo '{"name": "web-app", "private": true}' >package.json
cat >.pre-commit-config.yaml <<EOF
repos:
  - repo: $root
    rev: $(git -C "$root" rev-parse HEAD)
    hooks:
      - id: mcplint
EOF
run git add tools.json package.json .pre-commit-config.yaml || fail "git add"
export PRE_COMMIT_HOME=$work/pre-commit-home
# Reuse the machine's module and build caches: pre-commit gives each Go
# hook its own GOPATH, which would otherwise download every module again.
export GOMODCACHE=${GOMODCACHE:-$(go env GOMODCACHE)}
export GOCACHE=${GOCACHE:-$(go env GOCACHE)}

expect 1 pre-commit try-repo "$root" mcplint --all-files
grep -q 'tool-name-format' "$log" || fail "try-repo: the mcplint hook failed without naming the defect"

run pre-commit install || fail "pre-commit install"
: >"$log"
expect 1 git commit -qm "add tools"
grep -q 'tool-name-format' "$log" || fail "commit: the hook refused the commit without naming the defect"
sed -i 's/"description": "Returns/"name": "get_weather", "description": "Returns/' tools.json
run git add tools.json
expect 0 git commit -qm "add tools"
expect 0 pre-commit try-repo "$root" mcplint --all-files
# A tool list that is not JSON: mcplint exits 3 under the hook's -q, and
# the refused commit must still say why.
printf '{"tools": [\n' >broken.tools.json
run git add broken.tools.json
: >"$log"
expect 1 git commit -qm "add a broken tool list"
grep -q 'could not lint: broken.tools.json:2:1' "$log" || fail "commit: the hook (-q) refused a malformed tool list without saying why"
run git rm -q --cached broken.tools.json
rm broken.tools.json

# 4. The other hooks, on a repository whose .mcplint.toml names its server:
# mcplint-server lints that server whatever is committed, and
# mcplint-config-verify checks the config itself. They run through a
# .pre-commit-config.yaml at the same revision as above, so pre-commit
# reuses the hook environment it built there (try-repo builds mcplint
# again on every call).
srv=$work/server-repo
mkdir -p "$srv/api"
cd "$srv"
run git init -q . || fail "git init"
cat >.pre-commit-config.yaml <<EOF
repos:
  - repo: $root
    rev: $(git -C "$root" rev-parse HEAD)
    hooks:
      - id: mcplint-server
      - id: mcplint-config-verify
EOF
cat >.mcplint.toml <<'EOF'
version = 1

[server]
target = "api/tools.json"
EOF
# The tool has no name: an error.
cat >api/tools.json <<'EOF'
{"tools": [{"description": "Returns the current weather for a city, in metric units.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}}},
  "annotations": {"readOnlyHint": true}}]}
EOF
run git add .pre-commit-config.yaml .mcplint.toml api/tools.json || fail "git add"
: >"$log"
expect 1 pre-commit run mcplint-server --all-files
grep -q 'tool-name-format' "$log" || fail "mcplint-server failed without naming the defect of the [server] target"
expect 0 pre-commit run mcplint-config-verify --all-files
sed -i 's/"description": "Returns/"name": "get_weather", "description": "Returns/' api/tools.json
run git add api/tools.json
expect 0 pre-commit run mcplint-server --all-files

printf '\n[rules]\ndisabel = ["too-many-tools"]\n' >>.mcplint.toml
run git add .mcplint.toml
: >"$log"
expect 1 pre-commit run mcplint-config-verify --all-files
grep -q 'exit code: 2' "$log" || fail "mcplint-config-verify did not exit 2 on an unknown key"
grep -qF '.mcplint.toml:7:1: unknown key "disabel" in [rules] (did you mean "disable"?)' "$log" ||
	fail "mcplint-config-verify did not place the typo at line:column with a suggestion"
sed -i 's/^disabel/disable/' .mcplint.toml
run git add .mcplint.toml
expect 0 pre-commit run mcplint-config-verify --all-files

# 5. The Action's lint step, run as the Actions runner would run it (its
# inputs come in through the environment).
act=$work/action
mkdir -p "$act"
cd "$act"
cp "$fixture" tools.json
# PyYAML comes with Debian's pre-commit, for Debian's python3.
py=python3
python3 -c 'import yaml' 2>/dev/null || py=/usr/bin/python3
"$py" -c '
import sys, yaml
steps = yaml.safe_load(open(sys.argv[1]))["runs"]["steps"]
print(next(s for s in steps if s.get("id") == "lint")["run"])
' "$root/action.yml" >lint-step.sh 2>>"$log" || fail "no lint step in action.yml"
: >outputs
: >summary.md
run env PATH="$work/bin:$PATH" GITHUB_OUTPUT=outputs GITHUB_STEP_SUMMARY=summary.md RUNNER_TEMP="$act" \
	MCPLINT_TARGET=$'tools.json\n' MCPLINT_CONFIG_FILE= MCPLINT_FORMAT=github MCPLINT_FAIL_ON=error \
	MCPLINT_MIN_GRADE= MCPLINT_ARGS=$'--disable\ntool-name-style' MCPLINT_SARIF=mcplint.sarif MCPLINT_SUMMARY=true \
	bash -e lint-step.sh || fail "the Action's lint step failed"
grep -qx 'exit-code=1' outputs || fail "the Action's lint step did not report exit code 1: $(cat outputs)"
grep -qx "sarif-file=$act/mcplint.sarif" outputs || fail "the Action's lint step did not report the SARIF file: $(cat outputs)"
grep -q '^::error ' "$log" || fail "the Action's lint step printed no annotations"
# The fixture has a tool-name-style finding ("get weather!"); the args
# input disables the rule, and SARIF lists only the rules that fired.
grep -q '"ruleId"' mcplint.sarif && ! grep -q 'tool-name-style' mcplint.sarif ||
	fail "the Action's args input did not reach mcplint"
grep -q 'mcplint' summary.md || fail "the Action wrote no job summary"
