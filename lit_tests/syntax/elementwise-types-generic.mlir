// An elementwise op whose types are not those its custom form implies is printed in generic
// form (mlir-opt's verifier rejects these; bufreuse reads them, and must not print a custom
// form that would read back as other types).
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s

// CHECK-LABEL: func.func @generic_kept(
func.func @generic_kept(%x: vector<4xf32>, %a: f32, %b: f64, %p: i32) {
  // A classification whose result is not i1 of the operand's shape:
  // CHECK-NEXT: "math.isnan"(%x) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> vector<2xi1>
  %0 = "math.isnan"(%x) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> vector<2xi1>
  // operands of another type than the result:
  // CHECK-NEXT: "arith.addf"(%a, %b) : (f32, f64) -> f32
  %1 = "arith.addf"(%a, %b) : (f32, f64) -> f32
  // fpowi's result of another type than its base:
  // CHECK-NEXT: "math.fpowi"(%a, %p) : (f32, i32) -> f64
  %2 = "math.fpowi"(%a, %p) : (f32, i32) -> f64
  return
}
