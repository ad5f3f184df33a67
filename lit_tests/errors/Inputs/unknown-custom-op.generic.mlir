// The ops of ../unknown-custom-op.mlir in generic form, which bufreuse reads and prints in
// generic form.

// GENERIC-LABEL: func.func @f(%x: i32) -> i32 {
// GENERIC-NEXT: %0 = "foo.bar"(%x) : (i32) -> i32
func.func @f(%x: i32) -> i32 {
  %0 = "foo.bar"(%x) : (i32) -> i32
  return %0 : i32
}

// -----

// GENERIC-LABEL: func.func @known_dialect(%v: f32, %m: memref<4xf32>, %i: index) {
// GENERIC-NEXT: %0 = "math.fpowi"(%v, %i) : (f32, index) -> f32
// GENERIC-NEXT: "gpu.barrier"() : () -> ()
func.func @known_dialect(%v: f32, %m: memref<4xf32>, %i: index) {
  %0 = "math.fpowi"(%v, %i) : (f32, index) -> f32
  "gpu.barrier"() : () -> ()
  return
}

// -----

// GENERIC-LABEL: func.func @nested(%c: i1) {
// GENERIC-NEXT: scf.if %c {
// GENERIC-NEXT: "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>}> ({
// GENERIC-NEXT: ^bb0(%i: index):
// GENERIC-NEXT: affine.yield
func.func @nested(%c: i1) {
  scf.if %c {
    "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>}> ({
    ^bb0(%i: index):
      "affine.yield"() : () -> ()
    }) : () -> ()
  }
  return
}
