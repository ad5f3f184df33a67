// Found by fuzz/ (rewrite; minimized with cargo fuzz tmin): a result group that binds more
// names than the op has results, whose name is then defined again. The builder used to find a
// group's values by name, so it took the later definition's value and indexed past the value
// arena (a panic). Now each group's values are kept by where they were declared: both errors
// are reported (mlir-opt: operation defines 2 results but was provided 3 to bind).
// RUN: not bufreuse %s 2>&1 | FileCheck %s
// CHECK-NOT: panicked
// CHECK-NOT: internal error

func.func @f() {
  // CHECK: {{.*}}result-group-redefined.mlir:[[# @LINE + 1]]:3: error: operation defines 2 results but was provided 3 to bind
  %a:3 = "foo.op"() : () -> (i32, i32)
  // CHECK: {{.*}}result-group-redefined.mlir:[[# @LINE + 1]]:3: error: redefinition of SSA value '%a'
  %a = arith.constant 0 : i32
  return
}
