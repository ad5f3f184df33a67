// scf.reduce with several operands: `(%a, %b : T, U)` and one region per operand, separated
// by commas, as mlir-opt writes them; scf.parallel with several results writes their types in
// parentheses. Regression test: bufreuse wrote `(%a : T, %b : U)` and `-> index, f32`, which
// no parser reads.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @two(
func.func @two(%a: index, %b: index, %lb: index, %ub: index, %s: index) -> (index, f32) {
  %f = arith.constant 1.0 : f32
  // CHECK: scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%a, %f) -> (index, f32) {
  %0:2 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init(%a, %f) -> (index, f32) {
    // CHECK: scf.reduce(%i, %f : index, f32) {
    // FROM-GENERIC: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%{{.*}}, %{{.*}}) -> (index, f32) {
    // FROM-GENERIC-NEXT: scf.reduce(%{{.*}}, %{{.*}} : index, f32) {
    // FROM-GENERIC: }, {
    // CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index):
    // CHECK: scf.reduce.return %{{.*}} : index
    // CHECK-NEXT: }, {
    // CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
    // CHECK: scf.reduce.return %{{.*}} : f32
    // CHECK-NEXT: }
    scf.reduce(%i, %f : index, f32) {
    ^bb0(%l: index, %r: index):
      %1 = arith.addi %l, %r : index
      scf.reduce.return %1 : index
    }, {
    ^bb0(%l: f32, %r: f32):
      %2 = arith.mulf %l, %r : f32
      scf.reduce.return %2 : f32
    }
  }
  return %0#0, %0#1 : index, f32
}
