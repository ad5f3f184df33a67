// bufferization ops in custom form: to_tensor (restrict, writable), to_buffer (read_only,
// layout), clone.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK-LABEL: func.func @bufferization(%m: memref<4xf32>, %t: tensor<4xf32>, %d: memref<?xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: %1 = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: %2 = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT: %3 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT: %4 = bufferization.clone %m : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: %5 = bufferization.clone %d : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: %6 = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %0 : tensor<4xf32>
// CHECK-NEXT: }
func.func @bufferization(%m: memref<4xf32>, %t: tensor<4xf32>, %d: memref<?xf32>) -> tensor<4xf32> {
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %1 = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
  %2 = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %3 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  %4 = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  %5 = bufferization.clone %d : memref<?xf32> to memref<?xf32>
  %6 = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
  return %0 : tensor<4xf32>
}
