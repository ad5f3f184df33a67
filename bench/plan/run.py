#!/usr/bin/env python3
"""Planner benchmark: builds the release binary, plans MiniMalloc's 11 challenging instances
and a synthetic scaling series, and prints Markdown tables.

Usage: bench/plan/run.py [--time-limit=SECONDS] [--planner=auto|greedy|exact|naive]
                         [--default] [--no-scaling] [--no-build]

--default runs `bufreuse --plan FILE` with no planner options (the default: auto, 1 s) and
puts MiniMalloc's published results beside it. The scaling series (10k, 100k and 1M buffers
of `gen.py`) runs the greedy portfolio and the default mode.

Every plan is checked by the planner's independent checker (--verify-plan) and again here
(no two live buffers overlap, peak recomputed). Times are wall-clock times of the whole
command (reading the CSV, planning, writing the result).
"""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
INSTANCES = os.path.join(REPO, "bench", "minimalloc", "challenging")
CAPACITY = 1048576
# MiniMalloc's results on these instances at capacity 1048576 (bench/plan/RESULTS.md): every
# instance fits, in 0.75-6.9 s each; the peak is the lower bound except on D and J.
MINIMALLOC_PEAK = {"D": 1031168, "J": 1041408}
SUMMARY = re.compile(
    r"plan: peak (\d+) lower_bound (\d+) ratio ([\d.]+) (\S+) planner (\S+) nodes (\d+) "
    r"time ([\d.]+)s( \(time limit hit\))?"
)


def target_dir():
    return os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))


def build():
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)


def check(csv_text):
    """Independent re-check of a planned CSV; returns the peak."""
    lines = csv_text.strip().split("\n")
    cols = lines[0].split(",")
    lo, up, sz, off = (cols.index(c) for c in ("lower", "upper", "size", "offset"))
    rows = [line.split(",") for line in lines[1:]]
    bufs = [(int(r[lo]), int(r[up]), int(r[sz]), int(r[off])) for r in rows]
    events = sorted(
        [(b[0], 1, i) for i, b in enumerate(bufs)] + [(b[1], 0, i) for i, b in enumerate(bufs)]
    )
    live = set()
    for _, kind, i in events:
        if kind == 0:
            live.discard(i)
            continue
        _, _, s, o = bufs[i]
        for j in live:
            _, _, s2, o2 = bufs[j]
            if s and s2 and o < o2 + s2 and o2 < o + s:
                raise SystemExit(f"overlap between rows {i} and {j}")
        live.add(i)
    return max((b[3] + b[2] for b in bufs), default=0)


