// MLIR accepts whitespace between an attribute keyword and its `<` (`dense <1.0>`, as some
// producers print it, or a line break); bufreuse reads it and prints the usual form.
// RUN: bufreuse %s | FileCheck %s
// RUN: %mlir_opt --allow-unregistered-dialect %s | FileCheck --check-prefix=MLIR %s
// REQUIRES: mlir-opt

// CHECK-LABEL: func.func @f
// CHECK:         arith.constant dense<1.0> : tensor<2xf32>
// CHECK:         arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
// CHECK:         memref.alloc() : memref<4xf32, strided<[1]>>
// CHECK:         {a = array<i64: 1, 2>, m = affine_map<(d0) -> (d0)>}
// MLIR:          dense<1.000000e+00>
func.func @f() -> tensor<2xf32> {
  %0 = arith.constant dense <1.0> : tensor<2xf32>
  %1 = arith.constant dense
      <[1.0, 2.0]> : tensor<2xf32>
  %2 = memref.alloc() : memref<4xf32, strided <[1]>>
  "test.use"(%1, %2) {a = array <i64: 1, 2>, m = affine_map <(d0) -> (d0)>} : (tensor<2xf32>, memref<4xf32, strided<[1]>>) -> ()
  memref.dealloc %2 : memref<4xf32, strided<[1]>>
  return %0 : tensor<2xf32>
}
