#!/usr/bin/env python3
"""Prints a TOSA model of dynamic batch with its `@main` run at another batch size.

Usage: batch.py MODEL.input.mlir N

The models' `@main` builds its input as `tensor<1x...>` from `linalg.index` (so every batch
element gets different data), casts it to the model's `tensor<?x...>`, and casts the result
back to `tensor<1x...>` to print it. Every `tensor<1x` from `func.func @main` on becomes
`tensor<Nx`; the model's own function, above `@main`, is left as it is. Used by
tests/mlir_equiv.rs (the batch-3 runs of the TOSA models) and to make `NAME.batchN.expected.txt`:

  ../shared/corpus/models/build.sh NAME <(batch.py NAME.input.mlir 3) OUT tosa
  tests/tools/mlir-equiv.py --run OUT/NAME.dealloc.mlir > NAME.batch3.expected.txt
"""

import sys


def main() -> int:
    if len(sys.argv) != 3 or not sys.argv[2].isdigit() or int(sys.argv[2]) < 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    path, n = sys.argv[1], sys.argv[2]
    text = open(path, encoding="utf-8").read()
    at = text.find("func.func @main")
    if at < 0:
        print(f"{path}: no func.func @main", file=sys.stderr)
        return 1
    sys.stdout.write(text[:at] + text[at:].replace("tensor<1x", f"tensor<{n}x"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
