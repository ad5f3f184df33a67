"""Runs a command and prints `exit status: N` after its output, then exits 0, so that a test
can check the exact status (lit's `not` only tells zero from non-zero).

Usage in a RUN line: `%python %S/Inputs/exit-status.py CMD ARGS... 2>&1 | FileCheck ...`.
"""

import subprocess
import sys

sys.stdout.flush()
status = subprocess.call(sys.argv[1:])
print("exit status: %d" % status)
