// Found by fuzz/ (roundtrip). BUG (src/ir): a branch to the entry block of a region is
// accepted. The printer leaves out the entry block's label (`func.func @f(%c: i1) {`, or an
// unlabeled first block in a nested region), so the output refers to an undefined block and
// does not parse again ("reference to an undefined block '^bb0'"). mlir-opt: entry block of
// region may not have predecessors. Expected: that error, at the op that owns the region.
// XFAIL: *
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: internal error

// CHECK: {{.*}}entry-block-predecessor.mlir:[[# @LINE + 1]]:1: error: {{.*}}entry block
"func.func"() <{function_type = (i1) -> (), sym_name = "f"}> ({
^bb0(%c: i1):
  "foo.br"(%c)[^bb0] : (i1) -> ()
}) : () -> ()

// -----

func.func @g() {
  // CHECK: {{.*}}entry-block-predecessor.mlir:[[# @LINE + 1]]:3: error: {{.*}}entry block
  "foo.op"() ({
  ^bb0:
    "foo.br"()[^bb0] : () -> ()
  }) : () -> ()
  return
}
