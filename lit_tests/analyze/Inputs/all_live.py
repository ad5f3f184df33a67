"""Prints a function @NAME with N allocations that are all live at once.

Usage: all_live.py NAME N SCALE -- allocation i is a memref<(SCALE * (1 + i % 7))xf32>; each
is stored to after all are allocated, then all are deallocated.
"""

import sys

name, n, scale = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
types = ["memref<%dxf32>" % (scale * (1 + i % 7)) for i in range(n)]
print("func.func @%s(%%x: f32) {" % name)
print("  %c0 = arith.constant 0 : index")
for i, t in enumerate(types):
    print("  %%a%d = memref.alloc() : %s" % (i, t))
for i, t in enumerate(types):
    print("  memref.store %%x, %%a%d[%%c0] : %s" % (i, t))
for i, t in enumerate(types):
    print("  memref.dealloc %%a%d : %s" % (i, t))
print("  return")
print("}")
