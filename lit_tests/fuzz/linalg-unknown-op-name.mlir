// Found by fuzz/ (roundtrip, rewrite). BUG (src/ir/print.rs): an op named `linalg.*` that
// bufreuse does not know, read in generic form, is printed in the custom form of the
// structured named ops with its name bare, even when the name is not an identifier:
// `"linalg.x,y"(%a) : (f32) -> ()` prints as `linalg.x,y outs(%a : f32)`, which does not
// parse again ("unexpected ','"). Expected: such an op is printed in generic form, as an
// unknown op of any other dialect is.
// XFAIL: *
// RUN: bufreuse %s > %t.mlir
// RUN: bufreuse %t.mlir | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: "linalg.x,y"(%a) : (f32) -> ()
// CHECK-NEXT: "linalg.x y"(%a) : (f32) -> ()
// CHECK-NEXT: "scf.x,y"(%a) : (f32) -> ()
func.func @f(%a: f32) {
  "linalg.x,y"(%a) : (f32) -> ()
  "linalg.x y"(%a) : (f32) -> ()
  "scf.x,y"(%a) : (f32) -> ()
  return
}
