// vector.maskedstore, vector.scatter and vector.compressstore write through their base memref
// without keeping it, like vector.store and vector.transfer_write (which put the value first):
// the three buffers are eligible and pooled. (Generic form: bufreuse does not parse their
// custom syntax.)
//
// Regression test, fixed in 98cebe8 (this test was XFAIL until then): src/analysis/lifetime.rs
// `nocapture` lists these three with `operand >= 1`, as if the stored value came first, but
// their base memref is operand 0: each buffer is `unknown-op`.
//
// RUN: bufreuse --analyze %s | FileCheck %s

func.func @vector_stores(%v: vector<4xf32>, %m: vector<4xi1>, %idx: vector<4xi32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  "vector.maskedstore"(%a, %c0, %m, %v) : (memref<16xf32>, index, vector<4xi1>, vector<4xf32>) -> ()
  "vector.scatter"(%b, %c0, %idx, %m, %v) : (memref<16xf32>, index, vector<4xi32>, vector<4xi1>, vector<4xf32>) -> ()
  "vector.compressstore"(%c, %c0, %m, %v) : (memref<16xf32>, index, vector<4xi1>, vector<4xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  return
}

// CHECK: %a memref<16xf32> 64 B [4, 4] 14 pooled
// CHECK: %b memref<16xf32> 64 B [5, 5] 15 pooled
// CHECK: %c memref<16xf32> 64 B [6, 6] 16 pooled
