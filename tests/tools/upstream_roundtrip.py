#!/usr/bin/env python3
"""Round-trip upstream MLIR lit-test chunks through bufreuse and compare under mlir-opt.

What it is for: measuring issue 17 ("every upstream MLIR test chunk that uses only our
dialects round-trips to the same module under mlir-opt"). The upstream test files are not
part of this repository; keep them in a directory outside it (one sub-folder per dialect,
e.g. `MemRef/ops.mlir`) and point this script at it.

How to run (Python 3.11, standard library only):

    python3 tests/tools/upstream_roundtrip.py \\
        --bufreuse target/debug/bufreuse \\
        --mlir-opt /usr/lib/llvm-22/bin/mlir-opt \\
        /path/to/upstream-suite

Each `.mlir` file found under the given directories (or given directly) is split into chunks
at lines that start with `// -----`. For every chunk:

1. `mlir-opt --allow-unregistered-dialect` must accept it, or the chunk is skipped (old
   syntax, expected-error tests, ...). A chunk holding no op but the module (comments only)
   is skipped too and counted as `empty`.
2. The dialects it uses are read from the op names of mlir-opt's generic output. A chunk is
   "promised" when every dialect is one bufreuse promises to read (`PROMISED` below); other
   chunks (test.*, unregistered, gpu, ...) are still run and reported, but do not decide the
   exit status.
3. `bufreuse CHUNK` (print mode) runs with a timeout. Outcomes: `error` (bufreuse rejected
   the chunk; the first error line is shown), `crash` (panic, internal error or signal),
   `timeout`, `rejected` (mlir-opt does not accept what bufreuse printed), `differs`
   (mlir-opt accepts both, but the generic, alias-free forms differ; the first differing
   line of the two generic prints is shown), or `ok`. Line numbers in messages count from
   the first line of the chunk.
4. When bufreuse printed the chunk, `bufreuse --rewrite CHUNK` runs too, and mlir-opt must
   accept its output: `rw-error`, `rw-crash`, `rw-timeout`, `rw-rejected`.

With `--generic-input`, bufreuse is given mlir-opt's generic print of each chunk instead of
the chunk's own text: custom syntax bufreuse cannot read then no longer hides what its
verifier and printer do with the ops (the issue promises any op in generic form).

Comparison: both the original chunk and bufreuse's output are printed by
`mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope`.
That form has no locations (mlir-opt prints none without --mlir-print-debuginfo), no aliases,
numbered SSA names, sorted attribute dictionaries and one float spelling, so the only
normalization applied on top is dropping trailing whitespace. Anything else that differs is
a real difference in the module.

Output: a summary table per dialect folder (the outcome columns count promised chunks; a
chunk can be in one print column and one rewrite column), then one line per failure
`file:chunk#: kind: message`. Exit status 1 when any promised chunk fails, 0 otherwise.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

#: Dialects whose ops bufreuse promises to read (issue 17), plus `builtin` for the module.
PROMISED = frozenset(
    [
        "builtin",
        "memref",
        "bufferization",
        "scf",
        "arith",
        "func",
        "cf",
        "linalg",
        "math",
        "affine",
        "vector",
        "tensor",
    ]
)

#: A split marker, as `mlir-opt --split-input-file` recognizes it.
SPLIT = re.compile(r"^// -----", re.MULTILINE)

#: An op in generic form: optional results, then the quoted op name and its operand list.
GENERIC_OP = re.compile(r'^\s*(?:%[^"=]*=\s*)?"([A-Za-z_][\w$]*(?:\.[\w$]+)+)"\(', re.MULTILINE)

#: Print-mode outcomes, then rewrite outcomes; the order is the table's column order.
PRINT_KINDS = ["error", "crash", "timeout", "rejected", "differs"]
REWRITE_KINDS = ["rw-error", "rw-crash", "rw-timeout", "rw-rejected"]


@dataclass
class Chunk:
    """One `// -----` piece of an upstream test file."""

    folder: str
    label: str  # "Folder/file.mlir:N"
    text: str


@dataclass
class Result:
    """What happened to one chunk."""

    chunk: Chunk
    accepted: bool = False
    empty: bool = False  # accepted, but holds no op besides the module
    dialects: set[str] = field(default_factory=set)
    kind: str | None = None  # a PRINT_KINDS entry, or None when the round trip is ok
    message: str = ""
    rewrite_kind: str | None = None  # a REWRITE_KINDS entry, or None
    rewrite_message: str = ""
    rewrite_changed: bool = False  # --rewrite printed something other than print mode

    @property
    def promised(self) -> bool:
        return self.accepted and self.dialects <= PROMISED

    @property
    def failed(self) -> bool:
        return self.kind is not None or self.rewrite_kind is not None


def split_chunks(path: Path, root: Path) -> list[Chunk]:
    """Cuts a file at its split markers; chunks are numbered from 1 in file order."""
    text = path.read_text(encoding="utf-8", errors="replace")
    rel = path.relative_to(root)
    # The dialect folder is the first folder under the given root; a file given on its own,
    # or lying directly in the root, counts under the root's own name.
    folder = rel.parts[0] if len(rel.parts) > 1 else root.name
    label_base = str(rel) if len(rel.parts) > 1 else f"{folder}/{rel}"
    pieces = SPLIT.split(text)
    chunks = []
    for i, piece in enumerate(pieces, start=1):
        # The marker line may carry more dashes ("// ------"); drop the rest of that line.
        if i > 1:
            piece = piece.split("\n", 1)[1] if "\n" in piece else ""
        chunks.append(Chunk(folder, f"{label_base}:{i}", piece))
    return chunks


#: A diagnostic's location prefix, `FILE:LINE:COL: error: ` (FILE is `<chunk>` or `<stdin>`).
LOCATION = re.compile(r"^(?:<chunk>|<stdin>):(\d+):\d+: (?:error|warning): ")


def first_line(text: str, prefer: str = "error") -> str:
    """The first line mentioning `prefer`, else the first non-empty line; a location prefix
    is shortened to the line number within the chunk."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    line = next((l for l in lines if prefer in l), lines[0] if lines else "(no message)")
    m = LOCATION.match(line)
    return f"line {m.group(1)}: {line[m.end():]}" if m else line


