#!/usr/bin/env python3
"""Equivalence runner: does a rewritten MLIR program print what the original prints?

Both programs are lowered to the LLVM dialect by the real `mlir-opt`, their
`func.func @main()` is JIT-run by `mlir-runner -O0`, and the two outputs are compared
after heap addresses (`base@ = 0x...`) are masked. MLIR itself is the judge: nothing of
bufreuse is used here.

Usage:
  mlir-equiv.py [options] ORIG.mlir REWRITTEN.mlir   compare (exit 0 equal, 1 different)
  mlir-equiv.py [options] --run FILE.mlir            lower, run, print the masked output
  mlir-equiv.py [options] --verify-only FILE.mlir    parse and verify with mlir-opt
  mlir-equiv.py --print-pipeline                     the lowering passes, one line
  mlir-equiv.py --print-tools                        the tools and libraries it would use

Options:
  --timeout SECONDS  limit for each mlir-opt and mlir-runner run (default 60)
  --keep DIR         keep the lowered IR and the raw and masked outputs in DIR
  -q, --quiet        print only the verdict line

Exit status: 0 equal (or --run/--verify-only succeeded), 1 both ran and printed different
output (a unified diff follows the verdict), 2 a program could not be parsed, lowered or run
(error, crash, timeout), or a usage error.

Environment: MLIR_BIN_DIR (directory of mlir-opt and mlir-runner; default: PATH, then the
newest /usr/lib/llvm-*/bin) and MLIR_LIB_DIR (directory of libmlir_c_runner_utils.so* and
libmlir_runner_utils.so*; default: the lib/ beside the tools' bin/, then the newest
/usr/lib/llvm-*/lib).

Programs must define `func.func @main()` without arguments or results and print through the
runner utils (printMemref*, printI64, printF32, printF64, printNewline, ...); i8 and i16 data
is best widened before printing, as printMemrefI8 prints raw characters.
"""

import difflib
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Applied in this order by one mlir-opt run; the upstream "lower to LLVM" sequence without
# the vector passes, with cf/index/ub lowered explicitly. Bufferization's `clone` and
# `dealloc` (the `dealloc` after `--bufferization-lower-deallocations`) become memref ops,
# and the math ops LLVM has no intrinsic for (`math.erf`, `math.tanh` in the real models)
# become libm calls, as `shared/corpus/models/build.sh` lowers the models.
PIPELINE = [
    "--convert-bufferization-to-memref",
    "--convert-linalg-to-loops",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--canonicalize",
    "--cse",
    "--convert-math-to-llvm",
    "--convert-math-to-libm",
    "--expand-strided-metadata",
    "--lower-affine",
    "--finalize-memref-to-llvm",
    "--convert-func-to-llvm",
    "--convert-arith-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-index-to-llvm",
    "--convert-ub-to-llvm",
    "--reconcile-unrealized-casts",
]

RUNNER_LIBS = ["libmlir_c_runner_utils", "libmlir_runner_utils"]

# An op of a dialect the pipeline should have removed: its presence means a lowering gap.
LEFTOVER_OP = re.compile(
    r'^\s*(?:%[^=]+=\s*)?"?((?:memref|scf|arith|linalg|affine|func|cf|bufferization|tensor'
    r"|math|index|ub|vector)\.[a-z_0-9]+)",
    re.M,
)
HEAP_ADDRESS = re.compile(r"base@ = (?:0x[0-9a-fA-F]+|\(nil\))")


class Failure(Exception):
    """A program could not be parsed, lowered or run (exit status 2)."""


def llvm_dirs(sub):
    """/usr/lib/llvm-N/<sub> directories that exist, newest N first."""
    found = []
    for d in glob.glob("/usr/lib/llvm-*"):
        m = re.fullmatch(r"llvm-(\d+)", os.path.basename(d))
        if m and os.path.isdir(os.path.join(d, sub)):
            found.append((int(m.group(1)), os.path.join(d, sub)))
    return [d for _, d in sorted(found, reverse=True)]


def find_tool(name):
    bin_dir = os.environ.get("MLIR_BIN_DIR")
    if bin_dir:
        path = os.path.join(bin_dir, name)
        return path if os.access(path, os.X_OK) else None
    path = shutil.which(name)
    if path:
        return path
    for d in llvm_dirs("bin"):
        path = shutil.which(name, path=d)
        if path:
            return path
    return None


def find_lib(base, tool):
    """The unversioned lib<base>.so, else the highest versioned one, in the first place
    that has either."""
    places = []
    if os.environ.get("MLIR_LIB_DIR"):
        places.append(os.environ["MLIR_LIB_DIR"])
    else:
        if tool:
            real = os.path.realpath(tool)
            places.append(os.path.join(os.path.dirname(os.path.dirname(real)), "lib"))
        places.extend(llvm_dirs("lib"))
    for d in places:
        exact = os.path.join(d, base + ".so")
        if os.path.exists(exact):
            return exact
        versioned = glob.glob(os.path.join(d, base + ".so.*"))
        if versioned:
            return max(versioned, key=version_key)
    return None


def version_key(path):
    return [int(p) if p.isdigit() else -1 for p in re.split(r"[.]", path.split(".so", 1)[1])]


