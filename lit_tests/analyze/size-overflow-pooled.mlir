// A buffer whose byte size does not fit in 64 bits has no size, but no reason either: next
// to another eligible buffer of its memory space it must still give the size error (exit 1),
// not a crash.
//
// Regression test, fixed in 98cebe8 (this test was XFAIL until then): src/analysis/mod.rs
// `plan_function` panics ("eligible allocations have a size") because an allocation whose size
// overflowed is still eligible (its `reasons` are empty) and is sent to the planner; the driver
// then prints "bufreuse: internal error: the worker thread failed".
//
// RUN: %python %S/Inputs/exit-status.py bufreuse --analyze %s 2>&1 | FileCheck %s

func.func @too_big_next_to_small() {
  %small = memref.alloc() : memref<16xf32>
  %big = memref.alloc() : memref<4294967296x4294967296xf32>
  memref.dealloc %small : memref<16xf32>
  memref.dealloc %big : memref<4294967296x4294967296xf32>
  return
}

// CHECK-NOT: panicked
// CHECK-NOT: internal error
// CHECK: size-overflow-pooled.mlir:14:3: error: the byte size of memref<4294967296x4294967296xf32> does not fit in 64 bits
// CHECK-NOT: internal error
// CHECK: {{^}}exit status: 1
