// memref.atomic_rmw in custom form, every kind (the kind is an i64 property in MLIR's
// numbering), 0-d and 2-d memrefs, attributes; read back from mlir-opt's generic form too.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @floats(%m: memref<3x4xf32>, %z: memref<f16>, %v: f32, %h: f16, %i: index, %j: index)
// CHECK-NEXT: %0 = memref.atomic_rmw addf %v, %m[%i, %j] : (f32, memref<3x4xf32>) -> f32
// CHECK-NEXT: %1 = memref.atomic_rmw assign %v, %m[%j, %i] : (f32, memref<3x4xf32>) -> f32
// CHECK-NEXT: %2 = memref.atomic_rmw maximumf %v, %m[%i, %i] {seen} : (f32, memref<3x4xf32>) -> f32
// CHECK-NEXT: %3 = memref.atomic_rmw maxnumf %h, %z[] : (f16, memref<f16>) -> f16
// CHECK-NEXT: %4 = memref.atomic_rmw minimumf %h, %z[] : (f16, memref<f16>) -> f16
// CHECK-NEXT: %5 = memref.atomic_rmw minnumf %v, %m[%i, %j] : (f32, memref<3x4xf32>) -> f32
// CHECK-NEXT: %6 = memref.atomic_rmw mulf %v, %m[%i, %j] : (f32, memref<3x4xf32>) -> f32
// FROM-GENERIC: memref.atomic_rmw addf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}] : (f32, memref<3x4xf32>) -> f32
// FROM-GENERIC: memref.atomic_rmw assign
// FROM-GENERIC: memref.atomic_rmw maximumf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}] {seen} : (f32, memref<3x4xf32>) -> f32
// FROM-GENERIC: memref.atomic_rmw maxnumf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}[] : (f16, memref<f16>) -> f16
// FROM-GENERIC: memref.atomic_rmw minimumf
// FROM-GENERIC: memref.atomic_rmw minnumf
// FROM-GENERIC: memref.atomic_rmw mulf
func.func @floats(%m: memref<3x4xf32>, %z: memref<f16>, %v: f32, %h: f16, %i: index, %j: index) {
  %0 = memref.atomic_rmw addf %v, %m[%i, %j] : (f32, memref<3x4xf32>) -> f32
  %1 = memref.atomic_rmw assign %v, %m[%j, %i] : (f32, memref<3x4xf32>) -> f32
  %2 = memref.atomic_rmw maximumf %v, %m[%i, %i] {seen} : (f32, memref<3x4xf32>) -> f32
  %3 = memref.atomic_rmw maxnumf %h, %z[] : (f16, memref<f16>) -> f16
  %4 = memref.atomic_rmw minimumf %h, %z[] : (f16, memref<f16>) -> f16
  %5 = memref.atomic_rmw minnumf %v, %m[%i, %j] : (f32, memref<3x4xf32>) -> f32
  %6 = memref.atomic_rmw mulf %v, %m[%i, %j] : (f32, memref<3x4xf32>) -> f32
  return
}

// CHECK-LABEL: func.func @integers(%m: memref<10xi64>, %v: i64, %i: index)
// CHECK-NEXT: %0 = memref.atomic_rmw addi %v, %m[%i] : (i64, memref<10xi64>) -> i64
// CHECK-NEXT: %1 = memref.atomic_rmw andi %v, %m[%i] : (i64, memref<10xi64>) -> i64
// CHECK-NEXT: %2 = memref.atomic_rmw maxs %v, %m[%i] : (i64, memref<10xi64>) -> i64
// CHECK-NEXT: %3 = memref.atomic_rmw maxu %v, %m[%i] : (i64, memref<10xi64>) -> i64
// CHECK-NEXT: %4 = memref.atomic_rmw mins %v, %m[%i] : (i64, memref<10xi64>) -> i64
// CHECK-NEXT: %5 = memref.atomic_rmw minu %v, %m[%i] : (i64, memref<10xi64>) -> i64
// CHECK-NEXT: %6 = memref.atomic_rmw muli %v, %m[%i] : (i64, memref<10xi64>) -> i64
// CHECK-NEXT: %7 = memref.atomic_rmw ori %v, %m[%i] : (i64, memref<10xi64>) -> i64
// CHECK-NEXT: %8 = memref.atomic_rmw xori %v, %m[%i] : (i64, memref<10xi64>) -> i64
// CHECK-NEXT: %9 = memref.atomic_rmw assign %v, %m[%i] : (i64, memref<10xi64>) -> i64
// FROM-GENERIC-COUNT-10: memref.atomic_rmw {{addi|andi|maxs|maxu|mins|minu|muli|ori|xori|assign}} %{{[a-z0-9]+}}, %{{[a-z0-9]+}}[%{{[a-z0-9]+}}] : (i64, memref<10xi64>) -> i64
func.func @integers(%m: memref<10xi64>, %v: i64, %i: index) {
  %0 = memref.atomic_rmw addi %v, %m[%i] : (i64, memref<10xi64>) -> i64
  %1 = memref.atomic_rmw andi %v, %m[%i] : (i64, memref<10xi64>) -> i64
  %2 = memref.atomic_rmw maxs %v, %m[%i] : (i64, memref<10xi64>) -> i64
  %3 = memref.atomic_rmw maxu %v, %m[%i] : (i64, memref<10xi64>) -> i64
  %4 = memref.atomic_rmw mins %v, %m[%i] : (i64, memref<10xi64>) -> i64
  %5 = memref.atomic_rmw minu %v, %m[%i] : (i64, memref<10xi64>) -> i64
  %6 = memref.atomic_rmw muli %v, %m[%i] : (i64, memref<10xi64>) -> i64
  %7 = memref.atomic_rmw ori %v, %m[%i] : (i64, memref<10xi64>) -> i64
  %8 = memref.atomic_rmw xori %v, %m[%i] : (i64, memref<10xi64>) -> i64
  %9 = memref.atomic_rmw assign %v, %m[%i] : (i64, memref<10xi64>) -> i64
  return
}
