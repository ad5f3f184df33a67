// math.sincos in generic form whose results differ in type from its operand does not fit the
// custom form (which writes one type), so it is printed in generic form. (mlir-opt would not
// verify it, so this runs bufreuse only.)
// RUN: bufreuse %s | FileCheck %s

// CHECK-LABEL: func.func @mismatch(
func.func @mismatch(%x: f32) -> f64 {
  // CHECK-NEXT: %0:2 = "math.sincos"(%x) : (f32) -> (f64, f64)
  %0:2 = "math.sincos"(%x) : (f32) -> (f64, f64)
  return %0#0 : f64
}
