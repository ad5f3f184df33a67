"""Runs bufreuse on every item of the bad-input catalogue (issue 7) and prints one line each.

Usage: catalogue.py BUFREUSE WORKDIR

For each case the input is written to WORKDIR, an output file `out` holding "previous" is put
beside it, and bufreuse runs with `-o out` (unless the case names its own output). The line
printed is

    CASE: exit N | FIRST-DIAGNOSTIC-LINE | -o kept|written

where the diagnostic line has its directory removed and is cut at 100 characters. The script
also fails (exit 1, with a message) if a run leaves any file other than its input and `out` in
its directory: a failing run must not leave a temporary file behind.
"""

import os
import subprocess
import sys

BUFREUSE, WORK = sys.argv[1], sys.argv[2]

FUNC = "func.func @f(%arg: memref<4xf32>) {{\n{}  return\n}}\n"


def body(*lines):
    return FUNC.format("".join("  " + line + "\n" for line in lines))


ALLOC = "%a = memref.alloc() : memref<4xf32>"
DEALLOC = "memref.dealloc %a : memref<4xf32>"
CSV = "id,lower,upper,size\n"

# (name, input bytes, extra arguments). The input file is `in.mlir` (`in.csv` for --plan).
CASES = [
    ("empty-file", b"", []),
    ("only-comments", b"// nothing here\n// nor here\n", []),
    ("truncated-op", b"func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a,", []),
    ("truncated-type", b"func.func private @f(memref<4x", []),
    ("truncated-string", b'func.func private @f() attributes {s = "abc', []),
    ("truncated-region", b"func.func @f() {\n  scf.execute_region {\n    scf.yield\n", []),
    ("unbalanced-open-brace", b"func.func @f() {\n  return\n", []),
    ("unbalanced-close-brace", b"func.func @f() {\n  return\n}\n}\n", []),
    ("invalid-utf8", b'func.func private @f() attributes {s = "\xc3\x28"}\n', []),
    ("nul-byte", b"func.func @f() {\n  return\x00\n}\n", []),
    ("binary-garbage", bytes(range(256)) * 4, []),
    (
        "10mb-line",
        b'func.func private @f() attributes {s = "' + b"x" * 10485760 + b'", t = %bad}\n',
        [],
    ),
    (
        "10000-nested-regions",
        b"func.func @f() {\n"
        + b"scf.execute_region {\n" * 10000
        + b"scf.yield\n}\n" * 10000
        + b"return\n}\n",
        [],
    ),
    ("undefined-value", body("%0 = arith.addi %x, %x : i32").encode(), []),
    (
        "redefined-value",
        body("%0 = arith.constant 1 : i32", "%0 = arith.constant 2 : i32").encode(),
        [],
    ),
    (
        "def-use-type-mismatch",
        body("%0 = arith.constant 1 : i32", "%1 = arith.addi %0, %0 : i64").encode(),
        [],
    ),
    ("wrong-result-count", body("%0, %1 = arith.constant 1 : i32").encode(), []),
    (
        "duplicate-block-label",
        b"func.func @f() {\n  cf.br ^bb1\n^bb1:\n  cf.br ^bb1\n^bb1:\n  return\n}\n",
        [],
    ),
    ("missing-successor", b"func.func @f() {\n  cf.br ^nowhere\n}\n", []),
    (
        "dealloc-of-argument",
        body("memref.dealloc %arg : memref<4xf32>").encode(),
        ["--analyze"],
    ),
    ("double-dealloc", body(ALLOC, DEALLOC, DEALLOC).encode(), ["--analyze"]),
    (
        "use-after-dealloc",
        body(
            ALLOC,
            "%c0 = arith.constant 0 : index",
            DEALLOC,
            "%v = memref.load %a[%c0] : memref<4xf32>",
        ).encode(),
        ["--analyze"],
    ),
    ("negative-dimension", b"func.func private @f(memref<-1xf32>)\n", []),
    ("dimension-over-u64", b"func.func private @f(memref<99999999999999999999xf32>)\n", []),
    (
        "zero-size-memref",
        body("%z = memref.alloc() : memref<0xf32>", "memref.dealloc %z : memref<0xf32>").encode(),
        ["--analyze"],
    ),
    (
        "alignment-attribute-not-power-of-two",
        body(
            "%a = memref.alloc() {alignment = 3 : i64} : memref<4xf32>", DEALLOC
        ).encode(),
        ["--analyze"],
    ),
    ("alignment-option-not-power-of-two", body().encode(), ["--rewrite", "--alignment=3"]),
    ("alignment-option-zero", body().encode(), ["--rewrite", "--alignment=0"]),
    ("missing-input-file", None, []),
    ("input-over-1-gib", "sparse", []),
    ("output-parent-not-a-directory", body().encode(), ["-o", "in.mlir/out.mlir"]),
    ("output-directory-missing", body().encode(), ["-o", "no-such-dir/out.mlir"]),
    ("output-is-a-directory", body().encode(), ["-o", "."]),
    ("output-unwritable-directory", body().encode(), ["-o", "/proc/bufreuse-out.mlir"]),
    ("output-device-full", body().encode(), ["-o", "/dev/full"]),
    ("csv-empty", b"", ["--plan"]),
    ("csv-missing-column", b"id,lower,size\n0,0,4\n", ["--plan"]),
    ("csv-field-count", CSV.encode() + b"0,0,1\n", ["--plan"]),
    ("csv-negative", CSV.encode() + b"0,-3,1,4\n", ["--plan"]),
    ("csv-non-integer", CSV.encode() + b"0,0,1,4.5\n", ["--plan"]),
    ("csv-upper-not-above-lower", CSV.encode() + b"0,2,2,4\n", ["--plan"]),
    ("csv-duplicate-id", CSV.encode() + b"0,0,1,4\n0,1,2,4\n", ["--plan"]),
    ("csv-duplicate-column", b"id,lower,upper,size,size\n0,0,1,4,4\n", ["--plan"]),
    ("csv-value-overflow", CSV.encode() + b"0,0,1,99999999999999999999\n", ["--plan"]),
    (
        "csv-alignment-not-power-of-two",
        b"id,lower,upper,size,alignment\n0,0,1,4,3\n",
        ["--plan"],
    ),
]


