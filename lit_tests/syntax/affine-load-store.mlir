// affine.load and affine.store in custom form: subscripts are affine expressions of SSA
// values, read into the `map` property and the index operands (dims by first use, then
// `symbol(...)` values) and written back as mlir-opt writes them.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// The custom form read gives the generic form mlir-opt gives (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ bufreuse %s | bufreuse | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// and so does the generic form read:
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// A generic affine.load whose map the subscripts cannot show stays generic:
// RUN: bufreuse %s | FileCheck %s --check-prefix=ORDER

// CHECK-LABEL: func.func @access(%A: memref<10x10xf32>, %B: memref<f32>, %i: index, %j: index, %n: index) {
// CHECK-NEXT: %v = affine.load %A[%i + 3, symbol(%n) * 2] : memref<10x10xf32>
// CHECK-NEXT: affine.store %v, %A[%i, -%i + %j] : memref<10x10xf32>
// CHECK-NEXT: %w = affine.load %A[%i + 3, %i mod 4] : memref<10x10xf32>
// CHECK-NEXT: %x = affine.load %A[(%i + %j) floordiv 2, %j - (%i + 1)] {nontemporal} : memref<10x10xf32>
// CHECK-NEXT: affine.store %x, %B[] : memref<f32>
// CHECK-NEXT: %y = affine.load %B[] : memref<f32>
// CHECK-NEXT: affine.store %y, %A[symbol(%n), symbol(%n) ceildiv 2] : memref<10x10xf32>
// CHECK-NEXT: return
func.func @access(%A: memref<10x10xf32>, %B: memref<f32>, %i: index, %j: index, %n: index) {
  %v = affine.load %A[%i + 3, symbol(%n) * 2] : memref<10x10xf32>
  affine.store %v, %A[%i, -%i + %j] : memref<10x10xf32>
  %w = affine.load %A[3 + %i, %i mod 4] : memref<10x10xf32>
  %x = affine.load %A[(%i + %j) floordiv 2, %j - (%i + 1)] {nontemporal} : memref<10x10xf32>
  affine.store %x, %B[] : memref<f32>
  %y = affine.load %B[] : memref<f32>
  affine.store %y, %A[symbol(%n), symbol(%n) ceildiv 2] : memref<10x10xf32>
  return
}

// ORDER-LABEL: func.func @order
// ORDER-NEXT: %v = "affine.load"(%A, %i, %j) <{map = affine_map<(d0, d1) -> (d1, d0)>}> : (memref<10x10xf32>, index, index) -> f32
// ORDER-NEXT: "affine.store"(%v, %A, %i, %j) <{map = affine_map<(d0, d1) -> (d0, d0)>}> : (f32, memref<10x10xf32>, index, index) -> ()
func.func @order(%A: memref<10x10xf32>, %i: index, %j: index) {
  %v = "affine.load"(%A, %i, %j) <{map = affine_map<(d0, d1) -> (d1, d0)>}> : (memref<10x10xf32>, index, index) -> f32
  "affine.store"(%v, %A, %i, %j) <{map = affine_map<(d0, d1) -> (d0, d0)>}> : (f32, memref<10x10xf32>, index, index) -> ()
  return
}
