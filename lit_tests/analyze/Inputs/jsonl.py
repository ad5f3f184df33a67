"""Prints a `bufreuse --analyze --format=json` report one object per line, for FileCheck,
and checks the offsets in it independently of bufreuse.

Reads the report on stdin (several documents, one per `--split-input-file` chunk, are read
one after the other) and prints, keys in the report's order, compact JSON:
  function {...}     every key of a function but `pools` and `allocations`
  pool {...}         one line per pool
  allocation {...}   one line per allocation
  conflicts [...]    pairs of allocations with an offset, in one memory space, whose live
                     intervals (closed) and byte ranges both overlap, and that are not in
                     different branches of one op (`branches`): `[]` when the plan is sound
  reasons {...}      the per-reason counts
so that a CHECK line holds a whole allocation, and a CHECK-NEXT the one after it.
Usage: `bufreuse --analyze --format=json %s | %python %S/Inputs/jsonl.py | FileCheck %s`.
"""

import json
import sys


def dump(obj):
    return json.dumps(obj, separators=(",", ":"))


def memory_space(memref_type):
    """The memory space parameter of a printed memref type, or None for the default one.

    The parameters after the shape are split at top-level commas; an identity layout
    (`affine_map<...>`, `strided<...>`) is skipped. Enough for the types of these tests.
    """
    inner = memref_type[len("memref<") : -1]
    params, depth, start = [], 0, 0
    for i, c in enumerate(inner):
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        elif c == "," and depth == 0:
            params.append(inner[start:i].strip())
            start = i + 1
    params.append(inner[start:].strip())
    rest = [p for p in params[1:] if not p.startswith(("affine_map<", "strided<"))]
    return rest[-1] if rest else None


def conflicts(allocations):
    placed = [a for a in allocations if a["offset"] is not None]
    found = []
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            if memory_space(a["type"]) != memory_space(b["type"]):
                continue
            (sa, ea), (sb, eb) = a["live"], b["live"]
            live_together = sa <= eb and sb <= ea
            shared_bytes = (
                a["offset"] < b["offset"] + b["bytes"]
                and b["offset"] < a["offset"] + a["bytes"]
            )
            exclusive = any(
                (x["line"], x["column"]) == (y["line"], y["column"]) and x["region"] != y["region"]
                for x in a.get("branches", [])
                for y in b.get("branches", [])
            )
            if live_together and shared_bytes and not exclusive:
                found.append([a["value"], b["value"]])
    return found


def main():
    text = sys.stdin.read()
    decoder = json.JSONDecoder()
    pos = 0
    while True:
        # Skip whitespace and the `// -----` separators between chunks.
        while pos < len(text) and text[pos] != "{":
            pos += 1
        if pos >= len(text):
            break
        doc, pos = decoder.raw_decode(text, pos)
        for f in doc["functions"]:
            head = {k: v for k, v in f.items() if k not in ("pools", "allocations")}
            print("function " + dump(head))
            for p in f["pools"]:
                print("pool " + dump(p))
            for a in f["allocations"]:
                print("allocation " + dump(a))
            print("conflicts " + dump(conflicts(f["allocations"])))
        print("reasons " + dump(doc["reasons"]))


main()
