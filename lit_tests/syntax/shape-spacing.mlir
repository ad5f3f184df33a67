// Whitespace (and comments) inside the dimension list of a shaped type, which MLIR's lexer
// skips between the dimensions, the `x`s and the element type, and before the `<`: every
// spelling reads as the type without it. `0x4xf32` is still no hex number.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK-LABEL: func.func private @memrefs(memref<2xi32>, memref<2xi32>, memref<2xi32>, memref<2xi32>, memref<2x?xf32>, memref<2x4xf32>, memref<2x4xf32>)
func.func private @memrefs(memref<2 x i32>, memref< 2x i32>, memref<2x i32 >, memref<2 xi32>, memref<2 x ? x f32>, memref<2 x4xf32>, memref<2x 4 xf32>)

// CHECK-LABEL: func.func private @unranked(memref<*xf32>, memref<*xf32>, tensor<*xi8>)
func.func private @unranked(memref<* x f32>, memref< *xf32>, tensor<*x i8>)

// CHECK-LABEL: func.func private @tensors(tensor<2x4xf32>, tensor<?x?xf32>, tensor<f32>)
func.func private @tensors(tensor<2 x 4 x f32>, tensor<? x ?xf32>, tensor< f32>)

// CHECK-LABEL: func.func private @vectors(vector<[4]xf32>, vector<2x[4]xf32>, vector<[4]x[8]xi8>, vector<f32>)
func.func private @vectors(vector<[4] x f32>, vector<2 x [ 4 ] x f32>, vector<[4 ]x[ 8]xi8>, vector< f32>)

// Zero dimensions, spaced or not.
// CHECK-LABEL: func.func private @zeros(memref<0x4xf32>, memref<0x4xf32>, memref<0xi8>, memref<4x0x1xi8>, tensor<0x?xf32>)
func.func private @zeros(memref<0x4xf32>, memref<0 x 4 x f32>, memref<0x i8>, memref<4x 0x1xi8>, tensor<0x?x f32>)

// Tabs, line breaks and comments; a space before `<`.
// CHECK-LABEL: func.func private @blanks(memref<2x3xf32>, memref<4xf32>, tensor<2xf32>, vector<4xf32>)
func.func private @blanks(memref<2	x	3
  x f32>, memref <4xf32>, tensor
  <2xf32>, vector<4 x // four lanes
  f32>)

// Layouts and memory spaces after a spaced shape; element types that are shaped types.
// CHECK-LABEL: func.func private @with_attributes(memref<2x4xf32, strided<[4, 1]>>, memref<2xf32, 1>, memref<2xvector<4xf32>>)
func.func private @with_attributes(memref<2 x 4 x f32, strided<[4, 1]>>, memref<2 x f32, 1>, memref<2 x vector<4 x f32>>)

// In ops.
// CHECK-LABEL: func.func @ops(%n: index) {
// CHECK-NEXT: %0 = memref.alloc(%n) : memref<4x?xf32>
// CHECK-NEXT: memref.dealloc %0 : memref<4x?xf32>
func.func @ops(%n: index) {
  %0 = memref.alloc(%n) : memref<4 x ? x f32>
  memref.dealloc %0 : memref<4x?xf32>
  return
}
