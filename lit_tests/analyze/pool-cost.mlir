// A pool is kept only where it makes the function hold no more than its buffers did apart:
// the pool, plus the 64 bytes MLIR's lowering adds for its {alignment = 64}, against the
// most bytes the buffers hold at once as separate allocations, each from its memref.alloc to
// its memref.dealloc (with the padding of its own `alignment` attribute).
// - @freed_early frees each buffer right after its last use: apart they hold 512 B at most,
//   a pool of them 512 + 64 B, so they stay apart ("no saving"); --pool-all pools them.
// - @freed_late frees them at the end: apart 768 B, pooled in 512 + 64 B.
// - @branches: apart, %x and one branch's buffer (512 B); a pool, 512 + 64 B.
// - @aligned: each buffer apart asks for 256 + 64 B ({alignment = 64}); the pool, the same.
// RUN: bufreuse --analyze %s | FileCheck %s
// RUN: bufreuse --analyze --pool-all %s | FileCheck --check-prefix=ALL %s
// RUN: bufreuse --rewrite %s | FileCheck --check-prefix=REWRITE %s

// CHECK-LABEL: func @freed_early: 3 allocations, 0 pooled
// CHECK:         %a {{.*}} eligible (not pooled: no saving)
// CHECK-NEXT:    %b {{.*}} eligible (not pooled: no saving)
// CHECK-NEXT:    %c {{.*}} eligible (not pooled: no saving)
// CHECK-LABEL: func @freed_late: 3 allocations, 3 pooled
// CHECK:         pool (default memory space): 512 B for 3 allocations
// CHECK-LABEL: func @branches: 3 allocations, 0 pooled
// CHECK-LABEL: func @aligned: 2 allocations, 2 pooled
// CHECK:         pool (default memory space): 256 B for 2 allocations
// CHECK:       total: 11 allocations, 5 pooled

// ALL-LABEL: func @freed_early: 3 allocations, 3 pooled
// ALL:         pool (default memory space): 512 B for 3 allocations
// ALL-LABEL: func @branches: 3 allocations, 3 pooled
// ALL:       total: 11 allocations, 11 pooled

// REWRITE-LABEL: func.func @freed_early(
// REWRITE-NOT:     memref.view
// REWRITE:         %a = memref.alloc() : memref<64xf32>
// REWRITE-LABEL: func.func @freed_late(
// REWRITE:         %pool = memref.alloc() {alignment = 64 : i64} : memref<512xi8>
// REWRITE-LABEL: func.func @branches(
// REWRITE-NOT:     memref.view
// REWRITE-LABEL: func.func @aligned(
// REWRITE:         {{%pool[_0-9]*}} = memref.alloc() {alignment = 64 : i64} : memref<256xi8>

func.func @freed_early(%out: memref<64xf32>) {
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%c : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  linalg.copy ins(%c : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %c : memref<64xf32>
  return
}

func.func @freed_late(%out: memref<64xf32>) {
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  %c = memref.alloc() : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%c : memref<64xf32>)
  linalg.copy ins(%c : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  return
}

func.func @branches(%p: i1, %out: memref<64xf32>) {
  %f = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%x : memref<64xf32>)
  scf.if %p {
    %t = memref.alloc() : memref<64xf32>
    linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
    linalg.copy ins(%t : memref<64xf32>) outs(%out : memref<64xf32>)
    memref.dealloc %t : memref<64xf32>
  } else {
    %e = memref.alloc() : memref<64xf32>
    linalg.copy ins(%x : memref<64xf32>) outs(%e : memref<64xf32>)
    linalg.copy ins(%e : memref<64xf32>) outs(%out : memref<64xf32>)
    memref.dealloc %e : memref<64xf32>
  }
  memref.dealloc %x : memref<64xf32>
  return
}

func.func @aligned(%out: memref<64xf32>) {
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  linalg.copy ins(%a : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<64xf32>)
  linalg.copy ins(%b : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return
}
