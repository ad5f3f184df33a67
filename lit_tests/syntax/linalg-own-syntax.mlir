// Structured ops with a custom syntax of their own, which bufreuse neither reads nor writes
// (errors/unknown-structured-op.mlir), are read in generic form and printed in generic form:
// not in the `ins(...) outs(...)` form of the named ops, which mlir-opt would read otherwise
// or not at all.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as the same module as the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @own_syntax(
// CHECK-NEXT: %0 = "linalg.pack"(%src, %packed) <{
// CHECK-NEXT: %1 = "linalg.unpack"(%0, %src) <{
// CHECK-NEXT: %2 = "linalg.softmax"(%s, %s) <{dimension = 1 : i64}>
// CHECK-NEXT: %3 = "linalg.elementwise"(%v, %v) <{
// CHECK: %4 = "linalg.winograd_filter_transform"(%f, %t) <{fmr = 1 : i32}>
func.func @own_syntax(%src: tensor<16x16xf32>, %packed: tensor<4x4x4x4xf32>, %s: tensor<2x16xf32>, %v: tensor<4xf32>, %f: tensor<2x3x3x5xf32>, %t: tensor<6x6x5x2xf32>) -> tensor<2x16xf32> {
  %0 = "linalg.pack"(%src, %packed) <{inner_dims_pos = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_inner_tiles = array<i64: 4, 4>}> : (tensor<16x16xf32>, tensor<4x4x4x4xf32>) -> tensor<4x4x4x4xf32>
  %1 = "linalg.unpack"(%0, %src) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 4, 4>}> : (tensor<4x4x4x4xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %2 = "linalg.softmax"(%s, %s) <{dimension = 1 : i64}> : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
  %3 = "linalg.elementwise"(%v, %v) <{indexing_maps = [#id, #id], kind = #linalg.elementwise_kind<exp>, operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    %e = "math.exp"(%x) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    "linalg.yield"(%e) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %4 = "linalg.winograd_filter_transform"(%f, %t) <{fmr = 1 : i32}> : (tensor<2x3x3x5xf32>, tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %2 : tensor<2x16xf32>
}
