// BUG: cf.cond_br branch weights use the wrong syntax. MLIR 22 writes them
// `cf.cond_br %c weights([1, 2]), ^bb1, ^bb2`; bufreuse rejects that ("unexpected 'weights';
// expected '[' or ','"), reads `cf.cond_br %c [1, 2], ...` instead, and prints weights read
// from the generic form that way, which mlir-opt rejects ("expected ','").
// XFAIL: *
// RUN: bufreuse --split-input-file %s | FileCheck %s
// RUN: %if mlir-opt %{ bufreuse --split-input-file %s | %mlir_opt --split-input-file > /dev/null %}

// CHECK-LABEL: func.func @custom(%cond: i1) {
// CHECK-NEXT: cf.cond_br %cond weights([1, 2]), ^bb1, ^bb1
func.func @custom(%cond: i1) {
  cf.cond_br %cond weights([1, 2]), ^bb1, ^bb1
^bb1:
  return
}

// -----

// CHECK-LABEL: func.func @generic(%cond: i1) {
// CHECK-NEXT: cf.cond_br %cond weights([3, 4]), ^bb1, ^bb1
func.func @generic(%cond: i1) {
  "cf.cond_br"(%cond) [^bb1, ^bb1] <{branch_weights = array<i32: 3, 4>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  return
}
