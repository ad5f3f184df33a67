#!/usr/bin/env python3
"""Writes a module of F small functions for the front-end benchmark (bench/frontend/run.sh
`fF` sizes): each function allocates, fills, reads and frees 30 temporaries of a few shapes,
so the file grows by functions rather than by one long body. Per-function costs that grow
with the whole module (tables sized by it, names searched from the start) show up here as a
time that grows faster than the file.

Usage: gen_funcs.py F -o FILE
"""
import argparse

SHAPES = ["16xf32", "4x8xf32", "64xi8", "8xf64", "32xi32"]


def function(f):
    lines = [f"  func.func @f{f}(%in: memref<16xf32>, %out: memref<16xf32>) {{"]
    lines.append("    %c0 = arith.constant 0 : index")
    lines.append("    %x = memref.load %in[%c0] : memref<16xf32>")
    ops = 3
    for k in range(30):
        shape = SHAPES[(f + k) % len(SHAPES)]
        elem = shape.rsplit("x", 1)[1]
        idx = ", ".join(["%c0"] * shape.count("x"))
        lines.append(f"    %t{k} = memref.alloc() : memref<{shape}>")
        if elem == "f32":
            lines.append(f"    %v{k} = arith.addf %x, %x : f32")
            lines.append(f"    memref.store %v{k}, %t{k}[{idx}] : memref<{shape}>")
            lines.append(f"    %r{k} = memref.load %t{k}[{idx}] : memref<{shape}>")
            lines.append(f"    memref.store %r{k}, %out[%c0] : memref<16xf32>")
            ops += 4
        else:
            lines.append(f"    %z{k} = memref.load %t{k}[{idx}] : memref<{shape}>")
            ops += 1
        lines.append(f"    memref.dealloc %t{k} : memref<{shape}>")
        ops += 2
    lines.append("    return")
    lines.append("  }")
    return lines, ops + 1


def main():
    p = argparse.ArgumentParser()
    p.add_argument("functions", type=int)
    p.add_argument("-o", "--output", required=True)
    args = p.parse_args()
    lines = ["module {"]
    ops = 1
    for f in range(args.functions):
        body, n = function(f)
        lines += body
        ops += n
    lines.append("}")
    text = "\n".join(lines) + "\n"
    with open(args.output, "w") as out:
        out.write(text)
    print(f"gen_funcs: F={args.functions} bytes={len(text)} ops~{ops}")


if __name__ == "__main__":
    main()
