#!/usr/bin/env bash
# Front-end benchmark: bufreuse against mlir-opt on the same generated files.
#
# For each N (default: 10000 and 100000) it writes `gen_chain.py N` (one long function) into a
# temporary directory, and for each fF `gen_funcs.py F` (F small functions, beside this
# script), then runs `bufreuse FILE -o /dev/null` (read, build, print),
# `bufreuse --analyze FILE -o /dev/null` (read, analyze, plan, report),
# `bufreuse --rewrite FILE -o /dev/null` (read, analyze, plan, rewrite, check, print) and
# `mlir-opt FILE -o /dev/null` (read, verify, print) side by side, alternating the tools,
# and prints a Markdown table: the best wall time of the runs (in milliseconds, from the clock
# around each run of /usr/bin/time, whose own `%e` has a resolution of 10 ms only), and the
# largest peak resident set size of the runs (/usr/bin/time's `%M`). `ratio` is bufreuse /
# mlir-opt.
#
# Usage: bench/frontend/run.sh [--runs K] [--no-build] [N | fF ...]
# Environment: CARGO_TARGET_DIR (where the release binary is built), MLIR_OPT (default: the
# `mlir-opt` on PATH, else the newest /usr/lib/llvm-*/bin/mlir-opt), GEN_CHAIN (default:
# /work/shared/tools/gen_chain.py, else ../shared/tools/gen_chain.py beside the repository).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
runs=3
build=1
sizes=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --runs=*) runs=${1#--runs=}; shift ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) sizes+=("$1"); shift ;;
    esac
done
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)

target=${CARGO_TARGET_DIR:-$repo/target}
bufreuse=$target/release/bufreuse
if [ "$build" = 1 ]; then
    (cd "$repo" && cargo build --release --quiet)
fi
mlir_opt=${MLIR_OPT:-$(command -v mlir-opt || ls -d /usr/lib/llvm-*/bin/mlir-opt 2>/dev/null | sort -V | tail -1)}
gen=${GEN_CHAIN:-/work/shared/tools/gen_chain.py}
[ -f "$gen" ] || gen=$repo/../shared/tools/gen_chain.py
for tool in "$bufreuse" "$mlir_opt" "$gen"; do
    [ -e "$tool" ] || { echo "run.sh: not found: $tool" >&2; exit 1; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bufreuse-frontend.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# measure_once KEY TOOL FILE: one timed run; keeps the best time and the largest peak per KEY.
declare -A best peak
measure_once() {
    local key=$1; shift
    local t0 t1
    t0=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$tmp/time" "$@" -o /dev/null 2>"$tmp/stderr" >/dev/null || {
        echo "run.sh: failed: $* (see below)" >&2; cat "$tmp/stderr" >&2; exit 1; }
    t1=$(date +%s%N)
    read -r kb <"$tmp/time"
    local s=$(( (t1 - t0) / 1000000 ))
    if [ -z "${best[$key]:-}" ] || awk -v a="$s" -v b="${best[$key]}" 'BEGIN{exit !(a<b)}'; then
        best[$key]=$s
    fi
    if [ -z "${peak[$key]:-}" ] || [ "$kb" -gt "${peak[$key]}" ]; then
        peak[$key]=$kb
    fi
}

echo "| N | file MB | ops | tool | ms | peak MB | ratio (time, memory) |"
echo "|---:|---:|---:|---|---:|---:|---|"
for n in "${sizes[@]}"; do
    f=$tmp/input$n.mlir
    case "$n" in
        f*) generate=("$here/gen_funcs.py" "${n#f}") ;;
        *) generate=("$gen" "$n") ;;
    esac
    ops=$(python3 "${generate[@]}" -o "$f" 2>&1 | sed -n 's/.*ops~\([0-9]*\).*/\1/p')
    mb=$(awk -v b="$(stat -c %s "$f")" 'BEGIN{printf "%.1f", b/1e6}')
    for _ in $(seq "$runs"); do
        measure_once "b$n" "$bufreuse" "$f"
        measure_once "a$n" "$bufreuse" --analyze "$f"
        measure_once "r$n" "$bufreuse" --rewrite "$f"
        measure_once "m$n" "$mlir_opt" "$f"
    done
    ms=${best[m$n]} mk=${peak[m$n]}
    for row in "b:bufreuse" "a:bufreuse --analyze" "r:bufreuse --rewrite"; do
        key=${row%%:*}$n
        awk -v n="$n" -v mb="$mb" -v ops="$ops" -v tool="${row#*:}" -v bs="${best[$key]}" \
            -v bk="${peak[$key]}" -v ms="$ms" -v mk="$mk" 'BEGIN{
            printf "| %s | %s | %d | %s | %d | %.0f | %.3f, %.2f |\n", n, mb, ops, tool, bs, bk/1024, bs/ms, bk/mk
        }'
    done
    awk -v n="$n" -v mb="$mb" -v ops="$ops" -v ms="$ms" -v mk="$mk" 'BEGIN{
        printf "| %s | %s | %d | mlir-opt | %d | %.0f | 1, 1 |\n", n, mb, ops, ms, mk/1024
    }'
done
