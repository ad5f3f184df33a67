// A use of a value that is defined nowhere, or only in another function, is an error at the
// use, naming the value. Each chunk is checked on its own.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}undefined-value.mlir:[[# @LINE + 4]]:10: error: use of undefined value '%x'
// CHECK-NEXT: {{^  return %x : i32$}}
// CHECK-NEXT: {{^         \^\^$}}
func.func @f() -> i32 {
  return %x : i32
}

// -----

// Values of one function are not visible in another.
// CHECK: {{.*}}undefined-value.mlir:[[# @LINE + 6]]:10: error: use of undefined value '%0'
func.func @g() {
  %0 = arith.constant 0 : i32
  return
}
func.func @h() -> i32 {
  return %0 : i32
}

// -----

// A value defined inside a region is not visible after it.
// CHECK: {{.*}}undefined-value.mlir:[[# @LINE + 6]]:18: error: use of undefined value '%inner'
func.func @k(%m: memref<4xf32>) {
  scf.execute_region {
    %inner = memref.alloc() : memref<4xf32>
    scf.yield
  }
  memref.dealloc %inner : memref<4xf32>
  return
}

// -----

// A multi-result value that does not exist at all, used with `#`.
// Every use is reported, not only the first.
// CHECK: {{.*}}undefined-value.mlir:[[# @LINE + 3]]:19: error: use of undefined value '%y'
// CHECK: {{.*}}undefined-value.mlir:[[# @LINE + 2]]:25: error: use of undefined value '%y'
func.func @l() -> i32 {
  %0 = arith.addi %y#1, %y#1 : i32
  return %0 : i32
}
