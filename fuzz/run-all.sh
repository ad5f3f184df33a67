#!/usr/bin/env bash
# Runs the fuzz targets one after another for SECONDS each and prints one summary line per
# target: the commit, the seconds, the executions, the corpus size, and "clean" or the crash
# file. libFuzzer's own output goes to fuzz/logs/<target>.<commit>.log.
# Usage: fuzz/run-all.sh SECONDS [TARGET...]     (default: parse roundtrip plan rewrite split library)
# Needs cargo-fuzz (`cargo install cargo-fuzz`); sets RUSTC_BOOTSTRAP=1 for the stable toolchain.
# Extra cargo-fuzz options (such as --target-dir DIR) can be given in $FUZZ_CARGO_OPTS.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
seconds=${1:?usage: run-all.sh SECONDS [TARGET...]}
shift
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(parse roundtrip plan rewrite split library)
export RUSTC_BOOTSTRAP=1
commit=$(git rev-parse --short HEAD)
[[ -d corpus/parse ]] || ./seed.sh
mkdir -p logs
# shellcheck disable=SC2086
cargo fuzz build -O -a -s none ${FUZZ_CARGO_OPTS:-} >/dev/null 2>&1 || {
  echo "error: cargo fuzz build failed" >&2
  exit 1
}
status=0
for target in "${targets[@]}"; do
  dict=(-dict=mlir.dict -max_len=4096)
  [[ $target == plan ]] && dict=()
  log=logs/$target.$commit.log
  # shellcheck disable=SC2086
  cargo fuzz run -O -a -s none ${FUZZ_CARGO_OPTS:-} "$target" "corpus/$target" -- \
    "${dict[@]}" -timeout=10 -rss_limit_mb=2048 -max_total_time="$seconds" \
    -print_final_stats=1 >"$log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  files=$(find "corpus/$target" -type f | wc -l)
  crash=$(grep -o 'artifacts/[^ ]*' "$log" | tail -1)
  if [[ $rc -eq 0 ]]; then
    outcome=clean
  else
    outcome="FAILED (${crash:-see $log})"
    status=1
  fi
  echo "$(date -u +%F) $commit $target ${seconds}s execs=${execs:-?} corpus=$files $outcome"
done
exit $status