class Runner:
    def __init__(self, timeout, keep, quiet):
        self.timeout = timeout
        self.keep = keep
        self.quiet = quiet
        self.mlir_opt = find_tool("mlir-opt")
        self.mlir_runner = find_tool("mlir-runner")
        self.libs = [find_lib(b, self.mlir_runner) for b in RUNNER_LIBS]

    def need(self, runner):
        if not self.mlir_opt:
            raise Failure("mlir-opt not found (set MLIR_BIN_DIR)")
        if runner:
            if not self.mlir_runner:
                raise Failure("mlir-runner not found (set MLIR_BIN_DIR)")
            for base, lib in zip(RUNNER_LIBS, self.libs):
                if not lib:
                    raise Failure(base + ".so* not found (set MLIR_LIB_DIR)")

    def call(self, what, argv):
        try:
            proc = subprocess.run(
                argv, capture_output=True, text=True, errors="replace", timeout=self.timeout
            )
        except subprocess.TimeoutExpired:
            raise Failure("%s timed out after %gs" % (what, self.timeout)) from None
        if proc.returncode < 0:
            raise Failure(
                "%s crashed (signal %d)\n%s" % (what, -proc.returncode, tail(proc.stderr))
            )
        if proc.returncode != 0:
            raise Failure("%s exited with %d\n%s" % (what, proc.returncode, tail(proc.stderr)))
        return proc.stdout

    def verify(self, path):
        self.need(runner=False)
        # The printed IR goes to a pipe and is dropped: no output file is named at all.
        self.call("mlir-opt (verify %s)" % path, [self.mlir_opt, path])

    def run(self, path, tag, work):
        """Lowers and runs `path`; returns its masked output."""
        self.need(runner=True)
        lowered = os.path.join(work, tag + ".llvm.mlir")
        self.call(
            "mlir-opt (lowering %s)" % path, [self.mlir_opt, path, *PIPELINE, "-o", lowered]
        )
        with open(lowered, encoding="utf-8", errors="replace") as f:
            left = sorted(set(LEFTOVER_OP.findall(f.read())))
        if left:
            raise Failure("ops left after lowering %s: %s" % (path, ", ".join(left)))
        raw = self.call(
            "mlir-runner (%s)" % path,
            [
                self.mlir_runner,
                lowered,
                "-e",
                "main",
                "-entry-point-result=void",
                "-O0",
                "-shared-libs=" + ",".join(self.libs),
            ],
        )
        masked = HEAP_ADDRESS.sub("base@ = <addr>", raw)
        if self.keep:
            for suffix, text in [(".out", raw), (".masked.out", masked)]:
                with open(os.path.join(work, tag + suffix), "w", encoding="utf-8") as f:
                    f.write(text)
        return masked


def tail(text, lines=30):
    return "\n".join(text.rstrip("\n").splitlines()[-lines:])


def main(argv):
    args = list(argv)
    timeout, keep, quiet, mode = 60.0, None, False, "compare"
    files = []
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__)
            return 0
        if a in ("-q", "--quiet"):
            quiet = True
        elif a in ("--run", "--verify-only", "--print-pipeline", "--print-tools"):
            mode = a[2:]
        elif a.split("=", 1)[0] in ("--timeout", "--keep"):
            name, _, value = a.partition("=")
            if not value:
                if not args:
                    return usage(name + " needs a value")
                value = args.pop(0)
            if name == "--timeout":
                try:
                    timeout = float(value)
                except ValueError:
                    return usage("--timeout needs a number of seconds")
            else:
                keep = value
        elif a == "--":
            files.extend(args)
            args = []
        elif a.startswith("-") and a != "-":
            return usage("unknown option " + a)
        else:
            files.append(a)

    if mode == "print-pipeline":
        print(" ".join(PIPELINE))
        return 0
    runner = Runner(timeout, keep, quiet)
    if mode == "print-tools":
        print("mlir-opt: %s" % runner.mlir_opt)
        print("mlir-runner: %s" % runner.mlir_runner)
        for base, lib in zip(RUNNER_LIBS, runner.libs):
            print("%s: %s" % (base, lib))
        return 0
    want = 2 if mode == "compare" else 1
    if len(files) != want:
        return usage("expected %d file%s" % (want, "s" if want > 1 else ""))

    if keep:
        os.makedirs(keep, exist_ok=True)
        work_ctx = None
        work = keep
    else:
        work_ctx = tempfile.TemporaryDirectory(prefix="mlir-equiv.")
        work = work_ctx.name
    try:
        if mode == "verify-only":
            runner.verify(files[0])
            print("VERIFY OK: %s" % files[0])
            return 0
        if mode == "run":
            sys.stdout.write(runner.run(files[0], "run", work))
            return 0
        orig, rewritten = files
        outputs = []
        errors = []
        for tag, path in [("orig", orig), ("rewritten", rewritten)]:
            try:
                outputs.append(runner.run(path, tag, work))
            except Failure as e:
                errors.append(str(e))
        if errors:
            print("ERROR: no verdict, a program could not be lowered or run")
            for e in errors:
                print(e, file=sys.stderr)
            return 2
        a, b = outputs
        if not a and not quiet:
            print("warning: %s prints nothing; the comparison says little" % orig, file=sys.stderr)
        if a == b:
            print("EQUAL: %s and %s print the same %d lines" % (orig, rewritten, a.count("\n")))
            return 0
        print("DIFFERENT: %s and %s print different output" % (orig, rewritten))
        if not quiet:
            diff = difflib.unified_diff(
                a.splitlines(True),
                b.splitlines(True),
                "original:" + orig,
                "rewritten:" + rewritten,
            )
            sys.stdout.writelines(list(diff)[:80])
        return 1
    except Failure as e:
        print("ERROR: %s" % e, file=sys.stderr)
        return 2
    finally:
        if work_ctx:
            work_ctx.cleanup()


def usage(message):
    print("mlir-equiv.py: %s" % message, file=sys.stderr)
    print(
        "usage: mlir-equiv.py [--timeout S] [--keep DIR] [-q] ORIG REWRITTEN"
        " | --run FILE | --verify-only FILE | --print-pipeline | --print-tools",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
