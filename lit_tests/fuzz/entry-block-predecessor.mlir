// Found by fuzz/ (roundtrip). A branch to the entry block of a region is an error at the op
// that owns the region, as in mlir-opt (entry block of region may not have predecessors). It
// used to be accepted, and the printer, which leaves out the entry block's label, wrote a
// branch to an undefined block.
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
