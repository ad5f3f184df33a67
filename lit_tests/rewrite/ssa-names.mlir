// The rewrite's new values get names MLIR reads. mlir-opt names results `%0`, `%1`, ...; the
// copies of a pooled buffer's size computation in the prologue were named `%0_0`, which
// MLIR rejects (issue 34); they are `%v0_0` now, and every output parses in mlir-opt.
// RUN: bufreuse --rewrite %s | FileCheck %s
// RUN: bufreuse --rewrite %s | %mlir_opt > /dev/null
// REQUIRES: mlir-opt

// CHECK-LABEL: func.func @f
// CHECK:         %[[D:v0_0]] = memref.dim %arg0, %{{.*}} : memref<?xf32>
// CHECK:         %[[S:v1_0]] = arith.addi %[[D]], %[[D]] : index
// CHECK:         memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NOT:     {{%[0-9]+_}}
// CHECK:         %alloc = scf.if
// CHECK-NEXT:      %alloc_in_pool = memref.view %{{.*}}[%{{.*}}][%1]
// CHECK:           %alloc_apart = memref.alloc(%1)
// CHECK:         %alloc_0 = scf.if
// CHECK-NEXT:      %alloc_0_in_pool = memref.view %{{.*}}[%{{.*}}][%0]
// CHECK:           %alloc_0_apart = memref.alloc(%0)
func.func @f(%arg0: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %0 = memref.dim %arg0, %c0 : memref<?xf32>
  %1 = arith.addi %0, %0 : index
  %alloc = memref.alloc(%1) : memref<?xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<?xf32>)
  %alloc_0 = memref.alloc(%0) : memref<?xf32>
  linalg.copy ins(%arg0 : memref<?xf32>) outs(%alloc_0 : memref<?xf32>)
  memref.dealloc %alloc : memref<?xf32>
  memref.dealloc %alloc_0 : memref<?xf32>
  return
}