def run(cmd: list[str], stdin: str | None, timeout: float) -> tuple[int | None, str, str]:
    """Runs a command; the return code is None on timeout."""
    try:
        p = subprocess.run(
            cmd,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=timeout,
            errors="replace",
        )
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", ""


def generic(mlir_opt: str, text: str, timeout: float) -> tuple[bool, str]:
    """mlir-opt's generic, alias-free print of `text`, or its first error line."""
    code, out, err = run(
        [
            mlir_opt,
            "--allow-unregistered-dialect",
            "--mlir-print-op-generic",
            "--mlir-print-local-scope",
            "-",
        ],
        text,
        timeout,
    )
    if code is None:
        return False, "mlir-opt timed out"
    if code != 0:
        return False, first_line(err)
    return True, "\n".join(l.rstrip() for l in out.splitlines())


def classify_failure(code: int | None, err: str) -> tuple[str, str]:
    """Maps a failed bufreuse run to (kind, message); kinds are PRINT_KINDS names."""
    if code is None:
        return "timeout", "no answer within the time limit"
    if code < 0:
        return "crash", f"killed by signal {-code}"
    if "panicked" in err or "internal error" in err or "RUST_BACKTRACE" in err:
        return "crash", first_line(err, "panicked")
    return "error", first_line(err)


def first_difference(a: str, b: str) -> str:
    """The first line where the two generic prints differ: the upstream one, then bufreuse's."""

    def short(s: str) -> str:
        s = s.strip()
        return s[:150] + "..." if len(s) > 150 else s

    al, bl = a.splitlines(), b.splitlines()
    for i in range(max(len(al), len(bl))):
        x = al[i] if i < len(al) else "<end>"
        y = bl[i] if i < len(bl) else "<end>"
        if x != y:
            return f"line {i + 1}: upstream `{short(x)}` | bufreuse `{short(y)}`"
    return "(no line differs)"


