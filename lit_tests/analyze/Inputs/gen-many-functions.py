"""Prints a module of 900 functions of 10 allocations each (more than 20,000 ops, so the
analysis and the report take the functions on two threads). Every seventh function frees
one of its buffers twice, which is a warning, and every eleventh keeps one buffer in a
global-like escape (returned), which is a reason not to pool it."""

FUNCTIONS = 900
ALLOCS = 10

print("module {")
for f in range(FUNCTIONS):
    escapes = f % 11 == 0
    result = " -> memref<8xf32>" if escapes else ""
    print(f"  func.func @f{f}(%in: memref<8xf32>){result} {{")
    print("    %c0 = arith.constant 0 : index")
    print("    %x = memref.load %in[%c0] : memref<8xf32>")
    for k in range(ALLOCS):
        print(f"    %t{k} = memref.alloc() : memref<{8 * (k + 1)}xf32>")
        print(f"    memref.store %x, %t{k}[%c0] : memref<{8 * (k + 1)}xf32>")
        print(f"    %v{k} = memref.load %t{k}[%c0] : memref<{8 * (k + 1)}xf32>")
        print(f"    memref.store %v{k}, %in[%c0] : memref<8xf32>")
        if not (escapes and k == 0):
            print(f"    memref.dealloc %t{k} : memref<{8 * (k + 1)}xf32>")
        if f % 7 == 0 and k == 1:
            print(f"    memref.dealloc %t{k} : memref<{8 * (k + 1)}xf32>")
    if escapes:
        print("    return %t0 : memref<8xf32>")
    else:
        print("    return")
    print("  }")
print("}")
