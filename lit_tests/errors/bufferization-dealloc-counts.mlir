// bufferization.dealloc takes one condition per memref and has one result per retained
// memref; mlir-opt's verifier rejects any other count, at the op, and so does bufreuse, with
// mlir-opt's words, in custom form and in generic form.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// The same errors from mlir-opt (skipped without it):
// RUN: %if mlir-opt %{ not %mlir_opt --split-input-file %s 2>&1 | FileCheck %s %}

func.func @more_conditions(%a: memref<2xf32>, %c: i1) {
  // CHECK: {{.*}}bufferization-dealloc-counts.mlir:[[# @LINE + 1]]:3: error: 'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate
  bufferization.dealloc (%a : memref<2xf32>) if (%c, %c)
  return
}

// -----

func.func @no_conditions(%a: memref<2xf32>, %b: memref<4xi32>) {
  // CHECK: {{.*}}bufferization-dealloc-counts.mlir:[[# @LINE + 1]]:3: error: 'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xi32>) if ()
  return
}

// -----

func.func @generic(%a: memref<2xf32>, %c: i1) {
  // CHECK: {{.*}}bufferization-dealloc-counts.mlir:[[# @LINE + 1]]:3: error: 'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate
  "bufferization.dealloc"(%a, %a, %c) <{operandSegmentSizes = array<i32: 2, 1, 0>}> : (memref<2xf32>, memref<2xf32>, i1) -> ()
  return
}

// -----

// A result per retained memref: the generic form can state another count.
func.func @results(%a: memref<2xf32>, %c: i1) -> i1 {
  // CHECK: {{.*}}bufferization-dealloc-counts.mlir:[[# @LINE + 1]]:10: error: 'bufferization.dealloc' op must have the same number of updated conditions (results) as retained operands
  %r:2 = "bufferization.dealloc"(%a, %c, %a) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<2xf32>, i1, memref<2xf32>) -> (i1, i1)
  return %r#0 : i1
}

// -----

// The segments must add up to the operands.
func.func @segments(%a: memref<2xf32>, %c: i1) {
  // CHECK: {{.*}}bufferization-dealloc-counts.mlir:[[# @LINE + 1]]:3: error: 'bufferization.dealloc' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'
  "bufferization.dealloc"(%a, %c) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<2xf32>, i1) -> ()
  return
}
