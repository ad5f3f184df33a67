// The result types of a linalg op are one type or a list in parentheses, as MLIR reads them:
// a list without parentheses is an error at the op (mlir-opt refuses it too), not at the op
// after it.
// RUN: not bufreuse %s 2>&1 | FileCheck %s

#id = affine_map<(d0) -> (d0)>
func.func @without_parentheses(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a, %a : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    linalg.yield %x, %x : f32, f32
  // CHECK: {{.*}}linalg-results.mlir:[[# @LINE + 1]]:21: error: unexpected ','
  } -> tensor<4xf32>, tensor<4xf32>
  %1 = arith.addf %0#0, %0#1 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