def first_line(stderr):
    for line in stderr.decode("utf-8", "replace").splitlines():
        if line.strip():
            line = line.replace(WORK + "/", "").replace(WORK, ".")
            return line[:100]
    return "no diagnostic"


def main():
    failures = 0
    for name, data, args in CASES:
        case_dir = os.path.join(WORK, name)
        os.makedirs(case_dir)
        input_name = "in.csv" if "--plan" in args else "in.mlir"
        if data == "sparse":
            # A file one byte over the limit of 1 GiB, made sparse so it costs no disk space.
            with open(os.path.join(case_dir, input_name), "wb") as f:
                f.truncate((1 << 30) + 1)
        elif data is not None:
            with open(os.path.join(case_dir, input_name), "wb") as f:
                f.write(data)
        out = os.path.join(case_dir, "out")
        with open(out, "w") as f:
            f.write("previous\n")
        command = [BUFREUSE] + args + [input_name]
        if "-o" not in args:
            command[1:1] = ["-o", "out"]
        run = subprocess.run(command, cwd=case_dir, capture_output=True, timeout=600)
        with open(out) as f:
            kept = "kept" if f.read() == "previous\n" else "written"
        print("%s: exit %d | %s | -o %s" % (name, run.returncode, first_line(run.stderr), kept))
        left = sorted(set(os.listdir(case_dir)) - {input_name, "out"})
        if left:
            print("error: %s left files behind: %s" % (name, left))
            failures += 1
    sys.exit(1 if failures else 0)


main()
