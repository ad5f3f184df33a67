// cf.cond_br branch weights in MLIR 22's syntax, `cf.cond_br %c weights([1, 2]), ^bb1, ^bb2`,
// read in custom form and from the generic form's `branch_weights` property, and printed that
// way (mlir-opt reads the output). The old `cf.cond_br %c [1, 2], ...` is no longer MLIR.
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

// CHECK-LABEL: func.func @args(%cond: i1, %x: i32) {
// CHECK-NEXT: cf.cond_br %cond weights([0, 7]), ^bb1(%x : i32), ^bb2
func.func @args(%cond: i1, %x: i32) {
  cf.cond_br %cond weights([0, 7]), ^bb1(%x : i32), ^bb2
^bb1(%y: i32):
  return
^bb2:
  return
}
