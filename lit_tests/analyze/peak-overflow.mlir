// Two buffers of 2^63 bytes each are valid on their own, but live together they need 2^64
// bytes: the peak (and the naive total) overflow 64 bits, which must be an error with a span
// and exit 1, like any other size overflow. Each is alone in its memory space, so no pool is
// planned and the planner's own overflow check does not run.
//
// Regression test, fixed in 98cebe8 (this test was XFAIL until then): src/analysis/mod.rs
// `peak_live` adds with saturating_add and subtracts with `-=`: the debug build panics
// ("attempt to subtract with overflow", "bufreuse: internal error: the worker thread failed");
// the release build reports "peak live: 17179869184.0 GiB" (u64::MAX after saturation) and
// "naive" likewise, and exits 0.
//
// RUN: %python %S/Inputs/exit-status.py bufreuse --analyze %s 2>&1 | FileCheck %s

func.func @huge() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f64
  %a = memref.alloc() : memref<1152921504606846976xf64>
  %b = memref.alloc() : memref<1152921504606846976xf64, 1>
  memref.store %f, %a[%c0] : memref<1152921504606846976xf64>
  memref.store %f, %b[%c0] : memref<1152921504606846976xf64, 1>
  memref.dealloc %a : memref<1152921504606846976xf64>
  memref.dealloc %b : memref<1152921504606846976xf64, 1>
  return
}

// CHECK-NOT: internal error
// CHECK: peak-overflow.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}64 bits
// CHECK-NOT: internal error
// CHECK: {{^}}exit status: 1
