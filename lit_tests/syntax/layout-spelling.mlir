// A memref type has one spelling, as in MLIR: an identity affine_map layout is no layout, and a
// strided layout is spelled `strided<[2, 1], offset: 3>` (an offset of 0 left out) however it
// was written. Two spellings of one type are one type: the return below type-checks.
// Regression test: bufreuse took each spelling for a type of its own.
//
// RUN: bufreuse %s | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK-LABEL: func.func @strided
// CHECK-SAME: (%a: memref<4x2xf32, strided<[2, 1], offset: 3>>) -> memref<4x2xf32, strided<[2, 1], offset: 3>>
func.func @strided(%a: memref<4x2xf32, strided<[2,1], offset:3>>) -> memref<4x2xf32, strided<[2, 1], offset: 3>> {
  return %a : memref<4x2xf32, strided<[2, 1], offset: 3>>
}

// CHECK-LABEL: func.func @zero_offset
// CHECK-SAME: (%a: memref<4x2xf32, strided<[?, 1]>>) -> memref<4x2xf32, strided<[?, 1]>>
func.func @zero_offset(%a: memref<4x2xf32, strided<[?, 1], offset: 0>>) -> memref<4x2xf32, strided<[?, 1]>> {
  return %a : memref<4x2xf32, strided<[?, 1]>>
}

// CHECK-LABEL: func.func @identity
// CHECK-SAME: (%a: memref<4x2xf32>, %b: memref<4xf32, 1>) -> memref<4x2xf32>
func.func @identity(%a: memref<4x2xf32, affine_map<(i, j) -> (i, j)>>, %b: memref<4xf32, affine_map<(d0)->(d0)>, 1>) -> memref<4x2xf32> {
  return %a : memref<4x2xf32>
}

// A permutation is a layout: kept.
// CHECK-LABEL: func.func @permuted
// CHECK-SAME: memref<4x2xf32, affine_map<(d0, d1) -> (d1, d0)>>
func.func @permuted(%a: memref<4x2xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  return
}

// The memory space 0 is the default memory space, no attribute at all; an alias of an
// identity map used as a layout is no layout either.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @default_space
// CHECK-SAME: (%a: memref<256xf32>, %b: memref<256xf32>) -> memref<256xf32>
func.func @default_space(%a: memref<256xf32, 0>, %b: memref<256xf32, #id>) -> memref<256xf32> {
  // CHECK: memref.copy %a, %b : memref<256xf32> to memref<256xf32>
  memref.copy %a, %b : memref<256xf32, #id, 0> to memref<256xf32, affine_map<(d0) -> (d0)>, 0>
  return %a : memref<256xf32>
}
