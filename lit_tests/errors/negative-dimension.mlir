// A negative dimension is an error at the number (`?` is the only dynamic size).
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}negative-dimension.mlir:[[# @LINE + 3]]:29: error: unexpected '-1'
// CHECK-NEXT: {{^func.func private @f\(memref<-1xf32>\)$}}
// CHECK-NEXT: {{^                            \^\^$}}
func.func private @f(memref<-1xf32>)

// -----

// CHECK: {{.*}}negative-dimension.mlir:[[# @LINE + 1]]:31: error: unexpected '-2'
func.func private @g(memref<4x-2xf32>)

// -----

// In an op's type.
func.func @h() {
  // CHECK: {{.*}}negative-dimension.mlir:[[# @LINE + 1]]:32: error: unexpected '-4'
  %0 = memref.alloc() : memref<-4xf32>
  return
}

// -----

// CHECK: {{.*}}negative-dimension.mlir:[[# @LINE + 1]]:29: error: unexpected '-1'
func.func private @t(tensor<-1xf32>)
