#!/usr/bin/env python3
"""Real-model benchmark of the lifetime rules (issue 35): for each network of
tests/programs/models, at the place right after bufferization, the lower bound (peak of live
bytes) and the pool bytes that `bufreuse --analyze --before-dealloc` reports

  * as before the rules (`--live-from-alloc --no-in-place`),
  * with buffers live from their first use (`--no-in-place`),
  * with outputs written in place over dying inputs too (the default),
  * after `mlir-opt --buffer-results-to-out-params="hoist-static-allocs modify-public-functions"`
    (the default rules; shown where that pass changes anything),

and the program's peak heap bytes at run time without bufreuse and with it (bench/heap's
counting `malloc`, under mlir-runner, after `--buffer-deallocation-pipeline`), with whether
both print the same (and the model's expected.txt).

Usage: bench/models/run.py [--bufreuse PATH] [--only NAME,...]
Needs mlir-opt, mlir-runner (MLIR_BIN_DIR or /usr/lib/llvm-22/bin) and a C compiler (cc).
"""

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
MODELS = os.path.join(REPO, "tests", "programs", "models")

spec = importlib.util.spec_from_file_location("heap", os.path.join(REPO, "bench", "heap", "run.py"))
heap = importlib.util.module_from_spec(spec)
spec.loader.exec_module(heap)

# The passes of the shared corpus's models/build.sh before and for bufferization.
PRE_TOSA = (
    "--pass-pipeline=builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,"
    "tosa-to-arith,tosa-to-tensor,tosa-to-scf))"
)
PRE = [
    "--canonicalize",
    "--linalg-fuse-elementwise-ops",
    "--canonicalize",
    "--eliminate-empty-tensors",
    "--empty-tensor-to-alloc-tensor",
    "--one-shot-bufferize=bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map",
]
OUT_PARAMS = "--buffer-results-to-out-params=hoist-static-allocs modify-public-functions"
RULES = [
    ("before", ["--live-from-alloc", "--no-in-place"]),
    ("first use", ["--no-in-place"]),
    ("first use + in place", []),
]


def models():
    with open(os.path.join(MODELS, "models.tsv")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            yield fields[0], fields[3] == "tosa"


def analyze(bufreuse, path, options):
    """(lower bound, pool bytes, pooled, in place) summed over the functions."""
    r = subprocess.run(
        [bufreuse, "--analyze", "--before-dealloc", "--format=json", *options, path],
        capture_output=True, text=True, check=True,
    )
    doc = json.loads(r.stdout)
    bound = sum(p["lower_bound"] for f in doc["functions"] for p in f["pools"])
    pool = sum(f["pool_bytes"] for f in doc["functions"])
    allocations = [a for f in doc["functions"] for a in f["allocations"]]
    pooled = sum(1 for a in allocations if a["offset"] is not None or a["run_time_offset"])
    in_place = sum(1 for a in allocations if a["in_place"])
    return bound, pool, pooled, in_place, len(allocations)


def cell(result):
    bound, pool, pooled, in_place, total = result
    extra = ", %d in place" % in_place if in_place else ""
    return "%d / %d (%d of %d pooled%s)" % (bound, pool, pooled, total, extra)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bufreuse", default=os.path.join(REPO, "target", "release", "bufreuse"))
    ap.add_argument("--only", default="", help="comma-separated model names")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    with tempfile.TemporaryDirectory(prefix="bufreuse-models-") as work:
        b = heap.Bench(args.bufreuse, work, [])
        f = lambda name, s: os.path.join(work, "%s.%s.mlir" % (name, s))
        print(
            "| model | lower bound / pool, before | with first use | with first use + in place "
            "| after out-params | peak heap at run time (saved) | same output |"
        )
        print("|---|---|---|---|---|---|---|")
        for name, tosa in models():
            if only and name not in only:
                continue
            src = os.path.join(MODELS, name + ".input.mlir")
            if tosa:
                b.opt_file(src, [PRE_TOSA], f(name, "linalg"))
                src = f(name, "linalg")
            buf = f(name, "bufferized")
            b.opt_file(src, PRE, buf)
            cells = [cell(analyze(args.bufreuse, buf, options)) for _, options in RULES]
            default = analyze(args.bufreuse, buf, [])
            try:
                b.opt_file(buf, [OUT_PARAMS], f(name, "outparams"))
                moved = analyze(args.bufreuse, f(name, "outparams"), [])
                cells.append(cell(moved) if moved != default else "no change")
            except RuntimeError as e:
                # Upstream's pass refuses dynamically shaped results (the TOSA models).
                if "dynamically shaped result" not in str(e):
                    raise
                moved = default
                cells.append("refused: dynamically shaped result")
            # Run time: the model without bufreuse, and with it (after out-params where that
            # pass changed the pools).
            variant = f(name, "outparams") if moved != default else buf
            b.opt_file(buf, ["--buffer-deallocation-pipeline"], f(name, "ref"))
            b.bufreuse_rewrite(variant, f(name, "pooled"), ["--before-dealloc"])
            b.opt_file(f(name, "pooled"), ["--buffer-deallocation-pipeline"], f(name, "pooled.dealloc"))
            before = b.measure(f(name, "ref"), name + ".orig")
            after = b.measure(f(name, "pooled.dealloc"), name + ".pooled")
            with open(os.path.join(MODELS, name + ".expected.txt")) as e:
                expected = e.read()
            same = before[3] == after[3] == equiv_mask(expected)
            saved = "%d → %d (%s)" % (before[1], after[1], heap.saved(before[1], after[1]))
            row = [name, *cells, saved, "yes" if same else "NO"]
            print("| " + " | ".join(row) + " |", flush=True)


def equiv_mask(text):
    """An expected.txt (masked by mlir-equiv.py: `base@ = <addr>`) as bench/heap masks."""
    return text.replace("base@ = <addr>", "<addr>")


if __name__ == "__main__":
    sys.exit(main())
