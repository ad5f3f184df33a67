// A written `else { }` of an scf.if without results is a region with one block holding the
// implicit scf.yield, as mlir-opt reads it; only a missing `else` is a region without blocks.
// Regression test: bufreuse dropped the written else (exit 0, a different module).
//
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s

// CHECK-LABEL: func.func @written_else
// CHECK:         scf.if %c {
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    } else {
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @written_else(%c: i1, %m: memref<i1>) {
  scf.if %c {
    memref.store %c, %m[] : memref<i1>
  } else {
  }
  return
}

// CHECK-LABEL: func.func @no_else
// CHECK:         scf.if %c {
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @no_else(%c: i1, %m: memref<i1>) {
  scf.if %c {
    memref.store %c, %m[] : memref<i1>
  }
  return
}
