// Two buffers of 2^62 bytes live together need a pool of 2^63 bytes, past what an `index`
// constant (64 bits, signed) can hold: the rewrite would write its size and offsets wrapped
// to negative numbers. It is an error, not a wrong pool (here with --pool-all: by default a
// pool of buffers live together saves nothing and is not made).
// RUN: not bufreuse --analyze --pool-all %s 2>&1 | FileCheck %s
// RUN: bufreuse --analyze %s | FileCheck --check-prefix=DEFAULT %s
// CHECK: pool-past-index.mlir:[[@LINE+3]]:1: error: @huge needs a pool of 9223372036854775808 bytes (alignment 64), past what an index (a signed 64-bit integer) can hold
// DEFAULT: func @huge: 2 allocations, 0 pooled

func.func @huge(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1152921504606846976xf32>
  %b = memref.alloc() : memref<1152921504606846976xf32>
  memref.store %x, %a[%c0] : memref<1152921504606846976xf32>
  memref.copy %a, %b : memref<1152921504606846976xf32> to memref<1152921504606846976xf32>
  memref.dealloc %a : memref<1152921504606846976xf32>
  memref.dealloc %b : memref<1152921504606846976xf32>
  return
}
