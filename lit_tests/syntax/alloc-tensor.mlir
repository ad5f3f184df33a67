// bufferization.alloc_tensor in custom form: dynamic sizes, copy, size_hint and a memory
// space; the operand segments are implied by the syntax.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.gen %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.gen - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @alloc_tensor(
// FROM-GENERIC-LABEL: func.func @alloc_tensor(
func.func @alloc_tensor(%t: tensor<4x?xf32>, %n: index) -> (tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x5xf32>) {
  // CHECK-NEXT: %0 = bufferization.alloc_tensor(%n) : tensor<4x?xf32>
  // FROM-GENERIC: bufferization.alloc_tensor(%{{.*}}) : tensor<4x?xf32>
  %0 = bufferization.alloc_tensor(%n) : tensor<4x?xf32>
  // CHECK-NEXT: %1 = bufferization.alloc_tensor() copy(%t) : tensor<4x?xf32>
  // FROM-GENERIC: bufferization.alloc_tensor() copy(%{{.*}}) : tensor<4x?xf32>
  %1 = bufferization.alloc_tensor() copy(%t) : tensor<4x?xf32>
  // CHECK-NEXT: %2 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4x5xf32>
  // FROM-GENERIC: bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4x5xf32>
  %2 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4x5xf32>
  return %0, %1, %2 : tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x5xf32>
}

// size_hint is for sparse tensors; bufreuse reads the encoding as written.
// CHECK-LABEL: func.func @size_hint(
// CHECK-NEXT: %0 = bufferization.alloc_tensor(%n) size_hint=%n : tensor<4x?xf32, #sparse>
#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
func.func @size_hint(%n: index) -> tensor<4x?xf32, #sparse> {
  %0 = bufferization.alloc_tensor(%n) size_hint=%n : tensor<4x?xf32, #sparse>
  return %0 : tensor<4x?xf32, #sparse>
}
