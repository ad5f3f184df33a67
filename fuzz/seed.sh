#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with seed inputs (fuzz/corpus is not committed):
#   parse, roundtrip, rewrite, split, library: every .mlir under examples/, lit_tests/ and tests/programs/,
#     whole and, for files with `// -----` separators, each chunk on its own;
#   plan: windows of up to 64 buffers cut from bench/minimalloc/**/*.csv (times renumbered
#     to fit the u16 fields) plus a few hand-written instances, in the byte format of
#     fuzz/src/lib.rs `decode_plan_input`.
# Usage: fuzz/seed.sh   (from anywhere; needs python3)
set -euo pipefail
fuzz_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$fuzz_dir")"
corpus="$fuzz_dir/corpus"
mkdir -p "$corpus"/{parse,roundtrip,rewrite,plan,split,library}

python3 - "$repo" "$corpus" <<'PY'
import csv, os, struct, sys

repo, corpus = sys.argv[1], sys.argv[2]

def mlir_files():
    for top in ["examples", "lit_tests", "tests/programs"]:
        for root, dirs, files in os.walk(os.path.join(repo, top)):
            dirs[:] = sorted(d for d in dirs if d != "Output")
            for f in sorted(files):
                if f.endswith(".mlir"):
                    yield os.path.join(root, f)

count = 0
for path in mlir_files():
    text = open(path, "rb").read()
    name = os.path.relpath(path, repo).replace("/", "_")
    pieces = [text]
    chunks = []
    for line in text.split(b"\n"):
        if line.strip() == b"// -----":
            chunks.append([])
        elif chunks:
            chunks[-1].append(line)
    if chunks:
        head = text.split(b"\n// -----", 1)[0]
        pieces += [head] + [b"\n".join(c) for c in chunks]
    for i, piece in enumerate(pieces):
        for target in ["parse", "roundtrip", "rewrite", "split", "library"]:
            with open(os.path.join(corpus, target, "%s.%d" % (name, i)), "wb") as out:
                out.write(piece)
        count += 1
print("MLIR seeds: %d per target" % count)

def encode(buffers):
    """Header 0, then start u16, length u16 (end = start + 1 + length), size u24, log2 align."""
    out = bytearray([0])
    for start, end, size, align in buffers[:64]:
        out += struct.pack("<HH", start, end - start - 1)
        out += struct.pack("<I", size)[:3]
        out.append(align.bit_length() - 1)
    return bytes(out)

def window(rows):
    """Renumbers the distinct times of `rows` 0, 1, 2, ... so they fit the u16 fields."""
    times = sorted({t for r in rows for t in (r[0], r[1])})
    rank = {t: i for i, t in enumerate(times)}
    return [(rank[s], rank[e], size, align) for s, e, size, align in rows]

plans = []
bench = os.path.join(repo, "bench", "minimalloc")
for root, dirs, files in os.walk(bench):
    dirs.sort()
    for f in sorted(files):
        if not f.endswith(".csv"):
            continue
        with open(os.path.join(root, f)) as fh:
            rows = [
                (int(r["lower"]), int(r["upper"]), int(r["size"]) & 0xFFFFFF,
                 int(r.get("alignment") or 1))
                for r in csv.DictReader(fh)
            ]
        rows.sort()
        for k, i in enumerate(range(0, len(rows), 64)):
            if k == 4:
                break
            plans.append(("%s.%d" % (f, k), encode(window(rows[i:i + 64]))))
# Hand-written: empty, one buffer, a chain, a staircase that greedy gets wrong, alignments.
plans += [
    ("empty", encode([])),
    ("one", encode([(0, 1, 16, 1)])),
    ("chain", encode([(0, 2, 8, 1), (1, 3, 8, 1), (2, 4, 8, 1), (3, 5, 8, 1)])),
    ("staircase", encode([(0, 3, 2, 1), (1, 5, 3, 1), (2, 4, 1, 1), (3, 6, 2, 1), (4, 7, 3, 1), (0, 7, 1, 1)])),
    ("aligned", encode([(0, 4, 3, 64), (1, 3, 65, 64), (2, 5, 1, 4096), (0, 9, 0, 8)])),
]
for name, data in plans:
    with open(os.path.join(corpus, "plan", name), "wb") as out:
        out.write(data)
print("plan seeds: %d" % len(plans))
PY

# Every input that made a target fail once (fuzz/regressions/<target>/) is a seed too, so each
# run replays them first.
for target in parse roundtrip rewrite plan; do
  if [[ -d "$fuzz_dir/regressions/$target" ]]; then
    cp "$fuzz_dir/regressions/$target"/* "$corpus/$target/"
  fi
done
