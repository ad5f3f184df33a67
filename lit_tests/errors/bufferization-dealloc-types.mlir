// The conditions and results of bufferization.dealloc are i1. Its custom form does not type
// the conditions: a condition of another type is a use of the value with the wrong type, an
// error at the use; the generic form types them, and the verifier rejects them at the op, as
// mlir-opt does.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// The same errors from mlir-opt (skipped without it):
// RUN: %if mlir-opt %{ not %mlir_opt --split-input-file %s 2>&1 | FileCheck %s %}

func.func @custom(%a: memref<2xf32>, %i: i32) {
  // CHECK: {{.*}}bufferization-dealloc-types.mlir:[[# @LINE + 1]]:50: error: use of value '%i' expects different type than prior uses: 'i1' vs 'i32'
  bufferization.dealloc (%a : memref<2xf32>) if (%i)
  return
}

// -----

func.func @generic(%a: memref<2xf32>, %i: i32) {
  // CHECK: {{.*}}bufferization-dealloc-types.mlir:[[# @LINE + 1]]:3: error: 'bufferization.dealloc' op operand #1 must be variadic of 1-bit signless integer, but got 'i32'
  "bufferization.dealloc"(%a, %i) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2xf32>, i32) -> ()
  return
}

// -----

func.func @result(%a: memref<2xf32>, %c: i1) -> i8 {
  // CHECK: {{.*}}bufferization-dealloc-types.mlir:[[# @LINE + 1]]:8: error: 'bufferization.dealloc' op result #0 must be variadic of 1-bit signless integer, but got 'i8'
  %r = "bufferization.dealloc"(%a, %c, %a) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<2xf32>, i1, memref<2xf32>) -> i8
  return %r : i8
}

// -----

// What is deallocated or retained is a memref.
func.func @memref(%a: memref<2xf32>, %c: i1, %i: i32) {
  // CHECK: {{.*}}bufferization-dealloc-types.mlir:[[# @LINE + 1]]:3: error: 'bufferization.dealloc' op operand #0 must be variadic of ranked or unranked memref of any type values, but got 'i32'
  bufferization.dealloc (%i : i32) if (%c)
  return
}
