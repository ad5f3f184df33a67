#!/usr/bin/env python3
"""Markdown table of what `bufreuse --rewrite --stats` reports for some inputs.

Usage: stats_table.py [--bufreuse PATH] FILE.mlir...

One row per function that gets a pool: the allocations pooled and kept, the bytes of the
pooled allocations before and the pool bytes after, and `memref.alloc` executions per call
before and after (`?` where a loop's trip count is not a constant). Functions without a pool
are counted below the table. `--bufreuse` defaults to `bufreuse` on PATH, else
target/debug/bufreuse of this repository.
"""

import os
import re
import shutil
import subprocess
import sys

STATS = re.compile(
    r"^(?P<file>.*): @(?P<func>\S+): (?P<pooled>\d+) allocations pooled, (?P<kept>\d+) kept; "
    r"(?P<before>\d+) bytes -> (?P<after>\d+) bytes; "
    r"mallocs per call (?P<mb>\S+) -> (?P<ma>\S+)$"
)


def main(argv):
    args = list(argv)
    binary = None
    if args[:1] == ["--bufreuse"]:
        binary = args[1]
        args = args[2:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    if binary is None:
        here = os.path.dirname(os.path.abspath(__file__))
        binary = shutil.which("bufreuse") or os.path.join(
            here, "..", "..", "target", "debug", "bufreuse"
        )
    rows = []
    unpooled = 0
    for path in args:
        proc = subprocess.run(
            [binary, "--rewrite", "--stats", path],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        if proc.returncode != 0:
            print("error: bufreuse failed on %s:\n%s" % (path, proc.stderr), file=sys.stderr)
            return 1
        for line in proc.stderr.splitlines():
            m = STATS.match(line)
            if not m:
                continue
            if int(m["pooled"]) == 0:
                unpooled += 1
                continue
            rows.append((os.path.basename(path), m))
    print(
        "| input | function | pooled | kept | bytes before | bytes after | saved "
        "| mallocs/call before | after |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, m in rows:
        before, after = int(m["before"]), int(m["after"])
        saved = "%.0f%%" % (100.0 * (before - after) / before) if before else "-"
        print(
            "| %s | @%s | %s | %s | %d | %d | %s | %s | %s |"
            % (name, m["func"], m["pooled"], m["kept"], before, after, saved, m["mb"], m["ma"])
        )
    print()
    print("%d inputs; %d functions without a pool are not listed." % (len(args), unpooled))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
