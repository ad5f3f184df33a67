#!/usr/bin/env python3
"""Self-test: random tensor programs through MLIR's bufferization pipeline with bufreuse in it.

Usage:
  tensor_programs_selftest.py --seeds A:B [--bufreuse PATH] [--mlir-opt PATH] [--jobs N]
                              [--keep DIR] [--timeout SECONDS] [--empty-tensor-elimination]

For every seed S in A..B-1, `gen_tensor_programs.py` (beside this file) makes the program P
(see its docstring: workers and helpers on static and dynamic tensors, `scf.for` with tensor
`iter_args`, `scf.if` yielding tensors, matmuls, reductions, slices, reshapes, calls of
helpers that return an argument, a fresh tensor sized by `tensor.dim`, or only read), and
with `mlir-opt` (default: $MLIR_BIN_DIR, PATH, then the newest /usr/lib/llvm-*/bin):

  1. B = P bufferized: `--one-shot-bufferize="bufferize-function-boundaries
     allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map"`
     (the "identity" bufferization of tests/mlir_equiv.rs; `allow-return-allocs-from-loops`
     since loop bodies yield fresh tensors; nothing runs before it, unless
     --empty-tensor-elimination puts `--canonicalize --eliminate-empty-tensors
     --empty-tensor-to-alloc-tensor` before it, as the models of tests/mlir_equiv.rs have);
  2. R = B after `--buffer-deallocation-pipeline`, the reference; its output is what
     `mlir-equiv.py --run R` prints (heap addresses masked);
  3. at three places, each with and without `--pool-all` (six variants):
       bufferized  X = `bufreuse --rewrite --before-dealloc B`,
                   Y = X after `--buffer-deallocation-pipeline`;
       ownership   O = B after `--ownership-based-buffer-deallocation --canonicalize
                   --buffer-deallocation-simplification`, X = `bufreuse --rewrite O`,
                   Y = X after `--bufferization-lower-deallocations`;
       dealloc     X = Y = `bufreuse --rewrite R`.
     A variant passes when bufreuse exits 0 without "left as it was read" on stderr,
     `mlir-opt` accepts X and Y, and Y, run by `mlir-equiv.py --run`, prints exactly what R
     prints. It "pooled" when X contains `memref.view`.

One line per program (PASS/FAIL, how many of the six variants pooled, the `memref.view`s of
each, and for a failure the variant, the step and the first lines of the error); then how
often each feature occurred over the programs (the `// features:` line of each program), the
features of the generator that no program had, in how many programs the bufferized place
pooled something, the time taken, and last a line `N passed, M failed`. Exit status 1 when
any program failed (or a tool is missing), else 0.

The files of every program (P, B, R, O and X/Y of each variant, with bufreuse's stderr) are
written under --keep DIR (DIR/gen_S/), or under a temporary directory that is removed when
every program passed and kept (and named) otherwise.
"""

import argparse
import concurrent.futures
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_tensor_programs  # noqa: E402

BUFFERIZE = [
    "--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops "
    "function-boundary-type-conversion=identity-layout-map"
]
DEALLOC = ["--buffer-deallocation-pipeline"]
OWNERSHIP = [
    "--ownership-based-buffer-deallocation",
    "--canonicalize",
    "--buffer-deallocation-simplification",
]
LOWER = ["--bufferization-lower-deallocations"]
EMPTY_TENSOR_ELIMINATION = [
    "--canonicalize",
    "--eliminate-empty-tensors",
    "--empty-tensor-to-alloc-tensor",
]

# (place, its input, bufreuse's options, passes after bufreuse)
PLACES = [
    ("bufferized", "B", ["--before-dealloc"], DEALLOC),
    ("ownership", "O", [], LOWER),
    ("dealloc", "R", [], []),
]

# Features of the generator that the programs together should show.
FEATURES = [
    "elementwise-addf",
    "elementwise-subf",
    "elementwise-mulf",
    "elementwise-maximumf",
    "linalg.fill",
    "linalg.matmul",
    "reduction",
    "scalar-from-reduction",
    "extract_slice/insert_slice",
    "collapse_shape/expand_shape",
    "tensor.cast",
    "tensor.generate",
    "linalg.index",
    "call-identity",
    "call-fresh-sized-by-dim",
    "call-read-only-scalar",
    "call-read-only-tensor",
    "scf.for-iter_args",
    "scf.for-two-iter_args",
    "scf.for-trip-count-from-argument",
    "induction-variable-as-data",
    "scf.if-yielding-tensors",
    "scf.if-on-argument",
    "scf.if-on-constants",
    "scf.if-on-induction-variable",
    "dynamic-argument",
]


