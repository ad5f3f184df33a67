// affine.for (constant, SSA and max/min map bounds, step, iter_args, the implied
// affine.yield), affine.if (set alias or inline set, dims and symbols, else, results) and
// affine.yield in custom form.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// The custom form read gives the generic form mlir-opt gives (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ bufreuse %s | bufreuse | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// and so does the generic form read:
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}

// CHECK: #set = affine_set<(d0)[s0] : (d0 - 1 >= 0, -d0 + s0 - 1 >= 0)>
#set = affine_set<(d0)[s0] : (d0 - 1 >= 0, -d0 + s0 - 1 >= 0)>

// CHECK-LABEL: func.func @loops(%A: memref<10xf32>, %n: index, %m: index) -> f32 {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: affine.for %i = 0 to 10 {
// CHECK-NEXT: %v = affine.load %A[%i] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %i = %n to %m step 2 {
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %i = max affine_map<(d0)[s0] -> (d0, s0)>(%n)[%m] to min affine_map<()[s0] -> (s0, 10)>()[%m] {
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %i = affine_map<(d0) -> (d0 - 1)>(%n) to -4 {
// CHECK-NEXT: } {tag}
// CHECK-NEXT: %r = affine.for %i = 0 to %n iter_args(%acc = %cst) -> (f32) {
// CHECK-NEXT: %v = affine.load %A[%i] : memref<10xf32>
// CHECK-NEXT: %s = arith.addf %acc, %v : f32
// CHECK-NEXT: affine.yield %s : f32
// CHECK-NEXT: }
// CHECK-NEXT: affine.if #set(%n)[%m] {
// CHECK-NEXT: affine.store %cst, %A[%n] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %x = affine.if affine_set<(d0) : (d0 >= 0)>(%n) -> f32 {
// CHECK-NEXT: affine.yield %cst : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %r : f32
// CHECK-NEXT: }
// CHECK-NEXT: %y:2 = affine.if affine_set<()[s0] : (s0 - 2 == 0)>()[%m] -> (f32, index) {
// CHECK-NEXT: affine.yield %x, %n : f32, index
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %r, %m : f32, index
// CHECK-NEXT: }
// CHECK-NEXT: affine.if affine_set<(d0) : (d0 >= 0)>(%n) {
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.store %y#0, %A[0] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %y#0 : f32
func.func @loops(%A: memref<10xf32>, %n: index, %m: index) -> f32 {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i] : memref<10xf32>
  }
  affine.for %i = %n to %m step 2 {
  }
  affine.for %i = max affine_map<(d0)[s0] -> (d0, s0)>(%n)[%m] to min affine_map<()[s0] -> (s0, 10)>()[%m] {
    affine.yield
  }
  affine.for %i = affine_map<(d0) -> (d0 - 1)>(%n) to -4 {
  } {tag}
  %r = affine.for %i = 0 to %n iter_args(%acc = %cst) -> (f32) {
    %v = affine.load %A[%i] : memref<10xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  affine.if #set(%n)[%m] {
    affine.store %cst, %A[%n] : memref<10xf32>
  }
  %x = affine.if affine_set<(d0) : (d0 >= 0)>(%n) -> f32 {
    affine.yield %cst : f32
  } else {
    affine.yield %r : f32
  }
  %y:2 = affine.if affine_set<()[s0] : (s0 - 2 == 0)>()[%m] -> (f32, index) {
    affine.yield %x, %n : f32, index
  } else {
    affine.yield %r, %m : f32, index
  }
  affine.if affine_set<(d0) : (d0 >= 0)>(%n) {
  } else {
    affine.store %y#0, %A[0] : memref<10xf32>
  }
  return %y#0 : f32
}
