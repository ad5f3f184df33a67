// memref.dma_start (with and without its stride operands) and memref.dma_wait in custom
// form, 0-d to 2-d memrefs, attributes on dma_wait (mlir-opt's dma_start parser takes none); read back from mlir-opt's generic form too.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @copies(%src: memref<40x128xf32>, %dst: memref<2x1024xf32, 1>, %tag: memref<1xi32>, %t0: memref<i32>, %i: index, %n: index, %st: index, %per: index)
// CHECK-NEXT: memref.dma_start %src[%i, %i], %dst[%i, %i], %n, %tag[%i] : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
// CHECK-NEXT: memref.dma_start %src[%i, %n], %dst[%n, %i], %n, %t0[], %st, %per : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<i32>
// CHECK-NEXT: memref.dma_wait %tag[%i], %n : memref<1xi32>
// CHECK-NEXT: memref.dma_wait %t0[], %n {why} : memref<i32>
// FROM-GENERIC: memref.dma_start %{{[a-z0-9]+}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}], %{{[a-z0-9]+}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}], %{{[a-z0-9]+}}, %{{[a-z0-9]+}}[%{{[a-z0-9]+}}] : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
// FROM-GENERIC-NEXT: memref.dma_start %{{[a-z0-9]+}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}], %{{[a-z0-9]+}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}], %{{[a-z0-9]+}}, %{{[a-z0-9]+}}[], %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<i32>
// FROM-GENERIC-NEXT: memref.dma_wait %{{[a-z0-9]+}}[%{{[a-z0-9]+}}], %{{[a-z0-9]+}} : memref<1xi32>
// FROM-GENERIC-NEXT: memref.dma_wait %{{[a-z0-9]+}}[], %{{[a-z0-9]+}} {why} : memref<i32>
func.func @copies(%src: memref<40x128xf32>, %dst: memref<2x1024xf32, 1>, %tag: memref<1xi32>, %t0: memref<i32>, %i: index, %n: index, %st: index, %per: index) {
  memref.dma_start %src[%i, %i], %dst[%i, %i], %n, %tag[%i] : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
  memref.dma_start %src[%i, %n], %dst[%n, %i], %n, %t0[], %st, %per : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<i32>
  memref.dma_wait %tag[%i], %n : memref<1xi32>
  memref.dma_wait %t0[], %n {why} : memref<i32>
  return
}
