// A name defined in a region may be the name of a result of the op that holds the region:
// MLIR defines an op's results once the op is read, after its regions. Regression test:
// bufreuse reported a redefinition of '%0' in the body of `%0 = linalg.generic`.
// RUN: bufreuse %s | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK-LABEL: func.func @generic(
// CHECK: %0 = linalg.generic
// CHECK-NEXT: ^bb0(%0: f32):
// CHECK-NEXT: linalg.yield %0 : f32
// CHECK: return %0 : tensor<4xf32>
func.func @generic(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : tensor<4xf32>) {
  ^bb0(%0: f32):
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @if(
// CHECK: %r = scf.if %c -> (i32) {
// CHECK-NEXT: %r = arith.constant 1 : i32
func.func @if(%c: i1) -> i32 {
  %r = scf.if %c -> (i32) {
    %r = arith.constant 1 : i32
    scf.yield %r : i32
  } else {
    %r = arith.constant 2 : i32
    scf.yield %r : i32
  }
  return %r : i32
}
