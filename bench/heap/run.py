#!/usr/bin/env python3
"""Run-time heap benchmark: how many mallocs a program makes and how many bytes it holds at
its peak, with and without bufreuse, measured while the program runs under mlir-runner.

Each program is lowered with the lowering of tests/tools/mlir-equiv.py; then, in the lowered
LLVM dialect, the program's calls to `malloc` and `free` are renamed to `heap_count_malloc` and
`heap_count_free`, which a small C library (compiled here with `cc`) implements: it counts the
calls and the bytes the program holds, and prints its totals when the program exits. Only the
program's own allocations are counted, not mlir-runner's. Both versions must also print the
same, or the row says so.

Programs: tests/programs/dynamic/*.mlir (rewritten by `bufreuse --rewrite`), the random
programs of `gen_programs.py --dynamic` (seeds 200..229, summed), and the tensor sources of
tests/programs/tensor (bufferized by `mlir-opt --one-shot-bufferize`, then `bufreuse --rewrite
--before-dealloc`, then `--buffer-deallocation-pipeline`, against the same without bufreuse).

Usage: bench/heap/run.py [--bufreuse PATH] [--seeds A:B] [--option=--BUFREUSE-OPTION ...]
Needs mlir-opt, mlir-runner (MLIR_BIN_DIR or /usr/lib/llvm-22/bin) and a C compiler (cc).
"""

import argparse
import glob
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

spec = importlib.util.spec_from_file_location(
    "mlir_equiv", os.path.join(REPO, "tests", "tools", "mlir-equiv.py")
)
equiv = importlib.util.module_from_spec(spec)
spec.loader.exec_module(equiv)

