// The shape of a rewrite: one i8 pool with {alignment = 64 : i64} opens the entry block,
// the offsets are index constants before it, every pooled alloc becomes a view of the pool
// at its offset (same name and type, so no use changes), the deallocs of pooled buffers are
// gone, and the pool is freed right before the return.
//
// Chain a (64 B) -> b (64 B) -> c (128 B) -> d (32 B); each dies once the next is written.
// Live together: {a, b}, {b, c}, {c, d}; the peak, {b, c} = 192 B, is a lower bound, and the
// plan reaches it: a@0, b@128, c@0 (a is dead by then), d@128 (b is dead by then).
// RUN: bufreuse --pool-all --rewrite %s | FileCheck %s

// CHECK-LABEL: func.func @chain() -> f32 {
// CHECK-NEXT:    [[OFF0:%[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT:    [[OFF128:%[a-z0-9_]+]] = arith.constant 128 : index
// CHECK-NEXT:    [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<192xi8>
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NOT:     memref.alloc
// CHECK:         %a = memref.view [[POOL]]{{\[}}[[OFF0]]{{\]}}[] : memref<192xi8> to memref<16xf32>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         %b = memref.view [[POOL]]{{\[}}[[OFF128]]{{\]}}[] : memref<192xi8> to memref<16xf32>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         %c = memref.view [[POOL]]{{\[}}[[OFF0]]{{\]}}[] : memref<192xi8> to memref<32xf32>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         %d = memref.view [[POOL]]{{\[}}[[OFF128]]{{\]}}[] : memref<192xi8> to memref<8xf32>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         %r = memref.load %d[%c0] : memref<8xf32>
// CHECK-NEXT:    memref.dealloc [[POOL]] : memref<192xi8>
// CHECK-NEXT:    return %r : f32
// CHECK-NEXT:  }

func.func @chain() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %one, %a[%i] : memref<16xf32>
  }
  %b = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %a[%i] : memref<16xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %b[%i] : memref<16xf32>
  }
  memref.dealloc %a : memref<16xf32>
  %c = memref.alloc() : memref<32xf32>
  scf.for %i = %c0 to %c32 step %c1 {
    %j = arith.remui %i, %c16 : index
    %v = memref.load %b[%j] : memref<16xf32>
    memref.store %v, %c[%i] : memref<32xf32>
  }
  memref.dealloc %b : memref<16xf32>
  %d = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %c[%i] : memref<32xf32>
    memref.store %v, %d[%i] : memref<8xf32>
  }
  memref.dealloc %c : memref<32xf32>
  %r = memref.load %d[%c0] : memref<8xf32>
  memref.dealloc %d : memref<8xf32>
  return %r : f32
}
