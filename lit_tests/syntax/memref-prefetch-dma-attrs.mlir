// mlir-opt prints the attribute dictionary of memref.prefetch and memref.dma_start in custom
// form, but its parser of those forms takes none: bufreuse reads such a dictionary, and
// prints these ops in generic form, which mlir-opt reads.
// RUN: bufreuse %s | FileCheck %s
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC %}

// CHECK-LABEL: func.func @attrs(%m: memref<4xf32>, %tag: memref<1xi32>, %i: index)
// CHECK-NEXT: "memref.prefetch"(%m, %i) <{isDataCache = false, isWrite = false, localityHint = 1 : i32}> {soon} : (memref<4xf32>, index) -> ()
// CHECK-NEXT: "memref.dma_start"(%m, %i, %m, %i, %i, %tag, %i) {why} : (memref<4xf32>, index, memref<4xf32>, index, index, memref<1xi32>, index) -> ()
// GENERIC: "memref.prefetch"(%arg0, %arg2) <{isDataCache = false, isWrite = false, localityHint = 1 : i32}> {soon} : (memref<4xf32>, index) -> ()
// GENERIC: "memref.dma_start"(%arg0, %arg2, %arg0, %arg2, %arg2, %arg1, %arg2) {why} : (memref<4xf32>, index, memref<4xf32>, index, index, memref<1xi32>, index) -> ()
func.func @attrs(%m: memref<4xf32>, %tag: memref<1xi32>, %i: index) {
  memref.prefetch %m[%i], read, locality<1>, instr {soon} : memref<4xf32>
  memref.dma_start %m[%i], %m[%i], %i, %tag[%i] {why} : memref<4xf32>, memref<4xf32>, memref<1xi32>
  return
}
