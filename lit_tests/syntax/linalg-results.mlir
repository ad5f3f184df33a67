// Results of linalg ops: several results of `linalg.generic` are written `-> (a, b)`, one
// result `-> a` (read with parentheses too), none nothing; the same for a named op. The op
// after them is read as usual.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @two_results(%a: tensor<4xf32>, %b: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
// CHECK-NEXT: %0:2 = linalg.generic {{.*}} outs(%a, %b : tensor<4xf32>, tensor<4xi32>) {
// CHECK: } -> (tensor<4xf32>, tensor<4xi32>)
// CHECK-NEXT: return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
func.func @two_results(%a: tensor<4xf32>, %b: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a, %b : tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%x: f32, %y: f32, %z: i32):
    %i = arith.fptosi %x : f32 to i32
    linalg.yield %x, %i : f32, i32
  } -> (tensor<4xf32>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// CHECK-LABEL: func.func @one_result(%a: tensor<4xf32>) -> tensor<4xf32> {
// CHECK: } -> tensor<4xf32>
// CHECK-NEXT: %m = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %1 = linalg.matmul ins(%m, %m : tensor<2x2xf32>, tensor<2x2xf32>) outs(%m : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %2 = linalg.copy ins(%m : tensor<2x2xf32>) outs(%m : tensor<2x2xf32>) -> tensor<2x2xf32>
func.func @one_result(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> (tensor<4xf32>)
  %m = tensor.empty() : tensor<2x2xf32>
  %1 = linalg.matmul ins(%m, %m : tensor<2x2xf32>, tensor<2x2xf32>) outs(%m : tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %2 = linalg.copy ins(%m : tensor<2x2xf32>) outs(%m : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<4xf32>
}
