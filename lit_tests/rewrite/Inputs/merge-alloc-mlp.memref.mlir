// What `mlir-opt -one-shot-bufferize="unknown-type-conversion=identity-layout-map
// function-boundary-type-conversion=identity-layout-map bufferize-function-boundaries"`
// (MLIR 22) makes of merge-alloc-mlp.tensor.mlir, for machines without mlir-opt.
module {
  func.func @mlp(%arg0: memref<128x128xf32>, %arg1: memref<128x128xf32>) -> memref<128x128xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
    linalg.matmul ins(%arg0, %arg1 : memref<128x128xf32>, memref<128x128xf32>) outs(%alloc : memref<128x128xf32>)
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
    linalg.matmul ins(%alloc, %arg1 : memref<128x128xf32>, memref<128x128xf32>) outs(%alloc_0 : memref<128x128xf32>)
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
    linalg.matmul ins(%alloc_0, %arg1 : memref<128x128xf32>, memref<128x128xf32>) outs(%alloc_1 : memref<128x128xf32>)
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
    linalg.matmul ins(%alloc_1, %arg1 : memref<128x128xf32>, memref<128x128xf32>) outs(%alloc_2 : memref<128x128xf32>)
    return %alloc_2 : memref<128x128xf32>
  }
}
