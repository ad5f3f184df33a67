// Found by fuzz/ (roundtrip and rewrite, at 21c3dbd). A known op read in generic form with a
// number of results its kind does not have (`"cf.cond_br"(...) : (i1) -> f16`,
// `"memref.dealloc"(%m) : (memref<8xi32>) -> f64`) was accepted, then printed in its custom
// form with `%0 = ` in front, which does not parse again ("operation defines 0 results but
// was provided 1 to bind"). Now an error, with mlir-opt's message, at the op's name.
// RUN: not bufreuse %s 2>&1 | FileCheck %s

func.func @f(%c: i1, %m: memref<8xi32>) {
  // CHECK: known-op-result-count.mlir:[[# @LINE + 1]]:8: error: 'cf.cond_br' op requires zero results
  %0 = "cf.cond_br"(%c) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> f16
^bb1:
  // CHECK: known-op-result-count.mlir:[[# @LINE + 1]]:8: error: 'memref.dealloc' op requires zero results
  %1 = "memref.dealloc"(%m) : (memref<8xi32>) -> f64
  // CHECK: known-op-result-count.mlir:[[# @LINE + 1]]:3: error: 'memref.alloc' op requires one result
  "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
  // CHECK: known-op-result-count.mlir:[[# @LINE + 1]]:12: error: 'arith.addi' op requires one result
  %2, %3 = "arith.addi"(%c, %c) : (i1, i1) -> (i1, i1)
  return
}
