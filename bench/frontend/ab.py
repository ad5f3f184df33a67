#!/usr/bin/env python3
"""Compares commands by wall time, their runs alternating so that the machine's slow and fast
moments fall on all of them alike.

Usage: bench/frontend/ab.py N CMD_A... -- CMD_B... [-- CMD_C...]

Runs each command N times (A, B, C, A, B, C, ...), its output discarded, and prints for each
the best, first-quartile and median wall time in milliseconds. A command may start with one
VAR=value to set in its environment. Stops at the first command that fails.
"""
import os
import statistics
import subprocess
import sys
import time


def split_commands(args):
    commands, current = [], []
    for arg in args:
        if arg == "--":
            commands.append(current)
            current = []
        else:
            current.append(arg)
    commands.append(current)
    return commands


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.exit(__doc__.strip())
    runs = int(sys.argv[1])
    commands = split_commands(sys.argv[2:])
    if any(not c for c in commands):
        sys.exit("ab.py: an empty command")
    times = [[] for _ in commands]
    for _ in range(runs):
        for k, command in enumerate(commands):
            env, args = dict(os.environ), command
            if "=" in command[0] and not command[0].startswith("/"):
                name, value = command[0].split("=", 1)
                env[name], args = value, command[1:]
            start = time.perf_counter()
            subprocess.run(args, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=True)
            times[k].append((time.perf_counter() - start) * 1000)
    for command, ts in zip(commands, times):
        ts.sort()
        print(f"best {ts[0]:8.1f}  p25 {ts[len(ts) // 4]:8.1f}  "
              f"median {statistics.median(ts):8.1f}  {' '.join(command)}")


if __name__ == "__main__":
    main()
