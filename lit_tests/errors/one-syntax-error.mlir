// One syntax error gives exactly one diagnostic: nothing the error leaves behind (the rest of
// the broken line, the region of a broken op, the lines of a broken multi-line op) is
// reported as another error. And where the brackets of the broken op do not balance, nothing
// after it is looked at.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// Exactly one diagnostic per chunk, four in all (counted, rather than a CHECK-NOT between
// chunks, which PyPI's filecheck bounds differently from LLVM's FileCheck):
// RUN: not bufreuse --split-input-file %s 2>&1 | grep -c "error:" | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}4{{$}}

func.func @f(%m: memref<4xf32>, %c0: index, %c1: index, %c4: index) {
  // CHECK: {{.*}}one-syntax-error.mlir:[[# @LINE + 1]]:16: error: unexpected 'to'; expected value (%name)
  scf.for %i = to %c0 %c4 step %c1 {
    %v = memref.load %m[%i] : memref<4xf32>
    memref.store %v, %m[%i] : memref<4xf32>
  }
  return
}

// -----

func.func @g(%x: i32) {
  // CHECK: {{.*}}one-syntax-error.mlir:[[# @LINE + 1]]:23: error: unexpected '('
  %0 = arith.addi %x, (%x : i32
  return
}
func.func @h(%x: i32) {
  %0 = arith.addi %x %x : i32
  return
}

// -----

func.func @k(%x: i32) {
  // CHECK: {{.*}}one-syntax-error.mlir:[[# @LINE + 1]]:29: error: unexpected ':'; expected '->'
  %0 = "foo.op"(%x) : (i32) : -> i32
  %1 = "foo.op"(%0) ({
    "foo.yield"() : () -> ()
  }) : (i32) -> i32
  return
}

// -----

// The lines that go on with a broken op at its own depth (`(%in: f32, ...) {`) go with it.
func.func @reduce(%a: memref<2x4xf32>, %v: memref<2xf32>) {
  // CHECK: {{.*}}one-syntax-error.mlir:[[# @LINE + 1]]:53: error: unexpected ':'
  linalg.reduce ins(%a : memref<2x4xf32>) outs(%v : : memref<2xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return
}
