// The operands a branch passes to a successor must match the successor's arguments in number
// and type (`cf.br`, and each successor of `cf.cond_br`). The errors are mlir-opt's, at the op.
// `cf.cond_br` splits its operands by `operandSegmentSizes`, which must add up to them.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @f(%a: i32) {
  // CHECK: {{.*}}branch-operands.mlir:[[# @LINE + 1]]:3: error: branch has 1 operands for successor #0, but target block has 0
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @f(%a: i32) {
  // CHECK: {{.*}}branch-operands.mlir:[[# @LINE + 1]]:3: error: type mismatch for bb argument #0 of successor #0
  cf.br ^bb1(%a : i32)
^bb1(%b: f32):
  return
}

// -----

func.func @f(%c: i1, %x: i32) {
  // CHECK: {{.*}}branch-operands.mlir:[[# @LINE + 1]]:3: error: branch has 0 operands for successor #1, but target block has 1
  cf.cond_br %c, ^bb1(%x : i32), ^bb1
^bb1(%y: i32):
  return
}

// -----

// `cf.cond_br`'s segments must add up to its operands (mlir-opt's message).
func.func @f(%c: i1, %d: i1) {
  // CHECK: {{.*}}branch-operands.mlir:[[# @LINE + 1]]:3: error: 'cf.cond_br' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'
  "cf.cond_br"(%c, %d)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1, i1) -> ()
^bb1:
  return
}
