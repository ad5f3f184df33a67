// memref.reshape in custom form: static and dynamic shape operands, ranked results, an
// unranked result; read back from mlir-opt's generic form too.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @shapes(%src: memref<4x5xf32>, %s2: memref<2xindex>, %s1: memref<1xi32>, %sd: memref<?xindex>)
// CHECK-NEXT: %a = memref.reshape %src(%s2) : (memref<4x5xf32>, memref<2xindex>) -> memref<5x4xf32>
// CHECK-NEXT: %b = memref.reshape %src(%s1) {why = 1 : i32} : (memref<4x5xf32>, memref<1xi32>) -> memref<?xf32>
// CHECK-NEXT: %c = memref.reshape %a(%sd) : (memref<5x4xf32>, memref<?xindex>) -> memref<*xf32>
// FROM-GENERIC: memref.reshape %{{[a-z0-9]+}}(%{{[a-z0-9]+}}) : (memref<4x5xf32>, memref<2xindex>) -> memref<5x4xf32>
// FROM-GENERIC: memref.reshape %{{[a-z0-9]+}}(%{{[a-z0-9]+}}) {why = 1 : i32} : (memref<4x5xf32>, memref<1xi32>) -> memref<?xf32>
// FROM-GENERIC: memref.reshape %{{[a-z0-9]+}}(%{{[a-z0-9]+}}) : (memref<5x4xf32>, memref<?xindex>) -> memref<*xf32>
func.func @shapes(%src: memref<4x5xf32>, %s2: memref<2xindex>, %s1: memref<1xi32>, %sd: memref<?xindex>) {
  %a = memref.reshape %src(%s2) : (memref<4x5xf32>, memref<2xindex>) -> memref<5x4xf32>
  %b = memref.reshape %src(%s1) {why = 1 : i32} : (memref<4x5xf32>, memref<1xi32>) -> memref<?xf32>
  %c = memref.reshape %a(%sd) : (memref<5x4xf32>, memref<?xindex>) -> memref<*xf32>
  return
}
