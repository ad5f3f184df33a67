#!/usr/bin/env bash
# Writes what a bufreuse binary prints for a fixed set of inputs into a directory, so that two
# builds can be compared byte for byte (`diff -r`) after a change meant to keep the output.
#
# Inputs: every `.mlir` under lit_tests/ but lit's Output/ (split at `// -----`), every `.mlir` under the shared
# corpus (../shared/corpus, or $SHARED/corpus) if present, and gen_chain.py's 100,000-op file
# if the generator is present. For each: `--analyze`, `--analyze --format json`, `--rewrite`,
# each output followed by its exit status (stderr included, so errors are compared too).
#
# Usage: bench/frontend/same-output.sh BUFREUSE OUTDIR
#        diff -r OUTDIR_BEFORE OUTDIR_AFTER
set -uo pipefail

[ $# -eq 2 ] || { sed -n '2,10p' "$0"; exit 2; }
bin=$(realpath "$1")
out=$2
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
shared=${SHARED:-$(cd "$repo/.." && pwd)/shared}
[ -d "$shared" ] || shared=/work/shared
mkdir -p "$out"

run_all() { # name file [flags...]
    local name=$1 file=$2
    shift 2
    local key
    key=$(echo "$name" | tr '/' '_')
    for mode in "--analyze" "--analyze --format json" "--rewrite"; do
        local tag
        tag=$(echo "$mode" | tr -d ' -')
        # shellcheck disable=SC2086
        "$bin" $mode "$@" "$file" >"$out/$key.$tag" 2>&1
        echo "exit $?" >>"$out/$key.$tag"
    done
}

(cd "$repo" && find lit_tests -name '*.mlir' -not -path '*/Output/*' | sort) | while read -r f; do
    run_all "$f" "$repo/$f" --split-input-file
done
if [ -d "$shared/corpus" ]; then
    (cd "$shared" && find corpus -name '*.mlir' | sort) | while read -r f; do
        run_all "$f" "$shared/$f"
    done
fi
if [ -f "$shared/tools/gen_chain.py" ]; then
    chain=$(mktemp --suffix=.mlir)
    python3 "$shared/tools/gen_chain.py" 100000 >"$chain"
    run_all chain100000 "$chain"
    rm -f "$chain"
fi
