// Verdicts for buffers used by memref.realloc (it frees its operand: `reallocated`),
// memref.assume_alignment and memref.reshape (views: the buffer stays eligible while its
// views are used in its block; the shape operand of a reshape is only read), the atomics,
// memref.prefetch and memref.dma_wait (they only access memory: eligible), and
// memref.dma_start, whose transfer goes on after it (`unknown-op`).
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s

// CHECK-LABEL: func @realloc: 1 allocations, 0 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a memref<4xf32> 16 B {{.*}} reallocated -
func.func @realloc() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  return
}

// CHECK-LABEL: func @views: 2 allocations, 2 pooled
// CHECK: %a memref<4x4xf32> 64 B {{.*}} pooled
// CHECK: %shape memref<1xindex> 8 B {{.*}} pooled
func.func @views(%i: index, %f: f32) {
  %a = memref.alloc() : memref<4x4xf32>
  %shape = memref.alloc() : memref<1xindex>
  %v = memref.assume_alignment %a, 16 : memref<4x4xf32>
  %r = memref.reshape %v(%shape) : (memref<4x4xf32>, memref<1xindex>) -> memref<16xf32>
  memref.store %f, %r[%i] : memref<16xf32>
  memref.dealloc %shape : memref<1xindex>
  memref.dealloc %a : memref<4x4xf32>
  return
}

// CHECK-LABEL: func @view_escapes: 1 allocations, 0 pooled
// CHECK: %a memref<4xf32> 16 B {{.*}} escapes-return -
func.func @view_escapes() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.assume_alignment %a, 16 : memref<4xf32>
  return %v : memref<4xf32>
}

// CHECK-LABEL: func @atomics: 3 allocations, 3 pooled
// CHECK: %a memref<8xi32> 32 B {{.*}} pooled
// CHECK: %b memref<8xf32> 32 B {{.*}} pooled
// CHECK: %c memref<8xf32> 32 B {{.*}} pooled
func.func @atomics(%i: index, %k: i32, %f: f32) {
  %a = memref.alloc() : memref<8xi32>
  %x = memref.atomic_rmw addi %k, %a[%i] : (i32, memref<8xi32>) -> i32
  memref.dealloc %a : memref<8xi32>
  %b = memref.alloc() : memref<8xf32>
  %y = memref.generic_atomic_rmw %b[%i] : memref<8xf32> {
  ^bb0(%cur: f32):
    %n = arith.addf %cur, %f : f32
    memref.atomic_yield %n : f32
  }
  memref.dealloc %b : memref<8xf32>
  %c = memref.alloc() : memref<8xf32>
  memref.prefetch %c[%i], read, locality<3>, data : memref<8xf32>
  memref.dealloc %c : memref<8xf32>
  return
}

// CHECK-LABEL: func @dma: 4 allocations, 0 pooled
// CHECK: %src memref<64xf32> 256 B {{.*}} unknown-op -
// CHECK: %dst memref<64xf32> 256 B {{.*}} unknown-op -
// CHECK: %tag memref<1xi32> 4 B {{.*}} unknown-op -
// CHECK: %t2 memref<1xi32> 4 B {{.*}} eligible (alone in its memory space) -
func.func @dma(%i: index, %n: index) {
  %src = memref.alloc() : memref<64xf32>
  %dst = memref.alloc() : memref<64xf32>
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_start %src[%i], %dst[%i], %n, %tag[%i] : memref<64xf32>, memref<64xf32>, memref<1xi32>
  memref.dma_wait %tag[%i], %n : memref<1xi32>
  %t2 = memref.alloc() : memref<1xi32>
  memref.dma_wait %t2[%i], %n : memref<1xi32>
  memref.dealloc %t2 : memref<1xi32>
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %dst : memref<64xf32>
  memref.dealloc %src : memref<64xf32>
  return
}

// CHECK: total: 11 allocations, 5 pooled
// CHECK-NEXT: not pooled: escapes-return 1, reallocated 1, unknown-op 3
