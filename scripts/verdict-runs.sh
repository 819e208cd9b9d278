#!/usr/bin/env bash
# verdict-runs.sh lints one target again and again and says how many
# different verdicts it gave: the grade, the exit code and every finding
# (rule, severity, tool, pointer, message) of each run, compared whole,
# and again as a baseline keys them (a transcript pointer's indices as
# "*", without slow-response and shutdown-on-stdin-close, which measure
# the machine). Inconclusive probes are counted beside the verdict, not in
# it. After each run it looks for processes the run left behind (they
# carry the run's marker in their environment). Needs jq and python3.
#
#   scripts/verdict-runs.sh RUNS OUTDIR [--http 'SERVER ARGV'] -- MCPLINT-ARGS...
#
# MCPLINT names the mcplint binary (default: mcplint on PATH). With
# --http, each run starts SERVER ARGV afresh with PORT set to a free
# loopback port, waits for it to listen, and replaces @URL in the
# arguments with its endpoint. Each run is under `timeout 300` and
# `prlimit --as=3000000000`. The load is the caller's: run it beside
# `stress-ng --cpu 0` to lint on a busy machine.
#
# Prints one line: RUNS, distinct verdicts, distinct inconclusive sets,
# leftover processes, then (when more than one) each verdict's runs.
set -uo pipefail

runs=${1:?runs}
out=${2:?outdir}
shift 2
http=
if [ "${1:-}" = --http ]; then
	http=$2
	shift 2
fi
[ "${1:-}" = -- ] && shift
mcplint=${MCPLINT:-mcplint}
mkdir -p "$out"

# marked lists the processes whose environment holds marker $1.
marked() {
	grep -lsa "MCPLINT_VERDICT_RUN=$1" /proc/[0-9]*/environ 2>/dev/null |
		sed 's#/proc/\([0-9]*\)/environ#\1#' | while read -r pid; do
		[ "$pid" = "$$" ] && continue
		echo "$pid $(tr '\0' ' ' </proc/"$pid"/cmdline 2>/dev/null | cut -c1-120)"
	done
}

free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

leftovers=0
for i in $(seq 1 "$runs"); do
	marker="$(basename "$out")-$i-$$"
	args=("$@")
	srv=
	if [ -n "$http" ]; then
		port=$(free_port)
		# shellcheck disable=SC2086 # SERVER ARGV is split on purpose
		env PORT="$port" MCPLINT_VERDICT_SERVER="$marker" setsid $http >"$out/server-$i.log" 2>&1 &
		srv=$!
		for _ in $(seq 1 600); do
			grep -q -i listening "$out/server-$i.log" && break
			sleep 0.1
		done
		args=("${args[@]//@URL/http://127.0.0.1:$port/mcp}")
	fi
	MCPLINT_VERDICT_RUN=$marker timeout 300 prlimit --as=3000000000 \
		"$mcplint" --no-plugins --format json "${args[@]}" >"$out/run-$i.json" 2>"$out/run-$i.err"
	rc=$?
	if [ -n "$srv" ]; then
		kill -- -"$srv" 2>/dev/null
		wait "$srv" 2>/dev/null
	fi
	sleep 0.5
	left=$(marked "$marker")
	if [ -n "$left" ]; then
		leftovers=$((leftovers + $(wc -l <<<"$left")))
		echo "run $i left: $left" >>"$out/leftovers"
	fi
	jq -S --argjson rc "$rc" '{exit: $rc, targets: [.targets[] | {name, grade, era, error,
		issues: ([.issues[]? | {rule, severity, tool, pointer, message}] | sort)}]}' \
		"$out/run-$i.json" >"$out/verdict-$i.json" 2>/dev/null || echo "{\"exit\": $rc, \"unreadable\": true}" >"$out/verdict-$i.json"
	jq -S '[.targets[] | [.inconclusive[]? | .probe] | sort]' "$out/run-$i.json" >"$out/inconclusive-$i.json" 2>/dev/null || echo null >"$out/inconclusive-$i.json"
	# The verdict as a baseline knows it: the findings of the rules that
	# measure the machine left out, a transcript pointer's indices as "*".
	jq -S '.targets |= map(.issues |= map(select(.rule != "slow-response" and .rule != "shutdown-on-stdin-close")
		| .pointer |= (if startswith("/transcript/") then gsub("/[0-9]+"; "/*") else . end)))' \
		"$out/verdict-$i.json" >"$out/keyed-$i.json"
done

verdicts=$(for i in $(seq 1 "$runs"); do md5sum <"$out/verdict-$i.json" | cut -c1-8; done)
distinct=$(sort -u <<<"$verdicts" | wc -l)
keyed=$(for i in $(seq 1 "$runs"); do md5sum <"$out/keyed-$i.json"; done | sort -u | wc -l)
incon=$(for i in $(seq 1 "$runs"); do md5sum <"$out/inconclusive-$i.json"; done | sort -u | wc -l)
grades=$(jq -r '[.exit, (.targets[]? | .grade)] | map(tostring) | join("/")' "$out"/verdict-*.json | sort | uniq -c | tr '\n' ' ')
echo "$out: $runs runs, $distinct verdicts ($keyed as a baseline keys them), $incon inconclusive sets, $leftovers leftovers; exit/grade: $grades"
if [ "$distinct" -gt 1 ]; then
	i=0
	for v in $verdicts; do
		i=$((i + 1))
		echo "  run $i: $v"
	done
fi
