// memref.generic_atomic_rmw in custom form, with its body (the current value is the entry
// block's argument) and memref.atomic_yield ending it, attributes after the body; read back
// from mlir-opt's generic form too.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @cas(%m: memref<8xi32>, %z: memref<f32>, %i: index, %k: i32)
// CHECK-NEXT: %r = memref.generic_atomic_rmw %m[%i] : memref<8xi32> {
// CHECK-NEXT: ^bb0(%old: i32):
// CHECK-NEXT: %new = arith.addi %old, %k : i32
// CHECK-NEXT: memref.atomic_yield %new : i32
// CHECK-NEXT: }
// CHECK-NEXT: %s = memref.generic_atomic_rmw %z[] : memref<f32> {
// CHECK-NEXT: ^bb0(%cur: f32):
// CHECK-NEXT: memref.atomic_yield %cur {kept} : f32
// CHECK-NEXT: } {label = "x"}
// FROM-GENERIC: memref.generic_atomic_rmw %{{[a-z0-9]+}}[%{{[a-z0-9]+}}] : memref<8xi32> {
// FROM-GENERIC-NEXT: ^bb0(%{{[a-z0-9]+}}: i32):
// FROM-GENERIC: memref.atomic_yield %{{.*}} : i32
// FROM-GENERIC: memref.generic_atomic_rmw %{{[a-z0-9]+}}[] : memref<f32> {
// FROM-GENERIC-NEXT: ^bb0(%{{[a-z0-9]+}}: f32):
// FROM-GENERIC-NEXT: memref.atomic_yield %{{[a-z0-9]+}} {kept} : f32
// FROM-GENERIC-NEXT: } {label = "x"}
func.func @cas(%m: memref<8xi32>, %z: memref<f32>, %i: index, %k: i32) {
  %r = memref.generic_atomic_rmw %m[%i] : memref<8xi32> {
  ^bb0(%old: i32):
    %new = arith.addi %old, %k : i32
    memref.atomic_yield %new : i32
  }
  %s = memref.generic_atomic_rmw %z[] : memref<f32> {
  ^bb0(%cur: f32):
    memref.atomic_yield %cur {kept} : f32
  } {label = "x"}
  return
}
