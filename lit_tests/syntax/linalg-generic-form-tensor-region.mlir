// linalg.transpose and linalg.broadcast with a tensor result, read in generic form (as
// mlir-opt --mlir-print-op-generic writes matmul_chain.tensor.mlir, mlp.tensor.mlir,
// reshape_concat.tensor.mlir and attention.tensor.mlir), are printed in their custom form
// with their implied bodies, and mlir-opt reads the same module from the output.
// RUN: bufreuse %s | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK-LABEL: func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %v: tensor<3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>) {
// CHECK-NEXT: %0 = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%b : tensor<3x2xf32>) permutation = [1, 0]
// CHECK-NEXT: %1 = linalg.broadcast ins(%v : tensor<3xf32>) outs(%a : tensor<2x3xf32>) dimensions = [0]
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %v: tensor<3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>) {
  %0 = "linalg.transpose"(%a, %b) <{permutation = array<i64: 1, 0>}> ({
  ^bb0(%in: f32, %init: f32):
    "linalg.yield"(%in) : (f32) -> ()
  }) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %1 = "linalg.broadcast"(%v, %a) <{dimensions = array<i64: 0>}> ({
  ^bb0(%in: f32, %init: f32):
    "linalg.yield"(%in) : (f32) -> ()
  }) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<2x3xf32>
}
