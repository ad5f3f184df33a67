// The expectation of the merge-alloc proposal (llvm-project PR #95882,
// mlir/test/Dialect/MemRef/buffer-merge.mlir) for a 4-matmul MLP straight after
// one-shot-bufferize: the three temporaries share one 131072-byte pool, the first and the
// third at offset 0 and the second at 65536; the returned buffer stays an allocation. The
// pool gets no dealloc (--before-dealloc): the deallocation pipeline that runs next adds it.
// RUN: bufreuse --rewrite --before-dealloc %S/Inputs/merge-alloc-mlp.memref.mlir | FileCheck %s
// merge-alloc-mlp-pipeline.mlir checks the same from the tensor program, with the real
// one-shot-bufferize and deallocation pipeline around bufreuse.

// CHECK-LABEL: func.func @mlp(
// CHECK-DAG:  %[[POOL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<131072xi8>
// CHECK-DAG:  %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:  %[[C65536:.*]] = arith.constant 65536 : index
// CHECK:      %[[A:.*]] = memref.view %[[POOL]][%[[C0]]][] : memref<131072xi8> to memref<128x128xf32>
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : {{.*}}) outs(%[[A]] : memref<128x128xf32>)
// CHECK-NEXT: %[[B:.*]] = memref.view %[[POOL]][%[[C65536]]][] : memref<131072xi8> to memref<128x128xf32>
// CHECK-NEXT: linalg.matmul ins(%[[A]], %arg1 : {{.*}}) outs(%[[B]] : memref<128x128xf32>)
// CHECK-NEXT: %[[C:.*]] = memref.view %[[POOL]][%[[C0]]][] : memref<131072xi8> to memref<128x128xf32>
// CHECK-NEXT: linalg.matmul ins(%[[B]], %arg1 : {{.*}}) outs(%[[C]] : memref<128x128xf32>)
// CHECK-NEXT: %[[D:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
// CHECK-NEXT: linalg.matmul ins(%[[C]], %arg1 : {{.*}}) outs(%[[D]] : memref<128x128xf32>)
// CHECK-NOT:  memref.dealloc
// CHECK-NEXT: return %[[D]] : memref<128x128xf32>

// DEALLOC-LABEL: func.func @mlp(
// DEALLOC:       %[[POOL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<131072xi8>
// DEALLOC:       %[[D:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
// DEALLOC:       memref.dealloc %[[POOL]] : memref<131072xi8>
// DEALLOC-NEXT:  return %[[D]] : memref<128x128xf32>
