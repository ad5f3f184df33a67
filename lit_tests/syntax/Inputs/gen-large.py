"""Writes a module of about 1.5 MB for the two-thread parse tests (two-threads.test).

Usage: gen-large.py KIND, where KIND is
  ok             a valid module: one large function (allocations, arithmetic, loops,
                 linalg.generic with an attribute alias) and a small one after it;
  syntax-error   the same with a syntax error three quarters of the way in;
  undefined      the same with a use of an undefined value three quarters of the way in;
  bad-alias      the same with a use of an undefined attribute alias there;
  bad-call       the same with a call of an undefined function there (a verifier error).
"""

import sys

kind = sys.argv[1]
N = 2500
out = ["#id = affine_map<(d0) -> (d0)>", "module {", "  func.func @big(%x: f32) -> f32 {",
       "    %c0 = arith.constant 0 : index", "    %c1 = arith.constant 1 : index",
       "    %c8 = arith.constant 8 : index"]
for i in range(N):
    if i == N * 3 // 4:
        if kind == "syntax-error":
            out.append(f"    %e{i} = arith.addf %x, : f32")
        elif kind == "undefined":
            out.append(f"    %e{i} = arith.addf %x, %nowhere : f32")
        elif kind == "bad-call":
            out.append("    func.call @nowhere() : () -> ()")
        elif kind == "bad-alias":
            out.append(f"    %e{i} = memref.alloc() {{map = #nowhere}} : memref<8xf32>")
    out.append(f"    %m{i} = memref.alloc() : memref<8xf32>")
    out.append(f"    linalg.fill ins(%x : f32) outs(%m{i} : memref<8xf32>)")
    out.append(f"    %s{i} = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %x) -> (f32) {{")
    out.append(f"      %v = memref.load %m{i}[%i] : memref<8xf32>")
    out.append(f"      %a = arith.addf %acc, %v : f32")
    out.append(f"      scf.yield %a : f32")
    out.append(f"    }}")
    out.append(f"    linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\"]}} "
               f"ins(%m{i} : memref<8xf32>) outs(%m{i} : memref<8xf32>) {{")
    out.append(f"    ^bb0(%in: f32, %o: f32):")
    out.append(f"      %t = arith.mulf %in, %s{i} : f32")
    out.append(f"      linalg.yield %t : f32")
    out.append(f"    }}")
    out.append(f"    memref.dealloc %m{i} : memref<8xf32>")
out.append("    return %x : f32")
out.append("  }")
out.append("  func.func @small() {")
out.append("    return")
out.append("  }")
out.append("}")
sys.stdout.write("\n".join(out) + "\n")
