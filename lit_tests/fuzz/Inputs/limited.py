"""Runs a command under resource limits, then prints `exit status: N` after its output and
exits 0. N is the command's exit status, or minus the signal that killed it (a stack overflow
or a failed allocation aborts: -6), so a test can check that an input ends in a clean success
or error (`exit status: {{[01]$}}`) and not in a crash.

Usage: %python %S/Inputs/limited.py [--memory-mb=MB] [--cpu-seconds=S] CMD ARGS... 2>&1

--memory-mb limits the address space (RLIMIT_AS; count the 1 GiB reserved for the stack of
bufreuse's worker thread), --cpu-seconds the CPU time (RLIMIT_CPU: SIGXCPU, then SIGKILL).
"""

import resource
import subprocess
import sys

args = sys.argv[1:]
limits = []
while args and args[0].startswith("--"):
    flag, _, value = args.pop(0).partition("=")
    if flag == "--memory-mb":
        limits.append((resource.RLIMIT_AS, int(value) << 20))
    elif flag == "--cpu-seconds":
        limits.append((resource.RLIMIT_CPU, int(value)))
    else:
        print("limited.py: unknown option %s" % flag)
        sys.exit(2)


def apply_limits():
    for which, value in limits:
        resource.setrlimit(which, (value, value))


try:
    status = subprocess.call(args, preexec_fn=apply_limits)
except OSError as e:
    print("limited.py: cannot run %s: %s" % (args, e))
    sys.exit(2)
sys.stdout.flush()
print("exit status: %d" % status)
