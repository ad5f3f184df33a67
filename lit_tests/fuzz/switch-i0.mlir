// Found by fuzz/ (rewrite, at 2801c97). The case values of a `cf.switch` on an `i0` flag are
// cut to zero bits, so each reads as 0; the custom form's action shifted a 64-bit value by 64
// for them (a panic in debug builds, the uncut value in release ones). mlir-opt prints the
// case below as `0: ^bb2`; bufreuse's output must read again in both tools.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | FileCheck %s %}

// CHECK-LABEL: func.func @f
// CHECK: cf.switch %{{.*}} : i0, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 0: ^bb2
func.func @f(%c: i0) {
  cf.switch %c : i0, [ default: ^bb1, 1: ^bb2 ]
^bb1:
  return
^bb2:
  return
}
