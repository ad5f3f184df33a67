// A non-empty block of a function body (or of another op bufreuse knows whose regions need
// a terminator) must end with a terminator: an op bufreuse knows that is none is an error at
// that op, as in mlir-opt ("block with no terminator, has ..."). An op it does not know may be
// a terminator, as mlir-opt accepts an unregistered op there; a module needs no terminator.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @f() {
  // CHECK: {{.*}}missing-terminator.mlir:[[# @LINE + 1]]:8: error: block with no terminator, has %c = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %c = arith.constant 0 : i32
}

// -----

func.func @f() {
  %0 = memref.alloc() : memref<4xf32>
  scf.execute_region {
    // CHECK: {{.*}}missing-terminator.mlir:[[# @LINE + 1]]:5: error: block with no terminator, has "memref.dealloc"(%0) : (memref<4xf32>) -> ()
    memref.dealloc %0 : memref<4xf32>
  }
  return
}

// -----

// Only the second block lacks its terminator.
func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
^bb2:
  "foo.op"() : () -> ()
  // CHECK: {{.*}}missing-terminator.mlir:[[# @LINE + 1]]:8: error: block with no terminator
  %x = arith.constant 1 : index
}

// -----

// Accepted: an unknown op may be a terminator.
func.func @f() {
  "foo.terminator"() : () -> ()
}
// CHECK-NOT: error:
