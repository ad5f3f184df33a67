// BUG: when a block argument redefines the name of an op result from an earlier block, the
// error points at the first definition (the op, line 11 here) instead of the second (the
// block argument, line 13), as if the block arguments of later blocks were defined before
// the ops of earlier ones. mlir-opt reports line 13, column 6.
// XFAIL: *
// RUN: not bufreuse %s 2>&1 | FileCheck %s

// CHECK: {{.*}}bug-redefinition-location.mlir:[[# @LINE + 5]]:6: error: redefinition of SSA value '%x'
// CHECK-NEXT: {{^\^bb1\(%x: i32\):$}}
func.func @block_argument(%c: i1) {
  %x = arith.constant 1 : i32
  cf.br ^bb1(%x : i32)
^bb1(%x: i32):
  return
}
