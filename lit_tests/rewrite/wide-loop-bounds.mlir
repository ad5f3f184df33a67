// An scf.for from -2 to i64::MAX runs 2^63 + 1 times: its trip count, for the mallocs per
// call of --stats, is computed in 128 bits (`ub - lb` overflowed 64 and panicked in a debug
// build). The count saturates where it does not fit.
// RUN: bufreuse --rewrite --stats --pool-all %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: @wide: 2 allocations pooled, 0 kept; {{.*}} mallocs per call 9223372036854775810 -> 1
// CHECK: @wider: 2 allocations pooled, 0 kept; {{.*}} mallocs per call 18446744073709551615 -> 1

func.func @wide(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lb = arith.constant -2 : index
  %ub = arith.constant 9223372036854775807 : index
  scf.for %i = %lb to %ub step %c1 {
    %a = memref.alloc() : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
  }
  %b = memref.alloc() : memref<4xf32>
  memref.store %x, %b[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

func.func @wider(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lb = arith.constant -9223372036854775808 : index
  %ub = arith.constant 9223372036854775807 : index
  scf.for %i = %lb to %ub step %c1 {
    %a = memref.alloc() : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
  }
  %b = memref.alloc() : memref<4xf32>
  memref.store %x, %b[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
