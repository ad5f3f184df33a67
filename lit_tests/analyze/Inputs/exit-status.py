"""Runs a command, then prints `exit status: N` after its output and exits 0.

lit's `not` only tells zero from non-zero; this lets a test check that an error exits with
exactly 1 (and a warning with 0). Usage: `%python %S/Inputs/exit-status.py CMD ARGS... 2>&1`.
"""

import subprocess
import sys

status = subprocess.call(sys.argv[1:])
sys.stdout.flush()
print("exit status: %d" % status)
