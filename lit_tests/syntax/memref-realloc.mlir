// memref.realloc in custom form: without and with the dynamic size, with `alignment` (a
// property) and other attributes; read back from mlir-opt's generic form too.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @grow(%small: memref<2xi16>, %dyn: memref<?xf64>, %len: index)
// CHECK-NEXT: %a = memref.realloc %small : memref<2xi16> to memref<6xi16>
// CHECK-NEXT: %b = memref.realloc %dyn(%len) : memref<?xf64> to memref<?xf64>
// CHECK-NEXT: %c = memref.realloc %a {alignment = 32 : i64} : memref<6xi16> to memref<12xi16>
// CHECK-NEXT: %d = memref.realloc %dyn(%len) {alignment = 8, tag = "x"} : memref<?xf64> to memref<?xf64>
// FROM-GENERIC: memref.realloc %{{[a-z0-9]+}} : memref<2xi16> to memref<6xi16>
// FROM-GENERIC: memref.realloc %{{[a-z0-9]+}}(%{{[a-z0-9]+}}) : memref<?xf64> to memref<?xf64>
// FROM-GENERIC: memref.realloc %{{[a-z0-9]+}} {alignment = 32 : i64} : memref<6xi16> to memref<12xi16>
// FROM-GENERIC: memref.realloc %{{[a-z0-9]+}}(%{{[a-z0-9]+}}) {alignment = 8 : i64, tag = "x"} : memref<?xf64> to memref<?xf64>
// FROM-GENERIC-NOT: "memref.realloc"
func.func @grow(%small: memref<2xi16>, %dyn: memref<?xf64>, %len: index) {
  %a = memref.realloc %small : memref<2xi16> to memref<6xi16>
  %b = memref.realloc %dyn(%len) : memref<?xf64> to memref<?xf64>
  %c = memref.realloc %a {alignment = 32 : i64} : memref<6xi16> to memref<12xi16>
  %d = memref.realloc %dyn(%len) {tag = "x", alignment = 8} : memref<?xf64> to memref<?xf64>
  return
}
