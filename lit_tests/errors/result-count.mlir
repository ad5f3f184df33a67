// Binding a different number of names than the op has results is an error at the binding,
// with both counts; so is a `%name#N` use past the last result.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// Too few names for a custom-form op with six results.
func.func @too_few(%m: memref<?x?xf32>) {
  // CHECK: {{.*}}result-count.mlir:[[# @LINE + 3]]:3: error: operation defines 6 results but was provided 2 to bind
  // CHECK-NEXT: {{^  %a, %b = memref.extract_strided_metadata}}
  // CHECK-NEXT: {{^  \^\^$}}
  %a, %b = memref.extract_strided_metadata %m : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  return
}

// -----

// Too many, with `:N` on a one-result op.
func.func @too_many() {
  // CHECK: {{.*}}result-count.mlir:[[# @LINE + 1]]:3: error: operation defines 1 results but was provided 2 to bind
  %a:2 = arith.constant 0 : i32
  return
}

// -----

// Generic form: the function type says how many results there are.
func.func @generic() {
  // CHECK: {{.*}}result-count.mlir:[[# @LINE + 1]]:3: error: operation defines 2 results but was provided 3 to bind
  %a:3 = "foo.op"() : () -> (i32, i32)
  // CHECK: {{.*}}result-count.mlir:[[# @LINE + 1]]:3: error: operation defines 2 results but was provided 1 to bind
  %b = "foo.op"() : () -> (i32, i32)
  return
}

// -----

// A result number past the end.
func.func @past_the_end() {
  %a:2 = "foo.op"() : () -> (i32, i32)
  // CHECK: {{.*}}result-count.mlir:[[# @LINE + 1]]:19: error: result #2 of '%a' does not exist: it has 2 result(s)
  %b = arith.addi %a#2, %a#0 : i32
  return
}

// -----

// No names for an op that has results is fine, as in MLIR: nothing more is reported.
// CHECK-NOT: error
func.func @unnamed() {
  "foo.op"() : () -> (i32, i32)
  return
}
