// A memory space is an attribute, not its spelling: `1` and `1 : i64` are the same attribute
// (mlir-opt prints both as `1`), and `0` is the default memory space (mlir-opt drops it). So
// %a and %b belong in one pool, %c and %d in another.
//
// Regression test, fixed in 98cebe8 (this test was XFAIL until then): src/analysis/mod.rs
// `plan_function` groups allocations by `Option<Attr>` as parsed, so `1` / `1 : i64` and `0` /
// no memory space make four groups of one: nothing is pooled.
//
// RUN: %mlir_opt %s | bufreuse --analyze | FileCheck --check-prefix=CANONICAL %s
// RUN: bufreuse --analyze %s | FileCheck %s
// REQUIRES: mlir-opt

func.func @spellings() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32, 1>
  %b = memref.alloc() : memref<16xf32, 1 : i64>
  %c = memref.alloc() : memref<16xf32, 0>
  %d = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%c0] : memref<16xf32, 1>
  memref.store %f, %b[%c0] : memref<16xf32, 1 : i64>
  memref.store %f, %c[%c0] : memref<16xf32, 0>
  memref.store %f, %d[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32, 1>
  memref.dealloc %b : memref<16xf32, 1 : i64>
  memref.dealloc %c : memref<16xf32, 0>
  memref.dealloc %d : memref<16xf32>
  return
}

// After mlir-opt has printed the types canonically, bufreuse pools all four.
// CANONICAL: func @spellings: 4 allocations, 4 pooled

// CHECK: func @spellings: 4 allocations, 4 pooled