def check(chunk: Chunk, args: argparse.Namespace, tmpdir: str) -> Result:
    """Runs one chunk through mlir-opt and bufreuse."""
    res = Result(chunk)
    ok, original = generic(args.mlir_opt, chunk.text, args.timeout * 3)
    if not ok:
        return res
    names = GENERIC_OP.findall(original)
    if names == ["builtin.module"]:
        res.empty = True
        return res
    res.accepted = True
    res.dialects = {name.split(".", 1)[0] for name in names}
    if args.only_promised and not res.promised:
        return res

    path = os.path.join(tmpdir, re.sub(r"[^\w.-]", "_", chunk.label) + ".mlir")
    with open(path, "w", encoding="utf-8") as f:
        # With --generic-input bufreuse reads mlir-opt's generic print of the chunk, which
        # takes custom syntax out of the picture and tests the printer and verifier alone.
        f.write(original + "\n" if args.generic_input else chunk.text)
    try:
        code, out, err = run([args.bufreuse, path], None, args.timeout)
        err = err.replace(path, "<chunk>")
        if code != 0:
            res.kind, res.message = classify_failure(code, err)
            return res
        ok, printed = generic(args.mlir_opt, out, args.timeout * 3)
        if not ok:
            res.kind, res.message = "rejected", printed
        elif printed != original:
            res.kind, res.message = "differs", first_difference(original, printed)

        printed_text = out
        code, out, err = run([args.bufreuse, "--rewrite", path], None, args.timeout)
        err = err.replace(path, "<chunk>")
        if code != 0:
            kind, msg = classify_failure(code, err)
            if not (args.own_lit_tests and kind == "error"):
                res.rewrite_kind, res.rewrite_message = "rw-" + kind, msg
        else:
            res.rewrite_changed = out != printed_text
            ok, msg = generic(args.mlir_opt, out, args.timeout * 3)
            if not ok:
                res.rewrite_kind, res.rewrite_message = "rw-rejected", msg
        return res
    finally:
        os.unlink(path)


#: A RUN line of bufreuse's own lit tests that expects bufreuse to fail on the file.
EXPECTS_ERROR = re.compile(r"^//\s*RUN:.*\bnot\s+bufreuse\b", re.M)


def expects_error(f: Path) -> bool:
    """Whether a lit test of bufreuse's expects it to reject the file (an error test)."""
    return bool(EXPECTS_ERROR.search(f.read_text(encoding="utf-8", errors="replace")))


def collect(paths: list[str], own_lit_tests: bool = False) -> list[Chunk]:
    """Every chunk of every .mlir file under the given paths, in sorted path order. With
    `own_lit_tests`, lit's `Output` folders and bufreuse's error tests are left out."""
    chunks: list[Chunk] = []
    for p in map(Path, paths):
        if p.is_dir():
            files = sorted(f for f in p.rglob("*.mlir") if f.is_file())
            for f in files:
                if own_lit_tests and ("Output" in f.relative_to(p).parts or expects_error(f)):
                    continue
                chunks.extend(split_chunks(f, p))
        elif p.is_file():
            chunks.extend(split_chunks(p, p.parent))
        else:
            sys.exit(f"upstream_roundtrip: no such file or directory: {p}")
    return chunks


