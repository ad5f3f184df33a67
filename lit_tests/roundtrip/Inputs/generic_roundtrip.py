"""For each .mlir file in the given folders: mlir-opt --mlir-print-op-generic FILE, read and
printed by bufreuse, must be the same module for mlir-opt as FILE itself. Prints one line per
file ("NAME: same" or what differed) and exits 1 when any differs.

Usage: generic_roundtrip.py MLIR_OPT BUFREUSE DIR...
"""

import os
import subprocess
import sys


def run(args, stdin=None):
    p = subprocess.run(args, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def main():
    mlir_opt, bufreuse, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
    failed = False
    for d in dirs:
        for name in sorted(os.listdir(d)):
            if not name.endswith(".mlir"):
                continue
            path = os.path.join(d, name)
            rc, ref, _ = run([mlir_opt, path])
            if rc != 0:
                continue  # not valid MLIR for mlir-opt (a test input of other tools)
            _, generic, _ = run([mlir_opt, "--mlir-print-op-generic", path])
            rc, printed, err = run([bufreuse, "-"], generic)
            if rc != 0:
                print(f"{name}: bufreuse failed: {err.strip().splitlines()[0]}")
                failed = True
                continue
            rc, again, err = run([mlir_opt, "-"], printed)
            if rc != 0 or again != ref:
                print(f"{name}: differs: {err.strip()[:200]}")
                failed = True
                continue
            print(f"{name}: same")
    sys.exit(1 if failed else 0)


main()