def run(path, args, verify_python=True):
    binary = os.path.join(target_dir(), "release", "bufreuse")
    start = time.perf_counter()
    proc = subprocess.run(
        [binary, "--plan", "--verify-plan", *args, path], capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{path}: exit {proc.returncode}: {proc.stderr}")
    m = SUMMARY.search(proc.stderr)
    if not m:
        raise SystemExit(f"{path}: no summary line in {proc.stderr!r}")
    peak, lb = int(m.group(1)), int(m.group(2))
    if verify_python and check(proc.stdout) != peak:
        raise SystemExit(f"{path}: the reported peak is not the plan's")
    return {
        "peak": peak,
        "lb": lb,
        "proven": m.group(4) == "optimal",
        "planner": m.group(5),
        "nodes": int(m.group(6)),
        "plan_time": float(m.group(7)),
        "cut": bool(m.group(8)),
        "wall": wall,
        "buffers": proc.stdout.count("\n") - 1,
    }


def default_table():
    """The default mode beside MiniMalloc's published results."""
    print("MiniMalloc challenging instances, `bufreuse --plan FILE` (no options), beside "
          "MiniMalloc's published results:\n")
    print("| instance | buffers | lower bound | peak | peak / LB | proven | fits 1048576 "
          "| nodes | time (s) | MiniMalloc peak | MiniMalloc fits |")
    print("|---|---:|---:|---:|---:|---|---|---:|---:|---:|---|")
    ratios, fits, times = [], 0, []
    for name in sorted(os.listdir(INSTANCES)):
        if not name.endswith(".csv"):
            continue
        r = run(os.path.join(INSTANCES, name), [])
        key = name.split(".")[0]
        ratios.append(r["peak"] / r["lb"])
        fits += r["peak"] <= CAPACITY
        times.append(r["wall"])
        cut = " (cut)" if r["cut"] else ""
        theirs = MINIMALLOC_PEAK.get(key, r["lb"])
        print(f"| {key} | {r['buffers']} | {r['lb']} | {r['peak']} | {ratios[-1]:.4f} "
              f"| {'yes' if r['proven'] else 'no'} | {'yes' if r['peak'] <= CAPACITY else 'no'} "
              f"| {r['nodes']} | {r['wall']:.2f}{cut} | {theirs} | yes (0.75-6.9 s) |")
        sys.stdout.flush()
    geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
    print(f"\nGeometric mean of peak / lower bound: {geo:.4f}; {fits} of {len(ratios)} fit in "
          f"{CAPACITY}; slowest {max(times):.2f} s; 1-minute load average at the end "
          f"{os.getloadavg()[0]:.2f}\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--time-limit", default="1")
    ap.add_argument("--planner", default="auto")
    ap.add_argument("--default", action="store_true")
    ap.add_argument("--no-scaling", action="store_true")
    ap.add_argument("--no-build", action="store_true")
    opts = ap.parse_args()
    if not opts.no_build:
        build()
    print(f"1-minute load average at the start: {os.getloadavg()[0]:.2f}\n")
    if opts.default:
        default_table()
        if not opts.no_scaling:
            scaling()
        return
    args = [f"--planner={opts.planner}", f"--time-limit={opts.time_limit}"]
    print(f"MiniMalloc challenging instances, `bufreuse --plan {' '.join(args)}`:\n")
    print("| instance | buffers | lower bound | peak | peak / LB | proven | fits 1048576 "
          "| planner | nodes | time (s) |")
    print("|---|---:|---:|---:|---:|---|---|---|---:|---:|")
    ratios = []
    for name in sorted(os.listdir(INSTANCES)):
        if not name.endswith(".csv"):
            continue
        r = run(os.path.join(INSTANCES, name), args)
        ratio = r["peak"] / r["lb"]
        ratios.append(ratio)
        cut = " (cut)" if r["cut"] else ""
        print(f"| {name.split('.')[0]} | {r['buffers']} | {r['lb']} | {r['peak']} "
              f"| {ratio:.4f} | {'yes' if r['proven'] else 'no'} "
              f"| {'yes' if r['peak'] <= CAPACITY else 'no'} | {r['planner']} "
              f"| {r['nodes']} | {r['wall']:.2f}{cut} |")
        sys.stdout.flush()
    geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
    print(f"\nGeometric mean of peak / lower bound: {geo:.4f}\n")
    if opts.no_scaling:
        return
    scaling()


def scaling():
    """The greedy portfolio and the default mode on 10k, 100k and 1M buffers."""
    # The plain series, then the all-overlapping one (every buffer conflicts with every other,
    # the greedy's worst case). The Python re-check is quadratic in the live set: only small
    # all-live instances get it (the release binary's --verify-plan checks every plan).
    for flag, checked in (("", 10000), ("--all-live", 1000)):
        cmd = f"bench/plan/gen.py N 1{' ' + flag if flag else ''}"
        print(f"\nSynthetic scaling series (`{cmd}`), greedy and the default mode:\n")
        print("| buffers | lower bound | greedy peak / LB | greedy plan time (s) "
              "| greedy wall (s) | default peak / LB | default planner | default plan time (s) "
              "| default wall (s) |")
        print("|---:|---:|---:|---:|---:|---:|---|---:|---:|")
        with tempfile.TemporaryDirectory() as tmp:
            for n in (10000, 100000, 1000000):
                path = os.path.join(tmp, f"gen{n}.csv")
                with open(path, "w") as f:
                    gen = [sys.executable, os.path.join(HERE, "gen.py"), str(n), "1"]
                    subprocess.run(gen + ([flag] if flag else []), stdout=f, check=True)
                small = n <= checked
                g = run(path, ["--planner=greedy"], verify_python=small)
                a = run(path, [], verify_python=small)
                print(f"| {n} | {g['lb']} | {g['peak'] / g['lb']:.4f} | {g['plan_time']:.3f} "
                      f"| {g['wall']:.2f} | {a['peak'] / a['lb']:.4f} | {a['planner']} "
                      f"| {a['plan_time']:.3f} | {a['wall']:.2f} |")
                sys.stdout.flush()

if __name__ == "__main__":
    main()
