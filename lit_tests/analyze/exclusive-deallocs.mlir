// Deallocs on mutually exclusive paths (one in each branch of an scf.if, one in each
// successor block) free the buffer once on every execution: the buffer is not pooled
// (`multiple-deallocs`), but there must be no "deallocated more than once" warning.
//
// RUN: bufreuse --analyze %s -o %t 2>&1 | FileCheck --allow-empty %s
// RUN: FileCheck --check-prefix=REPORT --input-file=%t %s
// CHECK-NOT: warning:
// REPORT: %y {{.*}} multiple-deallocs
// REPORT: %z {{.*}} multiple-deallocs

func.func @branches(%c: i1) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %y = memref.alloc() : memref<16xf32>
  memref.store %f, %y[%c0] : memref<16xf32>
  scf.if %c {
    memref.dealloc %y : memref<16xf32>
  } else {
    memref.dealloc %y : memref<16xf32>
  }
  return
}

func.func @blocks(%c: i1) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %z = memref.alloc() : memref<16xf32>
  memref.store %f, %z[%c0] : memref<16xf32>
  cf.cond_br %c, ^left, ^right
^left:
  memref.dealloc %z : memref<16xf32>
  return
^right:
  memref.dealloc %z : memref<16xf32>
  return
}
