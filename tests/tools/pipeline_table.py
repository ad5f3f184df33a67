#!/usr/bin/env python3
"""Markdown table: what bufreuse pools at each place of MLIR's bufferization pipeline.

Usage: pipeline_table.py [--old PATH] [--new PATH] [--mlir-opt PATH] SOURCE.tensor.mlir... [FILE.mlir...]

For every tensor source, the IR at three places of the pipeline is made with mlir-opt:
  bufferized  after --one-shot-bufferize (identity layouts at function boundaries), analyzed
              with --before-dealloc;
  ownership   after --ownership-based-buffer-deallocation --canonicalize
              --buffer-deallocation-simplification (bufferization.dealloc, not lowered yet);
  lowered     after the whole --buffer-deallocation-pipeline.
Other .mlir files (the shared corpus's .rfc/.pf/.il, say) are analyzed as they are.

One row per input and place: allocations, how many are pooled and the bytes they take
before (their sum) and after (the pool sizes), for the binary `--new` (default
target/release/bufreuse) and, when `--old` is given, for that one too (without
--before-dealloc when it does not know the flag); and the reasons of what stays out, as the
new binary reports them.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

BUFFERIZE = (
    "--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops "
    "function-boundary-type-conversion=identity-layout-map"
)
OWNERSHIP = [
    "--ownership-based-buffer-deallocation",
    "--canonicalize",
    "--buffer-deallocation-simplification",
]


def analyze(binary, path, before_dealloc, may_fail=False):
    """(allocations, pooled, bytes before, bytes after, {reason: n}) of one file; `None` when
    `may_fail` and the binary cannot read it."""
    args = [binary, "--analyze", "--format=json", path]
    if before_dealloc:
        args.insert(2, "--before-dealloc")
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0 and may_fail:
        return None
    if out.returncode != 0:
        raise SystemExit("%s failed on %s:\n%s" % (binary, path, out.stderr))
    total = pooled = run_time = before = after = 0
    reasons = {}
    for doc in json.JSONDecoder().raw_decode(out.stdout)[:1]:
        for f in doc["functions"]:
            after += f["pool_bytes"]
            for a in f["allocations"]:
                total += 1
                if a["offset"] is not None:
                    pooled += 1
                    before += a["bytes"] or 0
                elif a.get("run_time_offset") is not None:
                    pooled += 1
                    run_time += 1
                elif a["reason"]:
                    reasons[a["reason"]] = reasons.get(a["reason"], 0) + 1
    return total, pooled, run_time, before, after, reasons


def knows_before_dealloc(binary):
    out = subprocess.run([binary, "--help"], capture_output=True, text=True)
    return "--before-dealloc" in out.stdout


def cell(r):
    if r is None:
        return "cannot read it | -"
    total, pooled, run_time, before, after, _ = r
    saved = "%d%%" % round(100 * (before - after) / before) if before else "-"
    dynamic = " (%d of run-time size)" % run_time if run_time else ""
    return "%d / %d%s | %d → %d (%s)" % (pooled, total, dynamic, before, after, saved)


def main(argv):
    args = list(argv)
    opts = {"--old": None, "--new": "target/release/bufreuse", "--mlir-opt": None}
    if args[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return
    while args and args[0] in opts:
        opts[args[0]] = args[1]
        args = args[2:]
    mlir_opt = opts["--mlir-opt"] or shutil.which("mlir-opt") or "/usr/lib/llvm-22/bin/mlir-opt"
    old, new = opts["--old"], opts["--new"]
    old_flag = old is not None and knows_before_dealloc(old)
    header = "| input | place | new: pooled / allocations | new: bytes before → after |"
    rule = "|---|---|---:|---:|"
    if old:
        header += " old: pooled / allocations | old: bytes before → after |"
        rule += "---:|---:|"
    header += " not pooled (new) |"
    rule += "---|"
    print(header)
    print(rule)
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for src in args:
            name = os.path.basename(src)
            if not name.endswith(".tensor.mlir"):
                rows.append((name, "as given", src, False))
                continue
            stem = name[: -len(".tensor.mlir")]
            places = [
                ("bufferized", [BUFFERIZE], True),
                ("ownership", [BUFFERIZE] + OWNERSHIP, False),
                ("lowered", [BUFFERIZE, "--buffer-deallocation-pipeline"], False),
            ]
            for place, passes, before_dealloc in places:
                out = os.path.join(tmp, "%s.%s.mlir" % (stem, place))
                subprocess.run([mlir_opt, src, *passes, "-o", out], check=True)
                rows.append((stem, place, out, before_dealloc))
        for name, place, path, before_dealloc in rows:
            r_new = analyze(new, path, before_dealloc)
            line = "| %s | %s | %s |" % (name, place, cell(r_new))
            if old:
                r_old = analyze(old, path, before_dealloc and old_flag, may_fail=True)
                line += " %s |" % cell(r_old)
            reasons = ", ".join("%s %d" % kv for kv in sorted(r_new[5].items()))
            line += " %s |" % (reasons or "-")
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
