"""Runs a command, then prints `exit status: N` after its output and exits 0.

lit's `not` only tells zero from non-zero; this lets a test check that an error exits with
exactly 1, as mlir-opt does. Usage: `%python %S/Inputs/exit-status.py CMD ARGS... 2>&1`.
"""

import subprocess
import sys

try:
    status = subprocess.call(sys.argv[1:])
except OSError as e:
    print("exit-status.py: cannot run %s: %s" % (sys.argv[1:], e))
    sys.exit(2)
print("exit status: %d" % status)
