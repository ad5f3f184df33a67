// An `scf.for` whose bounds and initial values are defined in a later block (valid MLIR: that
// block dominates the loop's). The induction variable and the iteration arguments take the
// types of those operands, which had none yet when the loop's region was built: printing the
// loop panicked ("interned type"). They get their types once the whole module is built.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt > /dev/null %}
// CHECK-NOT: internal error

// CHECK-LABEL: func.func @f() -> i32 {
// CHECK: scf.for %i = %lb to %ub step %s iter_args(%acc = %init) -> (i32) {
// CHECK-NEXT: %j = arith.index_cast %i : index to i32
// CHECK-NEXT: %sum = arith.addi %acc, %j : i32
// CHECK-NEXT: scf.yield %sum : i32
// CHECK: %init = arith.constant 0 : i32
func.func @f() -> i32 {
  cf.br ^bb2
^bb1:
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %init) -> (i32) {
    %j = arith.index_cast %i : index to i32
    %sum = arith.addi %acc, %j : i32
    scf.yield %sum : i32
  }
  return %r : i32
^bb2:
  %lb = arith.constant 0 : index
  %ub = arith.constant 4 : index
  %s = arith.constant 1 : index
  %init = arith.constant 0 : i32
  cf.br ^bb1
}
