// linalg.transpose, linalg.broadcast, linalg.reduce and linalg.map in generic form have no
// operandSegmentSizes: their inputs and inits are told apart by the op definition (one input
// and one init; N inputs and N inits; N inputs and one init), so the inputs are not taken as
// written, and the custom form printed has the same ins and outs as mlir-opt's.
// RUN: bufreuse %s | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK-LABEL: func.func @f(%a: memref<4x8xf32>, %t: memref<8x4xf32>, %v: memref<8xf32>) {
// CHECK-NEXT: linalg.transpose ins(%a : memref<4x8xf32>) outs(%t : memref<8x4xf32>) permutation = [1, 0]
// CHECK-NEXT: linalg.broadcast ins(%v : memref<8xf32>) outs(%a : memref<4x8xf32>) dimensions = [0]
// CHECK-NEXT: linalg.reduce ins(%a : memref<4x8xf32>) outs(%v : memref<8xf32>) dimensions = [0]
// CHECK: linalg.map ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
func.func @f(%a: memref<4x8xf32>, %t: memref<8x4xf32>, %v: memref<8xf32>) {
  "linalg.transpose"(%a, %t) <{permutation = array<i64: 1, 0>}> ({
  ^bb0(%in: f32, %init: f32):
    "linalg.yield"(%in) : (f32) -> ()
  }) : (memref<4x8xf32>, memref<8x4xf32>) -> ()
  "linalg.broadcast"(%v, %a) <{dimensions = array<i64: 0>}> ({
  ^bb0(%in: f32, %init: f32):
    "linalg.yield"(%in) : (f32) -> ()
  }) : (memref<8xf32>, memref<4x8xf32>) -> ()
  "linalg.reduce"(%a, %v) <{dimensions = array<i64: 0>}> ({
  ^bb0(%in: f32, %init: f32):
    %0 = "arith.addf"(%in, %init) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "linalg.yield"(%0) : (f32) -> ()
  }) : (memref<4x8xf32>, memref<8xf32>) -> ()
  "linalg.map"(%a, %a, %a) ({
  ^bb0(%x: f32, %y: f32, %init: f32):
    %0 = "arith.mulf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "linalg.yield"(%0) : (f32) -> ()
  }) : (memref<4x8xf32>, memref<4x8xf32>, memref<4x8xf32>) -> ()
  "func.return"() : () -> ()
}
