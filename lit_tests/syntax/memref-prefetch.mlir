// memref.prefetch in custom form: read/write, every locality, data/instr cache (three
// properties); read back from mlir-opt's generic form too. mlir-opt prints an attribute
// dictionary that its own parser then refuses: bufreuse reads it, and prints such an op in
// generic form.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @hints(%m: memref<4x4xf32>, %z: memref<i8>, %i: index)
// CHECK-NEXT: memref.prefetch %m[%i, %i], read, locality<3>, data : memref<4x4xf32>
// CHECK-NEXT: memref.prefetch %m[%i, %i], write, locality<0>, instr : memref<4x4xf32>
// CHECK-NEXT: memref.prefetch %z[], read, locality<1>, instr : memref<i8>
// CHECK-NEXT: memref.prefetch %z[], write, locality<2>, data : memref<i8>
// FROM-GENERIC: memref.prefetch %{{[a-z0-9]+}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}], read, locality<3>, data : memref<4x4xf32>
// FROM-GENERIC-NEXT: memref.prefetch %{{[a-z0-9]+}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}], write, locality<0>, instr : memref<4x4xf32>
// FROM-GENERIC-NEXT: memref.prefetch %{{[a-z0-9]+}}[], read, locality<1>, instr : memref<i8>
// FROM-GENERIC-NEXT: memref.prefetch %{{[a-z0-9]+}}[], write, locality<2>, data : memref<i8>
func.func @hints(%m: memref<4x4xf32>, %z: memref<i8>, %i: index) {
  memref.prefetch %m[%i, %i], read, locality<3>, data : memref<4x4xf32>
  memref.prefetch %m[%i, %i], write, locality<0>, instr : memref<4x4xf32>
  memref.prefetch %z[], read, locality<1>, instr : memref<i8>
  memref.prefetch %z[], write, locality<2>, data : memref<i8>
  return
}
