// merge-alloc-mlp.mlir from the tensor program through the real one-shot-bufferize (its
// checks), and on through the real deallocation pipeline, which frees the pool before the
// return; the returned buffer stays the caller's.
// REQUIRES: mlir-opt
// RUN: %mlir_opt -one-shot-bufferize="unknown-type-conversion=identity-layout-map function-boundary-type-conversion=identity-layout-map bufferize-function-boundaries" %S/Inputs/merge-alloc-mlp.tensor.mlir \
// RUN:   | bufreuse --rewrite --before-dealloc - | tee %t.pooled.mlir | FileCheck %S/merge-alloc-mlp.mlir
// RUN: %mlir_opt --buffer-deallocation-pipeline %t.pooled.mlir | FileCheck %s

// CHECK-LABEL: func.func @mlp(
// CHECK:       %[[POOL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<131072xi8>
// CHECK:       %[[D:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
// CHECK:       memref.dealloc %[[POOL]] : memref<131072xi8>
// CHECK-NEXT:  return %[[D]] : memref<128x128xf32>
