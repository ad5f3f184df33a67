// math ops whose types are not one type for all: fpowi writes the type of each operand (the
// result has the first), isnan/isinf/isfinite/isnormal the type of their operand (the result
// is i1 of its shape); and the inverse hyperbolic functions.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @math(
// FROM-GENERIC-LABEL: func.func @math(
func.func @math(%b: f32, %p: i32, %vb: vector<4xf64>, %vp: vector<4xi16>, %t: tensor<4x?xf16>) -> (f32, vector<4xf64>, i1, vector<4xi1>, tensor<4x?xi1>) {
  // CHECK-NEXT: %0 = math.fpowi %b, %p : f32, i32
  // FROM-GENERIC: math.fpowi %{{.*}}, %{{.*}} : f32, i32
  %0 = math.fpowi %b, %p : f32, i32
  // CHECK-NEXT: %1 = math.fpowi %vb, %vp fastmath<fast> : vector<4xf64>, vector<4xi16>
  // FROM-GENERIC: math.fpowi %{{.*}}, %{{.*}} fastmath<fast> : vector<4xf64>, vector<4xi16>
  %1 = math.fpowi %vb, %vp fastmath<fast> : vector<4xf64>, vector<4xi16>
  // CHECK-NEXT: %2 = math.isnan %b : f32
  // FROM-GENERIC: math.isnan %{{.*}} : f32
  %2 = math.isnan %b : f32
  // CHECK-NEXT: %3 = math.isinf %vb : vector<4xf64>
  // FROM-GENERIC: math.isinf %{{.*}} : vector<4xf64>
  %3 = math.isinf %vb : vector<4xf64>
  // CHECK-NEXT: %4 = math.isfinite %t : tensor<4x?xf16>
  %4 = math.isfinite %t : tensor<4x?xf16>
  // CHECK-NEXT: %5 = math.isnormal %b : f32
  %5 = math.isnormal %b : f32
  // CHECK-NEXT: %6 = math.acosh %b : f32
  %6 = math.acosh %b : f32
  // CHECK-NEXT: %7 = math.asinh %b : f32
  %7 = math.asinh %b : f32
  // CHECK-NEXT: %8 = math.atanh %b fastmath<afn> : f32
  %8 = math.atanh %b fastmath<afn> : f32
  return %0, %1, %5, %3, %4 : f32, vector<4xf64>, i1, vector<4xi1>, tensor<4x?xi1>
}
