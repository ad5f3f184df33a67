// Found by fuzz/ (rewrite). A known terminator read in generic form (here `linalg.yield`,
// `scf.yield`) in the middle of a block is an error, as in mlir-opt ('linalg.yield' op must be
// the last operation in the parent block). It used to be accepted, and its custom form, which
// can only end a block, did not parse again. (For the `scf.yield` mlir-opt first complains of
// its parent op, which bufreuse does not check.)
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
