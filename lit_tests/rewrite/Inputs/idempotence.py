"""Rewrites each given MLIR file twice in a row and twice side by side; prints one line per file.

Usage: idempotence.py BUFREUSE WORKDIR [--OPTION ...] PATH...

A PATH that is a directory stands for its `.mlir` files, in name order. For each file:
`bufreuse --rewrite [--OPTION ...] FILE` (run A), the same again (run B), then the same of A's
output (run C). Prints

    NAME: pooled P of N | runs identical: yes|no | rewrite of the rewrite unchanged: yes|no

where P and N come from `--stats` of run A. Exits 1 when a run fails.
"""

import os
import re
import subprocess
import sys

BUFREUSE, WORK = sys.argv[1], sys.argv[2]
OPTIONS = []
FILES = []
for arg in sys.argv[3:]:
    if arg.startswith("--"):
        OPTIONS.append(arg)
    elif os.path.isdir(arg):
        FILES += [os.path.join(arg, f) for f in sorted(os.listdir(arg)) if f.endswith(".mlir")]
    else:
        FILES.append(arg)


def rewrite(src, dst):
    run = subprocess.run(
        [BUFREUSE, "--rewrite", "--stats", *OPTIONS, src, "-o", dst], capture_output=True, text=True
    )
    if run.returncode != 0:
        sys.exit("bufreuse --rewrite %s failed:\n%s" % (src, run.stderr))
    with open(dst) as f:
        return f.read(), run.stderr


for path in FILES:
    name = os.path.basename(path)
    base = os.path.join(WORK, name)
    a, stats = rewrite(path, base + ".a")
    b, _ = rewrite(path, base + ".b")
    c, _ = rewrite(base + ".a", base + ".c")
    pooled = sum(int(n) for n in re.findall(r"(\d+) allocations pooled", stats))
    total = pooled + sum(int(n) for n in re.findall(r"(\d+) kept", stats))
    print(
        "%s: pooled %d of %d | runs identical: %s | rewrite of the rewrite unchanged: %s"
        % (name, pooled, total, "yes" if a == b else "no", "yes" if a == c else "no")
    )
