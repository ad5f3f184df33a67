// math.sincos in custom form: one operand, two results of its type, the type written once.
// It is the op that proved a new syntax class takes the grammar and one file of src/forms/
// (plus its row and variant in the op table): see the README's layout section.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.gen %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.gen - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @sincos(
// FROM-GENERIC-LABEL: func.func @sincos(
func.func @sincos(%x: f32, %v: vector<4xf64>, %t: tensor<2x?xf16>) -> (f32, vector<4xf64>, tensor<2x?xf16>) {
  // CHECK-NEXT: %s, %c = math.sincos %x : f32
  // FROM-GENERIC-NEXT: %{{.*}}:2 = math.sincos %{{.*}} : f32
  %s, %c = math.sincos %x : f32
  // CHECK-NEXT: %0:2 = math.sincos %v fastmath<nnan,{{ ?}}afn> : vector<4xf64>
  // FROM-GENERIC-NEXT: math.sincos %{{.*}} fastmath<nnan,{{ ?}}afn> : vector<4xf64>
  %0:2 = math.sincos %v fastmath<nnan,afn> : vector<4xf64>
  // CHECK-NEXT: %1:2 = math.sincos %t {tag = 1 : i32} : tensor<2x?xf16>
  // FROM-GENERIC-NEXT: math.sincos %{{.*}} {tag = 1 : i32} : tensor<2x?xf16>
  %1:2 = math.sincos %t {tag = 1 : i32} : tensor<2x?xf16>
  %a = arith.addf %s, %c : f32
  return %a, %0#1, %1#0 : f32, vector<4xf64>, tensor<2x?xf16>
}
