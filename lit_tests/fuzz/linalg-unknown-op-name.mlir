// Found by fuzz/ (roundtrip, rewrite). An op whose name is not an identifier (here unknown
// `linalg.*` ops read in generic form) is printed in generic form: it used to be printed in
// the custom form of the structured named ops with its name bare (`linalg.x,y outs(%a : f32)`),
// which does not parse again.
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
