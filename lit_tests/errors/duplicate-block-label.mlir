// A block label defined twice in one region is an error at the second definition. The same
// label in two different regions is fine.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @twice() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
// CHECK: {{.*}}duplicate-block-label.mlir:[[# @LINE + 3]]:1: error: redefinition of block '^bb1'
// CHECK-NEXT: {{^\^bb1:$}}
// CHECK-NEXT: {{^\^\^\^\^$}}
^bb1:
  return
}

// -----

// With arguments.
func.func @with_arguments(%x: i32) {
  cf.br ^next(%x : i32)
^next(%a: i32):
  cf.br ^next(%a : i32)
// CHECK: {{.*}}duplicate-block-label.mlir:[[# @LINE + 1]]:1: error: redefinition of block '^next'
^next(%b: i32):
  return
}

// -----

// Different regions, different functions: no error.
// CHECK-NOT: error
func.func @one() {
  cf.br ^bb1
^bb1:
  scf.execute_region {
    cf.br ^bb1
  ^bb1:
    scf.yield
  }
  return
}
func.func @two() {
  cf.br ^bb1
^bb1:
  return
}
