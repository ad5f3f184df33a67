#!/usr/bin/env python3
"""Seeded generator of synthetic planner instances (MiniMalloc CSV on stdout).

Usage: gen.py N [SEED] [--all-live]

The program it imitates is a sequence of blocks: chains (each op's result lives until the
next op consumes it, so neighbours overlap by one time unit) and layers (a burst of buffers
that start close together and live for different lengths), with an occasional long-lived
buffer (a weight or a skip connection). Sizes are multiples of 64 bytes.

With --all-live every lifetime contains the instant N (starts before it, ends after it), so
every buffer conflicts with every other: the worst case of the greedy's gap search.
"""

import random
import sys


def main():
    args = [a for a in sys.argv[1:] if a != "--all-live"]
    all_live = len(args) < len(sys.argv) - 1
    n = int(args[0])
    rng = random.Random(int(args[1]) if len(args) > 1 else 1)
    out = ["id,lower,upper,size"]
    if all_live:
        for i in range(n):
            lower = rng.randint(0, n - 1)
            out.append(f"{i},{lower},{n + rng.randint(1, n)},{64 * rng.randint(1, 256)}")
        sys.stdout.write("\n".join(out) + "\n")
        return
    t = 0
    i = 0

    def emit(lower, upper, size):
        nonlocal i
        out.append(f"{i},{lower},{upper},{size}")
        i += 1

    while i < n:
        if rng.random() < 0.5:
            for _ in range(rng.randint(4, 64)):
                if i >= n:
                    break
                duration = rng.randint(2, 6)
                emit(t, t + duration, 64 * rng.randint(1, 256))
                t += duration - 1
        else:
            for _ in range(rng.randint(4, 32)):
                if i >= n:
                    break
                lower = t + rng.randint(0, 8)
                emit(lower, lower + rng.randint(1, 40), 64 * rng.randint(1, 512))
            t += rng.randint(4, 16)
        if i < n and rng.random() < 0.02:
            emit(t, t + rng.randint(50, 500), 64 * rng.randint(1, 64))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
