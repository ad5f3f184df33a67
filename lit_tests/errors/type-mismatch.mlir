// A use whose type differs from the type of the value's definition is an error at the use,
// with both types; every such use is reported.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}type-mismatch.mlir:[[# @LINE + 5]]:19: error: use of value '%a' expects different type than prior uses: 'i64' vs 'i32'
// CHECK-NEXT: {{^  %0 = arith.addi %a, %a : i64$}}
// CHECK-NEXT: {{^                  \^\^$}}
// CHECK: {{.*}}type-mismatch.mlir:[[# @LINE + 2]]:23: error: use of value '%a' expects different type
func.func @f(%a: i32) -> i64 {
  %0 = arith.addi %a, %a : i64
  return %0 : i64
}

// -----

// A memref of another shape, and a result used with the wrong type in a later op.
// CHECK: {{.*}}type-mismatch.mlir:[[# @LINE + 3]]:18: error: use of value '%m' expects different type than prior uses: 'memref<8xf32>' vs 'memref<4xf32>'
// CHECK: {{.*}}type-mismatch.mlir:[[# @LINE + 4]]:18: error: use of value '%b' expects different type than prior uses: 'memref<4xf64>' vs 'memref<4xf32>'
func.func @g(%m: memref<4xf32>) {
  memref.dealloc %m : memref<8xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %b : memref<4xf64>
  return
}

// -----

// The generic form states operand types in its function type.
// CHECK: {{.*}}type-mismatch.mlir:[[# @LINE + 3]]:13: error: use of value '%c' expects different type than prior uses: 'i64' vs 'i32'
func.func @h() {
  %c = arith.constant 0 : i32
  "foo.use"(%c) : (i64) -> ()
  return
}