def find_mlir_opt(given):
    if given:
        return given
    env = os.environ.get("MLIR_BIN_DIR")
    if env:
        return os.path.join(env, "mlir-opt")
    found = shutil.which("mlir-opt")
    if found:
        return found
    dirs = sorted(
        glob.glob("/usr/lib/llvm-*/bin/mlir-opt"),
        key=lambda p: int(p.split("llvm-")[1].split("/")[0]),
    )
    return dirs[-1] if dirs else None


def default_bufreuse():
    if os.environ.get("BUFREUSE"):
        return os.environ["BUFREUSE"]
    root = os.path.dirname(os.path.dirname(HERE))
    for kind in ("release", "debug"):
        path = os.path.join(root, "target", kind, "bufreuse")
        if os.path.exists(path):
            return path
    return "bufreuse"


class Failure(Exception):
    def __init__(self, where, text):
        super().__init__(where)
        self.where = where
        self.text = text


def head(text, n=6):
    lines = text.strip().splitlines()
    more = " ..." if len(lines) > n else ""
    return "\n".join(lines[:n]) + more


class Checker:
    def __init__(self, args):
        self.bufreuse = args.bufreuse
        self.mlir_opt = args.mlir_opt
        self.timeout = args.timeout
        pre = EMPTY_TENSOR_ELIMINATION if args.empty_tensor_elimination else []
        self.bufferize = pre + BUFFERIZE
        self.equiv = os.path.join(HERE, "mlir-equiv.py")
        self.env = dict(os.environ, MLIR_BIN_DIR=os.path.dirname(self.mlir_opt))

    def run(self, argv, where):
        try:
            return subprocess.run(
                argv, capture_output=True, text=True, timeout=self.timeout, env=self.env
            )
        except subprocess.TimeoutExpired:
            raise Failure(where, "timeout after %s s: %s" % (self.timeout, " ".join(argv)))

    def opt(self, src, passes, dst, where):
        out = self.run([self.mlir_opt, src] + passes + ["-o", dst], where)
        if out.returncode != 0:
            raise Failure(where, "mlir-opt %s failed:\n%s" % (" ".join(passes), head(out.stderr)))

    def accept(self, path, where):
        out = self.run([self.mlir_opt, path, "-o", os.devnull], where)
        if out.returncode != 0:
            raise Failure(where, "mlir-opt rejects %s:\n%s" % (path, head(out.stderr)))

    def execute(self, path, where):
        out = self.run(
            [sys.executable, self.equiv, "--timeout", str(self.timeout), "--run", path], where
        )
        if out.returncode != 0:
            raise Failure(
                where,
                "mlir-equiv.py --run %s: exit %d\n%s"
                % (path, out.returncode, head(out.stdout + out.stderr)),
            )
        return out.stdout

    def check(self, seed, root):
        """(ok, summary text, features, bufferized-place pooled?) of one seed."""
        d = os.path.join(root, "gen_%d" % seed)
        os.makedirs(d, exist_ok=True)
        f = lambda name: os.path.join(d, name)  # noqa: E731
        text = gen_tensor_programs.generate(seed)
        with open(f("P.mlir"), "w") as fh:
            fh.write(text)
        feats = []
        for line in text.splitlines():
            if line.startswith("// features: "):
                feats = line[len("// features: "):].split(", ")
        views = []
        try:
            self.opt(f("P.mlir"), self.bufferize, f("B.mlir"), "bufferize")
            self.opt(f("B.mlir"), DEALLOC, f("R.mlir"), "reference")
            self.opt(f("B.mlir"), OWNERSHIP, f("O.mlir"), "ownership passes")
            ref = self.execute(f("R.mlir"), "reference run")
            with open(f("R.out"), "w") as fh:
                fh.write(ref)
            for place, src, options, after in PLACES:
                for flag in ([], ["--pool-all"]):
                    tag = place + ("-pool-all" if flag else "")
                    where = "%s%s" % (place, " --pool-all" if flag else "")
                    x, y = f("X.%s.mlir" % tag), f("Y.%s.mlir" % tag)
                    argv = [self.bufreuse, "--rewrite"] + options + flag + [f(src + ".mlir")]
                    out = self.run(argv, where)
                    with open(x, "w") as fh:
                        fh.write(out.stdout)
                    with open(f("X.%s.stderr" % tag), "w") as fh:
                        fh.write(out.stderr)
                    if out.returncode != 0:
                        raise Failure(
                            where,
                            "bufreuse exit %d: %s\n%s"
                            % (out.returncode, " ".join(argv[1:]), head(out.stderr)),
                        )
                    left = [l for l in out.stderr.splitlines() if "left as it was read" in l]
                    if left:
                        raise Failure(where, "bufreuse: %s" % head("\n".join(left)))
                    self.accept(x, where + ": X")
                    if after:
                        self.opt(x, after, y, where + ": after bufreuse")
                    else:
                        shutil.copyfile(x, y)
                    self.accept(y, where + ": Y")
                    got = self.execute(y, where + ": run")
                    with open(f("Y.%s.out" % tag), "w") as fh:
                        fh.write(got)
                    if got != ref:
                        diff = [
                            "line %d: expected %r, got %r" % (i + 1, a[:100], b[:100])
                            for i, (a, b) in enumerate(zip(ref.splitlines(), got.splitlines()))
                            if a != b
                        ][:3]
                        raise Failure(
                            where,
                            "prints something else than the reference (%d vs %d lines)\n%s"
                            % (len(got.splitlines()), len(ref.splitlines()), "\n".join(diff)),
                        )
                    views.append((tag, out.stdout.count("memref.view")))
        except Failure as e:
            done = ", ".join("%s %d" % v for v in views)
            return False, "FAIL at %s: %s\n    (passed before: %s; files in %s)" % (
                e.where,
                e.text.replace("\n", "\n    "),
                done or "none",
                d,
            ), feats, False
        pooled = sum(1 for _, n in views if n)
        detail = " ".join(
            "%s %d/%d" % (views[i][0], views[i][1], views[i + 1][1])
            for i in range(0, len(views), 2)
        )
        bufferized = views[0][1] > 0 or views[1][1] > 0
        return True, "PASS pooled %d/6  memref.views (default/pool-all): %s" % (
            pooled,
            detail,
        ), feats, bufferized


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seeds", required=True, help="A:B, the seeds A..B-1")
    p.add_argument("--bufreuse", default=default_bufreuse(), help="the bufreuse binary")
    p.add_argument("--mlir-opt", default=None, help="the mlir-opt binary")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--keep", help="keep every file under this directory")
    p.add_argument("--timeout", type=int, default=120, help="limit for each tool run")
    p.add_argument(
        "--empty-tensor-elimination",
        action="store_true",
        help="run --canonicalize --eliminate-empty-tensors --empty-tensor-to-alloc-tensor "
        "before --one-shot-bufferize",
    )
    args = p.parse_args(argv)
    args.mlir_opt = find_mlir_opt(args.mlir_opt)
    lo, _, hi = args.seeds.partition(":")
    seeds = list(range(int(lo), int(hi) if hi else int(lo) + 1))
    missing = [
        t for t in (args.mlir_opt, args.bufreuse) if not t or not shutil.which(t)
    ]
    if missing:
        print("missing tool: %s" % ", ".join(str(t) for t in missing))
        print("0 passed, %d failed" % len(seeds))
        return 1
    root = args.keep or tempfile.mkdtemp(prefix="tensor-selftest-")
    os.makedirs(root, exist_ok=True)
    checker = Checker(args)
    start = time.time()
    passed = failed = pooled_buf = 0
    counts = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(checker.check, s, root) for s in seeds]
        for s, fut in zip(seeds, futures):
            ok, summary, feats, buf = fut.result()
            print("gen_%d: %s" % (s, summary), flush=True)
            passed += ok
            failed += not ok
            pooled_buf += buf
            for name in feats:
                counts[name] = counts.get(name, 0) + 1
    print(
        "features (programs): %s"
        % ", ".join("%s %d" % (k, counts[k]) for k in sorted(counts))
    )
    absent = [k for k in FEATURES if k not in counts]
    print("features that no program has: %s" % (", ".join(absent) or "none"))
    print("bufferized place pooled something in %d of %d programs" % (pooled_buf, len(seeds)))
    print("time: %.1f s (%d jobs)" % (time.time() - start, max(1, args.jobs)))
    if failed and not args.keep:
        print("files kept in %s" % root)
    elif not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
