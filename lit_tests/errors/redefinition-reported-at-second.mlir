// When a block argument redefines the name of an op result from an earlier block, the error
// points at the second definition (the block argument), as mlir-opt's does (line 13, column
// 6). It used to point at the op, as if the block arguments of later blocks were defined
// before the ops of earlier ones.
// RUN: not bufreuse %s 2>&1 | FileCheck %s

// CHECK: {{.*}}redefinition-reported-at-second.mlir:[[# @LINE + 5]]:6: error: redefinition of SSA value '%x'
// CHECK-NEXT: {{^\^bb1\(%x: i32\):$}}
func.func @block_argument(%c: i1) {
  %x = arith.constant 1 : i32
  cf.br ^bb1(%x : i32)
^bb1(%x: i32):
  return
}
