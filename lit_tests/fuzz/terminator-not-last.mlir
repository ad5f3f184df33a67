// Found by fuzz/ (rewrite). BUG (src/ir): a known terminator read in generic form (here
// `linalg.yield`, `scf.yield`) is accepted in the middle of a block. Its custom form can only
// end a block, so the output does not parse again ("unexpected '"foo.bar"'; expected '}' or
// block label (^name)"). mlir-opt: 'linalg.yield' op must be the last operation in the parent
// block. Expected: that error.
// XFAIL: *
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: internal error

func.func @f() {
  "foo.op"() ({
  ^bb0(%y: f32):
    // CHECK: {{.*}}terminator-not-last.mlir:[[# @LINE + 1]]:5: error: {{.*}}last operation
    "linalg.yield"(%y) : (f32) -> ()
    "foo.bar"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @g() {
  "foo.op"() ({
    // CHECK: {{.*}}terminator-not-last.mlir:[[# @LINE + 1]]:5: error: {{.*}}last operation
    "scf.yield"() : () -> ()
    "foo.bar"() : () -> ()
  }) : () -> ()
  return
}
