// memref.dim counts as known at entry only on a ranked memref argument with a constant index
// within its rank (%u is unranked, 5 is past the rank of %r); a constant size operand is
// known (%g, alone in its pool here, so not pooled).
// RUN: bufreuse --analyze --remarks %s 2>&1 | FileCheck %s

func.func @f(%u: memref<*xf32>, %r: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %f = arith.constant 1.0 : f32
  %d = memref.dim %u, %c0 : memref<*xf32>
  %e = memref.dim %r, %c5 : memref<?xf32>
  %a = memref.alloc(%d) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<?xf32>)
  memref.dealloc %a : memref<?xf32>
  %b = memref.alloc(%e) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<?xf32>)
  memref.dealloc %b : memref<?xf32>
  %g = memref.alloc(%c5) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%g : memref<?xf32>)
  memref.dealloc %g : memref<?xf32>
  return
}

// CHECK: dynamic-sizes-dim.mlir:12:3: remark: %a cannot share memory [size-not-available]
// CHECK: dynamic-sizes-dim.mlir:10:3: note: its size depends on this op ('memref.dim')
// CHECK: dynamic-sizes-dim.mlir:15:3: remark: %b cannot share memory [size-not-available]
// CHECK: dynamic-sizes-dim.mlir:11:3: note: its size depends on this op ('memref.dim')
// CHECK: %g memref<?xf32> 4*%c5 B [12, 12] 18 eligible (alone in its memory space) -
