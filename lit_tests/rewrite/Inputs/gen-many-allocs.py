"""Writes one function of 25,000 allocations for two-threads.test: enough that the analysis
analyzes them on two threads (from 4,096), the greedy runs its two gap rules side by side
(from 20,000 buffers) and the check of the rewrite checks scopes beside pools (from 20,000
ops). Each buffer lives until the next one is stored to, every seventh one longer.

Usage: gen-many-allocs.py
"""

N = 25000
out = ["func.func @many(%x: f32) -> f32 {", "  %c0 = arith.constant 0 : index"]
frees = {}
for i in range(N):
    size = (i * 7919) % 61 + 1
    out.append(f"  %m{i} = memref.alloc() : memref<{size}xf32>")
    out.append(f"  memref.store %x, %m{i}[%c0] : memref<{size}xf32>")
    end = i + 1 + (i % 50 if i % 7 == 0 else 0)
    frees.setdefault(min(end, N), []).append((i, size))
    for j, s in frees.pop(i, []):
        out.append(f"  %v{j} = memref.load %m{j}[%c0] : memref<{s}xf32>")
        out.append(f"  memref.dealloc %m{j} : memref<{s}xf32>")
for j, s in frees.pop(N, []):
    out.append(f"  memref.dealloc %m{j} : memref<{s}xf32>")
out.append("  return %x : f32")
out.append("}")
print("\n".join(out))
