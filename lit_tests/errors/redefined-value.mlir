// A value name defined twice in one function is an error at the second definition: twice by
// ops, by an op after a function argument, and within one result list. (A block argument
// that redefines an op result: redefinition-reported-at-second.mlir; a name from an enclosing
// region: shadowed-value.mlir.)
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}redefined-value.mlir:[[# @LINE + 5]]:3: error: redefinition of SSA value '%0'
// CHECK-NEXT: {{^  %0 = arith.constant 1 : i32$}}
// CHECK-NEXT: {{^  \^\^$}}
func.func @ops() {
  %0 = arith.constant 0 : i32
  %0 = arith.constant 1 : i32
  return
}

// -----

// CHECK: {{.*}}redefined-value.mlir:[[# @LINE + 2]]:3: error: redefinition of SSA value '%a'
func.func @argument(%a: i32) {
  %a = arith.constant 1 : i32
  return
}

// -----

// CHECK: {{.*}}redefined-value.mlir:[[# @LINE + 2]]:7: error: redefinition of SSA value '%a'
func.func @same_op(%m: memref<?xf32>) {
  %a, %a, %s, %t = memref.extract_strided_metadata %m : memref<?xf32> -> memref<f32>, index, index, index
  return
}