def table(results: list[Result]) -> str:
    """The summary: one row per dialect folder and a total row."""
    cols = ["chunks", "empty", "accepted", "promised", "other", "ok"] + PRINT_KINDS + REWRITE_KINDS
    folders = sorted({r.chunk.folder for r in results})
    rows = []
    for name, rs in [(f, [r for r in results if r.chunk.folder == f]) for f in folders] + [
        ("total", results)
    ]:
        promised = [r for r in rs if r.promised]
        row = {
            "chunks": len(rs),
            "empty": sum(r.empty for r in rs),
            "accepted": sum(r.accepted for r in rs),
            "promised": len(promised),
            "other": sum(r.accepted and not r.promised for r in rs),
            "ok": sum(not r.failed for r in promised),
        }
        for k in PRINT_KINDS:
            row[k] = sum(r.kind == k for r in promised)
        for k in REWRITE_KINDS:
            row[k] = sum(r.rewrite_kind == k for r in promised)
        rows.append((name, row))
    width = max([len("folder")] + [len(n) for n, _ in rows])
    head = "| " + "folder".ljust(width) + " | " + " | ".join(cols) + " |"
    sep = "|" + "-" * (width + 2) + "|" + "|".join("-" * (len(c) + 2) for c in cols) + "|"
    body = [
        "| " + n.ljust(width) + " | " + " | ".join(str(r[c]).rjust(len(c)) for c in cols) + " |"
        for n, r in rows
    ]
    return "\n".join([head, sep] + body)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bufreuse", required=True, help="the bufreuse binary")
    ap.add_argument("--mlir-opt", required=True, help="the mlir-opt binary (MLIR 22)")
    ap.add_argument("--only-promised", action="store_true", help="run promised chunks only")
    ap.add_argument(
        "--generic-input",
        action="store_true",
        help="give bufreuse mlir-opt's generic form of each chunk instead of its text",
    )
    ap.add_argument(
        "--own-lit-tests",
        action="store_true",
        help="the paths are bufreuse's own lit tests: leave out lit's Output folders and the "
        "files whose RUN lines expect bufreuse to fail (`not bufreuse`), and take a clean "
        "error of --rewrite (a limit a test checks, such as sizes beyond 64 bits) as an answer",
    )
    ap.add_argument("--jobs", type=int, default=2, help="chunks checked at once (default 2)")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per bufreuse run")
    ap.add_argument("paths", nargs="+", metavar="DIR", help="folders (or files) of .mlir tests")
    args = ap.parse_args()
    # A bare name is looked up on PATH (as lit runs it), a path is made absolute.
    if os.sep not in args.bufreuse:
        args.bufreuse = shutil.which(args.bufreuse) or args.bufreuse
    args.bufreuse = os.path.abspath(args.bufreuse)

    chunks = collect(args.paths, args.own_lit_tests)
    with tempfile.TemporaryDirectory(prefix="upstream-rt-") as tmpdir:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(pool.map(lambda c: check(c, args, tmpdir), chunks))

    print(table(results))
    promised = [r for r in results if r.promised]
    other = [r for r in results if r.accepted and not r.promised]
    print()
    accepted = sum(r.accepted for r in results)
    empty = sum(r.empty for r in results)
    print(
        f"{len(chunks)} chunks: {empty} empty, {len(chunks) - accepted - empty} rejected by "
        f"mlir-opt, {accepted} accepted; {len(promised)} promised: "
        f"{sum(not r.failed for r in promised)} ok, {sum(r.failed for r in promised)} failing"
    )
    print(
        f"--rewrite changed the program of {sum(r.rewrite_changed for r in results)} chunks "
        f"(each changed output was checked with mlir-opt like the others)"
    )
    if not args.only_promised:
        dialects = sorted({d for r in other for d in r.dialects - PROMISED})
        print(
            f"{len(other)} chunks use other dialects ({', '.join(dialects) or '-'}): "
            f"{sum(not r.failed for r in other)} ok, {sum(r.failed for r in other)} failing "
            f"(not counted in the table's outcome columns)"
        )
    print()
    for r in results:
        if not r.failed or not r.accepted:
            continue
        tag = "" if r.promised else " [other: " + ",".join(sorted(r.dialects - PROMISED)) + "]"
        if r.kind:
            print(f"{r.chunk.label}: {r.kind}: {r.message}{tag}")
        if r.rewrite_kind:
            print(f"{r.chunk.label}: {r.rewrite_kind}: {r.rewrite_message}{tag}")
    return 1 if any(r.failed for r in promised) else 0


if __name__ == "__main__":
    sys.exit(main())
