#!/usr/bin/env python3
"""Nothing gets worse (issue 35): for every MLIR file given (directories are searched for
*.mlir), the pooled allocations and pool bytes that `bufreuse --analyze` reports with the
lifetime rules turned off (`--live-from-alloc --no-in-place`, as before them) and on (the
default), per function; prints one line per file that changes and the totals, and exits 1 if
any function pools fewer allocations or more bytes with the rules on.

Usage: bench/models/no_worse.py [--bufreuse PATH] [--option=OPT ...] PATH...
Files bufreuse refuses (errors) are counted as skipped, with both runs agreeing.
"""

import argparse
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
OFF = ["--live-from-alloc", "--no-in-place"]


def report(bufreuse, path, options):
    r = subprocess.run(
        [bufreuse, "--analyze", "--format=json", *options, path], capture_output=True, text=True
    )
    if r.returncode != 0:
        return None
    out = {}
    # One document per chunk (with --split-input-file) would follow each other; one here.
    doc = json.loads(r.stdout)
    for f in doc["functions"]:
        pooled = sum(
            1 for a in f["allocations"] if a["offset"] is not None or a["run_time_offset"]
        )
        out[f["name"]] = (pooled, f["pool_bytes"])
    return out


def files(paths):
    for p in paths:
        if os.path.isdir(p):
            yield from sorted(glob.glob(os.path.join(p, "**", "*.mlir"), recursive=True))
        else:
            yield p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bufreuse", default=os.path.join(REPO, "target", "release", "bufreuse"))
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    worse = skipped = n = 0
    totals = [[0, 0], [0, 0]]
    for path in files(args.paths):
        before = report(args.bufreuse, path, OFF + args.option)
        after = report(args.bufreuse, path, args.option)
        if before is None or after is None:
            skipped += 1
            continue
        n += 1
        changed = []
        for name, (p0, b0) in before.items():
            p1, b1 = after.get(name, (0, 0))
            totals[0][0] += p0
            totals[0][1] += b0
            totals[1][0] += p1
            totals[1][1] += b1
            if p1 < p0 or b1 > b0:
                worse += 1
                changed.append("@%s WORSE %d/%d -> %d/%d" % (name, p0, b0, p1, b1))
            elif (p0, b0) != (p1, b1):
                changed.append("@%s %d/%d -> %d/%d" % (name, p0, b0, p1, b1))
        if changed:
            print("%s: %s" % (os.path.relpath(path), "; ".join(changed)))
    print(
        "%d files (%d skipped): pooled %d -> %d, pool bytes %d -> %d; %d functions worse"
        % (n, skipped, totals[0][0], totals[1][0], totals[0][1], totals[1][1], worse)
    )
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
