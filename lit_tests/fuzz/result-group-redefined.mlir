// Found by fuzz/ (rewrite; minimized with cargo fuzz tmin). BUG (src/ir/build.rs, the result
// binding in `Builder::op`, "index out of bounds: the len is 4 but the index is 4" at
// build.rs:579 at c26ba52, :531 at cfd225b): a result group that binds more names than the op
// has results is reported, but the ids it reserved for the missing results do not exist, and
// a later definition of the same name indexes past the value arena. bufreuse panics ("internal
// error: the worker thread failed") instead of printing the error. mlir-opt: operation defines
// 2 results but was provided 3 to bind.
// XFAIL: *
// RUN: not bufreuse %s 2>&1 | FileCheck %s
// CHECK-NOT: panicked
// CHECK-NOT: internal error

func.func @f() {
  // CHECK: {{.*}}result-group-redefined.mlir:[[# @LINE + 1]]:3: error: operation defines 2 results but was provided 3 to bind
  %a:3 = "foo.op"() : () -> (i32, i32)
  %a = arith.constant 0 : i32
  return
}