COUNTER_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* Each block carries its size in a 16-byte header (keeps malloc's 16-byte alignment).
   Counted: the bytes asked for, and the bytes of the chunks glibc's malloc would use for
   them (an 8-byte header, rounded up to 16, at least 32). */
static unsigned long long live, peak, live_chunks, peak_chunks, calls;
static unsigned long long chunk(unsigned long long n) {
  unsigned long long c = (n + 8 + 15) & ~15ULL;
  return c < 32 ? 32 : c;
}
void *heap_count_malloc(unsigned long long n) {
  unsigned char *p = malloc(n + 16);
  if (!p) return 0;
  memcpy(p, &n, sizeof n);
  live += n; live_chunks += chunk(n); calls += 1;
  if (live > peak) peak = live;
  if (live_chunks > peak_chunks) peak_chunks = live_chunks;
  return p + 16;
}
void heap_count_free(void *q) {
  if (!q) return;
  unsigned char *p = (unsigned char *)q - 16;
  unsigned long long n;
  memcpy(&n, p, sizeof n);
  live -= n; live_chunks -= chunk(n);
  free(p);
}
__attribute__((destructor)) static void report(void) {
  fprintf(stderr, "heap-count: mallocs %llu peak %llu chunks %llu\n", calls, peak, peak_chunks);
}
"""

BUFFERIZE = (
    "--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops "
    "function-boundary-type-conversion=identity-layout-map"
)
COUNT = re.compile(r"heap-count: mallocs (\d+) peak (\d+) chunks (\d+)")


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, timeout=300, **kw)


class Bench:
    def __init__(self, bufreuse, work, extra):
        self.bufreuse = bufreuse
        self.work = work
        self.extra = extra
        self.opt = equiv.find_tool("mlir-opt")
        self.runner = equiv.find_tool("mlir-runner")
        if not self.opt or not self.runner:
            sys.exit("mlir-opt and mlir-runner are needed (set MLIR_BIN_DIR)")
        self.libs = [equiv.find_lib(b, self.runner) for b in equiv.RUNNER_LIBS]
        src = os.path.join(work, "heap_count.c")
        with open(src, "w") as f:
            f.write(COUNTER_C)
        self.counter = os.path.join(work, "libheap_count.so")
        built = run(["cc", "-O2", "-shared", "-fPIC", src, "-o", self.counter])
        if built.returncode != 0:
            sys.exit("cc failed:\n" + built.stderr)

    def opt_file(self, src, args, out):
        r = run([self.opt, src, *args, "-o", out])
        if r.returncode != 0:
            raise RuntimeError("mlir-opt %s failed on %s:\n%s" % (" ".join(args), src, r.stderr))

    def measure(self, path, tag):
        """(mallocs, peak bytes asked for, peak bytes in malloc chunks, output) of running
        `path`."""
        lowered = os.path.join(self.work, tag + ".llvm.mlir")
        self.opt_file(path, equiv.PIPELINE, lowered)
        with open(lowered) as f:
            text = f.read()
        text = re.sub(r"@malloc\b", "@heap_count_malloc", text)
        text = re.sub(r"@free\b", "@heap_count_free", text)
        with open(lowered, "w") as f:
            f.write(text)
        r = run(
            [
                self.runner, lowered, "-e", "main", "-entry-point-result=void", "-O0",
                "-shared-libs=" + ",".join(self.libs + [self.counter]),
            ]
        )
        m = COUNT.search(r.stderr)
        if r.returncode != 0 or not m:
            raise RuntimeError("mlir-runner failed on %s:\n%s" % (path, r.stderr[-2000:]))
        counts = [int(g) for g in m.groups()]
        return (*counts, equiv.HEAP_ADDRESS.sub("<addr>", r.stdout))

    def bufreuse_rewrite(self, src, out, extra=()):
        r = run([self.bufreuse, "--rewrite", *self.extra, *extra, src, "-o", out])
        if r.returncode != 0:
            raise RuntimeError("bufreuse failed on %s:\n%s" % (src, r.stderr))

    def pair_memref(self, path, tag):
        pooled = os.path.join(self.work, tag + ".pooled.mlir")
        self.bufreuse_rewrite(path, pooled)
        return self.measure(path, tag + ".orig"), self.measure(pooled, tag + ".pooled")

    def pair_tensor(self, path, tag):
        f = lambda s: os.path.join(self.work, "%s.%s.mlir" % (tag, s))
        self.opt_file(path, [BUFFERIZE], f("buf"))
        self.opt_file(f("buf"), ["--buffer-deallocation-pipeline"], f("ref"))
        self.bufreuse_rewrite(f("buf"), f("pooled"), ["--before-dealloc"])
        self.opt_file(f("pooled"), ["--buffer-deallocation-pipeline"], f("pooled.dealloc"))
        return self.measure(f("ref"), tag + ".orig"), self.measure(f("pooled.dealloc"), tag + ".p")


def saved(b0, b1):
    return "%.1f%%" % (100.0 * (b0 - b1) / b0) if b0 else "-"


def row(name, before, after):
    (m0, b0, c0, out0), (m1, b1, c1, out1) = before, after
    same = "yes" if out0 == out1 else "NO"
    return "| %s | %d → %d | %d → %d (%s) | %d → %d (%s) | %s |" % (
        name, m0, m1, b0, b1, saved(b0, b1), c0, c1, saved(c0, c1), same,
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bufreuse", default=os.path.join(REPO, "target", "release", "bufreuse"))
    ap.add_argument("--seeds", default="200:230")
    ap.add_argument(
        "--option", action="append", default=[], metavar="BUFREUSE_OPTION",
        help="an option for bufreuse, e.g. --option=--no-dynamic-pools (repeatable)",
    )
    args = ap.parse_args()
    extra = args.option
    with tempfile.TemporaryDirectory(prefix="bufreuse-heap-") as work:
        b = Bench(args.bufreuse, work, extra)
        print("| program | mallocs | peak bytes asked for (saved) | peak bytes in malloc chunks (saved) | same output |")
        print("|---|---:|---:|---:|---|")
        for path in sorted(glob.glob(os.path.join(REPO, "tests/programs/tensor/*.tensor.mlir"))):
            stem = os.path.basename(path).split(".")[0]
            before, after = b.pair_tensor(path, "t_" + stem)
            print(row("tensor/%s (before dealloc)" % stem, before, after), flush=True)
        for path in sorted(glob.glob(os.path.join(REPO, "tests/programs/dynamic/*.mlir"))):
            stem = os.path.basename(path)[: -len(".mlir")]
            before, after = b.pair_memref(path, "d_" + stem)
            print(row("dynamic/" + stem, before, after), flush=True)
        lo, hi = (int(x) for x in args.seeds.split(":"))
        total = [[0, 0, 0, ""], [0, 0, 0, ""]]
        differ = 0
        for seed in range(lo, hi):
            src = os.path.join(work, "gen_%d.mlir" % seed)
            gen = run(
                [sys.executable, os.path.join(REPO, "tests/tools/gen_programs.py"),
                 "--dynamic", "--seed", str(seed), "-o", src]
            )
            if gen.returncode != 0:
                sys.exit(gen.stderr)
            before, after = b.pair_memref(src, "g%d" % seed)
            differ += before[3] != after[3]
            for t, r in zip(total, (before, after)):
                for k in range(3):
                    t[k] += r[k]
        total[1][3] = "differ" if differ else ""
        print(row("gen_programs --dynamic %d..%d (sum)" % (lo, hi - 1), total[0], total[1]))


if __name__ == "__main__":
    main()
